"""The engine contract, checked on every registered ruleset: a game added to the registry
(engine/rulesets/registry.py) gets these tests without writing a line.

For each ruleset, with each scenario written for it (the shipped ones in scenarios/, Dice Race's
in tests/data): the game starts; seeded random games reach their end for every player count,
asking only real decisions (never a single move); clone and digest agree; a move that was not
offered is refused with IllegalAction and changes nothing (the session leaves that check to the
ruleset and does not check a move itself); every action type
survives the codec; every seat's view works and shows no other seat's hidden cards; and every
shipped scenario validates."""

from __future__ import annotations

import json
import random
import types
import typing
from enum import Enum
from pathlib import Path

import attrs
import pytest

from engine.bots import BOTS
from engine.core.decision import Chance, Choice, End
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.core.ruleset import Ruleset
from engine.play.codec import move_from_data, move_to_data
from engine.play.drive import drive
from engine.rulesets.registry import SHIPPED, get_ruleset, rulesets
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[3]
SHIPPED_SCENARIOS = sorted((ROOT / "scenarios").glob("*.json"))
SCENARIOS = [*SHIPPED_SCENARIOS, *sorted((ROOT / "tests" / "data").glob("*.json"))]
MAX_STEPS = 20_000


def _ruleset_id(path: Path) -> str | None:
    ruleset = json.loads(path.read_text(encoding="utf-8")).get("ruleset")
    return ruleset.get("id") if isinstance(ruleset, dict) else None


def _cases() -> list[tuple[Ruleset, Path]]:
    cases = []
    for ruleset in rulesets():
        paths = [p for p in SCENARIOS if _ruleset_id(p) == ruleset.id and "format-v1" not in p.name]
        cases += [pytest.param(ruleset, path, id=f"{ruleset.id}:{path.stem}") for path in paths]
    return cases


CASES = _cases()


def _player_counts(ruleset: Ruleset, scenario) -> range:
    return range(ruleset.min_players, min(ruleset.max_players, len(scenario.seats)) + 1)


def test_every_registered_ruleset_has_a_scenario_to_be_checked_with():
    assert {case.values[0].id for case in CASES} == {r.id for r in rulesets()}
    assert set(SHIPPED) <= {_ruleset_id(p) for p in SHIPPED_SCENARIOS}


@pytest.mark.parametrize("path", SHIPPED_SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_validates(path):
    scenario = load_scenario(path, get_ruleset)
    assert get_ruleset(scenario.ruleset.id).validate(scenario) == []


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_the_game_starts_for_every_player_count(ruleset, path):
    scenario = load_scenario(path, get_ruleset)
    for players in _player_counts(ruleset, scenario):
        state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
        decision = ruleset.decision(state)
        assert isinstance(decision, (Choice, Chance))
        if isinstance(decision, Choice):
            assert 0 <= decision.seat < players and decision.actions


def _hidden_cards_stay_hidden(ruleset, state, players: int) -> None:
    designer = ruleset.view(state, None)
    for seat in range(players):
        picture = ruleset.view(state, seat)
        assert [p.seat for p in picture.panels] == [p.seat for p in designer.panels]
        assert all(p.hand is None for p in picture.panels if p.hand_size is None), "a hand in a game without hands"
        own = set(designer.panels[seat].hand or ())
        public = {card for area in designer.areas for card in area.cards}
        shown = {card for area in picture.areas for card in area.cards} | set(picture.panels[seat].hand or ())
        for other in range(players):
            if other == seat:
                continue
            panel = picture.panels[other]
            assert panel.hand is None, f"seat {seat + 1} sees seat {other + 1}'s hand"
            assert panel.hand_size == designer.panels[other].hand_size
            secret = set(designer.panels[other].hand or ()) - own - public
            assert not secret & shown, f"seat {seat + 1} sees {sorted(secret & shown)}"


def _only_real_decisions_are_asked(decision: Choice | Chance) -> None:
    """Architecture rule 8: one legal move is carried out by the rules, not asked; only a
    window that hides a secret hand is asked with one move (rule 12)."""
    if isinstance(decision, Choice):
        assert len(decision.actions) > 1 or decision.conceals, f"asked with one move: {decision.prompt}"
    else:
        assert len(decision.outcomes) > 1, f"a chance with one outcome asked: {decision.prompt}"


def _what_was_not_offered_is_refused(ruleset, state, played: list) -> None:
    """``apply`` raises IllegalAction, and changes nothing, for a move the decision does not
    offer: an outcome nobody rolls, every move already played that is not offered again, an
    outcome where a seat must choose, an action where chance must draw, anything at the end."""
    decision = ruleset.decision(state)
    offered = [] if isinstance(decision, End) else (
        decision.actions if isinstance(decision, Choice) else decision.outcomes)
    before = ruleset.digest(state)
    for move in {Outcome("no such outcome"), *played} - set(offered):
        with pytest.raises(IllegalAction):
            ruleset.apply(state, move)
        assert ruleset.digest(state) == before, f"{move} was refused but changed the state"


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_seeded_random_games_end_with_views_clones_and_digests_that_agree(ruleset, path):
    scenario = load_scenario(path, get_ruleset)
    for players in _player_counts(ruleset, scenario):
        state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
        bots = [BOTS["random"]] * players
        played = {}  # one move of each type taken, a chance outcome and each action type
        for number, taken in enumerate(drive(ruleset, state, bots, random.Random(f"contract:{players}"), MAX_STEPS)):
            _only_real_decisions_are_asked(taken.decision)
            _hidden_cards_stay_hidden(ruleset, state, players)
            played[type(taken.move)] = taken.move
            if number % 25 == 0:
                _what_was_not_offered_is_refused(ruleset, state, list(played.values()))
                twin = ruleset.clone(state)
                assert ruleset.digest(twin) == ruleset.digest(state)
                decision = ruleset.decision(state)
                if not isinstance(decision, End):
                    move = (decision.actions if isinstance(decision, Choice) else decision.outcomes)[0]
                    before = ruleset.digest(state)
                    ruleset.apply(twin, move)
                    assert ruleset.digest(state) == before, "a clone shares state with its original"
                    assert ruleset.digest(twin) != before or ruleset.decision(twin) != decision
        end = ruleset.decision(state)
        assert isinstance(end, End)
        _what_was_not_offered_is_refused(ruleset, state, list(played.values()))
        assert len(end.scores) == players and sorted(end.ranking) == list(range(players))


def _example(hint):
    """A value of a type hint, for building an action the random games did not reach."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _example(next(a for a in typing.get_args(hint) if a is not type(None)))
    if origin is tuple:
        return ()
    if origin in (list, set, frozenset):
        return origin()
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint))
    return {str: "x", int: 1, bool: True, float: 1.5}[hint]


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_every_action_type_round_trips_through_the_codec(ruleset, path):
    scenario = load_scenario(path, get_ruleset)
    players = ruleset.min_players
    state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
    seen = {}
    for taken in drive(ruleset, state, [BOTS["random"]] * players, random.Random("codec"), MAX_STEPS):
        for move in (taken.decision.actions if isinstance(taken.decision, Choice) else taken.decision.outcomes):
            seen.setdefault((type(move), move.id), move)
    for action_type in ruleset.action_types:
        if not any(kind is action_type for kind, _ in seen):
            hints = typing.get_type_hints(action_type)
            made = action_type(**{f.alias: _example(hints[f.name]) for f in attrs.fields(action_type) if f.init})
            seen[(action_type, made.id)] = made
    for move in seen.values():
        data = json.loads(json.dumps(move_to_data(move)))
        assert move_from_data(ruleset, data) == move


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_a_move_a_game_tells_in_its_own_words_is_logged_once(ruleset, path, monkeypatch):
    """A move type in ``tells_its_moves`` is written into the log by its handler every time it
    is carried out, so the frame's "(the only move)" line is left out for it: never both."""
    untold, twice = [], []

    def watched(handler):
        def run(state, move, log):
            if log and log[-1].text.endswith(f"{move} (the only move)"):
                twice.append(f"{move}")
            before = len(log)
            handler(state, move, log)
            if len(log) == before:
                untold.append(f"{type(move).__name__} {move}")
        return run

    monkeypatch.setattr(ruleset, "handlers", {kind: watched(handler) if kind in ruleset.tells_its_moves else handler
                                              for kind, handler in type(ruleset).handlers.items()}, raising=False)
    scenario = load_scenario(path, get_ruleset)
    for players in sorted({ruleset.min_players, min(ruleset.max_players, len(scenario.seats))}):
        state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
        for _ in drive(ruleset, state, [BOTS["random"]] * players, random.Random(f"told:{players}"), MAX_STEPS):
            pass
    assert untold == [] and twice == []
