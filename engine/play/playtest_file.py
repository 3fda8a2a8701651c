"""The playtest file's shape as attrs classes: read by cattrs, and the source of the JSON
Schema of playtest files (``epoch schema``), as the scenario's classes are of its schema.

cattrs checks the shape here: every key known, every value of its type, each problem located
(``steps[4].forced: expected true or false, found text 'yes'``). What only the game knows
(seats against the scenario's, options against the ruleset's, moves against the rules) is
checked by ``playtest.py`` as it replays. Every field a later format added has a default, so
a file saved before it (no ``draw`` per step, no scenario digest, no header digests) still
reads.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any

import attrs
from attrs import define

from engine.core.moves import Action
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.scenario.model import Seat, described
from engine.scenario.schema import DIALECT, Builder, RulesetTypes

PLAYTEST_FORMAT = 2  # 2: the header's digests (playtest_header.py); 1 still opens
KIND = "epoch-playtest"


@define
class ScenarioReference:
    """Where the scenario is: a file found by its path from the playtest's folder (or beside
    the playtest by its digest, when the two were moved or sent on together), or a copy of
    the whole scenario inside the playtest, so it opens in any folder."""

    path: str | None = described("Path", "The scenario file, relative to the playtest's folder", default=None)
    digest: str | None = described(
        "Digest", "SHA-256 of the scenario's canonical text, to recognise a moved copy", default=None)
    embedded: dict[str, Any] | None = described(
        "Embedded scenario", "A scenario file's whole content (scenario.schema.json)", default=None)


@define
class PlaytestSeat(Seat):
    """A seat of the scenario, and who plays it."""

    controller: str = described("Controller", "human, or the bot that plays the seat (random, greedy, search)",
                                default="human")


@define
class StepRecord:
    """One step of the playtest's tree: the move that leads to it from its parent step."""

    parent: int | None = described("Parent", "The step this one follows; none for the game's start",
                                   default=None, min=0)
    move: dict[str, Any] | None = described(
        "Move", "The action a seat took or the chance outcome; none for the game's start", default=None)
    forced: bool = described("Forced", "A chance outcome a person chose rather than rolled", default=False)
    draw: int = described("Draw", "Which draw from the seed took this step: 0 the seeded one, more for Roll Again",
                          default=0, min=0)
    note: str = described("Note", "The designer's note on this step", default="")


@define
class PlaytestFile:
    """A playtest: the moves from the game's start, never states, and the state digests that
    prove a replay reproduced them."""

    format_version: int = described("Format version", "The playtest format's version")
    kind: str = described("Kind", "Always epoch-playtest")
    scenario: ScenarioReference = described("Scenario", "A path to the scenario or an embedded copy")
    ruleset: str = described("Ruleset", "The id of the scenario's ruleset")
    seats: list[PlaytestSeat] = described("Seats", "The seats that play, in turn order, and who plays each")
    seed: int = described("Seed", "Seeds every chance step the playtest rolled", min=SEED_MIN, max=SEED_MAX)
    steps: list[StepRecord] = described("Steps", "Every step of the tree; the first is the game's start")
    current: int = described("Current step", "The step the playtest was at when saved", min=0)
    options: dict[str, Any] = described(
        "Options", "The ruleset's options for this game (its defaults where left out); read by the ruleset",
        factory=dict)
    bookmarks: dict[str, int] = described("Bookmarks", "Named steps", factory=dict)
    digests: dict[str, str] = described(
        "Digests", "The state digest of the current step and of every leaf, by step number", factory=dict)
    header: dict[str, str] = described(
        "Header digests", "SHA-256 of the options and of each seat with its controller (options, seats[0], ...), "
        "as saved; from format 2", factory=dict)


OUTCOME = {"type": "object", "title": "Chance outcome", "required": ["outcome"], "additionalProperties": False,
           "properties": {"outcome": {"type": ["integer", "string"], "title": "Outcome"},
                          "label": {"type": "string", "title": "Label"}}}


class PlaytestRuleset(RulesetTypes, typing.Protocol):
    """What a playtest schema needs of a ruleset besides the scenario's: its action types."""

    action_types: tuple[type[Action], ...]


def _move_schema(builder: Builder, action_type: type[Action]) -> dict[str, Any]:
    """An action as the codec writes it: its type tag, its label, its fields."""
    hints = typing.get_type_hints(action_type)
    properties: dict[str, Any] = {"action": {"const": action_type.type_tag(), "title": "Action"},
                                  "label": {"type": "string", "title": "Label"}}
    required = ["action"]
    for item in attrs.fields(action_type):
        if item.name == "_label":
            continue
        properties[item.name] = builder.type(hints[item.name])
        if item.default is attrs.NOTHING:
            required.append(item.name)
    schema = {"type": "object", "title": action_type.type_tag(), "properties": properties, "required": required,
              "additionalProperties": False}
    if action_type.__doc__:
        schema["description"] = " ".join(action_type.__doc__.split())
    return schema


def playtest_schema(rulesets: Iterable[PlaytestRuleset]) -> dict[str, Any]:
    """The schema of a playtest file of one of ``rulesets``: per ruleset id, its options
    and its moves (every action type, or a chance outcome)."""
    rulesets = sorted(rulesets, key=lambda r: r.id)
    builder = Builder()
    body = builder.attrs_class(PlaytestFile)
    properties = body["properties"]
    properties["format_version"] = {"type": "integer", "minimum": 1, "maximum": PLAYTEST_FORMAT,
                                    "title": "Format version"}
    properties["kind"] = {"const": KIND, "title": "Kind"}
    properties["ruleset"] = {"enum": [r.id for r in rulesets], "title": "Ruleset"}
    reference = builder.defs[builder.ref(ScenarioReference)["$ref"].rsplit("/", 1)[1]]
    reference["oneOf"] = [{"required": ["path"], "not": {"required": ["embedded"]}},
                          {"required": ["embedded"], "not": {"required": ["path"]}}]
    conditions = []
    for ruleset in rulesets:
        moves = [OUTCOME, *(_move_schema(builder, action_type) for action_type in ruleset.action_types)]
        conditions.append({
            "if": {"properties": {"ruleset": {"const": ruleset.id}}},
            "then": {"properties": {
                "options": builder.ref(ruleset.options_type),
                "steps": {"items": {"properties": {"move": {"anyOf": [{"type": "null"}, *moves]}}}},
            }},
        })
    title = rulesets[0].title if len(rulesets) == 1 else "any shipped ruleset"
    return {"$schema": DIALECT, "title": f"Epoch Studio playtest ({title})", **body, "allOf": conditions,
            "$defs": builder.defs}


def playtest_schema_files(rulesets: Iterable[PlaytestRuleset]) -> dict[str, dict[str, Any]]:
    """File name to schema: one for any of ``rulesets`` and one per ruleset."""
    rulesets = list(rulesets)
    files = {"playtest.schema.json": playtest_schema(rulesets)}
    for ruleset in rulesets:
        files[f"playtest.{ruleset.id}.schema.json"] = playtest_schema([ruleset])
    return files
