"""How good a position is for one player, for the bots that look ahead (greedy, search).

Civilization is won at once by one of four victories (§8): the last space of the culture
track, Space Flight (the level V technology above a 5/4/3/2 pyramid, §6.5.2), 15 coins, or a
rival capital conquered. A position is worth the way it has come towards each, in points where
a whole victory is about ``VICTORY``: culture steps, technologies by level, coins; and what
brings the next ones: the culture tokens and trade that pay for steps and research, the cities
and what their outskirts give each turn (§6.3.1, §6.2), the armies and units that fight
(§7), wonders, great people, resources, events. A one-ply bot sees nothing it cannot count
here, so the slow steps get a small slope too: a scout standing on a site where a city may be
founded (§6.1 b), away from the seat's cities, beside revealed squares.

Tokens and trade are worth less than what they buy, so the bot spends them: a culture step is
worth more than its tokens and trade (§6.3.10), any technology more than the trade research
takes (§6.5.1), except that once the pyramid holds Space Flight the trade towards its 26 is
saved. Cheap: it is asked once for every legal move.
"""

from __future__ import annotations

from engine.rulesets.civilization.abilities import amount, city_limit, coins
from engine.rulesets.civilization.board import cities_of, city_yield
from engine.rulesets.civilization.event_cards import TRADE_MAX
from engine.rulesets.civilization.production import sites
from engine.rulesets.civilization.research import MINIMUM, SPACE_FLIGHT_ROWS, rows
from engine.rulesets.civilization.start import city_site
from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.trade import collected

VICTORY = 100.0  # a victory's way, all of it; winning is worth ten of them
STEP = VICTORY / 20  # a culture space of the track's 20
TECHNOLOGY = {1: 4.5, 2: 6.0, 3: 8.0, 4: 10.0, 5: VICTORY}  # 5/4/3/2 below Space Flight: about a victory
COIN = VICTORY / 15 / 2  # 15 coins win; half the way, as map coins come and go
TOKEN_SHARE = 0.8  # a culture token is worth this share of the step it helps pay for
TRADE, SAVED_TRADE = 0.15, 1.0  # a trade point; one towards Space Flight once the pyramid holds it
CITY, PRODUCTION, CITY_TRADE, CULTURE = 15.0, 0.6, 0.4, 0.5  # a city; each point it gives a turn
ARMY, UNIT, LEVEL = 1.0, 0.8, 1.0  # a figure on the map, a card of the standing forces, a unit type's level
WONDER, GREAT, RESOURCE, EVENT = 4.0, 2.0, 1.0, 0.8
SITE, AWAY, SEEN = 8.0, 0.5, 0.1  # a scout on a city site; per square away from a city (to 3); per square seen
# The search bot squashes a lead into a reward over this many points: leads here run to hundreds
# (half the positions of greedy games lead by 47 or more), so the bots' usual 10 made nearly every
# position a sure win and the search could not tell its moves apart
SCALE = VICTORY / 2


def culture_worth(state: CivState, seat: int) -> float:
    """Steps on the track, and the steps the tokens held would pay for along it, a part step
    for the rest, each worth ``TOKEN_SHARE`` of one taken: so a step taken is worth more than
    its tokens, and a pile is worth the same whatever space it is counted from."""
    player = state.players[seat]
    track = state.tables.track
    step, left, bought = player.step, player.culture, 0.0
    while step < len(track) - 1 and left > 0:
        cost = max(1, int(track[step + 1]["cost_culture"]))
        if left < cost:
            bought += left / cost
            break
        bought, left, step = bought + 1, left - cost, step + 1
    return STEP * (player.step + TOKEN_SHARE * bought)


def pyramid_done(counts: dict[int, int]) -> bool:
    """Whether the rows below Space Flight are full (§6.5.2)."""
    return all(counts[level] >= needed for level, needed in SPACE_FLIGHT_ROWS.items())


def dial(state: CivState, seat: int) -> int:
    """The trade dial, with this turn's collection (§6.2) counted before it is made: else
    ending the start phase would hand every seat its trade at once, and a bot that moves last
    would put it off for ever (swapping great people back and forth) to keep it from the others."""
    trade = state.players[seat].trade
    if state.phase == "start" or (state.phase == "trade" and not state.collected):
        trade += collected(state, seat)
    return min(trade, TRADE_MAX)


def technology_worth(state: CivState, seat: int) -> float:
    """Technologies by level, the ones picked in secret this research phase counted as learned,
    and the trade on the dial: cheap, but dear once only Space Flight's 26 is missing."""
    counts = rows(state, seat, state.picks.get(seat, []))
    learned = sum(TECHNOLOGY[level] * number for level, number in counts.items())
    saving = pyramid_done(counts) and not state.space_flight_taken
    trade = dial(state, seat)
    return learned + (SAVED_TRADE * min(trade, MINIMUM[5]) if saving else TRADE * trade)


def city_worth(state: CivState, seat: int) -> float:
    """Each city and what it gives a turn: production, trade (``trade.collected``) and culture."""
    cities = cities_of(state, seat)
    if not cities:
        return 0.0
    per_city = amount(state, seat, "city_production")
    production = sum(sites(state, city).production + per_city for city in cities)
    culture = sum(city_yield(state, city, "culture") for city in cities)
    return (CITY * len(cities) + PRODUCTION * production + CITY_TRADE * collected(state, seat)
            + CULTURE * culture)


def scout_worth(state: CivState, seat: int) -> float:
    """While the seat may found another city: each scout on a site where it may (§6.1 b), or
    its way there: away from the seat's cities (3 squares at least) and beside revealed squares."""
    cities = cities_of(state, seat)
    if len(cities) >= city_limit(state, seat):
        return 0.0
    t = state.tables
    total = 0.0
    for figure in state.figures:
        if figure.owner != seat or figure.kind != "scout" or figure.square not in state.squares:
            continue
        if city_site(state, figure.square, seat):
            total += SITE
            continue
        x, y = t.coords[figure.square]
        away = min((max(abs(x - t.coords[c.square][0]), abs(y - t.coords[c.square][1])) for c in cities), default=3)
        total += AWAY * min(away, 3) + SEEN * sum(1 for sq in t.ring[figure.square] if sq in state.squares)
    return total


def military_worth(state: CivState, seat: int) -> float:
    player = state.players[seat]
    armies = sum(1 for figure in state.figures if figure.owner == seat and figure.kind == "army")
    return ARMY * armies + UNIT * len(player.forces) + LEVEL * sum(player.levels.values())


def worth(state: CivState, seat: int) -> float:
    player = state.players[seat]
    greats = len(player.greats) + sum(1 for owner, _ in state.greats.values() if owner == seat)
    holdings = (WONDER * len(player.wonders) + GREAT * greats
                + RESOURCE * (sum(player.resources.values()) + len(player.minors)) + EVENT * len(player.events))
    return (culture_worth(state, seat) + technology_worth(state, seat) + COIN * coins(state, seat)
            + city_worth(state, seat) + scout_worth(state, seat) + military_worth(state, seat) + holdings)


def evaluations(state: CivState) -> list[float]:
    """Every seat's worth less the best other seat's, each seat's worth counted once; a won
    game is ten victories either way."""
    seats = range(state.tables.seats)
    if state.winner is not None:
        return [10 * VICTORY if seat == state.winner else -10 * VICTORY for seat in seats]
    worths = [worth(state, seat) for seat in seats]
    return [worths[seat] - max(worths[other] for other in seats if other != seat) for seat in seats]


def evaluate(state: CivState, seat: int) -> float:
    """The seat's worth less the best other seat's (``evaluations``)."""
    return evaluations(state)[seat]
