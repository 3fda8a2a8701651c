"""The History dock groups a line of play by turn (issue 15: the tree was shown flat and long).

A turn is a run of choices by one seat, chance steps included in the turn they fall in; past
turns fold away; a branch played after an undo hangs under its step as a line of turns."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtWidgets import QTreeWidgetItem

from engine.core.decision import Choice
from studio.playtest.history_panel import NUMBER_ROLE, SEAT_ROLE, STEP_ROLE
from tests.studio.test_app import start_dice_race


def _turns(container: QTreeWidgetItem | None, tree) -> list[QTreeWidgetItem]:
    children = ([tree.topLevelItem(i) for i in range(tree.topLevelItemCount())] if container is None
                else [container.child(i) for i in range(container.childCount())])
    return [item for item in children if item.data(0, NUMBER_ROLE) is not None]


def test_a_line_of_play_reads_as_numbered_turns_of_one_seat_each(window, dice_race_path):
    start_dice_race(window, dice_race_path, ("human", "human"))
    playtest = window.playtest
    for _ in range(40):  # both seats people taking the first action offered; chance rolled
        decision = playtest.decision()
        assert playtest.play(decision.actions[0]) if isinstance(decision, Choice) else playtest.roll()
    session, panel = playtest.session, window.playtest_mode.history_panel
    tree = panel.tree
    turns = _turns(None, tree)
    assert len(turns) >= 4
    assert [turn.data(0, NUMBER_ROLE) for turn in turns] == list(range(1, len(turns) + 1))
    for before, after in pairwise(turns):
        assert before.data(0, SEAT_ROLE) != after.data(0, SEAT_ROLE)  # a turn is a whole run
    for turn in turns:
        seat = turn.data(0, SEAT_ROLE)
        steps = [session.steps[turn.child(i).data(0, STEP_ROLE)] for i in range(turn.childCount())]
        assert {step.seat for step in steps} <= {seat, None}
        assert turn.text(0) == f"Turn {turn.data(0, NUMBER_ROLE)} · {session.seats[seat].name}"
    # Every step of the line is in the tree once, in order.
    in_tree = [turn.child(i).data(0, STEP_ROLE) for turn in turns for i in range(turn.childCount())]
    assert in_tree == [step.id for step in session.line()[1:]]
    # Only the turn being played is open.
    assert [turn.isExpanded() for turn in turns] == [False] * (len(turns) - 1) + [True]

    # Going back to an early step opens its turn; a different choice there starts a branch.
    early = next(step for step in session.line() if step.seat is not None and step.depth > 3)
    fork = session.steps[early.parent]
    playtest.goto(fork.id)
    assert panel.item_of(fork.id).parent().isExpanded() or fork.parent is None
    decision = playtest.decision()
    assert isinstance(decision, Choice)
    other = next(action for action in decision.actions if action != early.move)
    playtest.play(other)
    branch_turn = panel.item_of(session.current).parent()
    branch = branch_turn.parent()
    assert branch.text(0).startswith("branch 2") and not branch.icon(0).isNull()  # drawn, not a glyph
    fork_turn = panel.item_of(fork.id).parent()
    same_seat = fork_turn.data(0, SEAT_ROLE) == session.step.seat
    assert branch_turn.data(0, NUMBER_ROLE) == fork_turn.data(0, NUMBER_ROLE) + (0 if same_seat else 1)
    assert branch_turn.isExpanded() and branch.isExpanded()
