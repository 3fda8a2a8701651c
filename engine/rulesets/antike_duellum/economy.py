"""Resources, coins and payments (digest §6.0, §6.1).

A cost is a *due*: a count per kind of need, paid one item at a time in a fixed order so
each payment decision is a choice between at most four items. Need kinds:

- ``gold``, ``marble``, ``iron``: that resource or a coin in its place (§6.0);
- ``gold!``, ``marble!``: that resource only (event costs with coins barred, an option);
- ``coin``: coins only (adjacency fees, ambiguity A8);
- ``any``: any resource or a coin (extra rondel segments, §5.2; fees when A8 is off).

A due is offered only when it can be paid in full, and each item offered keeps the rest
payable, so a payment never gets stuck.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.events import Event
from engine.rulesets.antike_duellum.state import DuellumState, Pending
from engine.rulesets.antike_duellum.tables import RESOURCES

NEED_ORDER = ("coin", "gold!", "marble!", "iron!", "gold", "marble", "iron", "any")
ITEMS = (*RESOURCES, "coin")


def fee_need(state: DuellumState) -> str:
    return "coin" if state.tables.options.fees_in_coins_only else "any"


def event_need(state: DuellumState, resource: str) -> str:
    return resource if state.tables.options.coins_pay_event_costs else f"{resource}!"


def affordable(goods: Mapping[str, int], coins: int, due: Mapping[str, int]) -> bool:
    """Whether ``due`` can be paid in full from ``goods`` and ``coins``."""
    if len(due) == 1:  # the common case, one kind of need: no bookkeeping
        (need, amount), = due.items()
        if need in goods:
            return goods[need] + coins >= amount
        if need == "any":
            return goods["gold"] + goods["marble"] + goods["iron"] + coins >= amount
    coins -= due.get("coin", 0)
    if coins < 0:
        return False
    left = 0
    for resource in RESOURCES:
        have = goods[resource] - due.get(f"{resource}!", 0)
        if have < 0:
            return False
        need = due.get(resource, 0)
        if need > have:
            coins -= need - have
            have = 0
        else:
            have -= need
        left += have
    return coins >= 0 and left + coins >= due.get("any", 0)


def can_pay(state: DuellumState, seat: int, due: Mapping[str, int]) -> bool:
    return affordable(state.goods[seat], state.coins[seat], due)


def add_due(due: dict[str, int], need: str, amount: int) -> None:
    if amount > 0:
        due[need] = due.get(need, 0) + amount


def current_need(due: Mapping[str, int]) -> str:
    if len(due) == 1:  # the common case; a due never keeps a need at 0 (``add_due``, ``pay_item``)
        return next(iter(due))
    return next(need for need in NEED_ORDER if due.get(need, 0) > 0)


def accepts(need: str, item: str) -> bool:
    if need == "any":
        return True
    if need == "coin":
        return item == "coin"
    if need.endswith("!"):
        return item == need[:-1]
    return item in (need, "coin")


def payable_items(state: DuellumState, seat: int, due: Mapping[str, int]) -> list[str]:
    """The items that may pay the current need and keep the rest of ``due`` payable."""
    need = current_need(due)
    goods, coins = state.goods[seat], state.coins[seat]
    if len(due) == 1 and affordable(goods, coins, due):
        # one kind of need, payable in full: whatever pays one item of it leaves the rest payable
        return [item for item in ITEMS if accepts(need, item) and (coins if item == "coin" else goods[item])]
    rest = dict(due)
    rest[need] -= 1
    items = []
    for item in ITEMS:
        if not accepts(need, item):
            continue
        if item == "coin":
            if coins and affordable(goods, coins - 1, rest):
                items.append(item)
        elif goods[item]:
            after = dict(goods)
            after[item] -= 1
            if affordable(after, coins, rest):
                items.append(item)
    return items


def pay_item(state: DuellumState, seat: int, item: str) -> None:
    """Hand one item to the bank for the current need."""
    turn = state.turn
    need = current_need(turn.due)
    turn.due[need] -= 1
    if not turn.due[need]:
        del turn.due[need]
    if item == "coin":
        state.coins[seat] -= 1
    else:
        state.goods[seat][item] -= 1
    turn.paid[item] = turn.paid.get(item, 0) + 1


def told(template: str, *parts: object) -> str:
    """``template`` with each mapping among ``parts`` described ("2 gold, 1 marble"): the log
    gives ``(told, template, ...)`` as words made only when read."""
    return template.format(*(describe(p) if isinstance(p, Mapping) else p for p in parts))


def describe(amounts: Mapping[str, int]) -> str:
    parts = []
    for item in ITEMS:
        count = amounts.get(item, 0)
        if count:
            parts.append(f"{count} {item}{'s' if item == 'coin' and count > 1 else ''}")
    return ", ".join(parts) or "nothing"


def bank_coins(state: DuellumState) -> int | None:
    """Coins left in the bank; None when the supply is unlimited (A18)."""
    supply = state.tables.options.coin_supply
    return None if supply <= 0 else supply - sum(state.coins)


def gain_coins(state: DuellumState, seat: int, count: int, log: list[Event]) -> None:
    """Coins from the bank; for each one the bank lacks, the player picks a resource (§2)."""
    bank = bank_coins(state)
    paid = count if bank is None else min(count, max(bank, 0))
    state.coins[seat] += paid
    if paid:
        log.append(Event(("{} takes {} coin{}", state.names[seat], paid, 's' if paid > 1 else '')))
    if count > paid:
        log.append(Event(("the bank has no coins: {} takes a resource instead", state.names[seat])))
        state.turn.pending.insert(0, Pending("coin", seat, count - paid))


def production(state: DuellumState, seat: int, resource: str) -> int:
    """What MARMOR, FERRUM or AURUM yields: 1 per city, 3 with a temple, MONETA +1 each,
    GOLD MINE/STONE PIT +1 each; DIPLOMACY uses the opponent's cities (§6.1, A9)."""
    turn = state.turn
    source = 1 - seat if turn.diplomacy else seat
    bonus = 0
    if not turn.diplomacy or state.tables.options.diplomacy_own_bonuses:
        bonus = ("moneta" in state.techs[seat]) + turn.bonus.get(resource, 0)
    total = 0
    for city, owner in state.owner.items():
        if owner == source and state.marker[city] == resource:
            total += (3 if city in state.temples else 1) + bonus
    return total


def total_goods(state: DuellumState, seat: int) -> int:
    goods = state.goods[seat]
    return goods["gold"] + goods["marble"] + goods["iron"]
