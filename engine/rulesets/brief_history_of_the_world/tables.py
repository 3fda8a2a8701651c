"""What a game of A Brief History reads from its scenario and never changes: the map as the
rules see it, the cards by id and the options. Built once per game and shared by every
state of it (never copied, never compared)."""

from __future__ import annotations

from collections import defaultdict

from attrs import field, frozen

from engine.core.moves import Outcome
from engine.rulesets.brief_history_of_the_world.actions import (
    BuildFort,
    ChooseRegion,
    Overrun,
    PickEmpire,
    PickEvent,
    PlaceMonument,
    PlayEvent,
    TakeBonus,
    Target,
)
from engine.rulesets.brief_history_of_the_world.cards import (
    EPOCHS,
    BonusToken,
    EmpireCard,
    EventCard,
    RegionValue,
)
from engine.rulesets.brief_history_of_the_world.options import BriefHistoryOptions
from engine.rulesets.shared.geography import Geography
from engine.scenario.model import Scenario, SpaceKind

ROUGH = frozenset({"mountain", "forest"})
WATER = (SpaceKind.SEA, SpaceKind.OCEAN)


@frozen(eq=False)
class Tables:
    options: BriefHistoryOptions
    geography: Geography
    names: dict[str, str]  # every space and card id -> its name
    territories: frozenset[str]  # land spaces where armies may stand (wastelands are not)
    region_of: dict[str, str]
    spiral: tuple[str, ...]  # regions in scoring order (§3.1)
    rough: frozenset[str]  # mountain or forest: 2 invasion points (§7.4)
    symbols: dict[str, int]  # resource symbols per territory (§6.8)
    neighbours: dict[str, frozenset[str]]  # land border or strait (§6.2)
    coast: dict[str, frozenset[str]]  # sea or ocean -> the territories it borders
    water: frozenset[str]
    new_world: frozenset[str]  # regions across the Atlantic (``props.new_world``, §10.2)
    empires: dict[str, EmpireCard]
    events: dict[str, EventCard]
    listed: dict[int, dict[int, str]]  # epoch -> order in the epoch's list -> its empire card (§5.4)
    forts: dict[str, BuildFort]  # territory -> building a fort there (§6.7)
    overruns: dict[str, Overrun]  # territory -> overrunning it (§7.6)
    monuments: dict[str, PlaceMonument]  # territory -> a monument there (§6.8)
    seconds: dict[str, str]  # an empire card -> the empire it holds second (Incas -> Aztecs, §10.3)
    values: dict[int, dict[str, int]]  # epoch -> region -> value (§5.3)
    shown_values: dict[int, str]  # epoch -> its region values as the log names them
    bonus: dict[str, int]
    keeps: dict[str, PickEmpire | PickEvent]  # empire or event card -> keeping it in the draft (§5.3)
    plays: dict[str, PlayEvent]  # event card -> playing it (§6.10)
    draws: dict[str, Outcome]  # bonus token -> drawing it face down (§5.5)
    takes: dict[str, TakeBonus]  # bonus token -> keeping it (§5.5)
    plagues: dict[str, ChooseRegion]  # region -> the Black Death striking there (§9.3)
    targets: dict[str, Target]  # territory, sea or ocean -> choosing it for an event (§9.3)
    # ("empire" or "event", epoch) -> the cards drafted, sorted: a second empire (``follows``) is part
    # of its card, a starting Leader or Weaponry is dealt, not drafted
    drafted: dict[tuple[str, int], tuple[str, ...]]
    # worked out once and asked again: moves whose words never change for the same key
    # (play.py) and the coasts a set of fleets reaches
    made: dict = field(factory=dict)

    @classmethod
    def of(cls, scenario: Scenario, options: BriefHistoryOptions) -> Tables:
        """The map is read as History of the World reads it (``shared/geography.py``):
        territories are its provinces, seas and oceans its fleet areas."""
        board = scenario.board
        geography = Geography.of(scenario, ROUGH)
        water = frozenset(a for a, kind in geography.area_kind.items() if kind in WATER)
        circles = sorted((s for s in board.spaces if s.kind is SpaceKind.BOX and "region" in s.props),
                         key=lambda s: s.props.get("order", 0))
        spiral = [str(s.props["region"]) for s in circles]
        spiral += [r.id for r in board.regions if r.id not in spiral]
        values: dict[int, dict[str, int]] = defaultdict(dict)
        cards = [card for deck in scenario.decks for card in deck.cards]
        for card in cards:
            if isinstance(card.data, RegionValue):
                values[card.data.epoch][card.data.region] = card.data.value
        listed: dict[int, dict[int, str]] = defaultdict(dict)
        for card in cards:
            if isinstance(card.data, EmpireCard) and card.data.follows is None:
                listed[card.data.epoch].setdefault(card.data.order, card.id)
        names = {**{r.id: r.name for r in board.regions}, **{s.id: s.name for s in board.spaces},
                 **{c.id: c.name for c in cards}}
        empires = {c.id: c.data for c in cards if isinstance(c.data, EmpireCard)}
        events = {c.id: c.data for c in cards if isinstance(c.data, EventCard)}
        drafted = {("empire", epoch): tuple(sorted(c for c, e in empires.items() if e.epoch == epoch and e.follows is None))
                   for epoch in range(1, EPOCHS + 1)}
        drafted |= {("event", epoch): tuple(sorted(c for c, e in events.items() if e.epoch == epoch and not e.starter))
                    for epoch in range(1, EPOCHS + 1)}
        return cls(
            options=options,
            names=names,
            geography=geography,
            territories=geography.provinces,
            region_of=geography.region_of,
            spiral=tuple(spiral),
            rough=geography.rough,
            symbols=geography.icons,
            neighbours=geography.land_neighbours,
            coast={w: geography.area_borders[w] for w in water},
            water=water,
            new_world=frozenset(r.id for r in board.regions if r.props.get("new_world") is True),
            empires=empires,
            events=events,
            listed=listed,
            forts={t: BuildFort(t, label=f"fort in {names[t]}") for t in geography.provinces},
            overruns={t: Overrun(t, label=f"overrun {names[t]} ({2 if t in geography.rough else 1} points)")
                      for t in geography.provinces},
            monuments={t: PlaceMonument(t, label=f"monument in {names[t]}") for t in geography.provinces},
            seconds={c.data.follows: c.id for c in cards if isinstance(c.data, EmpireCard) and c.data.follows},
            values=dict(values),
            shown_values={epoch: ", ".join(f"{names[r]} {v}" for r, v in values.get(epoch, {}).items()) or "none"
                          for epoch in range(1, EPOCHS + 1)},
            bonus={c.id: c.data.value for c in cards if isinstance(c.data, BonusToken)},
            keeps={**{c: PickEmpire(c, label=f"keep {names[c]}") for c in empires},
                   **{c: PickEvent(c, label=f"keep {names[c]}") for c in events}},
            plays={c: PlayEvent(c, label=f"play {names[c]}") for c in events},
            draws={c.id: Outcome(c.id, ("bonus token worth {}", c.data.value)) for c in cards
                   if isinstance(c.data, BonusToken)},
            takes={c.id: TakeBonus(c.id, label=f"keep the token worth {c.data.value}") for c in cards
                   if isinstance(c.data, BonusToken)},
            plagues={r.id: ChooseRegion(r.id, label=f"plague in {names[r.id]}") for r in board.regions},
            targets={t: Target(t, label=names[t]) for t in geography.provinces | water},
            drafted=drafted,
        )

    def name(self, ident: str) -> str:
        return self.names.get(ident, ident)

    def second_empire(self, card: str) -> str | None:
        return self.seconds.get(card)

    def reach(self, fleets: set[str]) -> set[str]:
        """Water a fleet serves: its own sea or ocean and, for an ocean, its adjacent seas (§6.1.4)."""
        return self.geography.covered(fleets, ())

    def fleet_coast(self, fleets: set[str]) -> frozenset[str]:
        """The territories the fleets reach, worked out once per set of fleets."""
        key = frozenset(fleets)
        coast = self.made.get(key)
        if coast is None:
            coast = self.made[key] = frozenset().union(*[self.coast[area] for area in self.reach(fleets)])
        return coast
