"""The changing state of one game of A Brief History of the World (digest §12.2).

Colours are the game's players; a seat is a person. They are the same except in the
2-player variant, where each person plays two colours (§10.7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import Factory, define, field

from engine.core.decision import Decision
from engine.rulesets.brief_history_of_the_world.tables import Tables


class Armies(dict[str, int]):
    """Territory -> the colour of the army standing there, with the armies of each colour in
    each region counted as they come and go (``regions``), so gold collection (§8.3) reads
    them instead of counting the map. Changed only by item assignment, ``del`` and ``pop``."""

    __slots__ = ("region_of", "regions")

    def __init__(self, region_of: Mapping[str, str]) -> None:
        super().__init__()
        self.region_of = region_of
        self.regions: dict[str, dict[int, int]] = {}  # region -> colour -> armies; no empty entry

    def __setitem__(self, territory: str, colour: int) -> None:
        region = self.region_of.get(territory)
        if region is not None:
            before = self.get(territory)
            if before != colour:
                if before is not None:
                    self._count(region, before, -1)
                colours = self.regions.setdefault(region, {})  # an army arriving: never an empty entry
                colours[colour] = colours.get(colour, 0) + 1
        dict.__setitem__(self, territory, colour)

    def __delitem__(self, territory: str) -> None:
        self.pop(territory)

    def pop(self, territory: str, *default: int | None) -> int | None:  # type: ignore[override]
        region = self.region_of.get(territory)
        if region is not None and territory in self:
            self._count(region, self[territory], -1)
        return dict.pop(self, territory, *default)

    def copy(self) -> Armies:
        twin = Armies(self.region_of)
        dict.update(twin, self)
        twin.regions = {region: dict(colours) for region, colours in self.regions.items()}
        return twin

    def _count(self, region: str, colour: int, change: int) -> None:
        colours = self.regions.setdefault(region, {})
        armies = colours.get(colour, 0) + change
        if armies:
            colours[colour] = armies
        elif len(colours) > 1:
            del colours[colour]
        else:
            del self.regions[region]


@define
class Force:
    """What is on the Resolution board: an empire, a minor empire, a kingdom or an event's
    attacking armies, with the armies it has standing on the map."""

    colour: int
    card: str
    kind: str  # empire, minor, kingdom, raid
    board: int  # armies left to use
    active: set[str] = Factory(set)  # territories of its standing armies
    dial: int = 0
    barbarian: bool = False
    characteristic: str = ""
    monuments: int = 0  # monuments triggered so far (§6.8)
    influence: set[str] = Factory(set)  # armies that may not expand (§10.5)
    crossed: str | None = None  # the Viking army that crossed the Atlantic (§10.2)
    astronomy: bool = False
    region: str | None = None  # where a raid attacks

    def copy(self) -> Force:
        return Force(self.colour, self.card, self.kind, self.board, set(self.active), self.dial, self.barbarian,
                     self.characteristic, self.monuments, set(self.influence), self.crossed, self.astronomy,
                     self.region)


@define
class Invasion:
    """An invasion under way (§7): the army waiting in the target and the dice rolled."""

    target: str
    defender: int
    by_fleet: bool
    crossing: bool
    attack: tuple[int, ...] = ()
    failed: bool = False  # the roll failed: continue or abandon (§7.5)


@define
class Overrun:
    points: int
    defender: int
    last: str  # the territory most recently taken: the chain goes on from here (§7.6)
    by_fleet: bool


@define
class BriefState:
    tables: Tables = field(eq=False, repr=False)
    colours: list[str]
    person: list[int]  # colour -> seat
    gold: list[int]
    stock: list[int]
    hands: list[list[str]]
    arrival: list[int]  # gold-track stacks: the higher, the nearer the top (§8.5)
    clock: int = 0
    phase: str = "order"
    epoch: int = 0
    armies: Armies = Factory(lambda self: Armies(self.tables.region_of), takes_self=True)
    forts: set[str] = Factory(set)
    capitals: set[str] = Factory(set)
    cities: set[str] = Factory(set)
    monuments: set[str] = Factory(set)
    fleets: set[str] = Factory(set)
    values: dict[str, int] = Factory(dict)
    ranking: list[int] = Factory(list)  # at the start of the epoch, first to last
    epoch_gold: list[int] = Factory(list)  # gold at the start of the epoch (A21's other reading)
    empire_packet: list[str] = Factory(list)
    event_packet: list[str] = Factory(list)
    draft_step: int = 0
    first_packet: str = ""  # the middle player's choice in 3 and 5 colour games
    held: dict[str, int] = Factory(dict)  # this epoch's empire cards -> colour
    announced: list[str] = Factory(list)  # empire cards revealed this epoch
    slot: int = 0  # position called in the epoch's list of empires
    force: Force | None = None
    suspended: Force | None = None  # the empire while an event's armies attack
    next_empire: str | None = None  # Aztecs after Incas (§10.3)
    invasion: Invasion | None = None
    overrun: Overrun | None = None
    monuments_due: int = 0
    event_in_play: str | None = None
    pending: str | None = None  # an event waiting for its player's choice of target
    current: int = -1  # the colour whose empire turn it is
    bonus_pool: list[str] = Factory(list)
    bonus_offer: list[str] = Factory(list)
    bonus_step: int = 0
    takers: list[int] = Factory(list)  # this Aftermath's takers of bonus tokens, in order (§5.5)
    bonus: list[list[str]] = Factory(list)
    discards: list[str] = Factory(list)  # events played, face up; an unplayed red one goes unseen (§9.2)
    decision: Decision | None = field(default=None, eq=False, repr=False)
    placements: Any = field(default=None, eq=False, repr=False)  # placements.Placements, kept facts

    def clone(self) -> BriefState:
        return BriefState(
            self.tables, self.colours, self.person, list(self.gold), list(self.stock),
            [list(h) for h in self.hands], list(self.arrival), self.clock, self.phase, self.epoch, self.armies.copy(),
            set(self.forts), set(self.capitals), set(self.cities), set(self.monuments), set(self.fleets),
            dict(self.values), list(self.ranking), list(self.epoch_gold), list(self.empire_packet),
            list(self.event_packet), self.draft_step, self.first_packet, dict(self.held), list(self.announced),
            self.slot, self.force and self.force.copy(), self.suspended and self.suspended.copy(), self.next_empire,
            self.invasion and Invasion(self.invasion.target, self.invasion.defender, self.invasion.by_fleet,
                                       self.invasion.crossing, self.invasion.attack,
                                       self.invasion.failed),
            self.overrun and Overrun(self.overrun.points, self.overrun.defender, self.overrun.last,
                                     self.overrun.by_fleet),
            self.monuments_due, self.event_in_play, self.pending, self.current, list(self.bonus_pool),
            list(self.bonus_offer), self.bonus_step, list(self.takers), [list(b) for b in self.bonus],
            list(self.discards),
        )

    @property
    def options(self):
        return self.tables.options

    def seat(self, colour: int) -> int:
        return self.person[colour]
