"""A Brief History of the World registered through the engine contract, on the skeleton."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.decision import Chance
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.picture import Picture
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.rulesets.brief_history_of_the_world import actions as a
from engine.rulesets.brief_history_of_the_world import epoch, play
from engine.rulesets.brief_history_of_the_world.cards import (
    BonusToken,
    EmpireCard,
    EventCard,
    RegionValue,
)
from engine.rulesets.brief_history_of_the_world.options import BriefHistoryOptions
from engine.rulesets.brief_history_of_the_world.space_props import BriefSpaceProps
from engine.rulesets.brief_history_of_the_world.state import BriefState
from engine.rulesets.brief_history_of_the_world.tables import Tables
from engine.rulesets.brief_history_of_the_world.validation import problems
from engine.rulesets.brief_history_of_the_world.view import picture
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem

VARIANT_COLOURS = 4  # two players play two colours each (§10.7)


def decide_first(state: BriefState) -> Chance:
    return epoch.first_player(tuple(state.colours))


def on_outcome(state: BriefState, outcome: Outcome, log: list[Event]) -> None:
    phase = state.phase
    if phase == "turn":
        play.on_dice(state, outcome, log)
    elif phase == "order":
        epoch.on_first_player(state, outcome, log)
    elif phase in ("empire_pile", "event_pile"):
        epoch.on_pile(state, outcome, log)
    else:
        epoch.on_bonus_draw(state, outcome, log)


class BriefHistory(Skeleton):
    id = "a-brief-history-of-the-world"
    title = "A Brief History of the World"
    min_players = 2
    max_players = 6
    card_types = (EmpireCard, EventCard, RegionValue, BonusToken)
    options_type = BriefHistoryOptions
    space_props = BriefSpaceProps
    action_types = a.ACTION_TYPES
    phases: ClassVar[dict[str, Phase]] = {
        "order": Phase(decide_first),
        "epoch": Phase(epoch.decide_end, epoch.start_epoch),
        "empire_pile": Phase(epoch.decide_pile),
        "event_pile": Phase(epoch.decide_pile),
        "draft": Phase(epoch.decide_draft),
        "call": Phase(epoch.decide_end, epoch.call_next),
        "turn": Phase(play.decide_turn, play.flow),
        "aftermath": Phase(epoch.decide_end, epoch.aftermath),
        "bonus_draw": Phase(epoch.decide_bonus_draw),
        "bonus_pick": Phase(epoch.decide_bonus_pick),
        "over": Phase(epoch.decide_end),
    }
    handlers: ClassVar[dict[type, Handler]] = {
        **play.HANDLERS,
        a.ChoosePacket: epoch.on_choose_packet, a.PickEmpire: epoch.on_pick_empire,
        a.PickEvent: epoch.on_pick_event, a.TakeBonus: epoch.on_take_bonus, Outcome: on_outcome,
    }
    tells_its_moves: ClassVar[frozenset[type]] = frozenset({a.PickEmpire, a.PickEvent, a.TakeBonus})

    def seat_name(self, state: BriefState, seat: int) -> str:
        return state.colours[seat]  # a person's seat is their first colour

    def validate(self, scenario: Scenario) -> list[Problem]:
        return problems(scenario)

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> BriefState:
        """Colours are the game's players; with two seats each person plays two colours,
        the scenario's next unused seats (§10.7)."""
        assert isinstance(options, BriefHistoryOptions)
        names = [seat.name for seat in seats]
        person = list(range(len(seats)))
        if len(seats) == 2:
            spare = [s for s in scenario.seats if s.id not in {seat.id for seat in seats}]
            names += [f"{s.name} ({seats[i].name})" for i, s in enumerate(spare[:VARIANT_COLOURS - 2])]
            person = [0, 1, 0, 1]
        n = len(names)
        state = BriefState(Tables.of(scenario, options), names, person, gold=[0] * n,
                           stock=[options.armies_per_colour] * n, hands=[[] for _ in range(n)], arrival=[0] * n,
                           bonus=[[] for _ in range(n)])
        self.advance(state, [])
        return state

    def view(self, state: BriefState, seat: int | None) -> Picture:
        return picture(state, seat)

    def scores(self, state: BriefState) -> tuple[float, ...]:
        """A person's gold over the colours they play (two each in the 2-player variant, §10.7)."""
        totals = [0] * len(set(state.person))
        for colour, person in enumerate(state.person):
            totals[person] += state.gold[colour]
        return tuple(totals)

    def factions(self, state: BriefState) -> tuple[str, ...]:
        """Each person's colours, two in the 2-player variant (§10.7)."""
        return tuple(" and ".join(colour for colour, owner in zip(state.colours, state.person) if owner == person)
                     for person in range(len(set(state.person))))

    def turn_order(self, state: BriefState) -> tuple[int, ...]:
        """Epoch I's empires are called in their listed order (§5.4): their holders' seats,
        once the draft has dealt every empire (before it, the draft goes by gold)."""
        if state.epoch != 1 or state.draft_step < len(state.colours):
            return ()
        listed = state.tables.listed.get(1, {})
        seats: list[int] = []
        for slot in sorted(listed):
            card = listed[slot]
            if card in state.held and state.person[state.held[card]] not in seats:
                seats.append(state.person[state.held[card]])
        return tuple(seats) if sorted(seats) == list(range(len(set(state.person)))) else ()

    def clone(self, state: BriefState) -> BriefState:
        return state.clone()
