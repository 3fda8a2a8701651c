"""History of the World: region and building scoring, and the score track (digest §8)."""

from __future__ import annotations

from near_east import empire, found, place, turn_state

from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import scoring
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld
from engine.rulesets.history_of_the_world.scoring import region_points, turn_points

RULES = HistoryOfTheWorld()


def assyrian_board(**options):
    """§8.3 worked example: Mesopotamia (capital, monument), Zagros, Levant (monument),
    Nile (city); another player holds Tigris."""
    state = turn_state(empire("assyrians"), **options)
    for province in ("mesopotamia", "zagros", "levant", "nile"):
        place(state, province, owner=0)
    place(state, "tigris", owner=1)
    state.capitals.add("mesopotamia")
    state.monuments |= {"mesopotamia", "levant"}
    state.cities.add("nile")
    return state


def test_the_worked_example_scores_thirteen_not_eleven():
    """§8.3 and ambiguity A6: presence in North Africa 2, dominance in the Near East 6,
    buildings 2 + 1 + 1 + 1 = 5; the example's printed total of 11 is an error."""
    state = assyrian_board()
    assert region_points(state, 0, "north_africa") == 2
    assert region_points(state, 0, "near_east") == 6
    assert turn_points(state, 0) == (8, 5)


def test_control_needs_three_and_no_opposing_army():
    """§8.2 and ambiguity A2: with Tigris gone the Near East pays control, 3 x presence."""
    state = assyrian_board()
    assert region_points(state, 1, "near_east") == 3  # presence only for the single army
    del state.armies["tigris"]
    assert region_points(state, 0, "near_east") == 9


def test_control_under_the_other_reading_of_a2():
    state = assyrian_board()
    assert region_points(state, 0, "near_east", control_any=False) == 9


def test_dominance_needs_more_than_every_other_player():
    """§8.2: dominance needs at least 2 and more than each other player individually."""
    state = turn_state(empire("x"))
    place(state, "mesopotamia", 0)
    place(state, "zagros", 0)
    place(state, "levant", 1)
    place(state, "tigris", 1)
    assert region_points(state, 0, "near_east") == 3
    place(state, "anatolia", 0)
    assert region_points(state, 0, "near_east") == 6


def test_a_region_without_a_tile_scores_nothing():
    """§5.2: a region can be conquered without a tile but scores nothing."""
    state = turn_state(empire("x"))
    place(state, "crete", 0)
    assert region_points(state, 0, "southern_europe") == 0


def test_a_shared_score_asks_the_mover_for_a_direction_and_keeps_it():
    """§8.4 and ambiguity A7: the marker that lands on another's score moves on, up or down,
    one way, until it stands alone."""
    state = turn_state(empire("x"))
    found(state)
    state.score = [10, 12, 13]
    scoring.add_points(state, 0, 2, [])
    decision = RULES.decision(state)
    assert decision.seat == 0 and [m.id for m in decision.actions] == [
        "ScoreDirection(up=True)", "ScoreDirection(up=False)"]
    RULES.apply(state, a.ScoreDirection(True))
    assert state.score == [14, 12, 13] and state.tie is None


def test_a_shared_score_moving_down():
    state = turn_state(empire("x"))
    found(state)
    state.score = [10, 11, 12]
    scoring.add_points(state, 0, 2, [])
    RULES.apply(state, a.ScoreDirection(False))
    assert state.score == [10, 11, 12]  # 12 and 11 are taken; its own old space is free


def test_with_a7_off_the_direction_is_asked_at_every_clash():
    state = turn_state(empire("x"), tie_direction_once=False)
    found(state)
    state.score = [10, 12, 13]
    scoring.add_points(state, 0, 2, [])
    RULES.apply(state, a.ScoreDirection(True))
    assert state.score[0] == 13 and state.tie == (0, 0)


def test_scores_105_and_5_clash_only_on_the_physical_track():
    """Ambiguity A12: by default actual scores are compared."""
    state = turn_state(empire("x"))
    state.score = [100, 5, 20]
    scoring.add_points(state, 0, 5, [])
    assert state.tie is None
    state = turn_state(empire("x"), ties_compare_scores=False)
    state.score = [100, 5, 20]
    scoring.add_points(state, 0, 5, [])
    assert state.tie == (0, 0)
