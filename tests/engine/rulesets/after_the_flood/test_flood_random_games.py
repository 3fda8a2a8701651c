"""500 seeded random games of After the Flood end in a valid state: no pile ever negative,
every piece within its supply after every step (§12.6), and every point scored in the log
(the everyday suite plays the first 100, ``--slow`` all: tests/runs.py)."""

from __future__ import annotations

import random
import re

import runs
from flood_game import RULESET, SCENARIO, check

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.randomness import sample

SCORES = re.compile(r"^(\w+) scores (\d+) \(now (\d+)\)")


def test_random_games_end_in_a_valid_state():
    names = [seat.name for seat in SCENARIO.seats]
    for seed in runs.seeds(500):
        rng = random.Random(seed)
        state = RULESET.start(SCENARIO, SCENARIO.seats, SCENARIO.ruleset.options)
        logged = dict.fromkeys(names, 0)
        while not isinstance(decision := RULESET.decision(state), End):
            move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
            for event in RULESET.apply(state, move):
                if found := SCORES.match(event.text):
                    logged[found[1]] += int(found[2])
                    assert logged[found[1]] == int(found[3]), event.text
            check(state)
        assert [logged[name] for name in names] == state.score, f"seed {seed}: every point is in the log"
        assert state.round == 5 and not state.armies and not any(state.armies_personal)
        assert list(decision.scores) == state.score
        assert list(decision.ranking) == sorted(state.order, key=lambda p: -state.score[p])
