"""Why a move is not allowed, in the game's words: the same checks build the lists of legal
moves, and the frame asks ``refusal`` when a move that was not offered is played."""

from __future__ import annotations

from engine.core.decision import Choice
from engine.core.moves import Action, Move
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.building import (
    city_problem,
    costs_more,
    temple_problem,
    wall_problem,
)
from engine.rulesets.antike_duellum.economy import (
    accepts,
    can_pay,
    current_need,
    total_goods,
)
from engine.rulesets.antike_duellum.military import (
    attackers,
    defence,
    special_here,
    steps_left,
)
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import (
    BUY_GOLD,
    RECRUIT_IRON,
    RESOURCES,
    SPECIAL_MOVES_AS,
    SPECIAL_RECRUIT_IRON,
    TECH_NAMES,
    TRADE_GIVE,
    UNITS,
)


def tech_price(state: DuellumState, seat: int, tech: str) -> int:
    """The higher price for the first nation to develop it, the lower for the second (§6.4)."""
    prices = state.tables.techs[tech]
    return prices.second if tech in state.techs[1 - seat] else prices.first


def recruit_problem(state: DuellumState, seat: int, unit: str, city: str) -> str | None:
    turn = state.turn
    name = state.tables.name(city)
    if turn.action != "MILITIA" or turn.step != "action":
        return "units are recruited with the MILITIA action"
    if state.owner.get(city) != seat:
        return f"{name} is not your city"
    limit = 3 if city in state.temples else 1
    if turn.placed.get(city, 0) >= limit:
        return f"{name} has taken its {limit} new unit{'s' if limit > 1 else ''} this turn"
    if unit in SPECIAL_MOVES_AS:
        if unit != state.tables.special(seat) or not state.tables.options.special_units:
            return f"you have no {unit}"
        if not turn.special_recruitable:
            return f"your {unit} was not in your recruitment box at the start of the turn"
        if city not in state.temples:
            return f"the {unit} is recruited only into a city with a temple"
        cost = {"iron": SPECIAL_RECRUIT_IRON}
    else:
        if turn.recruitable.get(unit, 0) <= 0:
            return f"no {unit} that was in your recruitment box at the start of the turn is left"
        cost = {} if turn.free.get(unit) else {"iron": RECRUIT_IRON}
    if not state.tables.holds(unit, city):
        terrain = "sea" if unit in ("legion", "commander") else "land"
        return f"{name} has only {terrain} borders: no {unit} can be placed there"
    if not can_pay(state, seat, cost):
        return costs_more, f"a {unit} costs {{}}, more than you have", cost
    return None

def develop_problem(state: DuellumState, seat: int, tech: str) -> str | None:
    turn = state.turn
    if turn.action != "SCIENTIA" or turn.step != "action":
        return "technologies are developed with the SCIENTIA action"
    if tech not in state.tables.techs:
        return f"{tech} is not a technology of this game"
    if tech in state.techs[seat]:
        return f"you have {TECH_NAMES[tech]} already"
    price = tech_price(state, seat, tech)
    if not can_pay(state, seat, {"gold": price}):
        return f"{TECH_NAMES[tech]} costs you {price} gold, more than you have"
    return None

def buy_problem(state: DuellumState, seat: int, unit: str) -> str | None:
    turn = state.turn
    buying = turn.pending and turn.pending[0].kind == "recruits"
    if not buying and (turn.action != "SCIENTIA" or turn.step != "action"):
        return "units are bought with the SCIENTIA action (or RECRUITS)"
    if unit not in UNITS:
        return f"a {unit} cannot be bought"
    if not state.reserve[seat][unit]:
        return f"no {unit} is left in your reserve"
    if not can_pay(state, seat, {"gold": BUY_GOLD[unit]}):
        return f"a {unit} costs {BUY_GOLD[unit]} gold, more than you have"
    return None

def step_problem(state: DuellumState, seat: int, move: a.Step) -> str | None:
    tables = state.tables
    if state.turn.step != "move":
        return "units move in the DUELLUM action's movement step"
    if move.unit in SPECIAL_MOVES_AS and (not state.special or tables.special(seat) != move.unit):
        return f"you have no {move.unit}"
    here = special_here(state, seat, move.origin) if move.unit in SPECIAL_MOVES_AS else \
        state.units(move.unit)[seat].get(move.origin, 0) if move.unit in UNITS else 0
    if not here:
        return f"you have no {move.unit} in {tables.name(move.origin)}"
    if move.to not in tables.steps(move.unit).get(move.origin, ()):
        border = "land (red) or combined" if SPECIAL_MOVES_AS.get(move.unit, move.unit) == "legion" else "sea (blue) or combined"
        return f"a {move.unit} crosses only {border} borders, and none joins {tables.name(move.origin)} to {tables.name(move.to)}"
    if not steps_left(state, seat, move.unit, move.origin):
        return f"your {move.unit}s in {tables.name(move.origin)} have used their movement"
    return None

def conquer_problem(state: DuellumState, seat: int, city: str) -> str | None:
    name = state.tables.name(city)
    if state.turn.step != "conquer":
        return "cities are conquered in the DUELLUM action's conquest step, after all movement"
    if state.owner.get(city) != 1 - seat:
        return f"{name} is not an enemy city"
    units, needed = attackers(state, seat, city), defence(state, city)
    if not units:
        return f"you have no unit in {name}"
    if units < needed:
        return f"{name} defends at {needed}; you have only {units} unit{'s' if units > 1 else ''} there"
    return None

def trade_problem(state: DuellumState, seat: int) -> str | None:
    if "commercium" not in state.techs[seat]:
        return "trading needs COMMERCIUM"
    if state.turn.commercium_new:
        return "COMMERCIUM cannot be used in the turn it is developed"
    if total_goods(state, seat) < TRADE_GIVE:
        return f"a trade gives {TRADE_GIVE} resources; you have fewer"
    return None

def refusal(state: DuellumState, decision: Choice, move: Move) -> str | None:
    """Why a well-formed move is not among the legal ones, in the game's words."""
    if not isinstance(move, Action):
        return f"{state.names[decision.seat]} must choose: {decision.prompt}"
    turn = state.turn
    seat = decision.seat
    if turn is None:
        return None
    at_main = not (turn.due or turn.conquest or turn.pending)
    if isinstance(move, a.Pay):
        if not turn.due:
            return "nothing is due"
        if move.item == "coin" and not state.coins[seat] or move.item in RESOURCES and not state.goods[seat][move.item]:
            return f"you have no {move.item}"
        if not accepts(current_need(turn.due), move.item):
            return f"{move.item} cannot pay what is due now ({current_need(turn.due).rstrip('!')})"
        return "paying that would leave the rest of the cost unpayable"
    if not at_main:
        return f"first finish: {decision.prompt}"
    if isinstance(move, a.MoveRondel):
        if turn.step != "rondel":
            return "the action marker has already moved this turn"
        return "the marker moves 1 to 8 segments clockwise; each beyond the free ones costs a resource or coin you lack"
    if isinstance(move, a.BuildTemple):
        if turn.action != "TEMPLUM" or turn.step != "action":
            return "temples are built with the TEMPLUM action (or ARCHITECT)"
        return temple_problem(state, seat, move.city)
    if isinstance(move, a.BuildWall):
        if turn.action != "TEMPLUM" or turn.step != "action":
            return "walls are built with the TEMPLUM action (or GANG)"
        return wall_problem(state, seat, move.city)
    if isinstance(move, a.Recruit):
        return recruit_problem(state, seat, move.unit, move.city)
    if isinstance(move, a.Develop):
        return develop_problem(state, seat, move.tech)
    if isinstance(move, a.Buy):
        return buy_problem(state, seat, move.unit)
    if isinstance(move, a.Step):
        return step_problem(state, seat, move)
    if isinstance(move, a.Conquer):
        return conquer_problem(state, seat, move.city)
    if isinstance(move, a.FoundCity):
        if turn.step != "found":
            return "cities are founded in phase 2, after the action"
        return city_problem(state, seat, move.site, move.resource)
    if isinstance(move, a.Trade):
        return trade_problem(state, seat)
    if isinstance(move, (a.PlayEvent, a.PlayEventOn)):
        if move.card not in state.hand[seat]:
            return "you do not hold that card"
        return f"{state.tables.name(move.card)} cannot be played now or would do nothing"
    return None
