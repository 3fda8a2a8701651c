"""The state of a History of the World game: plain data that the rules mutate.

Only ids and counts live here, so a clone is a few dict and set copies; the board's
geography and the card tables are shared, read-only, through ``tables``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import define, field

from engine.rulesets.history_of_the_world.tables import ARMIES_PER_PLAYER


@define
class Battle:
    """One battle or siege in progress (digest §7)."""

    target: str
    via: str
    defender: int
    defence_dice: int  # 1, or 2 in a fortified province
    attack: list[int] = field(factory=list)  # dice rolled so far
    defence: list[int] = field(factory=list)
    attack_rerolls: int = 0
    defence_rerolls: int = 0
    rerolling: tuple[str, int] | None = None  # (side, die) awaiting its new value
    reroll_turn: str = "attacker"
    passes: int = 0  # consecutive passes in the reroll exchange
    catapult_armies: int = 0
    catapult_tokens: int = 0
    catapult: int = 0  # highest catapult space in use: 0, 1, 2 or 3
    lost: bool = False  # the attacker lost and must choose siege or retreat

    def clone(self) -> Battle:
        return Battle(self.target, self.via, self.defender, self.defence_dice, list(self.attack),
                      list(self.defence), self.attack_rerolls, self.defence_rerolls, self.rerolling,
                      self.reroll_turn, self.passes, self.catapult_armies, self.catapult_tokens,
                      self.catapult, self.lost)


@define
class Turn:
    """The active player's turn: the empire, or first the kingdom (digest §6)."""

    seat: int
    empire: str
    kingdom: str | None = None  # a drafted kingdom not yet played or skipped
    card: str = ""  # the card whose armies are acting: the kingdom's, then the empire's
    step: str = "kingdom"  # kingdom, conquest, effect, developments (A9), pyramids, monuments, forts, score
    card_armies: int = 0
    card_tokens: int = 0
    fleets: list[str] = field(factory=list)
    caravans: list[str] = field(factory=list)
    monuments_due: int = 0
    forts_due: int = 0
    developments: list[str] = field(factory=list)  # played this turn
    effect: str = ""  # a development acting on the board, target by target
    effect_left: int = 0
    effect_region: str | None = None  # catastrophe strikes one region
    effect_done: list[str] = field(factory=list)  # each target is chosen at most once
    momentum: str | None = None  # battle_chain: the province of the last battle won
    conquered: bool = False  # a conquest has been made this turn
    battle: Battle | None = None

    def clone(self) -> Turn:
        return Turn(self.seat, self.empire, self.kingdom, self.card, self.step, self.card_armies,
                    self.card_tokens, list(self.fleets), list(self.caravans), self.monuments_due,
                    self.forts_due, list(self.developments), self.effect, self.effect_left,
                    self.effect_region, list(self.effect_done), self.momentum, self.conquered,
                    None if self.battle is None else self.battle.clone())


@define
class HistoryState:
    names: list[str]
    tables: Any = field(eq=False, repr=False)  # Tables: geography, cards, options (shared)
    epoch: int = 0  # 0 before the first epoch
    phase: str = "order"  # order, deal, draft, turns, over
    score: list[int] = field(factory=list)
    start_order: list[int] = field(factory=list)  # seats in the order their markers were drawn
    pool: list[str] = field(factory=list)  # this epoch's cards still undealt (events, empires)
    event_pile: list[str] = field(factory=list)
    empire_pile: list[str] = field(factory=list)
    ranking: list[int] = field(factory=list)  # seats, most points first, for this draft
    draft_step: int = 0
    draft_first: str | None = None  # the middle player's chosen pile
    classic_card: str | None = None  # classic draft (§10.1): the card just drawn
    classic_holder: int | None = None  # classic draft: who holds the pile now
    classic_got: list[int] = field(factory=list)  # classic draft: seats served from this pile
    drafted_empire: list[str | None] = field(factory=list)
    kingdoms: list[str | None] = field(factory=list)  # a kingdom drafted this epoch
    hand: list[list[str]] = field(factory=list)  # developments, kept for later epochs
    tiles: dict[str, str] = field(factory=dict)  # region -> region tile card id
    armies: dict[str, int] = field(factory=dict)  # province -> owner
    active: set[str] = field(factory=set)  # provinces whose army stands
    capitals: set[str] = field(factory=set)
    cities: set[str] = field(factory=set)
    monuments: set[str] = field(factory=set)
    forts: set[str] = field(factory=set)
    supply: list[int] = field(factory=list)  # armies in each player's personal supply
    queue: list[str] = field(factory=list)  # empire cards still to be called this epoch
    turn: Turn | None = None
    tie: tuple[int, int] | None = None  # (seat, direction or 0 when undecided)
    decision: Any = field(default=None, eq=False, repr=False)  # cached until the next move
    front: Any = field(default=None, eq=False, repr=False)  # front.Front: kept conquest targets

    def clone(self) -> HistoryState:
        """For checkpoints: every field copied, the scenario's tables shared, no cache kept.
        Written out field by field, as Antike Duellum's is: a session clones at every 64th
        step, and in play this costs 11 us where ``copy_plain``'s walk over the fields cost 26.
        tests/engine/rulesets/history_of_the_world/test_clone.py finds a field left out."""
        return HistoryState(
            list(self.names), self.tables, self.epoch, self.phase, list(self.score),
            list(self.start_order), list(self.pool), list(self.event_pile), list(self.empire_pile),
            list(self.ranking), self.draft_step, self.draft_first, self.classic_card,
            self.classic_holder, list(self.classic_got), list(self.drafted_empire),
            list(self.kingdoms), [list(cards) for cards in self.hand], dict(self.tiles),
            dict(self.armies), set(self.active), set(self.capitals), set(self.cities),
            set(self.monuments), set(self.forts), list(self.supply), list(self.queue),
            None if self.turn is None else self.turn.clone(), self.tie)


def new_state(tables: Any, names: Sequence[str]) -> HistoryState:
    """Setup before the first chance step: every army in its owner's supply (§4)."""
    players = len(names)
    return HistoryState(
        names=list(names),
        tables=tables,
        score=[0] * players,
        drafted_empire=[None] * players,
        kingdoms=[None] * players,
        hand=[[] for _ in range(players)],
        supply=[ARMIES_PER_PLAYER] * players,
    )
