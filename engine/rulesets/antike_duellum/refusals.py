"""Why a move is not allowed, in the game's words: the same checks build the lists of legal
moves, and the frame asks ``refusal`` when a move that was not offered is played."""

from __future__ import annotations

from engine.core.decision import Choice
from engine.core.moves import Action, Move
from engine.core.text import Words
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
from engine.rulesets.antike_duellum.state import DuellumState, Turn
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


def placement_limit(state: DuellumState, city: str) -> int:
    """New units a city takes in one MILITIA: 1, or 3 with a temple (§6.3)."""
    return 3 if city in state.temples else 1


def recruit_cost(turn: Turn, unit: str) -> dict[str, int]:
    """2 iron a unit, none with FORGE or SHIPYARD; 3 for a special unit (§6.3, §9.4)."""
    if unit in SPECIAL_MOVES_AS:
        return {"iron": SPECIAL_RECRUIT_IRON}
    return {} if turn.free.get(unit) else {"iron": RECRUIT_IRON}


def recruit_problem(state: DuellumState, seat: int, unit: str, city: str) -> Words | None:
    turn = state.turn
    tables = state.tables
    if turn.action != "MILITIA" or turn.step != "action":
        return "units are recruited with the MILITIA action"
    if state.owner.get(city) != seat:
        return "{} is not your city", tables.name(city)
    limit = placement_limit(state, city)
    if turn.placed.get(city, 0) >= limit:
        return "{} has taken its {} new unit{} this turn", tables.name(city), limit, "s" if limit > 1 else ""
    if unit in SPECIAL_MOVES_AS:
        if unit != tables.special(seat) or not tables.options.special_units:
            return "you have no {}", unit
        if not turn.special_recruitable:
            return "your {} was not in your recruitment box at the start of the turn", unit
        if city not in state.temples:
            return "the {} is recruited only into a city with a temple", unit
    elif turn.recruitable.get(unit, 0) <= 0:
        return "no {} that was in your recruitment box at the start of the turn is left", unit
    cost = recruit_cost(turn, unit)
    if not tables.holds(unit, city):
        terrain = "sea" if unit in ("legion", "commander") else "land"
        return "{} has only {} borders: no {} can be placed there", tables.name(city), terrain, unit
    if not can_pay(state, seat, cost):
        return costs_more, "a {} costs {}, more than you have", cost, unit
    return None


def develop_problem(state: DuellumState, seat: int, tech: str) -> Words | None:
    turn = state.turn
    if turn.action != "SCIENTIA" or turn.step != "action":
        return "technologies are developed with the SCIENTIA action"
    if tech not in state.tables.techs:
        return "{} is not a technology of this game", tech
    if tech in state.techs[seat]:
        return "you have {} already", TECH_NAMES[tech]
    price = tech_price(state, seat, tech)
    if not can_pay(state, seat, {"gold": price}):
        return "{} costs you {} gold, more than you have", TECH_NAMES[tech], price
    return None


def buy_problem(state: DuellumState, seat: int, unit: str) -> Words | None:
    turn = state.turn
    buying = turn.pending and turn.pending[0].kind == "recruits"
    if not buying and (turn.action != "SCIENTIA" or turn.step != "action"):
        return "units are bought with the SCIENTIA action (or RECRUITS)"
    if unit not in UNITS:
        return "a {} cannot be bought", unit
    if not state.reserve[seat][unit]:
        return "no {} is left in your reserve", unit
    if not can_pay(state, seat, {"gold": BUY_GOLD[unit]}):
        return "a {} costs {} gold, more than you have", unit, BUY_GOLD[unit]
    return None


def step_problem(state: DuellumState, seat: int, move: a.Step) -> Words | None:
    tables = state.tables
    if state.turn.step != "move":
        return "units move in the DUELLUM action's movement step"
    if move.unit in SPECIAL_MOVES_AS and (not state.special or tables.special(seat) != move.unit):
        return "you have no {}", move.unit
    here = special_here(state, seat, move.origin) if move.unit in SPECIAL_MOVES_AS else \
        state.units(move.unit)[seat].get(move.origin, 0) if move.unit in UNITS else 0
    if not here:
        return "you have no {} in {}", move.unit, tables.name(move.origin)
    if move.to not in tables.steps(move.unit).get(move.origin, ()):
        border = "land (red) or combined" if SPECIAL_MOVES_AS.get(move.unit, move.unit) == "legion" else "sea (blue) or combined"
        return ("a {} crosses only {} borders, and none joins {} to {}", move.unit, border,
                tables.name(move.origin), tables.name(move.to))
    if not steps_left(state, seat, move.unit, move.origin):
        return "your {}s in {} have used their movement", move.unit, tables.name(move.origin)
    return None


def conquer_problem(state: DuellumState, seat: int, city: str) -> Words | None:
    """Checked for every enemy city whenever conquests are offered, so the defence is worked
    out only where the seat has units."""
    if state.turn.step != "conquer":
        return "cities are conquered in the DUELLUM action's conquest step, after all movement"
    if state.owner.get(city) != 1 - seat:
        return "{} is not an enemy city", state.tables.name(city)
    units = attackers(state, seat, city)
    if not units:
        return "you have no unit in {}", state.tables.name(city)
    needed = defence(state, city)
    if units < needed:
        return ("{} defends at {}; you have only {} unit{} there", state.tables.name(city), needed, units,
                "s" if units > 1 else "")
    return None


def trade_problem(state: DuellumState, seat: int) -> Words | None:
    if "commercium" not in state.techs[seat]:
        return "trading needs COMMERCIUM"
    if state.turn.commercium_new:
        return "COMMERCIUM cannot be used in the turn it is developed"
    if total_goods(state, seat) < TRADE_GIVE:
        return f"a trade gives {TRADE_GIVE} resources; you have fewer"
    return None


def refusal(state: DuellumState, decision: Choice, move: Move) -> Words | None:
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
