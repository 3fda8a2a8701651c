"""History of the World (2018) registered through the engine contract."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.picture import Picture
from engine.core.ruleset import Ruleset
from engine.rulesets.history_of_the_world.actions import ACTION_TYPES
from engine.rulesets.history_of_the_world.cards import CARD_TYPES
from engine.rulesets.history_of_the_world.options import HistoryOfTheWorldOptions
from engine.rulesets.history_of_the_world.rules import Rules, new_state
from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.history_of_the_world.tables import Tables
from engine.rulesets.history_of_the_world.validation import problems
from engine.rulesets.history_of_the_world.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem


class HistoryOfTheWorld(Rules, Ruleset):
    """The rules (``Rules``: decision and apply) with what the engine needs to register them."""

    id = "history-of-the-world"
    title = "History of the World"
    min_players = 3
    max_players = 6
    card_types = CARD_TYPES
    options_type = HistoryOfTheWorldOptions
    action_types = ACTION_TYPES

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> HistoryState:
        return new_state(Tables.of(scenario, options), [seat.name for seat in seats])

    def view(self, state: HistoryState, seat: int | None) -> Picture:
        return picture(state, seat)

    def clone(self, state: HistoryState) -> HistoryState:
        return state.clone()
