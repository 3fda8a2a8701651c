"""Antike Duellum on the ruleset skeleton: its phases, with a decider and an automatic step
each, and one handler per move type (``engine/core/skeleton.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.decision import Choice
from engine.core.events import Event
from engine.core.moves import Move, Outcome
from engine.core.picture import Picture
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.core.text import Words
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import (
    conquest,
    evaluation,
    events,
    pending,
    persons,
    refusals,
    rondel,
    rondel_actions,
    turn,
)
from engine.rulesets.antike_duellum.cards import CARD_TYPES
from engine.rulesets.antike_duellum.options import AntikeDuellumOptions
from engine.rulesets.antike_duellum.space_props import AntikeSpaceProps
from engine.rulesets.antike_duellum.state import DuellumState, new_state
from engine.rulesets.antike_duellum.tables import Tables
from engine.rulesets.antike_duellum.validation import problems
from engine.rulesets.antike_duellum.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem


def on_outcome(state: DuellumState, outcome: Outcome, log: list[Event]) -> None:
    """Chance picks the start player, then turns up display cards."""
    if state.phase == "start":
        rondel.on_start_player(state, outcome, log)
    else:
        persons.on_display_draw(state, outcome, log)


class AntikeDuellum(Skeleton):
    id = "antike-duellum"
    title = "Antike Duellum"
    min_players = 2
    max_players = 2
    card_types = CARD_TYPES
    options_type = AntikeDuellumOptions
    space_props = AntikeSpaceProps
    action_types = a.ACTION_TYPES
    # the search looks no further than the end of its own turn: a turn holds many free moves
    # (trades, steps), and a line that kept the move was never charged the opponent's next
    # turn, so the search traded its stock away 3 for 2 (docs/antike-duellum.md, "Bots")
    searched_to_turn_end = True
    # and scores at most 4 positions per iteration of its budget: in the endgame a movement
    # decision holds 20 to 60 unit steps, and a choice that scored all of them at every node it
    # expanded cost 30 ms; two searching seats took up to 30 CPU s a game (benchmarks/search_speed.py)
    positions_per_iteration = 4
    phases: ClassVar[dict[str, Phase]] = {
        "start": Phase(rondel.decide_start),
        "turn": Phase(turn.decide_turn, turn.turn_step),
        "picks": Phase(persons.decide_picks, persons.picks_step),
        "over": Phase(persons.decide_end),
    }
    handlers: ClassVar[dict[type, Handler]] = {
        Outcome: on_outcome,
        a.MoveRondel: rondel.on_move_rondel,
        a.Pay: turn.on_pay,
        a.ChooseResource: pending.on_choose_resource,
        a.BuildTemple: rondel_actions.on_build_temple,
        a.BuildWall: rondel_actions.on_build_wall,
        a.Recruit: rondel_actions.on_recruit,
        a.Develop: rondel_actions.on_develop,
        a.Buy: pending.on_buy,
        a.EndAction: rondel_actions.on_end_action,
        a.Step: conquest.on_step,
        a.EndMovement: conquest.on_end_movement,
        a.Conquer: conquest.on_conquer,
        a.Lose: conquest.on_lose,
        a.EndConquest: conquest.on_end_conquest,
        a.FoundCity: turn.on_found_city,
        a.EndTurn: turn.on_end_turn,
        a.Trade: pending.on_trade,
        a.PlayEvent: events.on_play_event,
        a.PlayEventOn: conquest.on_play_event_on,
        a.DeclineFortress: conquest.on_decline_fortress,
        a.PickEvent: pending.on_pick_event,
        a.Discard: pending.on_discard,
        a.Destroy: pending.on_destroy,
        a.Stop: pending.on_stop,
    }

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> DuellumState:
        return new_state(Tables.of(scenario, seats, options), [seat.name for seat in seats])

    def refusal(self, state: DuellumState, decision: Choice, move: Move) -> Words | None:
        return refusals.refusal(state, decision, move)

    def view(self, state: DuellumState, seat: int | None) -> Picture:
        return picture(state, seat)

    def scores(self, state: DuellumState) -> tuple[float, ...]:
        """The persons each seat holds, as its panel counts them."""
        return tuple(map(len, state.persons))

    def factions(self, state: DuellumState) -> tuple[str, ...]:
        return tuple(state.names)

    def clone(self, state: DuellumState) -> DuellumState:
        return state.clone()

    def turn_of(self, state: DuellumState) -> int:
        """For the search (``searched_to_turn_end``): the seat whose turn a position is in. The
        defender's FORTRESS window (A7) is a choice in the attacker's turn; taken for the end of
        that turn, it hid every conquest from the search, whose leaf stopped short of the city's
        fall (seeded two-search games sat at 8 persons each for 200 turns, declining conquests
        that would win). The owed event picks are the picker's."""
        return state.picker if state.phase == "picks" else state.active

    def evaluate(self, state: DuellumState, seat: int) -> float:
        """For bots: persons held and earned, the way to the next ones, and what buys them
        (``evaluation.py``), less the opponent's."""
        return evaluation.evaluate(state, seat)

    def evaluations(self, state: DuellumState) -> tuple[float, float]:
        """``evaluate`` for both seats, the board looked at once."""
        first, second = evaluation.worths(state)
        return first - second, second - first
