"""Phase 3's turn and phase 4 against the rulebook's examples: the cost of acting after a
pass (§5.4), where a city may be founded (§6.1) and the turn order from the bids (§5.5)."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, check, labels, new_game, offered, play, stand

from engine.rulesets.after_the_flood.actions import (
    Done,
    FoundCity,
    Pass,
    PayCost,
    PlaceWorkers,
)
from engine.rulesets.after_the_flood.round_end import end_phase_three


def test_after_a_pass_the_next_player_pays_a_worker_to_act():
    """§12.6's pass cost example: red passes (free, issue 6); green must hand in 1 resource,
    worker or army before acting, and pays a worker, which goes to the general supply."""
    state = new_game()
    play(state, Pass)
    play(state, Done)  # red bids nothing
    assert state.active == GREEN
    assert "hand in 1 worker to act" in labels(state, PayCost)
    personal, general = state.workers_personal[GREEN], state.workers_general[GREEN]
    play(state, PayCost, "worker")
    assert (state.workers_personal[GREEN], state.workers_general[GREEN]) == (personal - 1, general + 1)
    assert offered(state, PlaceWorkers), "having paid, green chooses an action"
    check(state)


def test_only_ur_may_be_founded_of_ur_eridu_and_lagash():
    """§6.1's example: of Ur, Eridu and Lagash red may only choose Ur. Eridu already has a
    city, and Lagash holds a purple army (only purple could build there)."""
    state = new_game()
    state.cities["eridu"] = GREEN
    stand(state, PURPLE, "lagash", 1)
    sites = {move.area for move in offered(state, FoundCity)}
    assert "ur" in sites and not {"eridu", "lagash"} & sites
    play(state, FoundCity, "ur")
    play(state, FoundCity, "sippar")  # green's action
    assert state.active == PURPLE
    assert "lagash" in {move.area for move in offered(state, FoundCity)}, "purple may build under its own army"


def test_the_only_bidder_goes_first_and_ties_keep_their_order():
    """§5.5's example: only green bid (1 textile, value 2), so green goes first; red and
    purple tied at 0 and keep their previous order."""
    state = new_game(order=(PURPLE, RED, GREEN))
    state.held[GREEN]["textiles"] -= 1
    state.bids[GREEN] = {"textiles": 1}
    end_phase_three(state, [])
    assert state.order == [GREEN, PURPLE, RED]
