"""Antike Duellum: DUELLUM movement, battles and conquest (digest §6.5, §7, §10.2, §10.3).

Each test names the digest section or worked example it checks."""

from __future__ import annotations

import pytest
from duellum import (
    BEIGE,
    BROWN,
    at,
    attempt,
    blank,
    city,
    conquer,
    decision,
    end_movement,
    goods,
    hold,
    ids,
    new_game,
    play,
    put,
)

from engine.core.errors import IllegalAction
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.building import temple_problem


def steps(state) -> set[str]:
    return {m.id for m in decision(state).actions if isinstance(m, a.Step)}


def roman_at_roma(**techs):
    """§6.5 movement example: brown has a legion and a galley in Roma's region."""
    state = new_game()
    state.techs[BROWN] += [tech for tech, on in techs.items() if on]
    put(state, BROWN, "legion", "roma")
    put(state, BROWN, "galley", "roma")
    at(state, "DUELLUM")
    return state


def test_movement_example_one_border():
    """§6.5 example: without technologies each unit moves into one neighbouring region: the
    legion across red or combined borders, the galley across blue or combined ones."""
    state = roman_at_roma()
    assert steps(state) == {
        "Step(unit=legion,origin=roma,to=ancona)", "Step(unit=legion,origin=roma,to=neapolis)",
        "Step(unit=legion,origin=roma,to=pisae)",
        "Step(unit=galley,origin=roma,to=mare-tyrrhenum)", "Step(unit=galley,origin=roma,to=neapolis)",
        "Step(unit=galley,origin=roma,to=pisae)",
    }
    play(state, "Step(unit=legion,origin=roma,to=pisae)")
    assert "Step(unit=legion,origin=pisae,to=genua)" not in steps(state), "one border only"


def test_a_galley_never_crosses_a_red_border():
    """§6.5: a red border is never crossed by a galley, nor a blue one by a legion."""
    state = roman_at_roma()
    with pytest.raises(IllegalAction, match="a galley crosses only sea"):
        attempt(state, a.Step("galley", "roma", "ancona"))
    with pytest.raises(IllegalAction, match="a legion crosses only land"):
        attempt(state, a.Step("legion", "roma", "mare-tyrrhenum"))


def test_movement_example_navigatio_to_corsica():
    """§6.5 example: with NAVIGATIO the galley moves 2; entering Corsica, where beige's galley
    is, both galleys are destroyed and return to their recruitment boxes."""
    state = roman_at_roma(navigatio=True)
    put(state, BEIGE, "galley", "corsica")
    play(state, "Step(unit=galley,origin=roma,to=mare-tyrrhenum)")
    log = play(state, "Step(unit=galley,origin=mare-tyrrhenum,to=corsica)")
    assert "battle in Corsica: 1 galley of each side destroyed" in log
    assert state.galleys == [{}, {}] and state.box[BROWN]["galley"] == 2 and state.box[BEIGE]["galley"] == 2


def test_strata_gives_legions_two_borders_each():
    """§9.2 STRATA: legions may cross up to 2 red or combined borders in one DUELLUM."""
    state = roman_at_roma(strata=True)
    play(state, "Step(unit=legion,origin=roma,to=pisae)")
    assert "Step(unit=legion,origin=pisae,to=genua)" in steps(state)
    play(state, "Step(unit=legion,origin=pisae,to=genua)")
    assert not any("origin=genua" in s for s in steps(state))


def test_each_unit_keeps_its_own_range():
    """§6.5: every unit moves independently; a unit that arrives where others stand does not
    lend them its spent range, nor take theirs."""
    state = roman_at_roma(strata=True)
    put(state, BROWN, "legion", "pisae")
    play(state, "Step(unit=legion,origin=roma,to=pisae)")  # 1 step left to this one
    play(state, "Step(unit=legion,origin=pisae,to=genua)")  # the fresh one goes first: 1 left
    play(state, "Step(unit=legion,origin=genua,to=mediolanum)")
    play(state, "Step(unit=legion,origin=pisae,to=mediolanum)")  # the one from Roma: its last
    assert state.legions[BROWN] == {"mediolanum": 2}
    assert not [s for s in steps(state) if "legion" in s]


def test_pass_through_battle_example_at_lemnos():
    """§6.5 example (side 2): two Greek galleys pass Lemnos, where one Persian galley lies: a 1:1
    battle, and the survivor goes on to Ainos."""
    state = new_game("greece-persia")
    state.techs[BROWN].append("navigatio")
    put(state, BROWN, "galley", "mare-aegaeum", 2)
    put(state, BEIGE, "galley", "lemnos")
    at(state, "DUELLUM")
    log = play(state, "Step(unit=galley,origin=mare-aegaeum,to=lemnos)")
    assert "battle in Lemnos: 1 galley of each side destroyed" in log
    play(state, "Step(unit=galley,origin=mare-aegaeum,to=lemnos)", "Step(unit=galley,origin=lemnos,to=ainos)")
    assert state.galleys[BROWN] == {"ainos": 1} and state.galleys[BEIGE] == {}


def test_legions_and_galleys_never_fight():
    """§7.1, A19: units of different types ignore each other and share a region."""
    state = roman_at_roma()
    put(state, BEIGE, "galley", "pisae")
    log = play(state, "Step(unit=legion,origin=roma,to=pisae)")
    assert not [line for line in log if "battle" in line]
    assert state.legions[BROWN] == {"pisae": 1} and state.galleys[BEIGE] == {"pisae": 1}


def tarraco():
    """§6.5 conquest example: brown has moved 2 legions into beige's Tarraco, where a beige galley
    lies at sea."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "narbo", 2)
    put(state, BEIGE, "galley", "tarraco")
    at(state, "DUELLUM")
    play(state, "Step(unit=legion,origin=narbo,to=tarraco)", "Step(unit=legion,origin=narbo,to=tarraco)")
    end_movement(state)  # no unit can move any more: the movement ends by itself
    return state


def test_conquest_example_tarraco():
    """§6.5 example: defence 1 (base) + 1 (the galley) = 2; both legions and the galley go to their
    boxes; the marker flips to brown; beige picks 1 event card at the end of brown's turn."""
    state = tarraco()
    choice = decision(state)
    assert choice.find("Conquer(city=tarraco)").label == "conquer Tarraco (defence 2)"
    log = conquer(state, "tarraco")  # nothing more to do: the turn ends by itself
    assert "Rome conquers Tarraco" in log
    assert state.owner["tarraco"] == BROWN and state.marker["tarraco"] == "iron"
    assert state.legions[BROWN] == {} and state.galleys[BEIGE] == {}
    assert state.box[BROWN]["legion"] == 3 and state.box[BEIGE]["galley"] == 2
    assert "Carthage is owed 1 event card" in log
    assert decision(state).seat == BEIGE
    play(state, "PickEvent(card=ev-charity)")
    assert state.hand[BEIGE] == ["ev-charity"]


def test_galleys_alone_conquer_a_city_only_legions_defend():
    """§10.2, the original: 'Ha egy várost csak légiók védenek, azt el lehet foglalni csak
    gályákkal is, és viszont.' Two Roman galleys in coastal Tarraco take it from its one
    Carthaginian legion (defence 1 + 1): both galleys and the legion go to their boxes."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BEIGE, "legion", "tarraco")
    put(state, BROWN, "galley", "tarraco", 2)
    at(state, "DUELLUM")
    end_movement(state)
    assert decision(state).find("Conquer(city=tarraco)").label == "conquer Tarraco (defence 2)"
    conquer(state, "tarraco")
    assert state.owner["tarraco"] == BROWN
    assert state.galleys[BROWN] == {} and state.legions[BEIGE] == {}
    assert state.box[BROWN]["galley"] == 3 and state.box[BEIGE]["legion"] == 2


def test_no_failed_conquest():
    """§6.5, §7.2: with fewer units than the defence there is no conquest to declare."""
    state = tarraco()
    state.legions[BROWN]["tarraco"] = 1
    state.reserve[BROWN]["legion"] += 1
    with pytest.raises(IllegalAction, match="Tarraco defends at 2; you have only 1 unit there"):
        attempt(state, a.Conquer("tarraco"))


def test_conquest_with_units_that_did_not_move():
    """§10.3: you may conquer with units that did not move this turn."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "tarraco")
    put(state, BROWN, "legion", "roma")
    at(state, "DUELLUM")
    end_movement(state)
    assert "Conquer(city=tarraco)" in ids(state)


def test_losses_are_the_attackers_choice_of_type():
    """§6.5 step 1: the attacker removes exactly the defence value in units of its choice; a city
    defended by legions may be taken with galleys alone (§10.2)."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "tarraco", 2)
    put(state, BROWN, "galley", "tarraco", 2)
    put(state, BEIGE, "legion", "tarraco")
    at(state, "DUELLUM")
    end_movement(state)
    conquer(state, "tarraco")
    assert ids(state) == ["Lose(unit=legion)", "Lose(unit=galley)"]
    play(state, "Lose(unit=galley)", "Lose(unit=galley)")
    assert state.legions[BROWN] == {"tarraco": 2} and state.owner["tarraco"] == BROWN


def ainos_abydos(res_publica: bool = False):
    """§6.5 example (side 2): the Greeks, with NAVIGATIO, against Persian Ainos (temple, wall)
    and Abydos. Unit counts follow the rule, not the example's inconsistent figures (A20)."""
    state = new_game("greece-persia")
    state.techs[BROWN].append("navigatio")
    if res_publica:
        state.techs[BEIGE].append("res_publica")
    blank(state)
    city(state, "athenae", "marble", BROWN)
    city(state, "ainos", "gold", BEIGE, temple=True, wall=True)
    city(state, "abydos", "iron", BEIGE)
    put(state, BROWN, "legion", "abdera", 2)
    put(state, BROWN, "galley", "lesbos")
    put(state, BROWN, "galley", "mare-aegaeum", 2)
    put(state, BEIGE, "galley", "lemnos")
    put(state, BROWN, "legion", "pergamon", 2)
    at(state, "DUELLUM")
    play(state, "Step(unit=legion,origin=abdera,to=ainos)", "Step(unit=legion,origin=abdera,to=ainos)",
         "Step(unit=galley,origin=lesbos,to=hellespontus)", "Step(unit=galley,origin=hellespontus,to=ainos)",
         "Step(unit=galley,origin=mare-aegaeum,to=lemnos)", "Step(unit=galley,origin=mare-aegaeum,to=lemnos)",
         "Step(unit=galley,origin=lemnos,to=ainos)",
         "Step(unit=legion,origin=pergamon,to=abydos)", "Step(unit=legion,origin=pergamon,to=abydos)")
    end_movement(state)
    return state


def test_conquest_example_ainos_and_abydos():
    """§6.5 example: Ainos defends at 3 (temple) + 1 (wall) = 4: the Greeks lose 4 units, the
    temple returns to the bank, the wall to the Persian supply, the marker flips. Abydos (1)
    costs 1 legion. The Greeks take a general; the Persians pick 2 event cards."""
    state = ainos_abydos()
    assert decision(state).find("Conquer(city=ainos)").label == "conquer Ainos (defence 4)"
    walls = state.walls_supply[BEIGE]
    log = conquer(state, "ainos")
    assert "Greeks conquers Ainos; its temple is destroyed, its wall returns to the defender" in log
    assert "ainos" not in state.temples and "ainos" not in state.walls
    assert state.walls_supply[BEIGE] == walls + 1
    assert not state.legions[BROWN].get("ainos") and not state.galleys[BROWN].get("ainos")
    log = conquer(state, "abydos")  # the last conquest: the turn ends by itself
    assert state.legions[BROWN] == {"abydos": 1}
    assert "Greeks gains General (general, 1 person)" in log
    assert "Persians is owed 2 event cards" in log


def test_res_publica_would_have_saved_ainos():
    """§6.5 example: with RES PUBLICA Ainos defends at 5, and the 4 Greek units cannot take it."""
    state = ainos_abydos(res_publica=True)
    assert "Conquer(city=ainos)" not in ids(state)
    assert decision(state).find("Conquer(city=abydos)").label == "conquer Abydos (defence 2)"


def test_a_battle_in_a_city_region_leaves_the_city_alone():
    """§7.1, the original: 'A városok nem érintettek semmilyen módon az egymással harcoló egységek
    konfliktusában.' A Roman legion marching into Carthaginian Tarraco destroys its defending
    legion one for one; the city keeps its owner, temple and wall, and now defends at 3 + 1."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE, temple=True, wall=True)
    put(state, BEIGE, "legion", "tarraco")
    put(state, BROWN, "legion", "narbo")
    put(state, BROWN, "galley", "roma")  # something else to move, so the movement waits
    at(state, "DUELLUM")
    log = play(state, "Step(unit=legion,origin=narbo,to=tarraco)")
    assert "battle in Tarraco: 1 legion of each side destroyed" in log
    assert state.owner["tarraco"] == BEIGE and "tarraco" in state.temples and "tarraco" in state.walls
    assert not state.legions[BEIGE] and not state.legions[BROWN]


def test_a_destroyed_temple_returns_to_the_bank_and_can_be_built_again():
    """§6.2, the original: with no temple in the bank 'addig nem építhető új, amíg egyet valaki le
    nem rombol, és vissza nem kerül a bankba'; §6.5: 'Ha a városban volt templom, az leomlik, és
    visszakerül a bank készletébe.' All 12 temples stand; Rome conquers Tarraco's, and a 12th
    temple may be built again."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE, temple=True)
    for site in [s for s in state.tables.sites if s not in state.owner][:11]:
        city(state, site, "marble", BEIGE, temple=True)  # 12 temples stand
    goods(state, BROWN, marble=6)
    assert temple_problem(state, BROWN, "roma") == "all 12 temples stand: none is left in the bank"
    put(state, BROWN, "legion", "tarraco", 3)
    at(state, "DUELLUM")
    end_movement(state)
    conquer(state, "tarraco")
    assert state.owner["tarraco"] == BROWN and len(state.temples) == 11
    assert temple_problem(state, BROWN, "roma") is None


def test_defence_counts_every_component():
    """§7.2 table: base 1 (3 with a temple), +1 per defending unit of either type, +1 wall, +1
    RES PUBLICA."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE, temple=True, wall=True)
    state.techs[BEIGE].append("res_publica")
    put(state, BEIGE, "legion", "tarraco")
    put(state, BEIGE, "galley", "tarraco", 2)
    put(state, BROWN, "legion", "tarraco", 8)
    at(state, "DUELLUM")
    end_movement(state)
    assert decision(state).find("Conquer(city=tarraco)").label == "conquer Tarraco (defence 8)"


def test_fortress_makes_the_conquest_impossible():
    """§9.3 FORTRESS, A7: the defender plays it when the conquest is declared; if the attacker no
    longer has enough units, the city is safe and all units stay."""
    state = tarraco()
    hold(state, BEIGE, "ev-fortress")
    play(state, "Conquer(city=tarraco)")
    choice = decision(state)
    assert choice.seat == BEIGE and [m.id for m in choice.actions] == [
        "PlayEventOn(card=ev-fortress,space=tarraco,resource=)", "DeclineFortress()"]
    log = play(state, "PlayEventOn(card=ev-fortress,space=tarraco,resource=)")
    assert "Tarraco holds: the conquest is called off" in log
    assert state.owner["tarraco"] == BEIGE and state.legions[BROWN] == {"tarraco": 2}
    assert "ev-fortress" in state.discard


def test_fortress_costs_the_attacker_one_more_unit():
    """§9.3 FORTRESS: otherwise the attacker loses 1 more unit when taking the city."""
    state = tarraco()
    put(state, BROWN, "legion", "tarraco")
    hold(state, BEIGE, "ev-fortress")
    play(state, "Conquer(city=tarraco)", "PlayEventOn(card=ev-fortress,space=tarraco,resource=)")
    assert state.owner["tarraco"] == BROWN and not state.legions[BROWN].get("tarraco")


def test_declining_fortress_lets_the_conquest_go_ahead():
    """A7: the window is the defender's choice."""
    state = tarraco()
    hold(state, BEIGE, "ev-fortress")
    play(state, "Conquer(city=tarraco)", "DeclineFortress()")
    assert state.owner["tarraco"] == BROWN and state.hand[BEIGE] == ["ev-fortress"]


def test_pestilence_to_zero_costs_nothing():
    """§9.3 PESTILENCE, §7.2, A12: defence may drop to 0; a conquest needs 1 unit there and the
    attacker loses none."""
    state = new_game()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "tarraco")
    hold(state, BROWN, "ev-pestilence")
    at(state, "DUELLUM")
    end_movement(state)
    play(state, "PlayEventOn(card=ev-pestilence,space=tarraco,resource=)")
    assert decision(state).find("Conquer(city=tarraco)").label == "conquer Tarraco (defence 0)"
    conquer(state, "tarraco")
    assert state.owner["tarraco"] == BROWN and state.legions[BROWN] == {"tarraco": 1}


def test_only_one_event_card_however_many_cities_are_lost():
    """§5.1 and §10.2: losing one or more cities in the opponent's turn gives exactly 1 card."""
    state = new_game()
    blank(state)
    city(state, "roma", "gold", BROWN)
    for site in ("tarraco", "saguntum"):
        city(state, site, "iron", BEIGE)
        put(state, BROWN, "legion", site)
    at(state, "DUELLUM")
    end_movement(state)
    log = conquer(state, "tarraco") + conquer(state, "saguntum")
    assert "Carthage is owed 1 event card" in log
