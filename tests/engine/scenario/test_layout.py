"""Card layouts as data: bindings, lines left out when empty, inheritance, validation."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, scenario_from_data
from engine.scenario.layout import (
    card_values,
    default_layout,
    fill,
    layout_for,
    resolved_zones,
)
from engine.scenario.model import CardLayout, Zone

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"


def test_bindings_fill_and_a_line_with_only_empty_bindings_is_left_out():
    scenario = load_scenario(HISTORY, get_ruleset)
    minoans = scenario.deck("empires").cards[2]
    values = card_values(minoans)
    assert fill("{name}: {armies} armies\nFleets: {fleets}\nCaravans: {caravans}\n{nope}", values) == \
        "Minoans: 3 armies\nFleets: mediterranean-sea\n{nope}"


def test_a_layout_extends_another():
    base = CardLayout(id="base", card_type="empire", zones=[Zone(content="{name}")])
    child = CardLayout(id="child", card_type="empire", extends="base", zones=[Zone(content="{armies}")])
    looped = CardLayout(id="loop", card_type="empire", extends="loop", zones=[Zone(content="x")])
    layouts = {layout.id: layout for layout in (base, child, looped)}
    assert [z.content for z in resolved_zones(child, layouts)] == ["{name}", "{armies}"]
    assert [z.content for z in resolved_zones(looped, layouts)] == ["x"]


def test_every_shipped_card_type_has_its_own_layout_and_a_default():
    """Issue 31: each shipped game prints its cards with faces of its own; the default stays
    for a card type a scenario gives no layout."""
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        scenario = load_scenario(path, get_ruleset)
        types = get_ruleset(scenario.ruleset.id).card_type_map()
        for deck in scenario.decks:
            for card in deck.cards:
                assert layout_for(card, scenario.layouts, types) in scenario.layouts, (path.name, card.id)
                assert layout_for(card, [], types) == default_layout(types[card.data.type_name])


def test_a_layout_naming_what_does_not_exist_is_located():
    data = json.loads(HISTORY.read_text(encoding="utf-8"))
    data["layouts"] = [
        {"id": "a", "card_type": "spaceship"},
        {"id": "b", "card_type": "empire", "extends": "zz",
         "zones": [{"content": "{armies} {warp}"}, {"show_if": "colour", "width": 0}]},
    ]
    _, problems = scenario_from_data(data, HISTORY.parent, get_ruleset)
    assert [str(p) for p in problems] == [
        "layouts[a].card_type: unknown card type 'spaceship' (known: empire, event, region_tile)",
        "layouts[b].extends: unknown layout 'zz'",
        "layouts[b].zones[0].content: binds {warp}, which empire cards do not have",
        "layouts[b].zones[1]: a zone needs a width and height above 0 mm",
        "layouts[b].zones[1].show_if: empire cards have no field 'colour'",
    ]


def test_a_corner_radius_above_half_the_shorter_side_is_located_and_none_is_square():
    """The corner radius defaults to 0: every face printed before it stays square."""
    scenario = load_scenario(HISTORY, get_ruleset)
    assert all(layout.corner_radius == 0 for layout in scenario.layouts)
    data = json.loads(HISTORY.read_text(encoding="utf-8"))
    data["layouts"] = [{"id": "b", "card_type": "empire", "width": 20, "height": 30, "corner_radius": 10.5},
                       {"id": "c", "card_type": "empire", "corner_radius": 3}]
    _, problems = scenario_from_data(data, HISTORY.parent, get_ruleset)
    assert [str(p) for p in problems] == [
        "layouts[b].corner_radius: a corner radius of 10.5 mm is more than half the card's shorter side (10.0 mm)"]
