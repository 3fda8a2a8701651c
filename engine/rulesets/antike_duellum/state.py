"""The state of an Antike Duellum game: plain data that the rules mutate.

Only ids and counts live here, so a clone is a few dict, list and set copies; the board's
geography and the card tables are shared, read-only, through ``tables``. Dict keys are
strings (``"legion@roma"``), so the digest's JSON form needs no special handling.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import define, field

from engine.rulesets.antike_duellum.tables import RESOURCES, UNITS_PER_PLAYER

START_GOODS = 3  # of each resource (§4 step 6)


@define
class Pending:
    """A sub-decision owed before the turn goes on (a trade's items, an event's choices)."""

    kind: str  # trade_give, trade_take, merchant_give, merchant_take, gain, coin, recruits,
    # oracle, mutiny, sabotage
    seat: int
    count: int = 1
    items: dict[str, int] = field(factory=dict)  # MERCHANT: what was taken, until it is handed over

    def clone(self) -> Pending:
        return Pending(self.kind, self.seat, self.count, dict(self.items))


@define
class Conquest:
    """A declared conquest (§6.5 step 2): the FORTRESS window, then the attacker's losses."""

    city: str
    defender: int
    stage: str = "fortress"  # fortress, losses
    losses: int = 0  # units the attacker still removes

    def clone(self) -> Conquest:
        return Conquest(self.city, self.defender, self.stage, self.losses)


@define
class Turn:
    """The active player's turn: rondel, action, founding, then persons (§5.1)."""

    seat: int
    step: str = "rondel"  # rondel, begin, action, move, conquer, found, end
    action: str = ""  # the rondel segment's action being carried out
    due: dict[str, int] = field(factory=dict)  # gold/marble/iron (or a coin), fee (coins), any
    due_for: str = ""
    paid: dict[str, int] = field(factory=dict)  # items paid so far for ``due_for``, for the log
    pending: list[Pending] = field(factory=list)
    conquest: Conquest | None = None
    recruitable: dict[str, int] = field(factory=dict)  # units in the box at the turn's start
    special_recruitable: bool = False
    placed: dict[str, int] = field(factory=dict)  # city -> new units this turn (MILITIA limit)
    moved: dict[str, list[int]] = field(factory=dict)  # "unit@region" -> moved units by steps left
    special_left: int = -1  # steps left to the mover's special unit; -1 before it moves
    free: dict[str, int] = field(factory=dict)  # unit -> recruits free of iron (FORGE, SHIPYARD)
    bonus: dict[str, int] = field(factory=dict)  # resource -> +yield per city (GOLD MINE...)
    free_steps: int = 3  # rondel segments without cost (PRIVILEGE: 6)
    diplomacy: bool = False
    academy: int = 0  # gold per opponent technology, paid out when SCIENTIA is used
    pestilence: dict[str, int] = field(factory=dict)  # city -> defence malus
    fortress: dict[str, int] = field(factory=dict)  # city -> defence bonus
    commercium_new: bool = False  # developed this turn: no trading yet (§6.6)
    scholars: int = 0  # technologies developed first this turn
    generals: int = 0  # temples destroyed this turn
    city_lost: bool = False  # the opponent lost a city this turn
    fee_markers: dict[str, str] | None = None  # phase 2's starting cities when A10 is off

    def clone(self) -> Turn:
        return Turn(
            self.seat, self.step, self.action, self.due.copy(), self.due_for, self.paid.copy(),
            [pending.clone() for pending in self.pending] if self.pending else [],
            None if self.conquest is None else self.conquest.clone(),
            self.recruitable.copy(), self.special_recruitable, self.placed.copy(),
            {key: steps.copy() for key, steps in self.moved.items()} if self.moved else {}, self.special_left,
            self.free.copy(), self.bonus.copy(), self.free_steps, self.diplomacy, self.academy,
            self.pestilence.copy(), self.fortress.copy(), self.commercium_new, self.scholars, self.generals,
            self.city_lost, None if self.fee_markers is None else self.fee_markers.copy(),
        )


@define
class DuellumState:
    names: list[str]
    tables: Any = field(eq=False, repr=False)  # Tables: geography, cards, options (shared)
    phase: str = "start"  # start, turn, picks, over
    active: int = 0
    turn_number: int = 0
    goods: list[dict[str, int]] = field(factory=list)  # per seat: gold, marble, iron
    coins: list[int] = field(factory=list)
    rondel: list[int | None] = field(factory=list)  # position of each action marker
    box: list[dict[str, int]] = field(factory=list)  # recruitment box: legion, galley
    reserve: list[dict[str, int]] = field(factory=list)
    special: list[str | None] = field(factory=list)  # region of each special unit; None: in the box
    walls_supply: list[int] = field(factory=list)
    walls_issued: list[int] = field(factory=list)
    techs: list[list[str]] = field(factory=list)
    firsts: list[list[str]] = field(factory=list)  # technologies developed first
    persons: list[list[str]] = field(factory=list)  # person cards held
    hand: list[list[str]] = field(factory=list)  # event cards held
    temples_built: list[int] = field(factory=list)
    owner: dict[str, int] = field(factory=dict)  # city -> seat
    marker: dict[str, str] = field(factory=dict)  # city -> gold, marble or iron
    temples: set[str] = field(factory=set)
    walls: set[str] = field(factory=set)
    legions: list[dict[str, int]] = field(factory=list)  # per seat: region -> count
    galleys: list[dict[str, int]] = field(factory=list)
    stacks: dict[str, list[str]] = field(factory=dict)  # person cards left, per type
    pool: list[str] = field(factory=list)  # the face-down event deck, unordered
    display: list[str] = field(factory=list)
    discard: list[str] = field(factory=list)
    picker: int = 0  # who takes the owed event cards
    picks: int = 0
    turn: Turn | None = None
    winner: int | None = None
    ended: str = ""  # why the game is over, in words
    decision: Any = field(default=None, eq=False, repr=False)  # cached until the next move
    # (person cards left in the stacks, technologies developed first) -> whether anyone can
    # still win: it changes only with them, and every turn asks
    winnable: Any = field(default=None, eq=False, repr=False)

    def units(self, unit: str) -> list[dict[str, int]]:
        return self.legions if unit == "legion" else self.galleys

    def clone(self) -> DuellumState:
        """For checkpoints: a session clones a state every few steps, so each field is copied
        as deep as play changes it, and no further; the names, the scenario's tables and the
        winnability key (a tuple) are shared, and so is the cached decision: Antike's decisions
        are values made from the state alone, so an equal state's is the same, and the search
        bots, which clone a position for every action they try, need not work it out again.
        A duel has two seats: their parts are copied one by one, without a loop (a third of
        the time of a clone, which the search makes some hundred thousand times a game)."""
        goods0, goods1 = self.goods
        box0, box1 = self.box
        reserve0, reserve1 = self.reserve
        techs0, techs1 = self.techs
        firsts0, firsts1 = self.firsts
        persons0, persons1 = self.persons
        hand0, hand1 = self.hand
        legions0, legions1 = self.legions
        galleys0, galleys1 = self.galleys
        return DuellumState(
            self.names, self.tables, self.phase, self.active, self.turn_number,
            [goods0.copy(), goods1.copy()], self.coins.copy(), self.rondel.copy(),
            [box0.copy(), box1.copy()], [reserve0.copy(), reserve1.copy()],
            self.special.copy(), self.walls_supply.copy(), self.walls_issued.copy(),
            [techs0.copy(), techs1.copy()], [firsts0.copy(), firsts1.copy()],
            [persons0.copy(), persons1.copy()], [hand0.copy(), hand1.copy()],
            self.temples_built.copy(), self.owner.copy(), self.marker.copy(), self.temples.copy(), self.walls.copy(),
            [legions0.copy(), legions1.copy()], [galleys0.copy(), galleys1.copy()],
            {kind: cards.copy() for kind, cards in self.stacks.items()},
            self.pool.copy(), self.display.copy(), self.discard.copy(), self.picker, self.picks,
            None if self.turn is None else self.turn.clone(), self.winner, self.ended,
            self.decision, self.winnable,
        )


def new_state(tables: Any, names: Sequence[str]) -> DuellumState:
    """Setup (§4): pieces, 1 wall, 1 legion and 1 galley in the box, the starting cities and
    3 of each resource; the start player and the display are chance steps still to come."""
    players = len(names)
    state = DuellumState(
        names=list(names),
        tables=tables,
        goods=[dict.fromkeys(RESOURCES, START_GOODS) for _ in range(players)],
        coins=[0] * players,
        rondel=[None] * players,
        box=[{"legion": 1, "galley": 1} for _ in range(players)],
        reserve=[{"legion": UNITS_PER_PLAYER - 1, "galley": UNITS_PER_PLAYER - 1} for _ in range(players)],
        special=[None] * players if tables.options.special_units else [],
        walls_supply=[1] * players,
        walls_issued=[1] * players,
        techs=[[] for _ in range(players)],
        firsts=[[] for _ in range(players)],
        persons=[[] for _ in range(players)],
        hand=[[] for _ in range(players)],
        temples_built=[0] * players,
        legions=[{} for _ in range(players)],
        galleys=[{} for _ in range(players)],
        stacks={kind: list(cards) for kind, cards in tables.persons.items()},
        pool=sorted(tables.events),
    )
    for site, resource, seat in tables.starts:
        state.owner[site] = seat
        state.marker[site] = resource
    return state
