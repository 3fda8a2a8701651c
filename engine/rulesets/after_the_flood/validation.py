"""What only After the Flood knows is wrong with a scenario: the two map regions, the city
abilities, the worker boxes, goods and points, and the round-and-empire table."""

from __future__ import annotations

from engine.rulesets.after_the_flood.cards import EmpireEntry
from engine.rulesets.after_the_flood.tables import (
    ABILITIES,
    BOXES,
    FOREIGN,
    SUMER,
    VALUE,
)
from engine.scenario.model import Scenario, SpaceKind
from engine.scenario.problems import Problem


def problems(scenario: Scenario) -> list[Problem]:
    found: list[Problem] = []
    spaces = {space.id: space for space in scenario.board.spaces}
    for index, space in enumerate(scenario.board.spaces):
        path = f"board.spaces[{space.id}]"
        if space.region == SUMER and str(space.props.get("city_ability", "none")) not in ABILITIES:
            found.append(Problem(f"{path}.props.city_ability", f"unknown ability {space.props['city_ability']!r}; "
                                 f"one of {', '.join(ABILITIES)}"))
        if space.region == FOREIGN:
            found += [Problem(f"{path}.resources[{i}]", f"{good!r} is not a resource")
                      for i, good in enumerate(space.resources) if good not in VALUE]
        if "vp" in space.props and not isinstance(space.props["vp"], int):
            found.append(Problem(f"{path}.props.vp", "must be a whole number"))
    sumerian = [s for s in spaces.values() if s.region == SUMER]
    if len(sumerian) != 9:
        found.append(Problem("board.spaces", f"After the Flood has 9 Sumerian areas (region 'sumer'), not {len(sumerian)}"))
    for box in BOXES:
        if box not in spaces or spaces[box].kind is not SpaceKind.BOX:
            found.append(Problem("board.spaces", f"the worker box {box!r} is missing (a space of kind box)"))
    rounds: dict[int, int] = {}
    for deck in scenario.decks:
        for card in deck.cards:
            data = card.data
            if not isinstance(data, EmpireEntry):
                continue
            path = f"decks[{deck.id}].cards[{card.id}].data"
            rounds[data.round] = rounds.get(data.round, 0) + 1
            if data.start is not None and data.start in spaces and spaces[data.start].region != FOREIGN:
                found.append(Problem(f"{path}.start", f"{data.start!r} is not a foreign area"))
    if not rounds:
        found.append(Problem("decks", "the round-and-empire table (cards of type 'empire') is empty"))
    return found
