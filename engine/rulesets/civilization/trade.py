"""The trade phase (§6.2): every seat collects trade, then the free negotiation is played as
offers in turn order (one seat offers one item for one item, the addressee accepts or declines)
until every seat passes in a row, then hands over their limit are discarded."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.abilities import (
    amount,
    payments,
    resource_abilities,
)
from engine.rulesets.civilization.actions import (
    Answer,
    Done,
    OfferItem,
    OfferTo,
    UseAbility,
)
from engine.rulesets.civilization.board import cities_of
from engine.rulesets.civilization.event_cards import (
    TRADE_MAX,
    decide_discard,
    over_limit,
    playable,
)
from engine.rulesets.civilization.production import sites
from engine.rulesets.civilization.state import CivState, Offer
from engine.rulesets.civilization.tables import once
from engine.rulesets.civilization.turn import current, enter, order

RESOURCES = ("wheat", "silk", "incense", "iron")
AMOUNTS = {f"{kind}:{n}": (kind, n) for kind in ("trade", "culture") for n in (1, 3)}  # items offered by amount
SPOKEN = {item: f"{kind} {n}" for item, (kind, n) in AMOUNTS.items()}  # in words
PASS = Done(label="pass")
ACCEPT, DECLINE = Answer(True, label="accept"), Answer(False, label="decline")


def collected(state: CivState, seat: int) -> int:
    cities = cities_of(state, seat)
    total = sum(sites(state, c).trade for c in cities) + amount(state, seat, "city_trade") * len(cities)
    if state.players[seat].civ == "americans":
        total += sum(1 for owner, _ in state.greats.values() if owner == seat)
    return total


def collect(state: CivState, log: list[Event]) -> None:
    for seat in order(state):
        player = state.players[seat]
        gained = collected(state, seat)
        player.trade = min(TRADE_MAX, player.trade + gained)
        log.append(Event(("{} collects {} trade (dial {})", state.tables.names[seat], gained, player.trade)))


def holdings(state: CivState, seat: int, giving: bool) -> list[str]:
    """What may be offered: to give, what the seat holds; to want, any amount or resource."""
    if not giving:
        return [*AMOUNTS, *RESOURCES]
    player = state.players[seat]
    items = [item for item, (kind, n) in AMOUNTS.items() if (player.trade if kind == "trade" else player.culture) >= n]
    items += [r for r in RESOURCES if player.resources.get(r, 0)]
    return items + sorted(set(player.minors)) + sorted(set(player.events))


def has_item(state: CivState, seat: int, item: str) -> bool:
    player = state.players[seat]
    kind, _, n = item.partition(":")
    if kind == "trade":
        return player.trade >= int(n)
    if kind == "culture":
        return player.culture >= int(n)
    if kind in RESOURCES:
        return player.resources.get(kind, 0) > 0
    return item == "nothing" or item in player.minors or item in player.events


def hand_over(state: CivState, giver: int, taker: int, item: str) -> None:
    a, b = state.players[giver], state.players[taker]
    kind, _, n = item.partition(":")
    if kind == "trade":
        a.trade -= int(n)
        b.trade = min(TRADE_MAX, b.trade + int(n))
    elif kind == "culture":
        a.culture -= int(n)
        b.culture += int(n)
    elif kind in RESOURCES:
        a.resources[kind] -= 1
        b.resources[kind] = b.resources.get(kind, 0) + 1
    elif item in a.minors:
        a.minors.remove(item)
        b.minors.append(item)
    elif item in a.events:
        a.events.remove(item)
        b.events.append(item)


def describe(state: CivState, item: str, seat: int | None = None) -> str:
    """Hidden items are named only for their holder."""
    if item in state.tables.minors:
        return "a face-down marker"
    if item in state.tables.events:
        return state.tables.names_of[item] if seat is not None else "an event card"
    return SPOKEN.get(item, item)


def trade_abilities(state: CivState, seat: int) -> list[UseAbility]:
    """Asked at every offer a seat may make, so each move is built once (``tables.once``) and
    found in the table's built moves before once() and its lambda are made."""
    t = state.tables
    found = []
    for tech, resource, _ in resource_abilities(state, seat, "trade_for"):
        for way in payments(state, seat, resource):
            key = ("trade for", tech, way)
            found.append(t.made.get(key) or once(t, key, lambda tech=tech, way=way: UseAbility(
                tech, way, label=("{}: pay {}", t.names_of[tech], describe(state, way)))))
    return found


def decide_trade(state: CivState) -> Decision:
    seat = current(state)
    names = state.tables.names
    offer = state.offer
    t = state.tables
    if state.k_done:
        over = over_limit(state)
        assert over is not None
        return decide_discard(state, over)
    if offer is None:
        key = ("offers to", seat, state.first)  # found in the table's built moves before once() and its lambdas
        actions: list = [*(t.made.get(key) or once(t, key, lambda: tuple([
            once(t, ("offer to", s), lambda s=s: OfferTo(s, label=f"make an offer to {names[s]}"))
            for s in order(state) if s != seat])))]
        actions += trade_abilities(state, seat) + playable(state, seat, "trade")
        actions.append(PASS)
        return Choice(seat, "trade: make an offer or pass", tuple(actions))
    # the items offered are built once per table, and each list of them once (``tables.once``)
    if offer.give is None:
        items = ("nothing", *holdings(state, seat, True))
        key = ("gives", items)
        return Choice(seat, "offer: what you give", t.made.get(key) or once(t, key, lambda: tuple([
            once(t, ("give", i), lambda i=i: OfferItem(i, label=f"give {describe(state, i, seat)}")) for i in items])))
    if offer.want is None:
        key = ("wants", offer.give == "nothing")
        return Choice(seat, "offer: what you want", t.made.get(key) or once(t, key, lambda: tuple([
            once(t, ("want", i), lambda i=i: OfferItem(i, label=f"want {describe(state, i)}"))
            for i in ["nothing", *holdings(state, seat, False)] if not (i == "nothing" and offer.give == "nothing")])))
    assert offer.to is not None
    answers = [DECLINE]
    if has_item(state, offer.to, offer.want):
        answers.insert(0, ACCEPT)
    text = ("{} offers {} for {}", names[seat], describe(state, offer.give), describe(state, offer.want))
    return Choice(offer.to, text, tuple(answers))


def on_offer_to(state: CivState, move: OfferTo, log: list[Event]) -> None:
    state.offer = Offer(current(state), to=move.seat)


def on_offer_item(state: CivState, move: OfferItem, log: list[Event]) -> None:
    offer = state.offer
    assert offer is not None
    if offer.give is None:
        offer.give = move.item
    else:
        offer.want = move.item


def on_answer(state: CivState, move: Answer, log: list[Event]) -> None:
    offer = state.offer
    assert offer is not None and offer.to is not None and offer.give and offer.want
    names = state.tables.names
    state.offer = None
    state.passes = 0
    if move.accept:
        if offer.give != "nothing":
            hand_over(state, offer.seat, offer.to, offer.give)
        if offer.want != "nothing":
            hand_over(state, offer.to, offer.seat, offer.want)
        log.append(Event(("{} accepts {}'s offer: {} for {}", names[offer.to], names[offer.seat], describe(state, offer.give), describe(state, offer.want))))
    else:
        log.append(Event(("{} declines {}'s offer", names[offer.to], names[offer.seat])))
    pass_on(state)


def pass_on(state: CivState) -> None:
    state.k = (state.k + 1) % state.tables.seats
    if state.k == 0:
        state.offer_rounds += 1


def on_trade_pass(state: CivState, log: list[Event]) -> None:
    state.passes += 1
    pass_on(state)


def trade_step(state: CivState, log: list[Event]) -> bool:
    options = state.tables.options
    n = state.tables.seats
    if not state.collected:
        state.collected = True
        collect(state, log)
        return True
    if state.k_done:
        if over_limit(state) is not None:
            return False
        state.k_done = False
        enter(state, "city", log)
        return True
    if state.offer is not None:
        return False
    if not options.trade_offers or state.passes >= n or state.offer_rounds >= options.offer_rounds:
        state.k, state.passes, state.offer_rounds, state.k_done = 0, 0, 0, True
        return True
    return False

