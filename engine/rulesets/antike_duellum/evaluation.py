"""How good a position is for one player, for the bots that look ahead (greedy, search).

Antike Duellum is won by the first player to hold 9 persons (§5.3), so a position is worth
its persons, the persons its deeds already earned this turn (a first technology, a temple
destroyed: handed out at the turn's end, §8.1), and the way it has come towards the next of
each kind while that kind's stack still holds one: cities towards a king (every 5), temples
towards a citizen (every 3), sea areas towards a navigator (7). Cities, units and goods are
what the next persons are bought with, so they count a little too, goods only up to what one
purchase needs (a temple's 6 marble, two recruits' iron): hoarded goods buy nothing, and a
bot paid for hoarding would ride the production segments for ever. Persons alone would leave
a one-ply bot blind to every move but the one that completes a person.
"""

from __future__ import annotations

from engine.rulesets.antike_duellum.military import sea_areas
from engine.rulesets.antike_duellum.persons import (
    CITIZENS_EVERY,
    KINGS_EVERY,
    NAVIGATOR_AT,
    cities,
    earned,
    held,
    temple_measure,
)
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import VICTORY

PERSON = 10.0  # a person card; everything else is measured against it
CITY, UNIT, GOOD, TECHNOLOGY = 1.0, 0.4, 0.15, 1.5
USEFUL = {"gold": 4, "marble": 6, "iron": 4, "coins": 4}  # goods beyond these are worth nothing


def persons_due(state: DuellumState, seat: int) -> int:
    """Persons held plus those this turn's deeds have earned and the stacks still hold."""
    due = len(state.persons[seat])
    turn = state.turn
    for kind, stack in state.stacks.items():
        if kind in ("scholar", "general") and (turn is None or turn.seat != seat):
            continue  # earned only by the active player's deeds this turn
        due += min(len(stack), max(0, earned(state, seat, kind) - held(state, seat, kind)))
    return due


def progress(state: DuellumState, seat: int) -> float:
    """The way towards the next king, citizen and navigator, each in [0, 1), while its stack
    still holds a card."""
    towards = 0.0
    if state.stacks.get("king"):
        towards += cities(state, seat) % KINGS_EVERY / KINGS_EVERY
    if state.stacks.get("citizen"):
        towards += temple_measure(state, seat) % CITIZENS_EVERY / CITIZENS_EVERY
    cap = 2 if state.tables.options.second_navigator else 1
    if state.stacks.get("navigator") and held(state, seat, "navigator") < cap:
        towards += min(sea_areas(state, seat), NAVIGATOR_AT - 1) / NAVIGATOR_AT
    return towards


def worth(state: DuellumState, seat: int) -> float:
    if state.winner is not None:
        return PERSON * VICTORY * 10 if state.winner == seat else 0.0
    units = sum(state.legions[seat].values()) + sum(state.galleys[seat].values())
    held_goods = {**state.goods[seat], "coins": state.coins[seat]}
    goods = sum(min(amount, USEFUL[kind]) for kind, amount in held_goods.items())
    return (PERSON * (persons_due(state, seat) + progress(state, seat)) + CITY * cities(state, seat)
            + UNIT * units + GOOD * goods + TECHNOLOGY * len(state.techs[seat]))


def evaluate(state: DuellumState, seat: int) -> float:
    """The seat's worth less its opponent's."""
    return worth(state, seat) - worth(state, 1 - seat)
