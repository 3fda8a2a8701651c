"""Phases 1 and 2 against the rulebook's examples: production by dense rank (§5.2) and
decline (§5.3)."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, check, new_game, send_workers

from engine.rulesets.after_the_flood.round_start import decline, produce, start_round
from engine.rulesets.after_the_flood.tables import (
    IRRIGATION,
    SCRIBES,
    SCRIBES_USED,
    SPINNING,
    TOOLMAKERS,
)


def test_round_one_gives_everyone_six_grain_and_three_textiles():
    """§5.2: in round 1 every player has 1 worker on each box, so all tie for first."""
    state = new_game()
    assert [held["grain"] for held in state.held] == [6, 6, 6]
    assert [held["textiles"] for held in state.held] == [3, 3, 3]


def test_production_ranks_densely_and_ties_share_a_rank():
    """§12.6's production example: 6/4/4 grain and 3/3/2 textiles. Irrigation red 3, green 2,
    purple 2 (green and purple share 2nd); spinning red 2, green 2, purple 1."""
    state = new_game()
    send_workers(state, RED, IRRIGATION, 2)
    send_workers(state, GREEN, IRRIGATION, 1)
    send_workers(state, PURPLE, IRRIGATION, 1)
    send_workers(state, RED, SPINNING, 1)
    send_workers(state, GREEN, SPINNING, 1)
    return_grain_and_textiles(state)
    produce(state, [])
    assert [state.held[p]["grain"] for p in (RED, GREEN, PURPLE)] == [6, 4, 4]
    assert [state.held[p]["textiles"] for p in (RED, GREEN, PURPLE)] == [3, 3, 2]
    check(state)


def test_no_worker_on_a_box_produces_nothing_from_it():
    """§5.2: a player with zero workers on a box receives nothing from that box."""
    state = new_game()
    state.workers[SPINNING][PURPLE] = 0
    state.workers_general[PURPLE] += 1
    return_grain_and_textiles(state)
    produce(state, [])
    assert state.held[PURPLE]["textiles"] == 0 and state.held[PURPLE]["grain"] == 6


def return_grain_and_textiles(state) -> None:
    """Round 1's production goes back to the supply, so the next one is not short."""
    for held in state.held:
        for resource in ("grain", "textiles"):
            state.supply[resource] += held[resource]
            held[resource] = 0


def test_decline_keeps_two_on_the_irrigation_box_and_takes_as_many_from_everyone():
    """§5.3's example: red has the most on irrigation (4) and removes 2; purple and green
    must remove 2 too, but green had only 1, so green removes 1. On spinning purple and
    green have the most with only 2 each: nobody removes any."""
    state = new_game()
    send_workers(state, RED, IRRIGATION, 3)  # 4 with the worker from setup
    send_workers(state, PURPLE, IRRIGATION, 2)  # 3
    send_workers(state, PURPLE, SPINNING, 1)  # 2
    send_workers(state, GREEN, SPINNING, 1)  # 2
    general = list(state.workers_general)
    decline(state, [])
    assert state.workers[IRRIGATION] == [2, 0, 1]  # red, green, purple
    assert state.workers[SPINNING] == [1, 2, 2]
    assert [state.workers_general[p] - general[p] for p in (RED, GREEN, PURPLE)] == [2, 1, 2]
    check(state)


def test_decline_clears_dilmun_and_takes_one_worker_per_foreign_area_scribe_and_toolmaker():
    """§5.3 steps 1, 2 and 5: all workers leave Dilmun; one per other foreign area (the
    digest's reading, issue 4); one from the scribes and one from the toolmakers box."""
    state = new_game()
    send_workers(state, RED, "dilmun", 3)
    send_workers(state, RED, "egypt", 3)
    send_workers(state, GREEN, "egypt", 1)
    send_workers(state, RED, SCRIBES, 2)
    send_workers(state, RED, TOOLMAKERS, 2)
    decline(state, [])
    assert state.workers["dilmun"][RED] == 0
    assert state.workers["egypt"][RED] == 2 and state.workers["egypt"][GREEN] == 0
    assert state.workers[SCRIBES][RED] == 1 and state.workers[TOOLMAKERS][RED] == 1
    check(state)


def test_used_scribes_are_ready_again_next_round():
    """§6.2's example: red activates both scribes; they return to the ready side at the start
    of the next round (§5.2 step 4)."""
    state = new_game()
    state.workers_general[RED] -= 2
    state.workers[SCRIBES_USED][RED] = 2
    state.round = 3  # no decline in round 3
    start_round(state, [])
    assert state.workers[SCRIBES][RED] == 2 and state.workers[SCRIBES_USED][RED] == 0
    check(state)
