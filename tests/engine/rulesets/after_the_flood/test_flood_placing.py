"""Placing workers against the rulebook (§6.2): the scribes' example and the clarification
that a scribe placed in an action cannot be used in it (§10.2)."""

from __future__ import annotations

from flood_game import RED, check, new_game, offered, play, send_workers

from engine.rulesets.after_the_flood.actions import Place, PlaceWorkers, ScribePlace
from engine.rulesets.after_the_flood.tables import IRRIGATION, SCRIBES, SCRIBES_USED


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
