"""The frame every game's rules share, so a game gives only what is its own.

A game is a set of phases, each with a decider (what is asked now) and optionally an
automatic step (what the rulebook does without asking anyone), plus one handler per move
type. The skeleton owns what used to be written once per game: the decision cache, the
"was this move offered" check, dispatch by move type and the advance loop.

The state of a skeleton game has two attributes the frame relies on: ``phase`` (a key of
``phases``) and ``decision`` (the cache, ``eq=False`` so it never takes part in equality
or the digest; ``clone`` resets it to ``None``, or keeps it where a decision is a value
made from the state alone, the same for an equal state, as Antike Duellum's are). An
automatic step that returns False may leave the decision it worked out on the way in
``state.decision``, so it is not worked out twice; one that returns True has changed the
state, and the cache is cleared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from attrs import frozen

from engine.core.decision import Chance, Choice, Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.moves import Move, Outcome
from engine.core.ruleset import Ruleset
from engine.core.text import Words, words

Decider = Callable[[Any], Decision]
AutomaticStep = Callable[[Any, list[Event]], bool]
Handler = Callable[[Any, Any, list[Event]], None]


@frozen
class Phase:
    """One phase of play: ``decide`` reads the state and says what is asked; ``automatic``,
    when given, carries out one step nobody decides and returns False once a decision is due."""

    decide: Decider
    automatic: AutomaticStep | None = None


def only_outcome(chance: Chance, outcome: Outcome) -> str:
    return f"{chance.prompt}: {outcome} (the only outcome)"


def offered(move: Move, moves: tuple[Move, ...]) -> bool:
    """Whether ``move`` is one of ``moves``. Bots and the session pass the very object the
    decision offered, so an identity scan settles it before any comparison runs (a plain
    loop: ``any(map(is_, ...))`` costs more in setting up than a dozen moves take to scan)."""
    for offer in moves:
        if offer is move:
            return True
    return move in moves


class Skeleton(Ruleset):
    """A ruleset built from phases and handlers; see the module docstring."""

    phases: ClassVar[Mapping[str, Phase]]
    handlers: ClassVar[Mapping[type, Handler]]
    # Move types whose handler always writes the move into the log in the game's own words
    # ("Blue declines Green's offer"): carried out as the only move, such a move is not logged
    # a second time by the frame's "Blue: decline (the only move)".
    tells_its_moves: ClassVar[frozenset[type]] = frozenset()

    def __init__(self) -> None:
        missing = [t.__name__ for t in self.action_types if t not in self.handlers]
        if missing:
            raise TypeError(f"{type(self).__name__}: no handler for {', '.join(missing)}")
        unknown = [t.__name__ for t in self.handlers if t is not Outcome and t not in self.action_types]
        if unknown:
            raise TypeError(f"{type(self).__name__}: handlers for undeclared move types {', '.join(unknown)}")
        untold = [t.__name__ for t in self.tells_its_moves if t not in self.action_types]
        if untold:
            raise TypeError(f"{type(self).__name__}: tells_its_moves names undeclared move types {', '.join(untold)}")

    def decision(self, state: Any) -> Decision:
        """The next decision, worked out once per state: the session and ``apply`` both ask."""
        decision = state.decision
        if decision is None:
            decision = state.decision = self.phases[state.phase].decide(state)
        return decision

    def apply(self, state: Any, move: Move) -> list[Event]:
        decision = state.decision
        if decision is None:
            decision = state.decision = self.phases[state.phase].decide(state)
        kind = decision.__class__
        if kind is Choice:
            for offer in decision.actions:  # ``offered`` written out: a call less per step
                if offer is move:
                    break
            else:
                if move not in decision.actions:
                    reason = self.refusal(state, decision, move)
                    raise IllegalAction(words(reason) if reason else f"{move} is not allowed now: {decision.prompt}")
        elif kind is Chance:
            if not offered(move, decision.outcomes):
                raise IllegalAction(f"{move} is not a possible outcome of {decision.prompt}")
        else:
            raise IllegalAction("the game is over")
        log: list[Event] = []
        state.decision = None
        self.handlers[move.__class__](state, move, log)
        self.advance(state, log)
        return log

    def refusal(self, state: Any, decision: Choice, move: Move) -> Words | None:
        """Why a move that was not offered is illegal, in the game's words; None for the
        frame's plain "not allowed now". Asked only for a refused move, so it may be slow."""
        return None

    def advance(self, state: Any, log: list[Event]) -> None:
        """Carry out automatic steps until a real decision (or the end) is due. A choice with
        one action or a chance with one outcome decides nothing, so its move is carried out
        here and logged, in every game alike (architecture: only real decisions are asked),
        unless its handler tells it in the game's words (``tells_its_moves``); the decision is
        worked out now anyway, and left in the cache for whoever asks next."""
        phases = self.phases
        while True:
            state.decision = None
            phase = phases[state.phase]
            if phase.automatic is not None and phase.automatic(state, log):
                continue
            decision = state.decision
            if decision is None:
                decision = state.decision = phase.decide(state)
            kind = decision.__class__
            if kind is Choice:
                if len(decision.actions) != 1 or decision.conceals:
                    return
                move = decision.actions[0]
                if move.__class__ not in self.tells_its_moves:
                    log.append(Event(("{}: {} (the only move)", self.seat_name(state, decision.seat), move),
                                     (decision.seat,)))
            elif kind is Chance and len(decision.outcomes) == 1:
                move = decision.outcomes[0]
                log.append(Event((only_outcome, decision, move), decision.seen_by))
            else:
                return
            state.decision = None
            self.handlers[move.__class__](state, move, log)

    def seat_name(self, state: Any, seat: int) -> str:
        """The seat's name for the log; a game that keeps its names elsewhere says where."""
        return state.names[seat]
