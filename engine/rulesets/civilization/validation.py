"""What only Civilization knows is wrong with a scenario: missing decks, malformed squares,
layouts that do not fit the board, abilities and references the rules cannot read."""

from __future__ import annotations

from engine.rulesets.civilization.cards import (
    RESOURCES,
    TERRAINS,
    UNIT_KINDS,
    CivSheet,
    EventCard,
    LayoutCard,
    MapTile,
)
from engine.rulesets.civilization.space_props import Age, Reward
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem

DECKS = ("civs", "tiles", "layouts", "techs", "governments", "units", "buildings", "wonders", "events",
         "great_people", "huts", "villages")
EFFECTS = ("gain_trade", "gain_culture", "production", "deforestation", "drought", "extra_research", "great_person",
           "battle_bonus")
SQUARE_WORDS = {*TERRAINS, *RESOURCES, "wonder", "hut", "village"}
# Every ability id the rules read (abilities.py), with the values that follow it: N a number,
# R a resource, B a building, G a government, K a unit type, L a level 1-4, W a wonder.
# ``coin`` is 1 coin on a technology, ``coin:N`` coins while a government or wonder is in effect.
ABILITIES = {
    "speed": ("N",), "stack": ("N",), "hand": ("N",), "event_limit": ("N",), "city_limit": ("N",),
    "city_trade": ("N",), "city_production": ("N",), "arts": ("N",), "research_keep": ("N",), "defence": ("N",),
    "battle": ("N",), "coin": ("", "N"), "water:enter": ("",), "water:end": ("",), "build": ("B",),
    "upgrade": ("B",), "government": ("G",), "unit": ("KL",), "obsolete": ("W",), "aircraft": ("",),
    "produce_twice": ("",), "anarchy": ("",), "space_flight": ("",), "culture_for": ("RN",),
    "trade_for": ("RN",), "coins_for": ("RN",), "production_for": ("RN",), "wounds_for": ("RN",),
    "great_person_for": ("R",),
}


def square_problem(text: str) -> str | None:
    words = text.split()
    if not words or words[0] not in TERRAINS:
        return f"square {text!r} must start with a terrain ({', '.join(TERRAINS)})"
    for word in words[1:]:
        if word in SQUARE_WORDS or (len(word) >= 2 and word[0] in "tpc$" and word[1:].isdigit()):
            continue
        return f"square {text!r}: unknown word {word!r}"
    return None


def ability_problem(token: str, cards: dict[str, set[str]]) -> str | None:
    """Why the rules cannot read ``token``, or None."""
    name, *values = token.split(":")
    if token in ABILITIES:
        name, values = token, []
    forms = ABILITIES.get(name)
    if forms is None:
        return f"unknown ability {token!r} (known: {', '.join(sorted(ABILITIES))})"
    form = next((f for f in forms if len(f) == len(values)), None)
    if form is None:
        counts = " or ".join(str(len(f)) for f in forms)
        return f"ability {token!r} takes {counts} value(s) after its name, found {len(values)}"
    for kind, value in zip(form, values):
        if kind == "N" and not value.isdigit():
            return f"ability {token!r}: {value!r} is not a whole number"
        if kind == "L" and value not in ("1", "2", "3", "4"):
            return f"ability {token!r}: a level is 1 to 4, found {value!r}"
        if kind == "R" and value not in RESOURCES:
            return f"ability {token!r}: unknown resource {value!r} ({', '.join(RESOURCES)})"
        if kind == "K" and value not in UNIT_KINDS:
            return f"ability {token!r}: unknown unit type {value!r}"
        if kind in cards and value not in cards[kind]:
            return f"ability {token!r}: no card {value!r} in the scenario"
    return None


def problems(scenario: Scenario) -> list[Problem]:
    found: list[Problem] = []
    ids = {d.id for d in scenario.decks}
    for deck in DECKS:
        if deck not in ids:
            found.append(Problem("decks", f"Civilization needs a deck with id {deck!r}"))
    if found:
        return found
    regions = {r.id: r for r in scenario.board.regions}
    slots = {r for r in regions if sum(1 for s in scenario.board.spaces if s.region == r) == 16}
    tiles = {c.id for c in scenario.deck("tiles").cards}
    cards = {"B": {c.id for c in scenario.deck("buildings").cards},
             "G": {c.id for c in scenario.deck("governments").cards},
             "W": {c.id for c in scenario.deck("wonders").cards}}
    for deck in scenario.decks:
        for card in deck.cards:
            path = f"decks[{deck.id}].cards[{card.id}].data"
            data = card.data
            for index, token in enumerate(getattr(data, "abilities", ())):
                message = ability_problem(token, cards)
                if message:
                    found.append(Problem(f"{path}.abilities[{index}]", message))
            if isinstance(data, MapTile):
                if len(data.squares) != 16:
                    found.append(Problem(f"{path}.squares", f"a tile has 16 squares, found {len(data.squares)}"))
                for index, text in enumerate(data.squares):
                    message = square_problem(text)
                    if message:
                        found.append(Problem(f"{path}.squares[{index}]", message))
            elif isinstance(data, LayoutCard):
                for slot in [*data.homes, *data.neutral]:
                    if slot in regions and slot not in slots:
                        found.append(Problem(f"{path}", f"slot {slot!r} is not a region of 16 squares"))
                if len(data.homes) != data.players or len(data.arrows) != data.players:
                    found.append(Problem(path, "a layout names one home slot and one arrow per player"))
                if any(a not in "NESW" or len(a) != 1 for a in data.arrows):
                    found.append(Problem(f"{path}.arrows", "arrows are N, E, S or W"))
                if len(data.neutral) > len(tiles) - 6:
                    found.append(Problem(f"{path}.neutral", "more neutral slots than neutral tiles"))
            elif isinstance(data, EventCard) and data.effect not in EFFECTS:
                found.append(Problem(f"{path}.effect", f"unknown effect {data.effect!r}"))
            elif isinstance(data, CivSheet) and not any(
                    isinstance(c.data, MapTile) and c.data.home_of == card.id for c in scenario.deck("tiles").cards):
                found.append(Problem(path, f"no home tile names the {card.name}"))
    layouts = [c.data for c in scenario.deck("layouts").cards if isinstance(c.data, LayoutCard)]
    for players in (2, 3, 4):
        if not any(layout.players == players for layout in layouts):
            found.append(Problem("decks[layouts]", f"no layout for {players} players"))
    if not any(s.id.startswith("culture-") for s in scenario.board.spaces):
        found.append(Problem("board.spaces", "no culture track (spaces culture-0, culture-1, ...)"))
    found += prop_problems(scenario)
    return found


TRACK_PROPS = ("step", "cost_culture", "cost_trade", "reward", "age")
CHOICES = {"reward": tuple(r.value for r in Reward), "age": tuple(a.value for a in Age)}


def prop_problems(scenario: Scenario) -> list[Problem]:
    """The props the rules read (``space_props.py``): a square's grid place and every culture
    track space's step, costs, reward and age, which the rules would otherwise trip over."""
    found = []
    steps = []
    for space in scenario.board.spaces:
        path = f"board.spaces[{space.id}].props"
        wanted = TRACK_PROPS if space.id.startswith("culture-") else ("col", "row") if "col" in space.props else ()
        for name in wanted:
            value = space.props.get(name)
            if name in CHOICES:
                if value not in CHOICES[name]:
                    found.append(Problem(f"{path}.{name}", f"must be one of {', '.join(CHOICES[name])}"))
            elif type(value) is not int or value < 0:
                found.append(Problem(f"{path}.{name}", "must be a whole number, 0 or more"))
        if space.id.startswith("culture-") and type(space.props.get("step")) is int:
            steps.append(space.props["step"])
    if steps and sorted(steps) != list(range(len(steps))):
        found.append(Problem("board.spaces", "the culture track's steps must run 0, 1, 2, ... without a gap"))
    return found + grid_problems(scenario)


def grid_problems(scenario: Scenario) -> list[Problem]:
    """The rules find a square's neighbours and a tile's squares by grid place: two squares on
    one place, or a tile slot whose squares are not 4 x 4 in a block, would put tiles and
    figures on squares that are not where the map shows them, or on none."""
    found = []
    places: dict[tuple[int, int], str] = {}
    slots: dict[str, set[tuple[int, int]]] = {}
    misplaced: set[str] = set()  # slots with a square whose place prop_problems already reports
    for space in scenario.board.spaces:
        if "col" not in space.props or space.id.startswith("culture-"):
            continue
        col, row = space.props.get("col"), space.props.get("row")
        if not all(type(n) is int and n >= 0 for n in (col, row)):
            misplaced.add(space.region)
            continue
        other = places.setdefault((col, row), space.id)
        if other != space.id:
            found.append(Problem(f"board.spaces[{space.id}].props", f"col {col}, row {row}: {other} is there too"))
        slots.setdefault(space.region, set()).add((col, row))
    for slot, squares in slots.items():
        if slot in misplaced:
            continue
        left, top = min(col for col, _ in squares), min(row for _, row in squares)
        block = {(left + dx, top + dy) for dx in range(4) for dy in range(4)}
        if squares != block:
            parts = [f"{what}: {', '.join(f'col {col} row {row}' for col, row in sorted(where))}"
                     for what, where in (("outside it", squares - block), ("no square", block - squares)) if where]
            found.append(Problem(f"board.regions[{slot}]", (
                f"a tile slot is 4 x 4 squares in a block, here columns {left} to {left + 3} and rows "
                f"{top} to {top + 3}; {'; '.join(parts)}")))
    return found
