"""What only Civilization knows is wrong with a scenario: missing decks, malformed squares,
layouts that do not fit the board, abilities and references the rules cannot read."""

from __future__ import annotations

from engine.rulesets.civilization.cards import (
    AGES,
    GREAT_KINDS,
    MINOR_RESULTS,
    PHASES,
    RESOURCES,
    TERRAINS,
    CivSheet,
    EventCard,
    GreatPersonCard,
    LayoutCard,
    MapTile,
    MinorMarker,
    TechCard,
    UnitCard,
    WonderCard,
)
from engine.rulesets.civilization.options import CivilizationOptions
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem

DECKS = ("civs", "tiles", "layouts", "techs", "governments", "units", "buildings", "wonders", "events",
         "great_people", "huts", "villages")
EFFECTS = ("gain_trade", "gain_culture", "production", "deforestation", "drought", "extra_research", "great_person",
           "battle_bonus")
SQUARE_WORDS = {*TERRAINS, *RESOURCES, "wonder", "hut", "village"}


def square_problem(text: str) -> str | None:
    words = text.split()
    if not words or words[0] not in TERRAINS:
        return f"square {text!r} must start with a terrain ({', '.join(TERRAINS)})"
    for word in words[1:]:
        if word in SQUARE_WORDS or (len(word) >= 2 and word[0] in "tpc$" and word[1:].isdigit()):
            continue
        return f"square {text!r}: unknown word {word!r}"
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
    for deck in scenario.decks:
        for card in deck.cards:
            path = f"decks[{deck.id}].cards[{card.id}].data"
            data = card.data
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
            elif isinstance(data, TechCard) and not 1 <= data.level <= 5:
                found.append(Problem(f"{path}.level", "levels run from 1 (I) to 5 (V)"))
            elif isinstance(data, UnitCard) and data.kind not in ("infantry", "mounted", "artillery", "aircraft"):
                found.append(Problem(f"{path}.kind", f"unknown unit type {data.kind!r}"))
            elif isinstance(data, WonderCard) and data.age not in AGES:
                found.append(Problem(f"{path}.age", f"unknown age {data.age!r}"))
            elif isinstance(data, EventCard):
                if data.age not in AGES:
                    found.append(Problem(f"{path}.age", f"unknown age {data.age!r}"))
                if data.phase not in PHASES:
                    found.append(Problem(f"{path}.phase", f"unknown timing {data.phase!r}"))
                if data.effect not in EFFECTS:
                    found.append(Problem(f"{path}.effect", f"unknown effect {data.effect!r}"))
            elif isinstance(data, GreatPersonCard) and data.kind not in GREAT_KINDS:
                found.append(Problem(f"{path}.kind", f"unknown great person type {data.kind!r}"))
            elif isinstance(data, MinorMarker) and (data.site not in ("hut", "village") or data.result not in MINOR_RESULTS):
                found.append(Problem(path, f"a marker is a hut or village showing one of {', '.join(MINOR_RESULTS)}"))
            elif isinstance(data, CivSheet) and not any(
                    isinstance(c.data, MapTile) and c.data.home_of == card.id for c in scenario.deck("tiles").cards):
                found.append(Problem(path, f"no home tile names the {card.name}"))
    layouts = [c.data for c in scenario.deck("layouts").cards if isinstance(c.data, LayoutCard)]
    for players in (2, 3, 4):
        if not any(layout.players == players for layout in layouts):
            found.append(Problem("decks[layouts]", f"no layout for {players} players"))
    if not any(s.id.startswith("culture-") for s in scenario.board.spaces):
        found.append(Problem("board.spaces", "no culture track (spaces culture-0, culture-1, ...)"))
    options = scenario.ruleset.options
    if isinstance(options, CivilizationOptions):
        if options.civ_choice not in ("random", "seat_order"):
            found.append(Problem("ruleset.options.civ_choice", "must be 'random' or 'seat_order'"))
        if options.turn_limit < 0:
            found.append(Problem("ruleset.options.turn_limit", "must be 0 (no limit) or more"))
    return found
