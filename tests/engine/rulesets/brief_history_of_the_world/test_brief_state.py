"""The armies of each colour in each region, kept as armies come and go (``state.Armies``), are
what a fresh count of the map gives: after every step of seeded random games at every player
count, after a clone is changed, and after each way the map changes."""

from __future__ import annotations

import pytest
from brief import RULESET, new_game, random_steps

from engine.rulesets.brief_history_of_the_world.state import Armies, BriefState
from engine.rulesets.shared.regions import counts_by_region


def fresh_count(state: BriefState) -> dict[str, dict[int, int]]:
    return counts_by_region(state.armies, state.tables.region_of)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_region_counts_match_a_fresh_count_after_every_step(players):
    steps = 0
    for seed in range(6):
        state = new_game(players, incas_and_aztecs_one_turn=seed % 2 == 1)
        for _ in random_steps(state, f"regions:{seed}"):
            assert state.armies.regions == fresh_count(state)
            steps += 1
        assert state.armies, "armies stand on the map at the end"
    assert steps > 1000


def test_a_clone_counts_its_own_armies():
    state = new_game(4)
    for territory, colour in (("italia", 0), ("iberia", 0), ("nile", 1)):
        state.armies[territory] = colour
    twin = RULESET.clone(state)
    twin.armies["italia"] = 1
    del twin.armies["iberia"]
    assert state.armies.regions == fresh_count(state) == {"southern-europe": {0: 2}, "north-africa": {1: 1}}
    assert twin.armies.regions == fresh_count(twin) == {"southern-europe": {1: 1}, "north-africa": {1: 1}}


def test_assignment_del_and_pop_keep_the_count():
    armies = Armies({"a": "north", "b": "north", "c": "south"})
    armies["a"] = 0
    armies["b"] = 0
    armies["c"] = 1
    armies["d"] = 1  # a territory in no region is not counted
    assert armies.regions == {"north": {0: 2}, "south": {1: 1}}
    armies["b"] = 1  # replaced by another colour
    assert armies.regions == {"north": {0: 1, 1: 1}, "south": {1: 1}}
    assert armies.pop("c") == 1 and armies.pop("c", None) is None
    del armies["a"]
    assert armies.regions == {"north": {1: 1}}
    assert armies == {"b": 1, "d": 1}
