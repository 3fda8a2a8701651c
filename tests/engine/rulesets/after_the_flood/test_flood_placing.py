"""Placing workers against the rulebook (§6.2): the scribes' example and the clarification
that a scribe placed in an action cannot be used in it (§10.2)."""

from __future__ import annotations

from flood_game import GREEN, RED, check, new_game, offered, play, send_workers

from engine.rulesets.after_the_flood.actions import (
    Done,
    Place,
    PlaceWorkers,
    Put,
    ScribeLift,
    ScribePlace,
)
from engine.rulesets.after_the_flood.tables import (
    IRRIGATION,
    SCRIBES,
    SCRIBES_USED,
    SPINNING,
    TOOLMAKERS,
    TOOLMAKERS_USED,
)


def test_two_scribes_place_two_extra_workers_and_move_to_the_used_side():
    """§6.2's example: red has 2 scribes and activates both to place 2 extra workers (here
    with no resource handed in, scribes only). They move to the right (used) side."""
    state = new_game()
    send_workers(state, RED, SCRIBES, 2)
    grain = state.held[RED]["grain"]
    play(state, PlaceWorkers, "")
    play(state, ScribePlace, IRRIGATION)
    play(state, ScribePlace, "hittites")
    assert state.workers[SCRIBES][RED] == 0 and state.workers[SCRIBES_USED][RED] == 2
    assert state.workers[IRRIGATION][RED] == 2 and state.workers["hittites"][RED] == 1
    assert state.held[RED]["grain"] == grain, "scribes only: no resource handed in"
    assert state.active != RED, "with no scribe left, the action is over"
    check(state)


def test_a_scribe_placed_in_an_action_is_not_used_in_it():
    """§10.2: "scribes placed in this action cannot be used in this action". Red hands in
    textiles (value 2) and places both workers on the scribes box: the action ends there."""
    state = new_game()
    play(state, PlaceWorkers, "textiles")
    play(state, Place, SCRIBES)
    play(state, Place, SCRIBES)
    assert state.workers[SCRIBES][RED] == 2
    assert state.active != RED and not offered(state, ScribePlace)
    check(state)


def test_the_base_placement_puts_all_its_workers_on_one_space_and_may_place_fewer():
    """§6.2: "Egy cselekedet során az összes felrakott munkást ugyanarra a területre vagy
    dobozra kell tenned. Felrakhatsz kevesebb munkást is, mint amennyit a beadott erőforrás
    lehetővé tesz számodra." Red hands in gold (value 4), places 2 on Egypt, then only Egypt
    is offered, and red stops there."""
    state = new_game()
    play(state, PlaceWorkers, "gold")
    assert len(offered(state, Place)) > 1
    play(state, Place, "egypt")
    assert [move.space for move in offered(state, Place)] == ["egypt"]
    play(state, Place, "egypt")
    play(state, Done)
    assert state.workers["egypt"][RED] == 2 and state.workers_personal[RED] == 8
    assert state.held[RED]["gold"] == 0 and state.active != RED
    check(state)


def test_workers_never_go_to_a_sumerian_area():
    """§6.2: "Munkásokat nem-sumer területre rakhatsz, illetve a négy munkásdobozra ...
    Sumer területen nem lehet munkás." """
    state = new_game()
    play(state, PlaceWorkers, "grain")
    spaces = {move.space for move in offered(state, Place)}
    assert not spaces & set(state.tables.sumerian)
    assert {*state.tables.foreign, IRRIGATION, SPINNING, SCRIBES, TOOLMAKERS} == spaces


def test_no_more_than_two_scribes_counting_both_sides_of_the_box():
    """§6.2: "Az írnokok dobozán (annak mindkét oldalát számítva) egy játékosnak legfeljebb
    két munkása lehet." Red has a used scribe and places with tools (value 3): one more scribe
    fits, then the box is no longer offered."""
    state = new_game()
    send_workers(state, RED, SCRIBES_USED, 1)
    play(state, PlaceWorkers, "tools")
    play(state, Place, SCRIBES)
    assert not offered(state, Place), "the base placement goes to one space, now full"
    assert state.workers[SCRIBES][RED] + state.workers[SCRIBES_USED][RED] == 2
    check(state)


def test_a_scribe_moves_a_used_toolmaker_back_to_the_ready_side():
    """§6.2: "Írnokkal rakhatsz munkást a szerszámkészítőkhöz, vagy felhasznált
    szerszámkészítőt átmozgathatsz a doboz másik felére." """
    state = new_game()
    send_workers(state, RED, SCRIBES, 1)
    send_workers(state, RED, TOOLMAKERS_USED, 1)
    play(state, PlaceWorkers, "")
    play(state, ScribeLift, TOOLMAKERS_USED)
    play(state, Put, TOOLMAKERS)
    assert state.workers[TOOLMAKERS][RED] == 1 and state.workers[TOOLMAKERS_USED][RED] == 0
    assert state.workers[SCRIBES_USED][RED] == 1
    check(state)


def test_a_scribe_is_activated_by_moving_itself_or_a_worker_back_to_the_personal_supply():
    """§6.2: "Írnokot aktiválhatsz úgy, hogy őt magát rakod át máshová", and a relocation may
    take a worker "vissza ... saját készletedbe". Red's one scribe moves itself to Elam; no
    scribe is left, so the action ends. Green's scribe takes a worker of Guti back home."""
    state = new_game()
    send_workers(state, RED, SCRIBES, 1)
    send_workers(state, GREEN, SCRIBES, 1)
    send_workers(state, GREEN, "guti", 1)
    play(state, PlaceWorkers, "")
    play(state, ScribeLift, SCRIBES)
    play(state, Put, "elam")
    assert state.workers["elam"][RED] == 1
    assert state.workers[SCRIBES][RED] == 0 and state.workers[SCRIBES_USED][RED] == 0
    assert state.active == GREEN
    personal = state.workers_personal[GREEN]
    play(state, PlaceWorkers, "")
    play(state, ScribeLift, "guti")
    play(state, Put, "")
    assert state.workers["guti"][GREEN] == 0 and state.workers_personal[GREEN] == personal + 1
    assert state.workers[SCRIBES_USED][GREEN] == 1
    check(state)


def test_scribes_may_act_before_the_base_placement_and_free_room_on_their_box():
    """§6.2: "Munkások felrakása közben aktiválhatod írnokaidat, hogy további munkásokat rakj
    fel vagy rakj át máshová": scribes act during the placement, in no fixed order. Red has 2
    ready scribes and hands in grain (1 worker): one scribe first moves itself to Guti, which
    frees a place on the scribes box for the base placement; the other scribe is still usable,
    the new one is not (§10.2)."""
    state = new_game()
    send_workers(state, RED, SCRIBES, 2)
    play(state, PlaceWorkers, "grain")
    assert SCRIBES not in {move.space for move in offered(state, Place)}, "the box is full"
    play(state, ScribeLift, SCRIBES)
    play(state, Put, "guti")
    play(state, Place, SCRIBES)
    assert state.workers[SCRIBES][RED] == 2 and state.workers["guti"][RED] == 1
    play(state, ScribePlace, IRRIGATION)
    assert state.workers[SCRIBES][RED] == 1 and state.workers[SCRIBES_USED][RED] == 1
    assert state.active != RED, "the new scribe cannot be used in this action: nothing is left"
    check(state)
