"""Sid Meier's Civilization: The Board Game registered through the engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.picture import Picture
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.rulesets.civilization.actions import (
    ACTION_TYPES,
    Answer,
    Arts,
    PlayUnit,
    Research,
)
from engine.rulesets.civilization.cards import CARD_TYPES
from engine.rulesets.civilization.evaluation import SCALE, evaluate, evaluations
from engine.rulesets.civilization.options import CivilizationOptions
from engine.rulesets.civilization.rules import HANDLERS, PHASES
from engine.rulesets.civilization.setup import new_state
from engine.rulesets.civilization.space_props import CivilizationSpaceProps
from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.tables import make_tables
from engine.rulesets.civilization.turn import order
from engine.rulesets.civilization.validation import problems
from engine.rulesets.civilization.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem


class Civilization(Skeleton):
    id = "civilization"
    title = "Sid Meier's Civilization: The Board Game"
    min_players = 2
    max_players = 4
    card_types = CARD_TYPES
    options_type = CivilizationOptions
    action_types = ACTION_TYPES
    phases: ClassVar[dict[str, Phase]] = PHASES
    handlers: ClassVar[dict[type, Handler]] = HANDLERS
    tells_its_moves: ClassVar[frozenset[type]] = frozenset({Answer, Arts, PlayUnit, Research})
    space_props = CivilizationSpaceProps
    evaluation_scale = SCALE  # the search bot's squash of a lead (``evaluation.SCALE``)
    # a turn holds many free moves of one seat (placing great people, steps): the search scores
    # a line that hands the move on before the next seat's reply, as it scores one that keeps it
    scored_before_replies = True

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> CivState:
        assert isinstance(options, CivilizationOptions)
        state = new_state(make_tables(scenario, seats, options))
        self.advance(state, [])
        return state

    def seat_name(self, state: CivState, seat: int) -> str:
        return state.tables.names[seat]

    def view(self, state: CivState, seat: int | None) -> Picture:
        return picture(state, seat)

    def scores(self, state: CivState) -> tuple[float, ...]:
        """Each player's place on the culture track, as its panel shows it (one player per seat).
        A simulation asks at every change of the seat to move, a quarter of its decisions."""
        return tuple([float(player.step) for player in state.players])

    def factions(self, state: CivState) -> tuple[str, ...]:
        return tuple(state.tables.names)

    def turn_order(self, state: CivState) -> tuple[int, ...]:
        """Clockwise from the first player drawn at setup (§5), once setup is over."""
        return () if state.phase == "setup" else order(state)

    def evaluate(self, state: CivState, seat: int) -> float:
        """For the bots that look ahead: the seat's way towards the four victories less the best
        other seat's (``evaluation.py``)."""
        return evaluate(state, seat)

    def evaluations(self, state: CivState) -> list[float]:
        """Every seat's ``evaluate`` at once, each seat's worth counted once: the search scores
        every seat of each position it tries."""
        return evaluations(state)

    def clone(self, state: CivState) -> CivState:
        return state.clone()
