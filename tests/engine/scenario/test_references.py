"""The fields that name a space, found by the same walk a rename follows, and what merging
(re-point) or deleting (clear) the space makes of each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.references import cleared, referrers, repointed

SCENARIOS = Path(__file__).parents[3] / "scenarios"


def raw_and_types(name: str):
    raw = json.loads((SCENARIOS / name).read_text())
    return raw, get_ruleset(raw["ruleset"]["id"]).card_type_map()


def test_a_list_naming_two_merged_spaces_names_the_kept_one_once():
    raw, types = raw_and_types("history-of-the-world.json")
    found = referrers(raw, types, "space", {"andes", "valley-of-mexico"})
    assert [(r.path, r.names, r.optional) for r in found] == [
        ("decks[empires].cards[e4-mesoamericans].data.start_provinces", ("valley-of-mexico", "andes"), False)]
    assert repointed(found[0], {"andes"}, "valley-of-mexico") == ["valley-of-mexico"]
    assert cleared(found[0], {"andes"}) == ["valley-of-mexico"]


def test_connections_are_left_to_the_map_editor_unless_asked_for():
    raw, types = raw_and_types("history-of-the-world.json")
    fields = referrers(raw, types, "space", {"gaul"})
    assert fields and not any(r.path.startswith("board.connections") for r in fields)
    ends = [r for r in referrers(raw, types, "space", {"gaul"}, skip=()) if r not in fields]
    touching = [c for c in raw["board"]["connections"] if "gaul" in (c["a"], c["b"])]
    assert len(ends) == len(touching) and all(r.path.startswith("board.connections[") for r in ends)


def test_a_setup_placement_and_a_required_start_cannot_be_emptied():
    raw, types = raw_and_types("antike-duellum-greece-persia.json")
    found = referrers(raw, types, "space", {"athenae"})
    placement = next(r for r in found if r.path.startswith("setup["))
    assert placement.path == "setup[0].space" and placement.value == "athenae" and not placement.optional
    assert repointed(placement, {"athenae"}, "sparta") == "sparta"
    with pytest.raises(ValueError, match=r"setup\[0\]\.space: Space cannot be left empty"):
        cleared(placement, {"athenae"})
    raw, types = raw_and_types("a-brief-history-of-the-world.json")
    (start,) = referrers(raw, types, "space", {"lower-tigris"})
    assert start.path == "decks[empires].cards[e1-sumerians].data.start" and not start.optional


def test_an_optional_start_is_emptied():
    raw, types = raw_and_types("after-the-flood.json")
    (start,) = referrers(raw, types, "space", {"guti"})
    assert start.optional and start.label == "Start area"
    assert cleared(start, {"guti"}) is None
    assert cleared(start, {"akkad"}) == "guti"  # another space's deletion leaves it alone
