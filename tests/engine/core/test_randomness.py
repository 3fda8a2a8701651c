"""Per-step generators: reproducible from their text alone, distinct per step, and uniform."""

from __future__ import annotations

from collections import Counter

from engine.core.randomness import StepGenerators, StepRandom, bot_rng, chance_rng


def test_the_same_text_gives_the_same_draws_and_another_step_others():
    def draws(rng):
        return [rng.random() for _ in range(20)]

    assert draws(chance_rng(7, 12)) == draws(chance_rng(7, 12))
    assert draws(chance_rng(7, 12)) != draws(chance_rng(7, 13))
    assert draws(chance_rng(7, 12)) != draws(bot_rng(7, 12))
    assert draws(chance_rng(7, 12)) != draws(chance_rng(8, 12))


def test_a_session_s_step_generators_draw_as_the_step_s_own_generator():
    """The session hashes "{seed}:chance:" once and feeds each step its number; a saved
    playtest's rolls are checked again with chance_rng, so both must draw alike."""
    generators = StepGenerators(7)
    def draws(rng):
        return [rng.random() for _ in range(3)]

    for step in (0, 12, 10_000):
        assert draws(generators.chance(step)) == draws(chance_rng(7, step))
        assert draws(generators.bot(step)) == draws(bot_rng(7, step))


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
