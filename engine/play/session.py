"""A playtest: a tree of steps with undo, redo, goto, branches, bookmarks and notes.

States are never stored per step. The root and every ``CHECKPOINT_EVERY``-th step keep a
clone; going to a step clones its nearest checkpointed ancestor (or reuses the current
state when that is on the way) and replays at most ``CHECKPOINT_EVERY - 1`` moves, so
undo, redo and goto cost the same at step 10 and at step 10,000. Where the designer moves
about, the replay keeps a clone every ``VISITED_CHECKPOINT_EVERY``-th step on its way, so
undoing step after step replays a few moves each time.

Redo follows the *line*: the steps from the root to the deepest step last reached, kept
as a list indexed by depth, so undo and redo are a lookup, not a walk up the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from attrs import define

from engine.core.bot import Bot, Table, seated
from engine.core.decision import Chance, Choice, Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.moves import Move, Outcome
from engine.core.picture import Picture
from engine.core.randomness import BotDraws, ChanceDraws, bot_rng, chance_rng, sample
from engine.core.ruleset import Ruleset
from engine.core.skeleton import offered
from engine.play.drive import next_move
from engine.scenario.model import RulesetOptions, Scenario, Seat

# Bots playing on pay for a clone at every checkpoint: every 32nd step cost History of the
# World's session step 7% of an engine step when its clone cost 26 us in play (11 us since it is
# written out), every 64th half that. A goto replays at most 63 moves, about a millisecond; the
# undos after it replay at most 15 (the clones it keeps on its way).
CHECKPOINT_EVERY = 64
VISITED_CHECKPOINT_EVERY = 16
FRESH_TRIES = 64  # fresh draws looking for an outcome not yet played before taking a played one
HUMAN = "human"
STAND_IN = "random"  # the bot that takes a step for a person who asks for one


@define
class Step:
    """One step of the tree. A session keeps every step it ever took, so a step holds as few
    objects the garbage collector must keep visiting as it can: its children are a tuple of
    numbers (which the collector stops tracking), not a list."""

    id: int
    parent: int | None
    depth: int
    move: Move | None = None  # None only for the root
    seat: int | None = None  # who chose; None for chance
    forced: bool = False  # a chance outcome the designer chose rather than rolled
    draw: int = 0  # which draw of the generator took it: 0 the seeded one, n the n-th "again"
    log: tuple[Event, ...] = ()
    note: str = ""
    children: tuple[int, ...] = ()
    last_child: int | None = None  # the child visited most recently, followed by goto


class Session:
    def __init__(
        self,
        scenario: Scenario,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        options: RulesetOptions,
        seed: int,
        controllers: Sequence[str] | None = None,
        bots: Mapping[str, Bot] = MappingProxyType({}),
    ) -> None:
        """``controllers`` names each seat's controller (``HUMAN`` or a bot's name); ``bots``
        are the bots this session may call on, by name."""
        if not ruleset.min_players <= len(seats) <= ruleset.max_players:
            raise ValueError(
                f"{ruleset.title} is for {ruleset.min_players} to {ruleset.max_players} "
                f"players, not {len(seats)}"
            )
        self.scenario = scenario
        self.ruleset = ruleset
        self.seats = list(seats)
        self.options = options
        self.seed = seed
        self.controllers = list(controllers or [HUMAN] * len(seats))
        self.bots = bots
        self.bookmarks: dict[str, int] = {}
        self.state: Any = ruleset.start(scenario, self.seats, options)
        self.steps: list[Step] = [Step(id=0, parent=None, depth=0)]
        self._checkpoints: dict[int, Any] = {0: ruleset.clone(self.state)}
        self.current = 0
        self._line: list[int] = [0]
        self._decision: Decision | None = None
        self._chance_draws = ChanceDraws(seed)
        self._bot_draws = BotDraws(seed)

    # -- reading -----------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.steps[self.current]

    def decision(self) -> Decision:
        return self._decision or self._decide()

    def _decide(self) -> Decision:
        self._decision = self.ruleset.decision(self.state)
        return self._decision

    def view(self, seat: int | None = None) -> Picture:
        return self.ruleset.view(self.state, seat)

    def digest(self) -> str:
        return self.ruleset.digest(self.state)

    def line(self, step_id: int | None = None) -> list[Step]:
        """The steps from the root to ``step_id`` (the current step by default)."""
        node = self.steps[self.current if step_id is None else step_id]
        path = [node]
        while node.parent is not None:
            node = self.steps[node.parent]
            path.append(node)
        return path[::-1]

    def leaves(self) -> list[int]:
        return [s.id for s in self.steps if not s.children]

    def can_undo(self) -> bool:
        return self.step.parent is not None

    def can_redo(self) -> bool:
        return self.step.depth + 1 < len(self._line)

    def redo_step(self) -> Step | None:
        """The step redo would go to, for a menu that names it."""
        return self.steps[self._line[self.step.depth + 1]] if self.can_redo() else None

    # -- playing -----------------------------------------------------------------

    def play(self, move: Move, forced: bool = False, draw: int = 0) -> Step:
        """Take ``move`` at the current step; an existing identical child is reused, a new one
        after an undo opens a branch and keeps the old line. Raises IllegalAction otherwise.

        ``forced`` says a person chose this chance outcome rather than the generator; it means
        nothing for an action, and the caller who forces says so."""
        return self._take(self.decision(), move, forced and isinstance(move, Outcome), draw)

    def _take(self, decision: Decision, move: Move, forced: bool, draw: int) -> Step:
        """``play`` once the decision is known. The ruleset's ``apply`` refuses a move its
        decision did not offer before changing anything (the engine contract, checked for every
        ruleset by tests/engine/rulesets/test_contract.py), so the move is not checked twice; a
        move equal to an existing child's was offered, as that child's was."""
        parent = self.steps[self.current]
        if parent.children:
            existing = next((self.steps[c] for c in parent.children if offered(self.steps[c].move, (move,))), None)
            if existing is not None:
                self.goto(existing.id)
                return existing
        log = self.ruleset.apply(self.state, move)
        number, depth = len(self.steps), parent.depth + 1
        step = Step(number, parent.id, depth, move, decision.seat if decision.__class__ is Choice else None,
                    forced, draw, tuple(log))
        self.steps.append(step)
        parent.children += (number,)
        parent.last_child = number
        if depth % CHECKPOINT_EVERY == 0:
            self._checkpoints[number] = self.ruleset.clone(self.state)
        if len(self._line) > depth:  # a step taken below an undo: the old line's redo ends here
            del self._line[depth:]
        self._line.append(number)
        self.current = number
        self._decision = None
        return step

    def roll(self, again: bool = False) -> Step:
        """Let the session's seeded generator decide the current chance step: the same outcome
        every time at this step, or with ``again`` a fresh draw ("what if the dice came out
        otherwise?", see ``_fresh``)."""
        decision = self.decision()
        if not isinstance(decision, Chance):
            raise IllegalAction("the game is not waiting for chance")
        return self._roll(decision, again)

    def _roll(self, decision: Chance, again: bool) -> Step:
        if not again:
            return self._take(decision, sample(decision, self._chance_draws.at(self.current)), False, 0)
        move, draw = self._fresh(lambda draw: next_move(decision, None, chance_rng(self.seed, f"{self.current}:{draw}")))
        return self._take(decision, move, False, draw)

    def _fresh(self, draw_with: Callable[[int], Move]) -> tuple[Move, int]:
        """Fresh draws, numbered on from the last one taken at this step, until one comes out
        otherwise than every line already played from here; when all have been played, the
        first of them. The number is kept in the step, so a replay needs no generator and a
        reopened playtest draws on from where it was."""
        played = {self.steps[child].move for child in self.step.children}
        first = 1 + max((self.steps[child].draw for child in self.step.children), default=0)
        for draw in range(first, first + FRESH_TRIES):
            move = draw_with(draw)
            if move not in played:
                return move, draw
        return draw_with(first), first

    def is_bot_turn(self) -> bool:
        """True when no person needs to act: chance decides, or a bot holds the acting seat."""
        decision = self._decision or self._decide()
        kind = decision.__class__
        return kind is Chance or kind is Choice and self.controllers[decision.seat] != HUMAN

    def bot_step(self, again: bool = False) -> Step:
        """Let chance or the acting seat's bot take the current step, reproducibly from the seed;
        ``again`` draws afresh, as ``roll`` does."""
        decision = self._decision or self._decide()
        if decision.__class__ is Chance:
            return self._roll(decision, again)
        if not isinstance(decision, Choice):
            raise IllegalAction("the game is over")
        bot = self.bots.get(self.controllers[decision.seat]) or self.bots.get(STAND_IN)
        if bot is None:
            raise IllegalAction(f"no bot was handed to this session to play seat {decision.seat + 1}")
        # A bot that looks ahead searches the session's state as it is: in a playtest the
        # designer's opponents see everything (the balance lab's bots determinise instead).
        # It is seated afresh at every step, so its choice depends on the seed and the step alone.
        if hasattr(bot, "at"):
            bot = seated(bot, Table(self.ruleset, self.state))
        if not again:
            # next_move written out, as drive does: chance or choice is known here
            return self._take(decision, bot.choose(decision, self._bot_draws.at(self.current)), False, 0)
        move, draw = self._fresh(lambda draw: next_move(decision, bot, bot_rng(self.seed, self.current, draw)))
        return self._take(decision, move, False, draw)

    # -- moving through the tree -----------------------------------------------

    def undo(self) -> None:
        if self.step.parent is None:
            raise IllegalAction("nothing to undo")
        self.goto(self.step.parent)

    def person_undo_target(self) -> int | None:
        """Where undo takes a person: back to their own last decision, past every step that
        bots and chance took after it, or None when there is nothing to undo.

        A bot would only take its step again at once (from the same seed), so undoing it alone
        changes nothing a person can see. A chance outcome a person forced is their decision too.
        With no person at the table, undo is one step.
        """
        if self.step.parent is None:
            return None
        if HUMAN not in self.controllers:
            return self.step.parent
        node = self.step
        while node.parent is not None:
            if self._by_person(node):
                return node.parent
            node = self.steps[node.parent]
        return node.id

    def _by_person(self, step: Step) -> bool:
        return step.forced if step.seat is None else self.controllers[step.seat] == HUMAN

    def undo_to_person(self) -> None:
        target = self.person_undo_target()
        if target is None:
            raise IllegalAction("nothing to undo")
        self.goto(target)

    def redo_to_person(self) -> None:
        """Undo to a person's decision, mirrored: redo their step and the steps bots and chance
        took after it, up to the next person's step on the line."""
        self.redo()
        while self.can_redo() and (HUMAN in self.controllers) and not self._by_person(self.redo_step()):
            self.redo()

    def redo(self) -> None:
        if not self.can_redo():
            raise IllegalAction("nothing to redo")
        self.goto(self._line[self.step.depth + 1])

    def goto(self, step_id: int) -> None:
        if not 0 <= step_id < len(self.steps):
            raise IllegalAction(f"there is no step {step_id}")
        if step_id == self.current:
            return
        pending: list[Step] = []
        node = self.steps[step_id]
        while node.id != self.current and node.id not in self._checkpoints:
            pending.append(node)
            node = self.steps[node.parent]  # the root is always a checkpoint
        state = self.state if node.id == self.current else self.ruleset.clone(self._checkpoints[node.id])
        for step in reversed(pending):
            self.ruleset.apply(state, step.move)
            if step.depth % VISITED_CHECKPOINT_EVERY == 0:
                self._checkpoints[step.id] = self.ruleset.clone(state)
        self.state = state
        self._follow(step_id)
        self.current = step_id
        self._decision = None

    def _on_line(self, step: Step) -> bool:
        return step.depth < len(self._line) and self._line[step.depth] == step.id

    def _follow(self, step_id: int) -> None:
        """Make the line pass through ``step_id``, then continue down its last-visited children."""
        node = self.steps[step_id]
        if self._on_line(node):
            return
        path = []
        while not self._on_line(node):
            path.append(node.id)
            self.steps[node.parent].last_child = node.id
            node = self.steps[node.parent]
        del self._line[node.depth + 1 :]
        self._line.extend(reversed(path))
        below = self.steps[step_id].last_child
        while below is not None:
            self._line.append(below)
            below = self.steps[below].last_child

    def branches(self, step_id: int | None = None) -> list[Step]:
        """The alternative continuations after a step, oldest first."""
        return [self.steps[c] for c in self.steps[self.current if step_id is None else step_id].children]

    # -- annotating --------------------------------------------------------------

    def bookmark(self, name: str, step_id: int | None = None) -> None:
        self.bookmarks[name] = self.current if step_id is None else step_id

    def set_note(self, note: str, step_id: int | None = None) -> None:
        self.steps[self.current if step_id is None else step_id].note = note
