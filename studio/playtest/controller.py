"""One playtest in the studio: the engine's Session, wrapped so that widgets can follow it.

The session is the playtest's undo history (a tree of steps), so the studio keeps no undo
stack of its own for playing: Edit ▸ Undo is ``session.undo()``. Everything shown goes through
the engine contract (decision, view, steps and their logs), never through a game's code, and
through the "view as" seat, which hides what that seat may not see.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.core.decision import Chance, Choice, Decision, End
from engine.core.errors import IllegalAction
from engine.core.moves import Action, Outcome
from engine.core.picture import Picture
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import HUMAN, Session, Step
from engine.scenario.converter import value_problem
from engine.scenario.problems import Problem

TICK_SECONDS = 0.03  # a run plays this long between repaints, so the board moves and Pause works
RUN_LIMIT = 100_000  # steps; a ruleset that never ends must not hang the studio


class Until(Enum):
    """Where a run stops (besides the end of the game)."""

    TURN = "the end of the turn"  # the picture's active seat or round changes
    ROUND = "the end of the round"  # the picture's round (an epoch, say) changes
    PERSON = "a person's decision"  # a seat played by a person must choose


class PlaytestController(QObject):
    changed = Signal()  # the current step or the tree changed: redraw what shows the game
    annotated = Signal()  # a note or a bookmark changed
    viewer_changed = Signal()  # "view as" switched: redraw with what that seat may see
    running_changed = Signal(bool)
    modified_changed = Signal(bool)
    message = Signal(str)  # one sentence for the status bar, e.g. why a click did nothing

    def __init__(self, session: Session, scenario_path: Path | None, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.scenario_path = scenario_path  # None: the scenario is embedded in the playtest file
        # Whether saving embeds a copy of the scenario, so the playtest opens in any folder.
        self.embed_scenario = scenario_path is None
        self.path = path
        self.viewer: int | None = None  # None is the designer, who sees everything
        # Until someone chooses a view, the view is the person's at the table (issue 28): a
        # person never sees the bots' hands unless they ask to.
        self.follows_play = True
        self.viewer = self.seat_to_view()
        self._revision = 0  # counts note and bookmark edits, for the modified mark
        self._picture: tuple[tuple[int, int | None], Picture] | None = None
        self._saved = self._fingerprint() if path else None
        self._until: Until | None = None
        self._start_mark: tuple[object, ...] = ()
        self._run_steps = 0
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._tick)

    @classmethod
    def open(cls, path: Path) -> tuple[PlaytestController, list[Problem]]:
        """Replay a playtest file; the problems are what does not reproduce (the rules, the
        scenario or the seed changed), the same list ``epoch replay`` prints.

        Raises ScenarioError when the file cannot be replayed at all.
        """
        session, scenario_path, recorded = open_playtest(path)
        return cls(session, scenario_path, path), check_replay(session, recorded)

    def save(self, path: Path) -> None:
        """Write the playtest file (OSError when the disk refuses); the scenario is embedded, or
        stays where it is and is referred to by a relative path and its digest."""
        save_playtest(self.session, path, None if self.embed_scenario else self.scenario_path)
        self.path = path
        self._saved = self._fingerprint()
        self.modified_changed.emit(False)

    # -- reading -------------------------------------------------------------------------

    def _fingerprint(self) -> tuple[int, int, int]:
        return (len(self.session.steps), self.session.current, self._revision)

    def is_modified(self) -> bool:
        """True when the file on disk (if any) would differ: steps, position, notes or bookmarks.

        Going back to the saved step (undo, then redo) leaves the playtest unmodified.
        """
        if self._saved is None:
            return len(self.session.steps) > 1 or self._revision > 0
        return self._fingerprint() != self._saved

    def decision(self) -> Decision:
        return self.session.decision()

    def picture(self) -> Picture:
        """What the "view as" seat sees now; asked by every panel, so made once per step."""
        key = (self.session.current, self.viewer)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self.session.view(self.viewer))
        return self._picture[1]

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.session.seats):
            return "chance"
        return self.session.seats[seat].name

    def is_person(self, seat: int) -> bool:
        return self.session.controllers[seat] == HUMAN

    def sees_choice(self, choice: Choice) -> bool:
        """Whether the "view as" seat may read the actions offered (they can name its hand)."""
        return self.viewer is None or self.viewer == choice.seat

    def full_line(self) -> list[Step]:
        """The root to the current step, then on along the steps last visited: what redo and
        the log follow. A new move before the end of it opens a branch."""
        steps = self.session.steps
        line = self.session.line()
        below = self.session.step.last_child
        while below is not None:
            line.append(steps[below])
            below = steps[below].last_child
        return line

    def describe(self, step: Step, with_seat: bool = True) -> str:
        """A step as one line for the history, the log and the Edit menu, hiding what the
        "view as" seat may not read: another seat's choice is told by its public events."""
        move = step.move
        if move is None:
            return "Start"
        who = "chance" if isinstance(move, Outcome) else self.seat_name(step.seat)
        again = f" (draw {step.draw + 1})" if step.draw else ""
        if self.viewer is not None and (isinstance(move, Outcome) or step.seat != self.viewer):
            # Who saw a past draw is not recorded in the step, so a seat is told only the
            # events it may read: a card's label must not leak through the history.
            seen = [event.text for event in step.log if event.visible_to(self.viewer)]
            return ("; ".join(seen) if seen else f"{who} decides") + (" (forced)" if step.forced else again)
        if isinstance(move, Outcome):
            return f"chance: {move}" + (" (forced)" if step.forced else again)
        return (f"{who}: {move}" if with_seat else str(move)) + again

    def undo_text(self) -> str:
        """Names the person's decision that undo takes back."""
        target = self.session.person_undo_target()
        if target is None:
            return "Undo"
        undone = self.session.step
        while undone.parent != target:
            undone = self.session.steps[undone.parent]
        return f"Undo {self.describe(undone, with_seat=False)}"

    def redo_text(self) -> str:
        step = self.session.redo_step()
        return f"Redo {self.describe(step, with_seat=False)}" if step is not None else "Redo"

    def actions_at(self, space_id: str, space_name: str) -> tuple[list[Action], str]:
        """The legal actions a click on a space may mean, or why there is none."""
        decision = self.decision()
        if isinstance(decision, End):
            return [], "The game is over."
        if isinstance(decision, Chance):
            return [], f"Chance decides next ({decision.prompt}): roll, or choose an outcome in the list."
        if not self.sees_choice(decision):
            return [], (f"{self.seat_name(decision.seat)} is choosing, which {self.seat_name(self.viewer)} "
                        "may not see; step, or view as the designer.")
        matches = [action for action in decision.actions if space_id in action.spaces]
        if matches:
            return matches, ""
        where = "; the ringed spaces can be clicked" if any(a.spaces for a in decision.actions) else ""
        return [], (f"No legal action in {space_name}: {self.seat_name(decision.seat)} must choose "
                    f"({decision.prompt}){where}.")

    # -- acting --------------------------------------------------------------------------

    def _act(self, act: Callable[[], object]) -> bool:
        """Do one thing to the session; an illegal one is told, not raised."""
        try:
            act()
        except IllegalAction as error:
            self.message.emit(f"Not allowed: {error}")
            return False
        self._changed()
        return True

    def _changed(self) -> None:
        if self.follows_play:
            seat = self.seat_to_view()
            if seat != self.viewer:  # a hand-over at a hot-seat table
                self.viewer = seat
                self.viewer_changed.emit()
        self.changed.emit()
        self.modified_changed.emit(self.is_modified())

    def play(self, action: Action) -> bool:
        """A person's choice. While a run plays, the list and the board change under the mouse,
        so a click then only pauses: what it landed on is not what the person saw."""
        if self._interrupts_run():
            return False
        return self._act(lambda: self.session.play(action, forced=False))

    def force(self, outcome: Outcome) -> bool:
        """Chance decided by the designer rather than by the generator: the only forced step."""
        if self._interrupts_run():
            return False
        return self._act(lambda: self.session.play(outcome, forced=True))

    def _interrupts_run(self) -> bool:
        if not self.running:
            return False
        self.pause()
        self.message.emit("Paused. The list was changing as the bots played: choose again.")
        return True

    def roll(self, again: bool = False) -> bool:
        """The seeded outcome (the same every time at this step), or with ``again`` a fresh draw."""
        self.pause()
        return self._act(lambda: self._draw(self.session.roll, again))

    def step(self, again: bool = False) -> bool:
        """One step by the acting seat's bot, or by chance; ``again`` draws afresh. A person's
        seat is never moved for them: the step waits for their choice."""
        self.pause()
        decision = self.decision()
        if isinstance(decision, Choice) and self.is_person(decision.seat):
            self.message.emit(f"{self.seat_name(decision.seat)} is played by a person: choose in the Decision "
                              "list or on the board.")
            return False
        return self._act(lambda: self._draw(self.session.bot_step, again))

    def _draw(self, take: Callable[[bool], Step], again: bool) -> None:
        """Take the step; a fresh draw that lands on a line already played says so, or it
        would look as if nothing happened."""
        before = len(self.session.steps)
        step = take(again)
        if again and len(self.session.steps) == before:
            self.message.emit(f"The new draw came out as before: {self.describe(step)}.")

    def undo(self) -> bool:
        """Back to the last decision of a person, past the steps bots and chance took after it,
        which Step or a run would only take again at once (with no person at the table, one step)."""
        self.pause()
        said = self.undo_text()
        return self._travel(self.session.undo_to_person, said.replace("Undo", "Undone:", 1))

    def redo(self) -> bool:
        """Undo mirrored: the person's step again, and the bots' and chance's steps after it."""
        self.pause()
        said = self.redo_text()
        return self._travel(self.session.redo_to_person, said.replace("Redo", "Redone:", 1))

    def goto(self, step_id: int) -> bool:
        """Time travel: show the game at any step; a move from there opens a branch."""
        self.pause()
        if step_id == self.session.current:
            return True
        return self._travel(lambda: self.session.goto(step_id), f"At step {step_id}:")

    def _travel(self, move: Callable[[], object], said: str) -> bool:
        """A move through the tree, then the status bar says where it landed: a message left
        from before (who had to choose then) would otherwise name the wrong seat."""
        if not self._act(move):
            return False
        self.message.emit(f"{said.rstrip(':')}. {self.whose_turn()}.")
        return True

    def whose_turn(self) -> str:
        """Who acts at the current step, and how, in one clause."""
        decision = self.decision()
        if isinstance(decision, End):
            return "The game is over"
        if isinstance(decision, Chance):
            return f"Chance decides next ({decision.prompt}): Roll (F9)"
        name = self.seat_name(decision.seat)
        if self.is_person(decision.seat):
            return f"{name} (a person) must choose"
        return f"{name} (a bot) plays next: Step (F10) or Let Bots Play (F5)"

    def seat_to_view(self) -> int | None:
        """Whose view the table shows: the only person's; with several people, the one to
        choose (while bots and chance play, the last person's stays); the designer's only
        when no seat is played by a person."""
        people = [seat for seat in range(len(self.session.seats)) if self.is_person(seat)]
        if not people:
            return None
        decision = self.decision()
        if isinstance(decision, Choice) and decision.seat in people:
            return decision.seat
        return self.viewer if self.viewer in people else people[0]

    def set_viewer(self, seat: int | None) -> None:
        """A view chosen by the person: it stays, whoever plays next."""
        self.follows_play = False
        if seat != self.viewer:
            self.viewer = seat
            self.viewer_changed.emit()

    def set_note(self, step_id: int, note: str) -> bool:
        if self._unwritable("A note", note):
            return False
        if self.session.steps[step_id].note != note:
            self.session.set_note(note, step_id)
            self._annotate()
        return True

    def bookmark(self, name: str, step_id: int) -> bool:
        if self._unwritable("A bookmark's name", name):
            return False
        self.session.bookmark(name, step_id)
        self._annotate()
        return True

    def _unwritable(self, what: str, text: str) -> bool:
        """Text the playtest file's reader would refuse (too long, a control character): kept,
        it would be saved and the file would then not reopen."""
        problem = value_problem(text)
        if problem:
            self.message.emit(f"{what} cannot hold that: {problem}.")
        return problem is not None

    def remove_bookmark(self, name: str) -> None:
        if self.session.bookmarks.pop(name, None) is not None:
            self._annotate()

    def _annotate(self) -> None:
        self._revision += 1
        self.annotated.emit()
        self.modified_changed.emit(self.is_modified())

    # -- running ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._until is not None

    def run(self, until: Until) -> None:
        """Play on, a batch of steps per event-loop turn, until ``until``, the end, or a
        person's decision: bots and chance play, never a person's seat."""
        if isinstance(self.decision(), End):
            self.message.emit("The game is over.")
            return
        decision = self.decision()
        if isinstance(decision, Choice) and self.is_person(decision.seat):
            self.message.emit(f"{self.seat_name(decision.seat)} (a person) must choose first.")
            return
        self._until = until
        self._start_mark = self._mark()
        self._run_steps = 0
        self._timer.start()
        self.running_changed.emit(True)
        self.message.emit(f"Playing until {until.value}…")

    def pause(self) -> None:
        if self._until is not None:
            self._until = None
            self._timer.stop()
            self.running_changed.emit(False)

    def _mark(self) -> tuple[object, ...]:
        picture = self.session.view(None)
        if self._until is Until.TURN:
            return (picture.active_seat, picture.round)
        if self._until is Until.ROUND:
            return (picture.round,)
        return ()

    def _done(self) -> str:
        """Why the run stops here, or "" to play on."""
        decision = self.decision()
        if isinstance(decision, End):
            return "the game is over"
        if self._run_steps >= RUN_LIMIT:
            return f"{RUN_LIMIT:,} steps played without reaching {self._until.value}"
        if isinstance(decision, Choice) and self.is_person(decision.seat):
            return f"{self.seat_name(decision.seat)} (a person) must choose"  # whatever the run's goal
        if self._until is Until.PERSON:
            return ""
        return "" if self._mark() == self._start_mark else f"reached {self._until.value}"

    def _tick(self) -> None:
        deadline = time.perf_counter() + TICK_SECONDS
        reason = ""
        try:
            while time.perf_counter() < deadline:
                reason = self._done()
                if reason:
                    break
                self.session.bot_step()
                self._run_steps += 1
        except Exception:
            self.pause()  # a rules error must not leave the timer firing it again and again
            raise
        finally:
            self._changed()
        if reason:
            self.pause()
            self.message.emit(f"Stopped after {self._run_steps} steps: {reason}.")
