"""The placements kept from one army to the next (``placements.py``) are what a fresh look at
the state gives, after every step of seeded random games at every player count: no change
to the armies, the fleets or a force's reach went unannounced."""

from __future__ import annotations

import pytest
from brief import new_game, random_steps

from engine.rulesets.brief_history_of_the_world.placements import fresh
from engine.rulesets.brief_history_of_the_world.state import BriefState


def check_kept(state: BriefState) -> bool:
    """Whether placements are kept for the force on the board; asserts they are the fresh ones."""
    kept = state.placements
    if kept is None or kept.force is not state.force:
        return False
    new = fresh(state, kept.force)
    assert kept.facts == new.facts
    assert kept.order == new.order
    assert kept.land == new.land
    assert {t: kept.rows[t] for t in kept.order} == new.rows
    return True


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kept_placements_match_a_fresh_look_after_every_step(players):
    checked = 0
    for seed in range(12):
        state = new_game(players, incas_and_aztecs_one_turn=seed % 2 == 1)
        for _ in random_steps(state, f"kept:{seed}"):
            checked += check_kept(state)
    assert checked > 500, "placements were kept across many steps"
