"""Per-step generators: reproducible from their text alone, distinct per step, and uniform."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from engine.core.randomness import (
    BotDraws,
    ChanceDraws,
    StepRandom,
    bot_rng,
    chance_rng,
)


def test_the_same_text_gives_the_same_draws_and_another_step_others():
    def draws(rng):
        return [rng.random() for _ in range(20)]

    assert draws(chance_rng(7, 12)) == draws(chance_rng(7, 12))
    assert draws(chance_rng(7, 12)) != draws(chance_rng(7, 13))
    assert draws(chance_rng(7, 12)) != draws(bot_rng(7, 12))
    assert draws(chance_rng(7, 12)) != draws(chance_rng(8, 12))


def test_a_session_s_draws_at_a_step_are_the_step_s_own_generator_s():
    """The session keeps one ChanceDraws and one BotDraws and places them at each step, in any
    order (undo, goto); a saved playtest's rolls are checked again with chance_rng, and a
    step's draws must not depend on which steps were drawn before it."""
    chance, bot = ChanceDraws(7), BotDraws(7)

    def draws(rng):
        return [rng.random() for _ in range(3)]

    for step in (10_000, 0, 12, 255, 256, 0):
        assert draws(chance.at(step)) == draws(chance_rng(7, step))
        assert draws(bot.at(step)) == draws(bot_rng(7, step))


def test_a_bot_s_draws_differ_from_step_to_step_and_from_draw_to_draw():
    """The first draw comes from a table filled 256 steps at a time, the next ones from the
    step's own SplitMix64: both must change with the step, the fresh-draw number and the seed."""
    def draws(rng):
        return [rng.random() for _ in range(3)]

    seen = {tuple(draws(bot_rng(seed, step, draw))) for seed in (1, 2) for step in (0, 1, 255, 256) for draw in (0, 1)}
    assert len(seen) == 16
    assert len({value for triple in seen for value in triple}) == 48


def test_a_bot_s_first_draws_are_uniform_and_unrelated_from_step_to_step():
    bot = BotDraws(3)
    firsts = [bot.at(step).random() for step in range(60_000)]
    counts = Counter(int(value * 6) for value in firsts)
    assert all(9_400 < count < 10_600 for count in counts.values())  # about 6 standard deviations
    pairs = Counter((int(a * 4), int(b * 4)) for a, b in pairwise(firsts))
    assert len(pairs) == 16 and all(3_300 < count < 4_200 for count in pairs.values())


def test_die_faces_come_out_evenly():
    rng = StepRandom("dice")
    counts = Counter(int(rng.random() * 6) for _ in range(60_000))
    assert sorted(counts) == [0, 1, 2, 3, 4, 5]
    assert all(9_400 < count < 10_600 for count in counts.values())  # about 6 standard deviations


def test_the_library_methods_work_on_top_of_it():
    rng = StepRandom(3)
    assert 1 <= rng.randint(1, 6) <= 6
    assert rng.choices("ab", weights=[0, 1]) == ["b"]
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
