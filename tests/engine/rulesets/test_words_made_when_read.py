"""Issue 8: labels, prompts and log lines are made only when something reads them, never in a
headless simulation. A label made once per scenario (a ``tables.py`` table, a module constant,
a per-game ``once(...)`` cache) may be finished text; one made per decision or per step must be
words made when read (``engine/core/text.py``): ``("take {}", name)``.

A static scan (``test_log_words.py``) cannot tell a label made once from one made per decision;
playing tells. Each ruleset plays the same seeded random game twice from one start (the clones
share the scenario's tables): text made once is the very same object in both games, text made
for the decision is an equal but new object in the second. A words tuple is checked the same
way in its template and in its arguments that are text (those with a space: ids such as
``e1-sumerians`` may be cut from a drawn card's value at each step and are not words). The
second game's words are read only after it ended and must read as the first game's did when
they were made, and a third game checks after every step that no words tuple holds one of the
state's own lists or dicts: arguments are values that the game going on cannot change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import attrs
import pytest

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.events import Event
from engine.core.ruleset import Ruleset
from engine.core.text import Words, words
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario

ROOT = Path(__file__).parents[3]
MAX_STEPS = 20_000
SEEDS = ("words:0", "words:1")

Said = tuple[str, Words]  # where the words were given ("prompt", "MoveRondel label"), the words
Reader = Callable[[Any, list[Event]], list[Said]]


def labels_and_prompts(decision: Choice | Chance, log: list[Event]) -> list[Said]:
    moves = decision.actions if isinstance(decision, Choice) else decision.outcomes
    return [("prompt", decision._prompt), *((f"{type(move).__name__} label", move._label) for move in moves)]


def log_lines(decision: Choice | Chance, log: list[Event]) -> list[Said]:
    return [("log line", event._text) for event in log]


def _play(ruleset: Ruleset, state: Any, players: int, seed: str, read: Reader) -> list[list[Said]]:
    bots = [BOTS["random"]] * players
    return [read(taken.decision, taken.log) for taken in drive(ruleset, state, bots, random.Random(seed), MAX_STEPS)]


def _mutable_parts(said: Words) -> list[Any]:
    """The lists, dicts and sets among a words tuple's arguments (a copy is fine, the state's own is not)."""
    parts, found = list(said[1:]) if said.__class__ is tuple else [], []
    while parts:
        part = parts.pop()
        if isinstance(part, (list, dict, set)):
            found.append(part)
        elif part.__class__ is tuple:
            parts += part
    return found


def held_by(state: Any) -> set[int]:
    """The ids of every list, dict and set the state holds, through its attrs fields (not the
    shared tables, not the decision cache, which holds the words themselves)."""
    found: set[int] = set()
    seen: set[int] = set()
    items = [state]
    while items:
        item = items.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, (list, set)):
            found.add(id(item))
            items += item
        elif isinstance(item, dict):
            found.add(id(item))
            items += item.values()
        elif item.__class__ is tuple:
            items += item
        elif attrs.has(type(item)):
            items += [getattr(item, f.name) for f in attrs.fields(type(item)) if f.name not in ("tables", "decision")]
    return found


def _holding_the_state(ruleset: Ruleset, state: Any, players: int, seed: str, read: Reader) -> list[Finding]:
    """Words whose arguments are the state's own lists or dicts, found right after each step."""
    bots, found = [BOTS["random"]] * players, []
    for number, taken in enumerate(drive(ruleset, state, bots, random.Random(seed), MAX_STEPS)):
        mutable = [(where, said, part) for where, said in read(taken.decision, taken.log) for part in _mutable_parts(said)]
        if mutable:
            held = held_by(state)
            found += [Finding(number, where, said, words(said), f"holds the state's own {type(part).__name__} {part!r}")
                      for where, said, part in mutable if id(part) in held]
    return found


def _text_parts(said: Words) -> list[Any]:
    """What of ``said`` is text: all of a string; a tuple's template and its arguments with a space."""
    if said.__class__ is str:
        return [said]
    return [said[0], *(part for part in said[1:] if part.__class__ is str and " " in part)]


def _made_anew(first: Any, second: Any) -> bool:
    """A template function is a bound method at times, a new object at every reading: compared."""
    return second != first if callable(second) else second is not first


class Finding(NamedTuple):
    step: int
    where: str  # "prompt", "MoveRondel label", "log line"
    said: Words
    text: str
    problem: str

    @property
    def kind(self) -> str:
        """Findings of one kind come from one place in the rules: where, and the template (or,
        for finished text, its first two words)."""
        if self.said.__class__ is str:
            return f"{self.where} {self.text.split(' ')[:2]}"
        return f"{self.where} {getattr(self.said[0], '__qualname__', self.said[0])}"


def made_per_step(ruleset: Ruleset, scenario: Scenario, options: Any, players: int, seed: str,
                  read: Reader) -> list[Finding]:
    start = ruleset.start(scenario, scenario.seats[:players], options)
    first = _play(ruleset, ruleset.clone(start), players, seed, read)
    read_first = [[words(said) for _, said in step] for step in first]  # read as they are made
    second = _play(ruleset, ruleset.clone(start), players, seed, read)
    found = _holding_the_state(ruleset, ruleset.clone(start), players, seed, read)
    for number, (made, again, texts) in enumerate(zip(first, second, read_first, strict=True)):
        for (where, said), (_, said_again), text in zip(made, again, texts, strict=True):
            fresh = [part for part, part_again in zip(_text_parts(said), _text_parts(said_again), strict=True)
                     if _made_anew(part, part_again)]
            if fresh:
                found.append(Finding(number, where, said_again, text, f"makes text at every step: {fresh[0]!r}"))
            elif words(said_again) != text:
                found.append(Finding(number, where, said_again, text, f"reads {words(said_again)!r} once the game went on"))
    return found


def _ruleset_id(path: Path) -> str | None:
    ruleset = json.loads(path.read_text(encoding="utf-8")).get("ruleset")
    return ruleset.get("id") if isinstance(ruleset, dict) else None


def _cases() -> list[Any]:
    paths = sorted((ROOT / "scenarios").glob("*.json")) + sorted((ROOT / "tests" / "data").glob("*.json"))
    return [pytest.param(ruleset, path, id=f"{ruleset.id}:{path.stem}") for ruleset in rulesets()
            for path in paths if _ruleset_id(path) == ruleset.id and "format-v1" not in path.name]


CASES = _cases()


def flipped(options: Any) -> Any:
    """Every yes/no option the other way, so rules off the default path are played too."""
    return attrs.evolve(options, **{item.name: not getattr(options, item.name) for item in attrs.fields(type(options))
                                    if isinstance(getattr(options, item.name), bool)})


def findings(ruleset: Ruleset, path: Path, read: Reader) -> list[str]:
    """Every player count, with the scenario's options (two seeds) and with them flipped: the
    first finding of each kind, located."""
    scenario = load_scenario(path, get_ruleset)
    counts = range(ruleset.min_players, min(ruleset.max_players, len(scenario.seats)) + 1)
    usual = scenario.ruleset.options
    games = [*((usual, seed, "") for seed in SEEDS), (flipped(usual), SEEDS[0], ", options flipped")]
    kinds: dict[str, str] = {}
    for players in counts:
        for options, seed, note in games:
            for found in made_per_step(ruleset, scenario, options, players, seed, read):
                kinds.setdefault(found.kind, f"{ruleset.id} ({path.stem}, {players} players, seed {seed!r}{note}) "
                                             f"step {found.step}: {found.where} {found.text!r} {found.problem}")
    return list(kinds.values())


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_labels_and_prompts_are_made_once_or_when_read(ruleset, path):
    found = findings(ruleset, path, labels_and_prompts)
    assert found == [], f"{len(found)} kinds found:\n" + "\n".join(found)


@pytest.mark.parametrize(("ruleset", "path"), CASES)
def test_log_lines_are_made_when_read(ruleset, path):
    found = findings(ruleset, path, log_lines)
    assert found == [], f"{len(found)} kinds found:\n" + "\n".join(found)
