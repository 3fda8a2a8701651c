"""History of the World (2018) on the ruleset skeleton: its phases, with a decider and an
automatic step each, and one handler per move type (``engine/core/skeleton.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.picture import Picture
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import (
    battle,
    conquest,
    draft,
    effects,
    epoch,
    scoring,
    turn,
)
from engine.rulesets.history_of_the_world.cards import CARD_TYPES, EPOCHS
from engine.rulesets.history_of_the_world.options import HistoryOfTheWorldOptions
from engine.rulesets.history_of_the_world.space_props import HistorySpaceProps
from engine.rulesets.history_of_the_world.state import HistoryState, new_state
from engine.rulesets.history_of_the_world.tables import Tables
from engine.rulesets.history_of_the_world.validation import problems
from engine.rulesets.history_of_the_world.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem

OUTCOMES = {
    "order": draft.on_marker_order,
    "deal": draft.on_deal,
    "draft": draft.on_classic_draw,
    "turns": battle.on_dice,
}


def on_outcome(state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
    """Chance decides the marker order, a pile's trim, a classic draw or dice, by phase."""
    OUTCOMES[state.phase](state, outcome, log)


def turns_left(state: HistoryState, seat: int) -> int:
    """How many more times the seat scores its holdings: once per epoch still to play, and
    this epoch's turn while its empire waits in the queue or is the one playing."""
    if state.phase == "over":
        return 0
    later = EPOCHS - max(state.epoch, 1)
    if state.phase != "turns":
        return later + 1
    waiting = state.drafted_empire[seat] in state.queue
    playing = state.turn is not None and state.turn.seat == seat
    return later + (waiting or playing)


class HistoryOfTheWorld(Skeleton):
    id = "history-of-the-world"
    title = "History of the World"
    min_players = 3
    max_players = 6
    card_types = CARD_TYPES
    options_type = HistoryOfTheWorldOptions
    space_props = HistorySpaceProps
    action_types = a.ACTION_TYPES
    phases: ClassVar[dict[str, Phase]] = {
        "order": Phase(draft.decide_order, epoch.markers_drawn),
        "deal": Phase(draft.decide_deal, draft.dealt),
        "draft": Phase(draft.decide_draft, draft.draft_step),
        "turns": Phase(turn.decide_turns, turn.turn_step),
        "over": Phase(epoch.decide_end),
    }
    handlers: ClassVar[dict[type, Handler]] = {
        Outcome: on_outcome,
        a.ChoosePile: draft.on_choose_pile,
        a.PickEvent: draft.on_pick_event,
        a.PickEmpire: draft.on_pick_empire,
        a.KeepCard: draft.on_keep_card,
        a.GiveCard: draft.on_give_card,
        a.PlayKingdom: turn.on_play_kingdom,
        a.SkipKingdom: turn.on_skip_kingdom,
        a.Conquer: battle.on_conquer,
        a.BuildFort: conquest.on_build_fort,
        a.PlayDevelopment: effects.on_play_development,
        a.EndConquest: turn.on_end_conquest,
        a.Reroll: battle.on_reroll,
        a.Pass: battle.on_pass,
        a.Siege: battle.on_siege,
        a.Retreat: battle.on_retreat,
        a.PlaceMonument: turn.on_place_monument,
        a.PlaceFort: turn.on_place_fort,
        a.Target: effects.on_target,
        a.Skip: turn.on_skip,
        a.UseAbility: turn.on_use_ability,
        a.ScoreDirection: scoring.on_score_direction,
    }

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> HistoryState:
        return new_state(Tables.of(scenario, options), [seat.name for seat in seats])

    def view(self, state: HistoryState, seat: int | None) -> Picture:
        return picture(state, seat)

    def scores(self, state: HistoryState) -> tuple[float, ...]:
        return tuple(state.score)

    def factions(self, state: HistoryState) -> tuple[str, ...]:
        return tuple(state.names)

    def turn_order(self, state: HistoryState) -> tuple[int, ...]:
        """Epoch I's empires are called in the order printed on them (§6.1): their holders'
        order, once every seat holds its empire (the draft before goes by points)."""
        held = state.drafted_empire
        if state.epoch != 1 or not held or not all(held):
            return ()
        return tuple(sorted(range(len(held)), key=lambda seat: state.tables.empires[held[seat]].order))

    def clone(self, state: HistoryState) -> HistoryState:
        return state.clone()

    def evaluate(self, state: HistoryState, seat: int) -> float:
        """For bots: a seat's points plus what its provinces would score at each of its turns
        still to come (§6 step 7: regions and buildings wherever its armies stand), less the
        best other seat's. Points alone would make a one-ply bot end every conquest at once,
        since ending the turn is what scores."""
        needs_no_opponents = state.tables.options.control_needs_no_opponents
        worth = [state.score[s] + sum(scoring.turn_points(state, s, needs_no_opponents)) * turns_left(state, s)
                 for s in range(len(state.names))]
        return worth[seat] - max(value for other, value in enumerate(worth) if other != seat)
