"""Temples, walls and cities: what each costs, why one cannot be built, and building it
(digest §6.2, §6.8). TEMPLUM, phase 2 and the events ARCHITECT, GANG and SETTLER share these."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.text import Words
from engine.rulesets.antike_duellum.economy import add_due, can_pay, describe, fee_need
from engine.rulesets.antike_duellum.military import special_here
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import (
    MARKERS,
    TEMPLE_MARBLE,
    TEMPLES,
    WALL_MARBLE,
)


def _charge(state: DuellumState, due: dict[str, int], what: str) -> None:
    turn = state.turn
    turn.due, turn.due_for, turn.paid = due, what, {}


def temple_due(state: DuellumState, city: str, marble_need: str = "marble") -> dict[str, int]:
    """6 marble, plus 1 coin per adjacent city that already has a temple, whoever owns it."""
    due = {marble_need: TEMPLE_MARBLE}
    add_due(due, fee_need(state), len(state.tables.neighbours[city] & state.temples))
    return due


def temple_problem(state: DuellumState, seat: int, city: str, marble_need: str = "marble") -> Words | None:
    if state.owner.get(city) != seat:
        return "{} is not your city", state.tables.name(city)
    if city in state.temples:
        return "{} already has a temple", state.tables.name(city)
    if len(state.temples) >= TEMPLES:
        return f"all {TEMPLES} temples stand: none is left in the bank"
    due = temple_due(state, city, marble_need)
    if not can_pay(state, seat, due):
        return costs_more, "a temple in {} costs {}, more than you have", due, state.tables.name(city)
    return None


def build_temple(state: DuellumState, seat: int, city: str, log: list[Event], marble_need: str = "marble") -> None:
    """Placed at once, so it raises the fee of the next temple built this turn (§6.2)."""
    due = temple_due(state, city, marble_need)
    state.temples.add(city)
    state.temples_built[seat] += 1
    log.append(Event(("{} builds a temple in {}", state.names[seat], state.tables.name(city))))
    _charge(state, due, state.tables.building_due_for["temple", city])


def wall_problem(state: DuellumState, seat: int, city: str, marble_need: str = "marble") -> Words | None:
    if state.owner.get(city) != seat:
        return "{} is not your city", state.tables.name(city)
    if city in state.walls:
        return "{} already has a wall", state.tables.name(city)
    if not state.walls_supply[seat]:
        return "you have no wall in your supply"
    if not can_pay(state, seat, {marble_need: WALL_MARBLE}):
        return f"a wall costs {WALL_MARBLE} marble, more than you have"
    return None


def build_wall(state: DuellumState, seat: int, city: str, log: list[Event], marble_need: str = "marble") -> None:
    state.walls.add(city)
    state.walls_supply[seat] -= 1
    log.append(Event(("{} builds a wall in {}", state.names[seat], state.tables.name(city))))
    _charge(state, {marble_need: WALL_MARBLE}, state.tables.building_due_for["wall", city])


def has_unit(state: DuellumState, seat: int, region: str) -> bool:
    """A legion, galley or special unit of the seat stands in ``region`` (§6.8, §10.3)."""
    return bool(state.legions[seat].get(region) or state.galleys[seat].get(region)
                or special_here(state, seat, region))


def markers_left(state: DuellumState, resource: str) -> int:
    return MARKERS[resource] - sum(r == resource for r in state.marker.values())


def city_fee(state: DuellumState, site: str, resource: str) -> int:
    """1 coin per adjacent city with the same marker, either owner's (§6.8; A10 for new ones)."""
    markers = state.turn.fee_markers if state.turn.fee_markers is not None else state.marker
    return sum(markers.get(n) == resource for n in state.tables.neighbours[site])


def city_due(state: DuellumState, site: str, resource: str, settler_gold: int | None = None,
             gold_need: str = "gold") -> dict[str, int]:
    """1 gold + 1 marble + 1 iron (SETTLER: its gold instead), then the adjacency fee."""
    due = {"gold": 1, "marble": 1, "iron": 1} if settler_gold is None else {}
    if settler_gold is not None:
        add_due(due, gold_need, settler_gold)
    add_due(due, fee_need(state), city_fee(state, site, resource))
    return due


def city_problem(state: DuellumState, seat: int, site: str, resource: str, settler_gold: int | None = None,
                 gold_need: str = "gold") -> Words | None:
    if site not in state.tables.site_set:
        return "{} has no city symbol", state.tables.name(site)
    if site in state.owner:
        return "{} already has a city", state.tables.name(site)
    if not has_unit(state, seat, site):
        return "you have no unit in {}", state.tables.name(site)
    if markers_left(state, resource) <= 0:
        return "no {} city marker is left in the bank", resource
    due = city_due(state, site, resource, settler_gold, gold_need)
    if not can_pay(state, seat, due):
        return costs_more, "a {} city in {} costs {}, more than you have", due, resource, state.tables.name(site)
    return None


def found_city(state: DuellumState, seat: int, site: str, resource: str, log: list[Event],
               settler_gold: int | None = None, gold_need: str = "gold") -> None:
    due = city_due(state, site, resource, settler_gold, gold_need)
    state.owner[site] = seat
    state.marker[site] = resource
    log.append(Event(("{} founds {} as a {} city", state.names[seat], state.tables.name(site), resource)))
    _charge(state, due, state.tables.building_due_for["city", site])


def costs_more(template: str, due: dict[str, int], *parts: str) -> str:
    """A refusal's words, made only when read: move lists ask for thousands of refusals."""
    return template.format(*parts, describe_due(due))


def describe_due(due: dict[str, int]) -> str:
    """A due in words: '6 marble, 3 coins' (a coin may replace a plain resource, §6.0)."""
    merged: dict[str, int] = {}
    for need, amount in due.items():
        item = {"coin": "coin", "any": "any"}.get(need, need.rstrip("!"))
        merged[item] = merged.get(item, 0) + amount
    text = describe(merged)
    if merged.get("any"):
        text = (text + ", " if text != "nothing" else "") + f"{merged['any']} of anything"
    return text
