"""What only History of the World knows is wrong with a scenario."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.history_of_the_world.cards import (
    DEVELOPMENT,
    EPOCHS,
    KINGDOM,
    EmpireCard,
    EventCard,
)
from engine.rulesets.history_of_the_world.effects import ABILITIES, EFFECTS
from engine.scenario.model import Scenario, SpaceKind
from engine.scenario.problems import Problem

WATER = {SpaceKind.SEA, SpaceKind.OCEAN}


def problems(scenario: Scenario) -> list[Problem]:
    kinds = {space.id: space.kind for space in scenario.board.spaces}
    found: list[Problem] = []
    counts: Counter[tuple[str, int]] = Counter()

    def places(path: str, ids: list[str], allowed: set[SpaceKind], what: str) -> None:
        for index, space in enumerate(ids):
            if kinds.get(space) not in allowed and space in kinds:
                found.append(Problem(f"{path}[{index}]", f"{space!r} is not {what}"))

    for deck in scenario.decks:
        for card in deck.cards:
            data = card.data
            path = f"decks[{deck.id}].cards[{card.id}].data"
            if isinstance(data, (EmpireCard, EventCard)):
                places(f"{path}.start_provinces", data.start_provinces, {SpaceKind.LAND}, "a province")
                places(f"{path}.fleets", data.fleets, WATER, "a sea or ocean")
                places(f"{path}.caravans", data.caravans, {SpaceKind.WASTELAND}, "a barren land")
            if isinstance(data, EmpireCard):
                counts[("empire", data.epoch)] += 1
                if not data.start_provinces:
                    found.append(Problem(f"{path}.start_provinces", "an empire needs a start province"))
                if data.ability not in ABILITIES:
                    found.append(Problem(f"{path}.ability", f"unknown ability {data.ability!r}"))
            elif isinstance(data, EventCard):
                counts[("event", data.epoch)] += 1
                if data.kind == KINGDOM and not data.start_provinces:
                    found.append(Problem(f"{path}.start_provinces", "a kingdom needs a start province"))
                elif data.kind == DEVELOPMENT and data.effect not in EFFECTS:
                    found.append(Problem(f"{path}.effect", f"unknown effect {data.effect!r}"))
    for epoch in range(1, EPOCHS + 1):
        for kind in ("empire", "event"):
            if counts[(kind, epoch)] < 6:
                found.append(Problem("decks", f"epoch {epoch} has {counts[(kind, epoch)]} {kind} cards; "
                                     "6 players need at least 6"))
    return found
