"""How long a property run goes: a share of its inputs in the everyday suite, all of them in
the long run.

The everyday suite is the README's command and CI's, and must end in minutes on two cores, so
a run of seeded random games or of hypothesis examples tries ``SHARE`` of what it names there,
always the same inputs (seeds counted from 0, hypothesis derandomised where the test says so),
so a failure seen once is seen again. The long run, ``pytest --slow`` (or the hypothesis
profile ``full``: ``HYPOTHESIS_PROFILE=full``), tries every one: run it after changing rules.
"""

from __future__ import annotations

from hypothesis import settings

EVERYDAY, FULL = "everyday", "full"
SHARE = 0.2  # of a property run's seeds and examples that the everyday suite tries
LEAST = 10  # a run tries at least this many even in the everyday suite

# Deadlines are off in both: a machine shared by several test workers has slow moments.
settings.register_profile(EVERYDAY, deadline=None, max_examples=50)
settings.register_profile(FULL, deadline=None, max_examples=1000)


def full() -> bool:
    """True in the long run."""
    return settings.get_current_profile_name() == FULL


def count(everything: int) -> int:
    """How many of ``everything`` inputs this run tries."""
    return everything if full() else min(everything, max(LEAST, round(everything * SHARE)))


def seeds(everything: int) -> range:
    """The seeds a run of ``everything`` seeded games plays here: 0 and up."""
    return range(count(everything))


def examples(everything: int) -> int:
    """The ``max_examples`` of a hypothesis test that tries ``everything`` in the long run."""
    return count(everything)
