"""Issue 28: everything a person reads (a move's label, a prompt, a log line, the picture's
badges, panels, card areas and status) names spaces, cards and resources as the game does,
never by an id: "capital on square 1,1", not "capital on sq-1-1".

Every shipped scenario plays seeded random games; every text of every step, and the picture
as each seat and the designer see it every few steps, is searched for an id-shaped word: a
snake_case word, a word ending in a number after a hyphen (``sq-1-1``, ``infantry-04``) or
any hyphenated id of the scenario (its spaces, regions, decks and cards: ``near-east``)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.core.picture import Picture
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario

ROOT = Path(__file__).parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.json"))
SEEDS = (0, 1)
STEPS = 1500  # enough for every game to reach its middle: battles, markets, explored tiles
PICTURE_EVERY = 15
ID_SHAPED = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z]+[a-z0-9]*(?:-[a-z0-9]+)*-\d+\b")
WORD = re.compile(r"\b[\w-]+\b")


def picture_texts(picture: Picture) -> Iterator[tuple[str, str]]:
    yield "status", picture.status
    yield "round", picture.round
    for piece in picture.pieces:
        yield "piece", piece.label
    for mark in picture.marks:
        yield "badge", mark.label
    for panel in picture.panels:
        yield "panel", panel.name
        yield from (("resource", name) for name in panel.resources)
        yield from (("hand", card) for card in panel.hand or ())
        yield from (("panel line", line) for line in panel.lines)
    for area in picture.areas:
        yield "area", area.name
        yield from (("card", card) for card in area.cards)


def hyphenated_ids(scenario: Scenario) -> frozenset[str]:
    board = scenario.board
    ids = [s.id for s in board.spaces] + [r.id for r in board.regions]
    ids += [d.id for d in scenario.decks] + [c.id for d in scenario.decks for c in d.cards]
    return frozenset(i for i in ids if "-" in i or "_" in i)


def id_words(text: str, ids: frozenset[str]) -> list[str]:
    """The id-shaped words of ``text``."""
    found = [m.group() for m in ID_SHAPED.finditer(text)]
    return found + [w for w in WORD.findall(text) if w in ids and w not in found]


def texts_of_a_game(scenario: Scenario, seed: int) -> Iterator[tuple[str, str]]:
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats
    state = ruleset.start(scenario, seats, scenario.ruleset.options)
    bots = [BOTS["random"]] * len(seats)
    for number, step in enumerate(islice(drive(ruleset, state, bots, random.Random(f"people:{seed}")), STEPS)):
        decision = step.decision
        yield "prompt", decision.prompt
        if isinstance(decision, Choice):
            yield from (("label", action.label) for action in decision.actions)
        yield from (("log", event.text) for event in step.log)
        if number % PICTURE_EVERY == 0:
            for seat in (None, *range(len(seats))):
                yield from picture_texts(ruleset.view(state, seat))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_no_person_reads_an_id(path):
    scenario = load_scenario(path, get_ruleset)
    ids = hyphenated_ids(scenario)
    found: dict[str, str] = {}
    for seed in SEEDS:
        for kind, text in texts_of_a_game(scenario, seed):
            for word in id_words(text, ids):
                found.setdefault(word, f"{kind}: {text}")
    assert not found, "\n".join(f"{word!r} in {where}" for word, where in sorted(found.items())[:20])


@pytest.mark.parametrize("text", ["capital on sq-1-1", "draw (wonder_market)", "near-east: 1/2/3",
                                  "Blue draws infantry-04"])
def test_the_check_finds_an_id(text):
    assert id_words(text, frozenset({"near-east"}))


@pytest.mark.parametrize("text", ["capital on square 1,1", "attack 4-5 +1 = 6 against defence 2-6 = 6",
                                  "Northern Lake-land", "draw a face-down bonus token", "Near East: 1/2/3"])
def test_the_check_passes_words(text):
    assert not id_words(text, frozenset({"near-east", "lake-land"}))
