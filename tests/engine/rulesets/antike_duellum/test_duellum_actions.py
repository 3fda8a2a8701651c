"""Antike Duellum: production, TEMPLUM, MILITIA, SCIENTIA, founding and COMMERCIUM
(digest §2, §6.0-§6.4, §6.6, §6.8, §9.2).

Each test names the digest section or worked example it checks."""

from __future__ import annotations

import pytest
from duellum import (
    BEIGE,
    BROWN,
    at,
    attempt,
    blank,
    box,
    city,
    decision,
    end_movement,
    goods,
    ids,
    new_game,
    play,
    put,
)

from engine.core.errors import IllegalAction
from engine.rulesets.antike_duellum import actions as a


def roman_cities(state):
    """§6.1 example: Ancona (gold, temple), Roma (gold), two marble cities, one iron city."""
    blank(state)
    city(state, "ancona", "gold", BROWN, temple=True)
    city(state, "roma", "gold", BROWN)
    city(state, "pisae", "marble", BROWN)
    city(state, "genua", "marble", BROWN)
    city(state, "neapolis", "iron", BROWN)


@pytest.mark.parametrize(("action", "resource", "amount"), [("AURUM", "gold", 4), ("MARMOR", "marble", 2),
                                                             ("FERRUM", "iron", 1)])
def test_production_example(action, resource, amount):
    """§6.1 example: the Romans' AURUM gives 4 gold (3 from Ancona's temple, 1 from Roma) and a
    coin; MARMOR would give 2 marble, FERRUM 1 iron."""
    state = new_game()
    roman_cities(state)
    goods(state, BROWN)
    log = play(state, f"MoveRondel(space=rondel-{state.tables.actions.index(action)},steps=0)")
    assert f"Rome produces {amount} {resource}" in log
    assert state.goods[BROWN][resource] == amount and state.coins[BROWN] == 1


def test_moneta_adds_one_per_producing_city():
    """§9.2 MONETA: a plain city produces 2, a temple city 4."""
    state = new_game()
    roman_cities(state)
    goods(state, BROWN)
    state.techs[BROWN].append("moneta")
    at(state, "AURUM")
    assert state.goods[BROWN]["gold"] == 4 + 2


def test_production_always_brings_a_coin_even_of_nothing():
    """§6.1: plus 1 coin always, whatever and however much was produced, even zero."""
    state = new_game()
    blank(state)
    city(state, "roma", "gold", BROWN)
    goods(state, BROWN)
    at(state, "FERRUM")
    assert state.goods[BROWN]["iron"] == 0 and state.coins[BROWN] == 1


def test_an_empty_coin_bank_gives_a_resource_instead():
    """§2 and §6.1: if the bank has no coins, the player takes any one resource instead (A18)."""
    state = new_game(coin_supply=1)  # beige holds the one coin (start compensation)
    goods(state, BROWN)
    at(state, "FERRUM")
    assert ids(state) == ["ChooseResource(resource=gold)", "ChooseResource(resource=marble)",
                          "ChooseResource(resource=iron)"]
    log = play(state, "ChooseResource(resource=marble)")
    assert "Rome takes 1 marble" in log and state.coins[BROWN] == 0


def test_temple_example_in_neapolis():
    """§6.2 example: a temple in Neapolis costs 6 marble + 3 coins (Ancona, Croton and Syracusae
    have temples); then walls in Croton and Neapolis cost 1 marble each."""
    state = new_game()
    blank(state)
    city(state, "neapolis", "marble", BROWN)
    city(state, "croton", "iron", BROWN, temple=True)
    city(state, "ancona", "gold", BROWN, temple=True)
    city(state, "syracusae", "gold", BEIGE, temple=True)
    goods(state, BROWN, marble=8, coins=3)
    state.walls_supply[BROWN] = 2
    at(state, "TEMPLUM")
    log = play(state, "BuildTemple(city=neapolis)")
    assert state.goods[BROWN]["marble"] == 2 and state.coins[BROWN] == 0
    assert "Rome pays 6 marble, 3 coins for the temple in Neapolis" in log
    play(state, "BuildWall(city=croton)", "BuildWall(city=neapolis)")
    assert {"croton", "neapolis"} <= state.walls and state.goods[BROWN]["marble"] == 0


def test_a_temple_built_earlier_raises_the_next_fee():
    """§6.2: temples are built one after another; the first raises the second's coin fee."""
    state = new_game()
    blank(state)
    city(state, "roma", "gold", BROWN)
    city(state, "neapolis", "marble", BROWN)
    goods(state, BROWN, marble=12, coins=1)
    at(state, "TEMPLUM")
    play(state, "BuildTemple(city=roma)", *["Pay(item=marble)"] * 6)
    assert state.coins[BROWN] == 1  # no adjacent temple yet
    log = play(state, "BuildTemple(city=neapolis)")
    assert "Rome pays 6 marble, 1 coin for the temple in Neapolis" in log


def test_a_coin_may_stand_in_for_marble_but_fees_need_coins():
    """§6.0 and A8: a coin replaces any one resource; an adjacency fee is paid only in coins."""
    state = new_game()
    blank(state)
    city(state, "roma", "gold", BROWN)
    city(state, "neapolis", "marble", BROWN, temple=True)
    goods(state, BROWN, marble=5, coins=2)
    at(state, "TEMPLUM")
    play(state, "BuildTemple(city=roma)")  # the 1-coin fee is paid at once: only a coin can pay it
    assert state.coins[BROWN] == 1
    choice = decision(state)
    assert [m.id for m in choice.actions] == ["Pay(item=marble)", "Pay(item=coin)"]
    assert choice.prompt.startswith("pay for the temple in Roma: marble")
    for _ in range(5):
        play(state, "Pay(item=marble)")
    assert state.coins[BROWN] == 0 and state.goods[BROWN]["marble"] == 0


def test_no_second_temple_and_none_beyond_the_bank():
    """§6.2: at most 1 temple per city; with all 12 built, none until one is destroyed (§2)."""
    state = new_game()
    blank(state)
    city(state, "roma", "gold", BROWN, temple=True)
    city(state, "pisae", "marble", BROWN)
    goods(state, BROWN, marble=20, coins=5)
    at(state, "TEMPLUM")
    with pytest.raises(IllegalAction, match="Roma already has a temple"):
        attempt(state, a.BuildTemple("roma"))
    state.temples |= {f"t{n}" for n in range(11)}  # 12 stand somewhere
    with pytest.raises(IllegalAction, match="all 12 temples stand"):
        attempt(state, a.BuildTemple("pisae"))


def test_walls_need_one_in_your_supply():
    """§6.2: with no wall in your supply you cannot build one; at most 1 wall per city."""
    state = new_game()
    goods(state, BROWN, marble=10)
    at(state, "TEMPLUM")
    play(state, "BuildWall(city=roma)")
    assert state.walls_supply[BROWN] == 0
    with pytest.raises(IllegalAction, match="no wall in your supply"):
        attempt(state, a.BuildWall("pisae"))


def carthage_recruits():
    """§6.3 example: Carthage has 2 legions and 1 galley in its box and 4 iron; Zama, Carthago
    and Caesarea (with a temple) are its cities; a Roman galley lies off Caesarea."""
    state = new_game(first=BEIGE)
    blank(state)
    city(state, "zama", "marble", BEIGE)
    city(state, "carthago", "gold", BEIGE)
    city(state, "caesarea", "iron", BEIGE, temple=True)
    box(state, BEIGE, legion=2, galley=1)
    goods(state, BEIGE, iron=4)
    put(state, BROWN, "galley", "caesarea")
    at(state, "MILITIA")
    return state


def test_recruit_example_offers_and_limits():
    """§6.3 example: Zama (red borders only) takes only a legion; each city 1 new unit, Caesarea
    with its temple up to 3."""
    state = carthage_recruits()
    recruits = [m.id for m in decision(state).actions if isinstance(m, a.Recruit)]
    assert recruits == [
        "Recruit(unit=legion,city=caesarea)", "Recruit(unit=galley,city=caesarea)",
        "Recruit(unit=legion,city=carthago)", "Recruit(unit=galley,city=carthago)",
        "Recruit(unit=legion,city=zama)",
    ]
    with pytest.raises(IllegalAction, match="only land borders: no galley"):
        attempt(state, a.Recruit("galley", "zama"))


def test_recruit_example_battle_off_caesarea():
    """§6.3 example: a legion to Carthago, a galley to Caesarea's sea half, where the enemy galley
    is: both galleys are destroyed and go to their owners' boxes; the destroyed galley cannot be
    recruited again this turn; 4 iron paid 2 units."""
    state = carthage_recruits()
    play(state, "Recruit(unit=legion,city=carthago)")
    log = play(state, "Recruit(unit=galley,city=caesarea)")
    assert "battle in Caesarea: 1 galley of each side destroyed" in log
    assert state.galleys == [{}, {}]
    assert state.box[BEIGE] == {"legion": 1, "galley": 1} and state.box[BROWN]["galley"] == 2
    assert state.goods[BEIGE]["iron"] == 0
    assert not [m for m in decision(state).actions if isinstance(m, a.Recruit)]


def test_an_island_city_takes_only_galleys():
    """§6.3, the original: 'A csak piros (szárazföldi) határral körülvett régióba csak légió, a
    csak kék (tengeri) határral körülvett régióba csak gálya toborozható.' The Zama example
    checks the red half; a Roman city on Corsica (blue borders only) takes only a galley."""
    state = new_game()
    city(state, "corsica", "gold", BROWN)
    box(state, BROWN, legion=1, galley=1)
    goods(state, BROWN, iron=4)
    at(state, "MILITIA")
    assert [i for i in ids(state) if "corsica" in i] == ["Recruit(unit=galley,city=corsica)"]
    with pytest.raises(IllegalAction, match="Corsica has only sea borders: no legion can be placed there"):
        attempt(state, a.Recruit("legion", "corsica"))


def test_a_unit_destroyed_at_recruitment_is_not_recruited_again_this_turn():
    """§6.3, the original: 'Egy így megsemmisült egységeket nem lehet újból felfogadni még ebben a
    körben.' With iron to spare, the galley sunk off Caesarea lies in the box again but is not
    offered; the legions still are."""
    state = carthage_recruits()
    goods(state, BEIGE, iron=10)
    play(state, "Recruit(unit=galley,city=caesarea)")
    assert state.box[BEIGE]["galley"] == 1 and state.galleys == [{}, {}]
    recruits = [m.id for m in decision(state).actions if isinstance(m, a.Recruit)]
    assert recruits and not [r for r in recruits if "galley" in r]
    with pytest.raises(IllegalAction, match="no galley that was in your recruitment box"):
        attempt(state, a.Recruit("galley", "carthago"))


def test_only_units_in_the_box_at_the_turn_start_are_recruited():
    """§6.3: eligibility is the box at the start of the turn (RECRUITS' purchases wait)."""
    state = carthage_recruits()
    goods(state, BEIGE, iron=10)
    state.box[BEIGE]["legion"] += 2  # bought during this turn
    play(state, "Recruit(unit=legion,city=zama)", "Recruit(unit=legion,city=carthago)")
    with pytest.raises(IllegalAction, match="no legion that was in your recruitment box"):
        attempt(state, a.Recruit("legion", "caesarea"))


def test_a_temple_city_takes_three_new_units_and_old_ones_do_not_count():
    """§6.3: up to 3 new units into a temple city; units already there do not count."""
    state = carthage_recruits()
    box(state, BEIGE, legion=4, galley=0)
    goods(state, BEIGE, iron=8)
    put(state, BEIGE, "legion", "caesarea", 5)
    state.turn.recruitable = dict(state.box[BEIGE])
    play(state, *["Recruit(unit=legion,city=caesarea)"] * 3)
    with pytest.raises(IllegalAction, match="Caesarea has taken its 3 new units"):
        attempt(state, a.Recruit("legion", "caesarea"))


def test_scientia_example():
    """§6.4 example: brown develops NAVIGATIO for 3 (beige has it: the second price) and
    COMMERCIUM for 9 (first: a scholar), then buys 3 legions and 1 galley for 5 gold."""
    state = new_game()
    state.techs[BEIGE].append("navigatio")
    goods(state, BROWN, gold=17)
    at(state, "SCIENTIA")
    labels = {m.id: m.label for m in decision(state).actions}
    assert labels["Develop(tech=navigatio)"] == "develop NAVIGATIO (3 gold)"
    assert labels["Develop(tech=commercium)"] == "develop COMMERCIUM (9 gold)"
    play(state, "Develop(tech=navigatio)", "Develop(tech=commercium)")
    assert state.goods[BROWN]["gold"] == 5 and state.turn.scholars == 1
    play(state, "Buy(unit=legion)", "Buy(unit=legion)", "Buy(unit=legion)", "Buy(unit=galley)")
    assert state.goods[BROWN]["gold"] == 0 and state.box[BROWN] == {"legion": 4, "galley": 2}
    assert state.reserve[BROWN] == {"legion": 8, "galley": 10}


def test_a_technology_is_developed_once():
    """§6.4: a player cannot develop the same technology twice."""
    state = new_game()
    state.techs[BROWN].append("strata")
    goods(state, BROWN, gold=20)
    at(state, "SCIENTIA")
    with pytest.raises(IllegalAction, match="you have STRATA already"):
        attempt(state, a.Develop("strata"))


def test_no_figure_in_the_reserve_no_purchase():
    """§2 and §10.2: with no legion figure left in your reserve you cannot buy a legion."""
    state = new_game()
    goods(state, BROWN, gold=5)
    state.reserve[BROWN]["legion"] = 0
    state.box[BROWN]["legion"] = 12
    at(state, "SCIENTIA")
    with pytest.raises(IllegalAction, match="no legion is left in your reserve"):
        attempt(state, a.Buy("legion"))


def founding_example():
    """§6.8 example: Carthage has units in Baecula and Saguntum, none in Numantia; Carthago Nova
    and Tarraco are gold cities."""
    state = new_game(first=BEIGE)
    blank(state)
    city(state, "carthago-nova", "gold", BROWN)
    city(state, "tarraco", "gold", BEIGE)
    put(state, BEIGE, "legion", "baecula")
    put(state, BEIGE, "galley", "saguntum")
    goods(state, BEIGE, gold=2, marble=2, iron=1, coins=2)
    at(state, "DUELLUM")
    play(state, "EndMovement()")
    return state


def test_founding_example():
    """§6.8 example: no city in Numantia (no unit there); Baecula as gold pays 1 coin for its gold
    neighbour; Saguntum as gold would cost 3 more coins (Baecula counts, A10), so it is iron;
    the second iron is paid with a coin."""
    state = founding_example()
    assert state.turn.step == "found"
    assert not [m for m in decision(state).actions if getattr(m, "site", "") == "numantia"]
    log = play(state, "FoundCity(site=baecula,resource=gold)", "Pay(item=gold)", "Pay(item=marble)", "Pay(item=iron)")
    assert "Carthage pays 1 gold, 1 marble, 1 iron, 1 coin for the city of Baecula" in log
    with pytest.raises(IllegalAction, match=r"a gold city in Saguntum costs 1 gold, 1 marble, 1 iron, 3 coins"):
        attempt(state, a.FoundCity("saguntum", "gold"))
    log = play(state, "FoundCity(site=saguntum,resource=iron)")  # 1 gold, 1 marble, 1 coin: forced
    assert "Carthage pays 1 gold, 1 marble, 1 coin for the city of Saguntum" in log
    assert state.goods[BEIGE] == {"gold": 0, "marble": 0, "iron": 0} and state.coins[BEIGE] == 0
    assert state.legions[BEIGE] == {"baecula": 1}, "founding does not remove the unit"


def test_enemy_units_do_not_prevent_founding():
    """§6.8: enemy units in the region do not prevent founding."""
    state = founding_example()
    put(state, BROWN, "galley", "saguntum")
    assert "FoundCity(site=baecula,resource=iron)" in ids(state)


def test_no_marker_of_a_type_no_city_of_that_type():
    """§2: if the bank has no city marker of a type, no city of that type can be founded."""
    state = founding_example()
    for n in range(9):
        city(state, f"x{n}", "gold", BROWN)
    with pytest.raises(IllegalAction, match="no gold city marker is left"):
        attempt(state, a.FoundCity("baecula", "gold"))


def test_commercium_example_and_limits():
    """§9.2 example: give 4 gold + 2 marble, receive 4 iron: two trades of 3 for 2. Not in the
    turn COMMERCIUM is developed (§6.6)."""
    state = new_game()
    goods(state, BROWN, gold=13, marble=2)
    at(state, "SCIENTIA")
    play(state, "Develop(tech=commercium)")
    assert "Trade()" not in ids(state)
    state.turn.commercium_new = False
    log = play(state, "Trade()", *["ChooseResource(resource=gold)"] * 3, *["ChooseResource(resource=iron)"] * 2)
    assert "Rome trades 3 gold for 2 iron" in log
    log = play(state, "Trade()", "ChooseResource(resource=gold)", "ChooseResource(resource=marble)",
               "ChooseResource(resource=marble)", *["ChooseResource(resource=iron)"] * 2)
    assert "Rome trades 1 gold, 2 marble for 2 iron" in log
    assert state.goods[BROWN] == {"gold": 0, "marble": 0, "iron": 4}


def test_commercium_never_gives_or_takes_coins():
    """§6.6 COMMERCIUM, the original: 'érmét azonban nem adhat és nem kaphat a kereskedelem során'.
    Two gold and ten coins make no trade; with three gold the trade takes gold and gives only
    gold, marble or iron."""
    state = new_game()
    state.techs[BROWN].append("commercium")
    goods(state, BROWN, gold=2, coins=10)
    at(state, "SCIENTIA")
    assert "Trade()" not in ids(state)
    with pytest.raises(IllegalAction, match="a trade gives 3 resources; you have fewer"):
        attempt(state, a.Trade())
    goods(state, BROWN, gold=3, coins=10)
    play(state, "Trade()")  # the 3 gold given are forced: only the 2 taken are chosen
    assert ids(state) == ["ChooseResource(resource=gold)", "ChooseResource(resource=marble)",
                          "ChooseResource(resource=iron)"]
    play(state, *["ChooseResource(resource=marble)"] * 2)
    assert state.goods[BROWN] == {"gold": 0, "marble": 2, "iron": 0} and state.coins[BROWN] == 10


def test_commercium_trades_at_any_moment_of_your_turn():
    """§6.6, the original: 'Kereskedni bármikor tud a játékos a saját körében': before the marker
    moves, during DUELLUM's movement and conquests, and in phase 2."""
    state = new_game()
    state.techs[BROWN].append("commercium")
    goods(state, BROWN, gold=9)
    put(state, BROWN, "legion", "genua")
    assert "Trade()" in ids(state)
    at(state, "DUELLUM")
    assert state.turn.step == "move" and "Trade()" in ids(state)
    end_movement(state)
    assert state.turn.step == "conquer" and "Trade()" in ids(state)
    play(state, "EndConquest()")
    assert state.turn.step == "found" and "Trade()" in ids(state)
