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

from typing import NamedTuple

from engine.rulesets.antike_duellum.military import sea_areas
from engine.rulesets.antike_duellum.persons import (
    CITIZENS_EVERY,
    KINGS_EVERY,
    NAVIGATOR_AT,
)
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import VICTORY

PERSON = 10.0  # a person card; everything else is measured against it
CITY, UNIT, GOOD, TECHNOLOGY = 1.0, 0.4, 0.15, 1.5
USEFUL = {"gold": 4, "marble": 6, "iron": 4, "coins": 4}  # goods beyond these are worth nothing


class Standing(NamedTuple):
    """What a seat's persons are earned by, each counted once: the search bots evaluate
    hundreds of thousands of positions a game, and counting the cities, temples and cards held
    again for every kind of person and every seat was most of their time."""

    cities: int
    temples: int  # the measure citizens are earned by (``persons.temple_measure``)
    seas: int  # the navigator count (``military.sea_areas``)
    held: dict[str, int]  # person cards held, by kind


def standings(state: DuellumState) -> list[Standing]:
    """Every seat's standing, the board's cities and temples gone through once for all."""
    players = len(state.names)
    owner = state.owner
    if state.tables.options.citizens_count_built:
        temples = list(state.temples_built)
    else:
        temples = [0] * players
        for city in state.temples:
            temples[owner[city]] += 1
    owners = list(owner.values())
    kind_of = state.tables.person_kind
    result = []
    for seat in range(players):
        held: dict[str, int] = {}
        for card in state.persons[seat]:
            kind = kind_of[card]
            held[kind] = held.get(kind, 0) + 1
        result.append(Standing(owners.count(seat), temples[seat], sea_areas(state, seat), held))
    return result


def persons_due(state: DuellumState, seat: int, measured: Standing | None = None) -> int:
    """Persons held plus those this turn's deeds have earned and the stacks still hold (what
    ``persons.award`` hands out at the turn's end, §8.1)."""
    cities, temples, seas, held = measured or standings(state)[seat]
    turn = state.turn
    active = turn is not None and turn.seat == seat
    cap = 2 if state.tables.options.second_navigator else 1
    due = len(state.persons[seat])
    for kind, stack in state.stacks.items():
        if kind == "king":
            owed = cities // KINGS_EVERY - held.get(kind, 0)
        elif kind == "citizen":
            owed = temples // CITIZENS_EVERY - held.get(kind, 0)
        elif kind == "navigator":
            owed = min(cap, seas // NAVIGATOR_AT) - held.get(kind, 0)
        elif not active:
            continue  # scholars and generals are earned only by the active player's deeds this turn
        else:
            owed = turn.scholars if kind == "scholar" else turn.generals
        if owed > 0:
            due += min(owed, len(stack))
    return due


def progress(state: DuellumState, measured: Standing) -> float:
    """The way towards the next king, citizen and navigator, each in [0, 1), while its stack
    still holds a card."""
    towards = 0.0
    stacks = state.stacks
    if stacks.get("king"):
        towards += measured.cities % KINGS_EVERY / KINGS_EVERY
    if stacks.get("citizen"):
        towards += measured.temples % CITIZENS_EVERY / CITIZENS_EVERY
    cap = 2 if state.tables.options.second_navigator else 1
    if stacks.get("navigator") and measured.held.get("navigator", 0) < cap:
        towards += min(measured.seas, NAVIGATOR_AT - 1) / NAVIGATOR_AT
    return towards


def worth(state: DuellumState, seat: int, measured: Standing) -> float:
    units = sum(state.legions[seat].values()) + sum(state.galleys[seat].values())
    goods = min(state.coins[seat], USEFUL["coins"])
    for kind, amount in state.goods[seat].items():
        goods += min(amount, USEFUL[kind])
    return (PERSON * (persons_due(state, seat, measured) + progress(state, measured))
            + CITY * measured.cities + UNIT * units + GOOD * goods + TECHNOLOGY * len(state.techs[seat]))


def worths(state: DuellumState) -> list[float]:
    """Every seat's worth; a won game is worth a hundred persons to its winner."""
    if state.winner is not None:
        return [PERSON * VICTORY * 10 if seat == state.winner else 0.0 for seat in range(len(state.names))]
    return [worth(state, seat, measured) for seat, measured in enumerate(standings(state))]


def evaluate(state: DuellumState, seat: int) -> float:
    """The seat's worth less its opponent's."""
    values = worths(state)
    return values[seat] - values[1 - seat]
