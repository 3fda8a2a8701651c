"""Antike Duellum: the special-units variant and the options for the digest's ambiguities
(digest §9.4, §10.1, §11). Each test names the digest section it checks."""

from __future__ import annotations

import pytest
from duellum import (
    BEIGE,
    BROWN,
    RULES,
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
from engine.rulesets.antike_duellum.persons import award
from engine.rulesets.antike_duellum.view import picture


def variant(**options):
    return new_game(special_units=True, **options)


def test_special_units_start_in_the_boxes():
    """§4 step 11 and §9.4: beige's admiral and brown's commander start in their boxes."""
    state = variant()
    assert state.special == [None, None]
    assert state.tables.special(BROWN) == "commander" and state.tables.special(BEIGE) == "admiral"
    panels = picture(state, None).panels
    assert "commander: in the recruitment box" in panels[BROWN].lines


def test_special_unit_recruited_for_three_iron_into_a_temple_city():
    """§9.4: 3 iron, only into an own city that has a temple; it counts as a new unit there."""
    state = variant()
    goods(state, BROWN, iron=3)
    at(state, "MILITIA")
    with pytest.raises(IllegalAction, match="only into a city with a temple"):
        attempt(state, a.Recruit("commander", "roma"))
    state.temples.add("roma")
    log = play(state, "Recruit(unit=commander,city=roma)")
    assert state.special[BROWN] == "roma" and state.goods[BROWN]["iron"] == 0
    assert "Rome pays 3 iron for the commander" in log


def test_special_unit_moves_as_its_type():
    """§9.4: the commander moves as a legion (STRATA: 2), the admiral as a galley."""
    state = variant()
    state.special[BROWN] = "roma"
    state.techs[BROWN].append("strata")
    put(state, BROWN, "legion", "genua")
    at(state, "DUELLUM")
    play(state, "Step(unit=commander,origin=roma,to=pisae)", "Step(unit=commander,origin=pisae,to=genua)")
    assert state.special[BROWN] == "genua"
    assert not [i for i in ids(state) if "commander" in i]


def test_special_units_change_the_defence_and_survive_the_conquest():
    """§9.4: the attacker's special unit takes 1 off the defence; the defender's adds 1; after
    the conquest both survive and stay in the region (A5: only through the modifier)."""
    state = variant()
    city(state, "tarraco", "iron", BEIGE)
    put(state, BEIGE, "galley", "tarraco")
    state.special[BEIGE] = "tarraco"  # admiral: +1
    put(state, BROWN, "legion", "tarraco", 2)
    state.special[BROWN] = "tarraco"  # commander: -1
    at(state, "DUELLUM")
    end_movement(state)
    assert decision(state).find("Conquer(city=tarraco)").label == "conquer Tarraco (defence 2)"
    conquer(state, "tarraco")
    assert state.owner["tarraco"] == BROWN
    assert state.special == ["tarraco", "tarraco"] and state.galleys[BEIGE] == {}


def test_special_unit_dies_last_in_a_battle():
    """§9.4: an admiral is destroyed only when enemy galleys move into its region, after all its
    escorts, and returns to its owner's recruitment box."""
    state = variant()
    state.special[BEIGE] = "mare-tyrrhenum"
    put(state, BEIGE, "galley", "mare-tyrrhenum")
    put(state, BROWN, "galley", "roma", 2)
    at(state, "DUELLUM")
    play(state, "Step(unit=galley,origin=roma,to=mare-tyrrhenum)")
    assert state.special[BEIGE] == "mare-tyrrhenum" and not state.galleys[BEIGE]
    play(state, "Step(unit=galley,origin=roma,to=mare-tyrrhenum)")
    assert state.special[BEIGE] is None and not state.galleys[BROWN]


def test_a_special_unit_only_fights_in_defence():
    """§9.4 (the original: it can be destroyed only when a unit of its type moves onto its field):
    the commander moving in among enemy legions, or a legion recruited beside an enemy commander,
    starts no battle."""
    state = variant()
    put(state, BEIGE, "legion", "pisae")
    state.special[BROWN] = "roma"
    state.special[BEIGE] = "roma"
    goods(state, BROWN, iron=2)
    at(state, "MILITIA")
    log = play(state, "Recruit(unit=legion,city=roma)")
    assert not [line for line in log if "battle" in line] and state.special == ["roma", "roma"]
    state = variant()
    put(state, BEIGE, "legion", "pisae")
    state.special[BROWN] = "roma"
    put(state, BROWN, "galley", "roma")  # something else to move, so DUELLUM waits
    at(state, "DUELLUM")
    log = play(state, "Step(unit=commander,origin=roma,to=pisae)")
    assert not [line for line in log if "battle" in line] and state.legions[BEIGE] == {"pisae": 1}


def test_mutiny_never_destroys_a_special_unit():
    """§9.4 and §9.3 MUTINY, the original: 'A speciális egységet csak úgy lehet elpusztítani, ha
    egy vele megegyező típusú egység a mezőjére mozog, és normál csatában 1 : 1 veszteségként
    megsemmisíti őt' (a special unit can be destroyed ONLY by a unit of its type moving onto its
    field). So MUTINY's victim chooses among its legions and galleys only, and a victim with no
    other unit on the board loses just the gold."""
    state = variant()
    hold(state, BROWN, "ev-mutiny")
    state.special[BEIGE] = "mare-tyrrhenum"
    put(state, BEIGE, "legion", "zama")
    put(state, BEIGE, "galley", "carthago")
    play(state, "PlayEvent(card=ev-mutiny)")
    choice = decision(state)
    assert choice.seat == BEIGE and [m.id for m in choice.actions] == [
        "Destroy(unit=legion,region=zama)", "Destroy(unit=galley,region=carthago)"]
    with pytest.raises(IllegalAction):
        attempt(state, a.Destroy("admiral", "mare-tyrrhenum"))
    assert state.special[BEIGE] == "mare-tyrrhenum"
    state = variant()
    hold(state, BROWN, "ev-mutiny")
    state.special[BEIGE] = "mare-tyrrhenum"
    log = play(state, "PlayEvent(card=ev-mutiny)")
    assert "Carthage discards 1 gold" in log
    assert state.special[BEIGE] == "mare-tyrrhenum" and decision(state).seat == BROWN


def test_special_units_found_cities_and_the_admiral_sails_for_the_navigator():
    """§10.3 (suggested readings): a special unit counts for founding; the admiral's sea area
    counts for the navigator."""
    state = variant(first=BEIGE)
    state.special[BEIGE] = "baleares"
    for sea in ("mare-africum", "mare-ionium", "oceanus"):
        put(state, BEIGE, "galley", sea)
    assert award(state, BEIGE, []) == 1
    put(state, BEIGE, "legion", "cirta")  # something to move, so DUELLUM waits
    at(state, "DUELLUM")
    end_movement(state)
    assert "FoundCity(site=baleares,resource=gold)" in ids(state)


def test_special_units_counting_as_units_option():
    """A5's other reading: a special unit also counts as an attacking unit and a defending unit
    (never lost in a conquest)."""
    state = variant(special_units_count_as_units=True)
    city(state, "tarraco", "iron", BEIGE)
    state.special[BEIGE] = "tarraco"  # 1 + 2
    put(state, BROWN, "legion", "tarraco", 2)
    state.special[BROWN] = "tarraco"  # -1, and counts: 3 units against 2
    at(state, "DUELLUM")
    end_movement(state)
    conquer(state, "tarraco")
    assert state.owner["tarraco"] == BROWN and state.special[BROWN] == "tarraco"
    assert not state.legions[BROWN]


def test_rondel_order_b():
    """A1: order B swaps AURUM/DUELLUM and SCIENTIA/DUELLUM; the view relabels the segments."""
    state = new_game(rondel_order="B")
    assert state.tables.actions[2:4] == ("DUELLUM", "AURUM")
    marks = {m.space: m.label for m in picture(state, None).marks}
    assert marks["rondel-2"] == "DUELLUM" and marks["rondel-7"] == "SCIENTIA"


def test_second_navigator_option():
    """A4's other reading: the no-repeat rule allows a second navigator at 14 sea areas."""
    state = new_game(second_navigator=True)
    for sea in ("mare-tyrrhenum", "mare-ligusticum", "mare-adriaticum", "mare-ionium",
                "mare-africum", "syrtis-minor", "oceanus"):
        put(state, BROWN, "galley", sea)
    assert award(state, BROWN, []) == 2


def test_citizens_count_temples_built_option():
    """A6's other reading: citizens count every temple ever built, even those lost since."""
    state = new_game(citizens_count_built=True)
    state.temples_built[BROWN] = 3
    assert award(state, BROWN, []) == 1
    assert award(new_game(), BROWN, []) == 0


def test_fees_in_any_resource_option():
    """A8's other reading: an adjacency fee may be paid with any resource, not only a coin."""
    state = new_game(fees_in_coins_only=False)
    blank(state)
    city(state, "roma", "gold", BROWN)
    city(state, "neapolis", "marble", BROWN, temple=True)
    goods(state, BROWN, marble=7)
    at(state, "TEMPLUM")
    play(state, "BuildTemple(city=roma)")
    assert state.goods[BROWN]["marble"] == 0 and "roma" in state.temples


def test_diplomacy_without_own_bonuses_option():
    """A9's other reading: the opponent's cities give only their base yield."""
    state = new_game(diplomacy_own_bonuses=False)
    hold(state, BROWN, "ev-diplomacy", "ev-gold-mine")
    blank(state)
    city(state, "carthago", "gold", BEIGE, temple=True)
    state.techs[BROWN].append("moneta")
    goods(state, BROWN)
    play(state, "PlayEvent(card=ev-diplomacy)", "PlayEvent(card=ev-gold-mine)")
    at(state, "AURUM")
    assert state.goods[BROWN]["gold"] == 3


def test_fees_from_the_cities_standing_when_founding_began_option():
    """A10's other reading: a city founded this phase does not raise the next one's fee."""
    state = new_game(first=BEIGE, founding_fees_count_new=False)
    blank(state)
    put(state, BEIGE, "legion", "baecula")
    put(state, BEIGE, "legion", "saguntum")
    goods(state, BEIGE, gold=2, marble=2, iron=2)
    at(state, "DUELLUM")
    end_movement(state)
    play(state, "FoundCity(site=baecula,resource=gold)")
    assert "FoundCity(site=saguntum,resource=gold)" in ids(state)


def test_merchant_strict_option():
    """A13's other reading: MERCHANT is playable only when both players have 3 resources."""
    state = new_game(merchant_partial=False)
    hold(state, BROWN, "ev-merchant")
    goods(state, BEIGE, gold=2)
    assert "PlayEvent(card=ev-merchant)" not in ids(state)


def test_earthquake_only_on_opponents_walls_option():
    """A14's other reading: EARTHQUAKE destroys only an opponent's wall."""
    state = new_game(earthquake_any_wall=False)
    hold(state, BROWN, "ev-earthquake")
    city(state, "roma", "gold", BROWN, wall=True)
    city(state, "carthago", "gold", BEIGE, wall=True)
    assert [i for i in ids(state) if "earthquake" in i] == ["PlayEventOn(card=ev-earthquake,space=carthago,resource=)"]


def test_recruits_exactly_two_option():
    """A16's other reading: RECRUITS buys exactly 2 units, so it needs the gold for 2."""
    state = new_game(recruits_exactly_two=True)
    hold(state, BROWN, "ev-recruits")
    goods(state, BROWN, gold=1)
    assert "PlayEvent(card=ev-recruits)" not in ids(state)
    goods(state, BROWN, gold=3)
    play(state, "PlayEvent(card=ev-recruits)")
    assert ids(state) == ["Buy(unit=legion)", "Buy(unit=galley)"]
    play(state, "Buy(unit=galley)")
    assert state.box[BROWN] == {"legion": 2, "galley": 2}, "the last gold buys a legion: forced"


def test_event_costs_in_gold_only_option():
    """§6.0's inference turned off: a coin cannot stand in for an event card's gold."""
    for coins_pay, offered in ((False, False), (True, True)):
        state = new_game(coins_pay_event_costs=coins_pay)
        hold(state, BROWN, "ev-purchase")
        goods(state, BROWN, gold=1, coins=5)
        assert ("PlayEvent(card=ev-purchase)" in ids(state)) is offered


def test_secret_hands_by_default():
    """A21, hidden but deducible: the opponent sees only the number of event cards, and the
    FORTRESS window opens at every conquest so that it reveals nothing."""
    state = new_game()
    hold(state, BEIGE, "ev-gang")
    panels = picture(state, BROWN).panels
    assert panels[BEIGE].hand is None and panels[BEIGE].hand_size == 1
    assert picture(state, BEIGE).panels[BEIGE].hand == ("Gang",)
    assert picture(state, None).panels[BEIGE].hand == ("Gang",)
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "tarraco")
    at(state, "DUELLUM")
    end_movement(state)
    play(state, "Conquer(city=tarraco)")
    choice = decision(state)
    assert choice.seat == BEIGE and [m.id for m in choice.actions] == ["DeclineFortress()"]


def test_open_hands_option():
    """A21's other reading: hands are open; the FORTRESS window opens only for a holder."""
    state = new_game(event_hands_secret=False)
    hold(state, BEIGE, "ev-gang")
    assert picture(state, BROWN).panels[BEIGE].hand == ("Gang",)
    city(state, "tarraco", "iron", BEIGE)
    put(state, BROWN, "legion", "tarraco")
    at(state, "DUELLUM")
    end_movement(state)
    play(state, "Conquer(city=tarraco)")
    assert state.owner["tarraco"] == BROWN


def test_illegal_moves_change_nothing():
    """Engine contract: an illegal move raises with a reason and leaves the state as it was."""
    state = new_game()
    before = RULES.decision(state)
    digest = state.clone()
    with pytest.raises(IllegalAction, match="temples are built with the TEMPLUM action"):
        attempt(state, a.BuildTemple("roma"))
    assert state == digest and before == RULES.decision(state)
