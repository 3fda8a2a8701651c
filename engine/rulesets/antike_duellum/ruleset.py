"""Antike Duellum registered through the engine contract."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.decision import Decision
from engine.core.events import Event
from engine.core.moves import Move
from engine.core.picture import Picture
from engine.core.ruleset import Ruleset
from engine.rulesets.antike_duellum.actions import ACTION_TYPES
from engine.rulesets.antike_duellum.board import Tables
from engine.rulesets.antike_duellum.cards import CARD_TYPES
from engine.rulesets.antike_duellum.options import AntikeDuellumOptions
from engine.rulesets.antike_duellum.rules import Rules, new_state
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.validation import problems
from engine.rulesets.antike_duellum.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem


class AntikeDuellum(Ruleset):
    id = "antike-duellum"
    title = "Antike Duellum"
    min_players = 2
    max_players = 2
    card_types = CARD_TYPES
    options_type = AntikeDuellumOptions
    action_types = ACTION_TYPES

    def __init__(self) -> None:
        self.rules = Rules()

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> DuellumState:
        return new_state(Tables.of(scenario, seats, options), [seat.name for seat in seats])

    def decision(self, state: DuellumState) -> Decision:
        return self.rules.decision(state)

    def apply(self, state: DuellumState, move: Move) -> list[Event]:
        return self.rules.apply(state, move)

    def view(self, state: DuellumState, seat: int | None) -> Picture:
        return picture(state, seat)

    def clone(self, state: DuellumState) -> DuellumState:
        return state.clone()
