"""After the Flood on the ruleset skeleton: one phase per kind of question the rules ask,
and one handler per move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.picture import Picture
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.rulesets.after_the_flood import (
    empire,
    expansion,
    placing,
    round_end,
    round_start,
    trading,
    turn,
)
from engine.rulesets.after_the_flood.actions import (
    ACTION_TYPES,
    AddLuxury,
    Bid,
    Buy,
    CreateEmpire,
    Deploy,
    DestroyCity,
    Done,
    Equip,
    FoundCity,
    Give,
    Grow,
    Invade,
    MakeTool,
    Pass,
    PayCost,
    Place,
    PlaceWorkers,
    Put,
    ReEnter,
    Reinforce,
    RelocateCity,
    RollAgain,
    ScribeLift,
    ScribePlace,
    Stop,
    Trade,
    TradeFor,
)
from engine.rulesets.after_the_flood.cards import CARD_TYPES
from engine.rulesets.after_the_flood.common import out_of_armies
from engine.rulesets.after_the_flood.evaluation import evaluate
from engine.rulesets.after_the_flood.options import AfterTheFloodOptions
from engine.rulesets.after_the_flood.space_props import FloodSpaceProps
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import (
    ARMIES,
    IRRIGATION,
    PIECES,
    PLAYERS,
    SPINNING,
    STARTING_HAND,
    WORKERS,
    Tables,
)
from engine.rulesets.after_the_flood.trade_table import RESOURCES
from engine.rulesets.after_the_flood.validation import problems
from engine.rulesets.after_the_flood.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem

DONE = {
    "place": placing.done, "trade": trading.done, "buy": empire.done_buying, "equip": empire.done_equipping,
    "more": expansion.done, "bid": turn.done_bidding, "grow": round_end.done_growing,
    "luxury": round_end.done_luxuries,
}


def on_done(state: FloodState, move: Done, log: list[Event]) -> None:
    DONE[state.phase](state, log)


def on_outcome(state: FloodState, outcome: Outcome, log: list[Event]) -> None:
    if state.phase == "order":
        round_start.on_order(state, outcome, log)
    else:
        expansion.on_roll(state, outcome, log)


def new_state(tables: Tables, names: list[str]) -> FloodState:
    """§4: a worker of each player on irrigation and on spinning & weaving, 1 wood, metal,
    tools, oil and gold and 2 workers each; everything else in the general supply."""
    players = range(len(names))
    workers = {space: [0] * len(names) for space in tables.worker_spaces}
    for box in (IRRIGATION, SPINNING):
        workers[box] = [1] * len(names)
    held = [{r: int(r in STARTING_HAND) for r in RESOURCES} for _ in players]
    supply = {r: PIECES[r] - sum(h[r] for h in held) for r in RESOURCES}
    return FloodState(
        tables=tables, names=names, supply=supply, held=held, workers=workers,
        workers_general=[WORKERS - 4 for _ in players], workers_personal=[2 for _ in players],
        workers_locked=[0 for _ in players], armies_general=[ARMIES for _ in players],
        armies_personal=[0 for _ in players], score=[0 for _ in players],
    )


class AfterTheFlood(Skeleton):
    id = "after-the-flood"
    title = "After the Flood"
    min_players = PLAYERS
    max_players = PLAYERS
    card_types = CARD_TYPES
    options_type = AfterTheFloodOptions
    space_props = FloodSpaceProps
    action_types = ACTION_TYPES
    phases: ClassVar[dict[str, Phase]] = {
        "order": Phase(round_start.decide_order),
        "action": Phase(turn.decide_action, turn.action_step),
        "place": Phase(placing.decide_place),
        "lift": Phase(placing.decide_lift),
        "trade": Phase(trading.decide_trade),
        "give": Phase(trading.decide_give),
        "buy": Phase(empire.decide_buy),
        "equip": Phase(empire.decide_equip),
        "deploy": Phase(empire.decide_deploy, out_of_armies),
        "roll": Phase(expansion.decide_roll),
        "press": Phase(expansion.decide_press),
        "more": Phase(expansion.decide_more, out_of_armies),
        "bid": Phase(turn.decide_bid),
        "grow": Phase(round_end.decide_grow, round_end.grow_step),
        "luxury": Phase(round_end.decide_luxury),
        "over": Phase(round_end.decide_end),
    }
    handlers: ClassVar[dict[type, Handler]] = {
        Outcome: on_outcome, Done: on_done,
        PayCost: turn.on_pay_cost, FoundCity: turn.on_found_city, RelocateCity: turn.on_relocate_city,
        Pass: turn.on_pass, Bid: turn.on_bid,
        PlaceWorkers: placing.on_place_workers, Place: placing.on_place, ScribePlace: placing.on_scribe_place,
        ScribeLift: placing.on_scribe_lift, Put: placing.on_put,
        Trade: trading.on_trade, TradeFor: trading.on_trade_for, Give: trading.on_give,
        MakeTool: trading.on_make_tool,
        CreateEmpire: empire.on_create, Buy: empire.on_buy, Equip: empire.on_equip, Deploy: empire.on_deploy,
        Invade: expansion.on_invade, ReEnter: expansion.on_reenter, DestroyCity: expansion.on_destroy,
        Reinforce: expansion.on_reinforce, RollAgain: expansion.on_roll_again, Stop: expansion.on_stop,
        Grow: round_end.on_grow, AddLuxury: round_end.on_luxury,
    }
    tells_its_moves: ClassVar[frozenset[type]] = frozenset({Pass, PlaceWorkers, Trade, Give, CreateEmpire})

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> FloodState:
        return new_state(Tables.of(scenario, options), [seat.name for seat in seats])

    def view(self, state: FloodState, seat: int | None) -> Picture:
        return picture(state, seat)

    def scores(self, state: FloodState) -> tuple[float, ...]:
        return tuple(state.score)

    def factions(self, state: FloodState) -> tuple[str, ...]:
        return tuple(state.names)

    def turn_order(self, state: FloodState) -> tuple[int, ...]:
        """Drawn at setup, one position at a time (§4 step 3)."""
        return tuple(state.order) if len(state.order) == len(state.names) else ()

    def evaluate(self, state: FloodState, seat: int) -> float:
        """For bots: points, this round's empire areas and the worker majorities held now, less
        the best opponent's (``evaluation.py``)."""
        return evaluate(state, seat)

    def clone(self, state: FloodState) -> FloodState:
        return state.clone()
