"""200 seeded random games for 2 (variant), 3, 4, 5 and 6 players end in a valid state: the
gold of every colour is what the log says, and armies, forts, monuments and markers stay
within their supply (issue 10's proof; the everyday suite plays the first 40, ``--slow`` all:
tests/runs.py)."""

from __future__ import annotations

import re

import pytest
import runs
from brief import random_game

from engine.rulesets.brief_history_of_the_world.epoch import final_gold

GOLD = re.compile(r"^(.+) gold ([+-])(\d+) \(now (\d+)\): ")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_in_a_valid_state(players):
    for seed in runs.seeds(200):
        state, end, log = random_game(players, seed)
        colours = len(state.colours)
        logged = dict.fromkeys(state.colours, 0)
        for event in log:
            if found := GOLD.match(event.text):
                name, sign, amount, now = found[1], found[2], int(found[3]), int(found[4])
                assert max(0, logged[name] + (amount if sign == "+" else -amount)) == now, event.text
                logged[name] = now
        assert [logged[name] for name in state.colours] == state.gold, "every gold movement is in the log"
        assert state.epoch == 6 and state.force is None and state.phase == "over"
        options = state.options
        for colour in range(colours):
            on_map = sum(owner == colour for owner in state.armies.values())
            assert on_map + state.stock[colour] == options.armies_per_colour
            assert len(state.bonus[colour]) <= 6
        assert len(state.forts) <= options.forts and len(state.monuments) <= options.monuments
        assert len(state.capitals) + len(state.cities) <= options.capitals_and_cities
        assert not state.capitals & state.cities and not state.fleets
        assert set(state.armies) <= state.tables.territories, "no army in a wasteland or at sea"
        assert sum(map(len, state.bonus)) == 18, "three bonus tokens an epoch"
        totals = final_gold(state)
        seats = 2 if players == 2 else players
        assert len(end.scores) == seats
        for seat in range(seats):
            assert end.scores[seat] == sum(t for c, t in enumerate(totals) if state.person[c] == seat)
        assert sorted(end.scores, reverse=True) == [end.scores[s] for s in end.ranking]
