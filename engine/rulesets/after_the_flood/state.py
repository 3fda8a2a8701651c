"""The state of a game of After the Flood (§12.2): the pieces of every player, the board,
the round's empires and army table, and the action in progress."""

from __future__ import annotations

from attrs import define, field

from engine.core.decision import Decision
from engine.rulesets.after_the_flood.tables import PLAYERS, Tables


@define(slots=True)
class FloodState:
    tables: Tables = field(eq=False)
    names: list[str]
    supply: dict[str, int]  # the general supply of resources
    held: list[dict[str, int]]  # each player's resources
    workers: dict[str, list[int]]  # foreign area or box -> workers of each player
    workers_general: list[int]
    workers_personal: list[int]
    workers_locked: list[int]  # on the "+70" box of the score track
    armies_general: list[int]
    armies_personal: list[int]
    score: list[int]  # total VP; the track shows it modulo 70
    order: list[int] = field(factory=list)  # turn order, first to last
    phase: str = "order"  # a key of the ruleset's phases
    round: int = 1
    cities: dict[str, int] = field(factory=dict)  # Sumerian area -> owner
    grown: set[str] = field(factory=set)  # areas whose city carries a growth marker
    armies: dict[str, tuple[int, int]] = field(factory=dict)  # area -> (owner, count)
    empire_of: list[str | None] = field(factory=lambda: [None] * PLAYERS)  # created this round
    empire_area: list[str | None] = field(factory=lambda: [None] * PLAYERS)  # its start area
    ranking: list[int] = field(factory=list)  # the army table, A first
    equipment: list[int] = field(factory=lambda: [0] * PLAYERS)  # equipment value this round
    army_table: dict[str, int] = field(factory=dict)  # resources handed in as equipment
    bids: list[dict[str, int]] = field(factory=lambda: [{} for _ in range(PLAYERS)])  # the pass box
    passed: list[bool] = field(factory=lambda: [False] * PLAYERS)
    turn: int = 0  # index into ``order`` of the player acting (phase 3) or growing (phase 5)
    paid: bool = False  # the cost of acting after a pass is paid for this turn
    # the action in progress
    allowance: int = 0  # workers the base placement may still place
    base_space: str | None = None  # where the base placement goes, once begun
    fresh_scribes: int = 0  # scribes placed in this action: not usable in it
    lifted: str | None = None  # where a scribe's relocation took a worker from
    taken: dict[str, list[str]] = field(factory=dict)  # trade: area -> goods taken this action
    sippar_used: bool = False
    wanted: tuple[str, str] | None = None  # trade: (area, good) awaiting what is given for it
    combat: tuple[str, str] | None = None  # (area attacked, "invade" | "create" | "reenter")
    growing: str | None = None  # the city being grown
    luxuries: list[str] = field(factory=list)
    decision: Decision | None = field(default=None, eq=False, repr=False)

    @property
    def active(self) -> int:
        return self.order[self.turn]

    def clone(self) -> FloodState:
        return FloodState(
            tables=self.tables,
            names=self.names,
            supply=dict(self.supply),
            held=[dict(h) for h in self.held],
            workers={space: list(counts) for space, counts in self.workers.items()},
            workers_general=list(self.workers_general),
            workers_personal=list(self.workers_personal),
            workers_locked=list(self.workers_locked),
            armies_general=list(self.armies_general),
            armies_personal=list(self.armies_personal),
            score=list(self.score),
            order=list(self.order),
            phase=self.phase,
            round=self.round,
            cities=dict(self.cities),
            grown=set(self.grown),
            armies=dict(self.armies),
            empire_of=list(self.empire_of),
            empire_area=list(self.empire_area),
            ranking=list(self.ranking),
            equipment=list(self.equipment),
            army_table=dict(self.army_table),
            bids=[dict(b) for b in self.bids],
            passed=list(self.passed),
            turn=self.turn,
            paid=self.paid,
            allowance=self.allowance,
            base_space=self.base_space,
            fresh_scribes=self.fresh_scribes,
            lifted=self.lifted,
            taken={area: list(goods) for area, goods in self.taken.items()},
            sippar_used=self.sippar_used,
            wanted=self.wanted,
            combat=self.combat,
            growing=self.growing,
            luxuries=list(self.luxuries),
        )
