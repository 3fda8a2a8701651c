"""Dice Race: a tiny ruleset that exercises every part of the engine contract.

Each seat first draws a secret bonus card (a chance draw only its owner may see). Then,
in turn, a seat chooses to roll a die (chance) or hold: a 1 loses the turn's total, any
other face adds to it; holding banks it and moves the seat's marker along the track.
The first to the target, or the best after the last round, wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import define, field

from engine.core.decision import Chance, Choice, Decision, End
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.core.picture import Picture, Piece, SeatPanel
from engine.core.skeleton import Handler, Phase, Skeleton
from engine.core.value import value
from engine.rulesets.registry import register
from engine.scenario.model import CardData, RulesetOptions, Scenario, Seat, described
from engine.scenario.problems import Problem

DIE = tuple(Outcome(face, f"rolled {face}") for face in range(1, 7))


@define
class BonusCard(CardData):
    type_name: ClassVar[str] = "bonus"
    value: int = described("Bonus", "Added to the final score")
    home: str | None = described("Home", "A track space named on the card", ref="space", default=None)
    beats: str | None = described("Beats", "Another bonus card this one outranks", ref="card", default=None)


@define
class DiceRaceOptions(RulesetOptions):
    target: int = described("Target", "Points that end the game", default=20, min=1, max=1_000_000)
    rounds: int = described("Rounds", "The game also ends after this many rounds", default=30, min=1, max=1_000_000)


@value
class Roll(Action):
    pass


@value
class Hold(Action):
    pass


@define
class DiceRaceState:
    names: list[str]
    cards: dict[str, int]  # card id -> bonus value
    deck: list[str]  # card ids not yet drawn
    target: int
    rounds: int
    bonus: list[str | None]
    scores: list[int]
    phase: str = "draw"  # draw (bonus cards), play, roll (a die is in the air), over
    active: int = 0
    round: int = 1
    turn_total: int = 0
    decision: Decision | None = field(default=None, eq=False, repr=False)


# -- drawing the bonus cards -------------------------------------------------------------


def decide_draw(state: DiceRaceState) -> Decision:
    seat = state.bonus.index(None)
    draws = tuple(Outcome(card) for card in state.deck)
    return Chance(("{} draws a bonus card", state.names[seat]), draws, seen_by=(seat,))


def draw_done(state: DiceRaceState, log: list[Event]) -> bool:
    if None in state.bonus:
        return False
    state.phase = "play"
    return True


# -- a turn ------------------------------------------------------------------------------


def over(state: DiceRaceState) -> bool:
    return max(state.scores) >= state.target or state.round > state.rounds


def decide_play(state: DiceRaceState) -> Decision:
    label = ("roll (turn total {})", state.turn_total)
    return Choice(state.active, "roll or hold?", (Roll(label=label), Hold(label="hold")))


def play_over(state: DiceRaceState, log: list[Event]) -> bool:
    if not over(state):
        return False
    state.phase = "over"
    return True


def decide_roll(state: DiceRaceState) -> Decision:
    return Chance("the die", DIE)


def decide_end(state: DiceRaceState) -> Decision:
    totals = tuple(float(s + state.cards[b]) for s, b in zip(state.scores, state.bonus))
    ranking = tuple(sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat)))
    return End(totals, ranking)


def next_seat(state: DiceRaceState) -> None:
    state.turn_total = 0
    state.active = (state.active + 1) % len(state.names)
    if state.active == 0:
        state.round += 1


def on_roll(state: DiceRaceState, move: Roll, log: list[Event]) -> None:
    state.phase = "roll"
    log.append(Event(("{} rolls", state.names[state.active])))


def on_hold(state: DiceRaceState, move: Hold, log: list[Event]) -> None:
    banked = state.turn_total
    state.scores[state.active] += banked
    log.append(Event(("{} holds and banks {}", state.names[state.active], banked)))
    next_seat(state)


def on_outcome(state: DiceRaceState, outcome: Outcome, log: list[Event]) -> None:
    if state.phase == "draw":
        seat = state.bonus.index(None)
        state.bonus[seat] = str(outcome.value)
        state.deck.remove(str(outcome.value))
        log.append(Event(("{} draws a bonus card", state.names[seat])))
        log.append(Event(("{} draws {}", state.names[seat], outcome.value), seats=(seat,)))
        return
    state.phase = "play"
    name = state.names[state.active]
    if outcome.value == 1:
        log.append(Event(("{} rolls 1 and loses the turn", name)))
        next_seat(state)
        return
    state.turn_total += int(outcome.value)
    log.append(Event(("{} rolls {}", name, outcome.value)))


class DiceRace(Skeleton):
    id = "dice-race"
    title = "Dice Race"
    min_players = 2
    max_players = 4
    card_types = (BonusCard,)
    options_type = DiceRaceOptions
    action_types = (Roll, Hold)
    phases: ClassVar[dict[str, Phase]] = {
        "draw": Phase(decide_draw, draw_done),
        "play": Phase(decide_play, play_over),
        "roll": Phase(decide_roll),
        "over": Phase(decide_end),
    }
    handlers: ClassVar[dict[type, Handler]] = {Roll: on_roll, Hold: on_hold, Outcome: on_outcome}

    def validate(self, scenario: Scenario) -> list[Problem]:
        if not any(deck.id == "bonus" for deck in scenario.decks):
            return [Problem("decks", "Dice Race needs a deck with id 'bonus'")]
        return []

    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> DiceRaceState:
        assert isinstance(options, DiceRaceOptions)
        cards = {card.id: card.data.value for card in scenario.deck("bonus").cards}
        return DiceRaceState(
            names=[seat.name for seat in seats],
            cards=cards,
            deck=sorted(cards),
            target=options.target,
            rounds=options.rounds,
            bonus=[None] * len(seats),
            scores=[0] * len(seats),
        )

    def view(self, state: DiceRaceState, seat: int | None) -> Picture:
        pieces = tuple(
            Piece(f"t{min(score, state.target)}", "marker", owner, label=state.names[owner])
            for owner, score in enumerate(state.scores)
        )
        panels = tuple(
            SeatPanel(
                seat=owner,
                name=name,
                score=state.scores[owner],
                hand=(state.bonus[owner],) if seat in (None, owner) and state.bonus[owner] else None,
                hand_size=int(state.bonus[owner] is not None),
            )
            for owner, name in enumerate(state.names)
        )
        return Picture(pieces=pieces, panels=panels, active_seat=state.active, round=f"round {state.round}",
                       status=f"round {state.round}")

    def clone(self, state: DiceRaceState) -> DiceRaceState:
        return DiceRaceState(
            names=state.names,
            cards=state.cards,
            deck=list(state.deck),
            target=state.target,
            rounds=state.rounds,
            bonus=list(state.bonus),
            scores=list(state.scores),
            active=state.active,
            round=state.round,
            turn_total=state.turn_total,
            phase=state.phase,
        )


DICE_RACE = register(DiceRace())
