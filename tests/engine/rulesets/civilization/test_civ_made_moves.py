"""The moves Civilization builds once and keeps in its tables (``tables.once``): shared by
every game of a simulation, they are kept bounded, and a game plays the same moves, labels
included, whether it finds them kept or builds them anew."""

from __future__ import annotations

import random

import pytest
from civ import RULESET, new_game

from engine.bots import BOTS
from engine.core.decision import Choice, End
from engine.core.randomness import sample
from engine.rulesets.civilization.tables import MADE_LIMIT


def played(state, seed: str, forget_every: int = 0) -> list[tuple]:
    """A seeded random game's moves with their labels; ``forget_every`` empties the kept
    moves every that many steps."""
    rng = random.Random(seed)
    moves = []
    for step in range(20_000):
        decision = RULESET.decision(state)
        if isinstance(decision, End):
            return moves
        move = BOTS["random"].choose(decision, rng) if isinstance(decision, Choice) else sample(decision, rng)
        moves.append((move, move.label))
        RULESET.apply(state, move)
        if forget_every and step % forget_every == 0:
            state.tables.made.clear()
    raise AssertionError("the game did not end")


def test_the_kept_moves_are_emptied_at_a_game_start_past_the_limit():
    state = new_game(2)
    made = state.tables.made
    made.update({("filler", n): None for n in range(MADE_LIMIT - len(made))})  # the start kept a few
    RULESET.clone(state)
    assert len(made) >= MADE_LIMIT  # at the limit: kept
    made[("filler", "one more")] = None
    RULESET.clone(state)
    assert not made


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_plays_the_same_moves_and_labels_with_its_moves_built_anew(players):
    """One table, as a simulation (or a playtest's branches) shares it: two games fill it,
    then the same seeded third game is played with what they left and with the kept moves
    emptied every 7 steps; moves and their labels agree (a label made from what its key
    leaves out, a figure's kind, whether a group is whole, would differ)."""
    initial = new_game(players)
    for seed in ("first", "second"):
        played(RULESET.clone(initial), f"{players}:{seed}")
    kept = played(RULESET.clone(initial), f"{players}:third")
    anew = played(RULESET.clone(initial), f"{players}:third", forget_every=7)
    assert [move for move, _ in kept] == [move for move, _ in anew]
    assert [label for _, label in kept] == [label for _, label in anew]
