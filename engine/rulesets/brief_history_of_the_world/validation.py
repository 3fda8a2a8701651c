"""What only A Brief History of the World knows is wrong with a scenario."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.brief_history_of_the_world.cards import (
    CHARACTERISTICS,
    EFFECTS,
    EmpireCard,
    EventCard,
    RegionValue,
)
from engine.rulesets.brief_history_of_the_world.tables import EPOCHS
from engine.scenario.model import Scenario, SpaceKind
from engine.scenario.problems import Problem

WATER = {SpaceKind.SEA, SpaceKind.OCEAN}
MOST_COLOURS = 6


def problems(scenario: Scenario) -> list[Problem]:
    kinds = {space.id: space.kind for space in scenario.board.spaces}
    found: list[Problem] = []
    counts: Counter[tuple[str, int]] = Counter()
    starters: Counter[str] = Counter()

    def place(path: str, space: str | None, allowed: set[SpaceKind], what: str) -> None:
        if space is not None and space in kinds and kinds[space] not in allowed:
            found.append(Problem(path, f"{space!r} is not {what}"))

    for deck in scenario.decks:
        for card in deck.cards:
            data = card.data
            path = f"decks[{deck.id}].cards[{card.id}].data"
            if isinstance(data, EmpireCard):
                place(f"{path}.start", data.start, {SpaceKind.LAND}, "a territory")
                for i, area in enumerate(data.fleets):
                    place(f"{path}.fleets[{i}]", area, WATER, "a sea or ocean")
                for i, territory in enumerate(data.influence):
                    place(f"{path}.influence[{i}]", territory, {SpaceKind.LAND}, "a territory")
                if data.characteristic not in CHARACTERISTICS:
                    found.append(Problem(f"{path}.characteristic", f"unknown characteristic {data.characteristic!r}"))
                if data.follows is None:
                    counts[("empire", data.epoch)] += 1
            elif isinstance(data, EventCard):
                if data.effect not in EFFECTS:
                    found.append(Problem(f"{path}.effect", f"unknown effect {data.effect!r}"))
                if data.effect in ("kingdom", "minor_empire") and data.start is None:
                    found.append(Problem(f"{path}.start", f"a {data.effect.replace('_', ' ')} needs a starting "
                                                          "territory"))
                if data.effect in ("barbarians", "civil_war") and data.region is None:
                    found.append(Problem(f"{path}.region", "barbarians and civil wars need a region"))
                place(f"{path}.start", data.start, {SpaceKind.LAND}, "a territory")
                if data.starter:
                    starters[data.starter] += 1
                else:
                    counts[("event", data.epoch)] += 1
            elif isinstance(data, RegionValue) and not 1 <= data.value <= 3:
                found.append(Problem(f"{path}.value", f"a region value is 1, 2 or 3, not {data.value}"))
    for epoch in range(1, EPOCHS + 1):
        for kind in ("empire", "event"):
            if counts[(kind, epoch)] < MOST_COLOURS:
                found.append(Problem("decks", f"epoch {epoch} has {counts[(kind, epoch)]} {kind} cards; "
                                              f"{MOST_COLOURS} players need at least {MOST_COLOURS}"))
    for starter in ("leader", "weaponry"):
        if starters[starter] < MOST_COLOURS:
            found.append(Problem("decks[events]", f"{starters[starter]} {starter} cards; every colour needs one"))
    if len(scenario.seats) < MOST_COLOURS:
        found.append(Problem("seats", f"{len(scenario.seats)} seats; the game needs {MOST_COLOURS} colours"))
    return found
