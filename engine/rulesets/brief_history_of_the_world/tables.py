"""What a game of A Brief History reads from its scenario and never changes: the map as the
rules see it, the cards by id and the options. Built once per game and shared by every
state of it (never copied, never compared)."""

from __future__ import annotations

from collections import defaultdict

from attrs import frozen

from engine.rulesets.brief_history_of_the_world.cards import (
    BonusToken,
    EmpireCard,
    EventCard,
    RegionValue,
)
from engine.rulesets.brief_history_of_the_world.options import BriefHistoryOptions
from engine.scenario.model import ConnectionKind, Scenario, SpaceKind

EPOCHS = 6
ROUGH = frozenset({"mountain", "forest"})
WATER = (SpaceKind.SEA, SpaceKind.OCEAN)


@frozen(eq=False)
class Tables:
    options: BriefHistoryOptions
    names: dict[str, str]  # every space and card id -> its name
    territories: frozenset[str]  # land spaces where armies may stand (wastelands are not)
    region_of: dict[str, str]
    spiral: tuple[str, ...]  # regions in scoring order (§3.1)
    rough: frozenset[str]  # mountain or forest: 2 invasion points (§7.4)
    symbols: dict[str, int]  # resource symbols per territory (§6.8)
    neighbours: dict[str, frozenset[str]]  # land border or strait (§6.2)
    coast: dict[str, frozenset[str]]  # sea or ocean -> the territories it borders
    ocean_seas: dict[str, frozenset[str]]  # ocean -> its adjacent seas (§6.1.4)
    water: frozenset[str]
    new_world: frozenset[str]  # regions across the Atlantic (``props.new_world``, §10.2)
    empires: dict[str, EmpireCard]
    events: dict[str, EventCard]
    values: dict[int, dict[str, int]]  # epoch -> region -> value (§5.3)
    bonus: dict[str, int]

    @classmethod
    def of(cls, scenario: Scenario, options: BriefHistoryOptions) -> Tables:
        board = scenario.board
        kind = {s.id: s.kind for s in board.spaces}
        territories = {s.id for s in board.spaces if s.kind is SpaceKind.LAND}
        neighbours: dict[str, set[str]] = {t: set() for t in territories}
        coast: dict[str, set[str]] = {s.id: set() for s in board.spaces if s.kind in WATER}
        ocean_seas: dict[str, set[str]] = {w: set() for w, k in kind.items() if k is SpaceKind.OCEAN}
        for c in board.connections:
            a, b = c.a, c.b
            if a in territories and b in territories and c.kind in (ConnectionKind.LAND, ConnectionKind.STRAIT):
                neighbours[a].add(b)
                neighbours[b].add(a)
            for x, y in ((a, b), (b, a)):
                if x in coast and y in territories:
                    coast[x].add(y)
                if kind.get(x) is SpaceKind.OCEAN and kind.get(y) is SpaceKind.SEA:
                    ocean_seas[x].add(y)
        circles = sorted((s for s in board.spaces if s.kind is SpaceKind.BOX and "region" in s.props),
                         key=lambda s: s.props.get("order", 0))
        spiral = [str(s.props["region"]) for s in circles]
        spiral += [r.id for r in board.regions if r.id not in spiral]
        values: dict[int, dict[str, int]] = defaultdict(dict)
        cards = [card for deck in scenario.decks for card in deck.cards]
        for card in cards:
            if isinstance(card.data, RegionValue):
                values[card.data.epoch][card.data.region] = card.data.value
        return cls(
            options=options,
            names={**{r.id: r.name for r in board.regions}, **{s.id: s.name for s in board.spaces},
                   **{c.id: c.name for c in cards}},
            territories=frozenset(territories),
            region_of={s.id: s.region for s in board.spaces if s.id in territories and s.region},
            spiral=tuple(spiral),
            rough=frozenset(s.id for s in board.spaces if s.id in territories and ROUGH & set(s.terrain)),
            symbols={s.id: len(s.resources) for s in board.spaces if s.id in territories and s.resources},
            neighbours={t: frozenset(n) for t, n in neighbours.items()},
            coast={w: frozenset(n) for w, n in coast.items()},
            ocean_seas={w: frozenset(n) for w, n in ocean_seas.items()},
            water=frozenset(coast),
            new_world=frozenset(r.id for r in board.regions if r.props.get("new_world") is True),
            empires={c.id: c.data for c in cards if isinstance(c.data, EmpireCard)},
            events={c.id: c.data for c in cards if isinstance(c.data, EventCard)},
            values=dict(values),
            bonus={c.id: c.data.value for c in cards if isinstance(c.data, BonusToken)},
        )

    def name(self, ident: str) -> str:
        return self.names.get(ident, ident)

    def epoch_empires(self, epoch: int) -> list[str]:
        """The cards drafted in ``epoch``: a second empire (``follows``) is part of its card."""
        return sorted(c for c, e in self.empires.items() if e.epoch == epoch and e.follows is None)

    def epoch_events(self, epoch: int) -> list[str]:
        return sorted(c for c, e in self.events.items() if e.epoch == epoch and not e.starter)

    def second_empire(self, card: str) -> str | None:
        return next((c for c, e in self.empires.items() if e.follows == card), None)

    def reach(self, fleets: set[str]) -> set[str]:
        """Water a fleet serves: its own sea or ocean and, for an ocean, its adjacent seas (§6.1.4)."""
        served = set(fleets)
        for area in fleets:
            served |= self.ocean_seas.get(area, frozenset())
        return served
