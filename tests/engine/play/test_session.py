"""Session invariants on the Dice Race ruleset: undo, redo, branches, forced chance, goto."""

from __future__ import annotations

import pytest

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.play.session import CHECKPOINT_EVERY, VISITED_CHECKPOINT_EVERY, Session


def new_session(scenario, ruleset, seed: int = 7, players: int = 3) -> Session:
    return Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, seed, bots=BOTS)


def play_random(session: Session, steps: int) -> list[str]:
    """Take ``steps`` steps with bots and chance, returning the digest after each."""
    session.controllers = ["random"] * len(session.seats)
    digests = []
    for _ in range(steps):
        if not session.is_bot_turn():
            break
        session.bot_step()
        digests.append(session.digest())
    return digests


def test_undo_to_the_root_gives_the_initial_state_exactly(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    initial = session.digest()
    taken = play_random(session, 40)
    assert session.current == len(taken) > 20
    while session.can_undo():
        session.undo()
    assert session.current == 0
    assert session.digest() == initial
    assert session.state == ruleset.start(dice_race, dice_race.seats[:3], dice_race.ruleset.options)


def test_redo_gives_back_identical_states(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    digests = play_random(session, 3 * CHECKPOINT_EVERY + 3)
    for _ in digests:
        session.undo()
    replayed = []
    while session.can_redo():
        session.redo()
        replayed.append(session.digest())
    assert replayed == digests


def test_each_undo_restores_the_state_of_the_step_before(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    digests = [session.digest(), *play_random(session, 30)]
    for expected in reversed(digests[:-1]):
        session.undo()
        assert session.digest() == expected


def test_a_new_action_after_undo_opens_a_branch_and_keeps_the_old_line(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    play_random(session, 3)  # the three bonus draws
    assert isinstance(session.decision(), Choice)
    session.play(session.decision().actions[0])  # roll
    session.play(Outcome(4))
    old_line_end = session.current
    old_digest = session.digest()
    session.undo()
    session.play(Outcome(6))  # a different die: a branch
    assert session.current != old_line_end
    fork = session.steps[session.step.parent]
    assert [step.move for step in session.branches(fork.id)] == [Outcome(4), Outcome(6)]
    session.goto(old_line_end)
    assert session.digest() == old_digest
    assert session.state.turn_total == 4


def test_replaying_the_same_move_reuses_the_existing_step(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    play_random(session, 3)
    first = session.play(session.decision().actions[0])
    session.undo()
    again = session.play(session.decision().actions[0])
    assert again.id == first.id
    assert len(session.steps) == 5


def test_forced_chance_outcomes_are_honoured_and_recorded(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    step = session.play(Outcome("b6"), forced=True)
    assert step.forced
    assert session.state.bonus[0] == "b6"
    rolled = session.roll()
    assert not rolled.forced
    assert session.state.bonus[1] == rolled.move.value != "b6"


def test_only_a_person_choosing_a_chance_outcome_is_forced(dice_race, ruleset):
    """Forcing is said, never assumed: a move played without it, an action above all, is not."""
    session = new_session(dice_race, ruleset)
    assert not session.play(Outcome("b2")).forced
    assert not session.play(Outcome("b3"), forced=False).forced
    while isinstance(session.decision(), Chance):
        session.roll()
    action = session.decision().actions[0]
    assert not session.play(action, forced=True).forced  # an action is a choice, never forced


def test_rolls_are_reproducible_from_the_seed(dice_race, ruleset):
    first = new_session(dice_race, ruleset, seed=11)
    second = new_session(dice_race, ruleset, seed=11)
    assert play_random(first, 60) == play_random(second, 60)
    other = new_session(dice_race, ruleset, seed=12)
    assert play_random(other, 60) != play_random(new_session(dice_race, ruleset, seed=11), 60)


def test_an_illegal_action_raises_with_a_reason_and_changes_nothing(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    before = session.digest()
    assert isinstance(session.decision(), Chance)
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        session.play(Outcome("no-such-card"))
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        session.play(Outcome(3))
    assert session.digest() == before
    assert len(session.steps) == 1


def test_the_ruleset_refuses_an_illegal_move_and_leaves_the_state_untouched(dice_race, ruleset):
    from tiny_ruleset import Hold

    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    before = ruleset.clone(state)
    with pytest.raises(IllegalAction):
        ruleset.apply(state, Hold())  # the bonus cards are not drawn yet
    assert state == before


def test_goto_any_step_across_branches(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    play_random(session, 25)
    line_a = {step.id: None for step in session.line()}
    for step_id in line_a:
        session.goto(step_id)
        line_a[step_id] = session.digest()
    session.goto(12)
    session.play(other_move(session))
    play_random(session, 20)  # a second line from step 12
    for step_id, digest in line_a.items():
        session.goto(step_id)
        assert session.digest() == digest


def other_move(session: Session):
    """A legal move at the current step that differs from the one already taken there."""
    decision = session.decision()
    taken = {step.move for step in session.branches()}
    moves = decision.actions if isinstance(decision, Choice) else decision.outcomes
    return next(move for move in moves if move not in taken)


def test_redo_follows_the_line_last_visited(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    play_random(session, 10)
    session.goto(5)
    session.play(other_move(session))
    play_random(session, 3)
    branch_tip = session.current
    session.goto(3)
    while session.can_redo():
        session.redo()
    assert session.current == branch_tip


def test_bookmarks_and_notes(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    play_random(session, 5)
    session.bookmark("before the big roll")
    session.set_note("what if the defender rolls a 6?", 2)
    assert session.bookmarks == {"before the big roll": 5}
    assert session.steps[2].note.startswith("what if")


def test_undo_at_the_root_says_why(dice_race, ruleset):
    session = new_session(dice_race, ruleset)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo()


def test_a_seat_count_outside_the_ruleset_is_refused(dice_race, ruleset):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_session(dice_race, ruleset, players=1)


def test_undo_for_a_person_goes_back_past_bots_and_rolls_to_their_own_decision(dice_race, ruleset):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 5, ["human", "random"], BOTS)
    session.roll()
    session.roll()
    assert isinstance(session.decision(), Choice) and session.decision().seat == 0
    red_to_choose = session.current
    hold = next(a for a in session.decision().actions if str(a) == "hold")
    session.play(hold)
    while session.is_bot_turn():  # Blue's bot and its dice, until Red must choose again
        session.bot_step()
    assert session.current - red_to_choose > 1
    assert session.person_undo_target() == red_to_choose
    session.undo_to_person()
    assert session.current == red_to_choose
    session.redo()
    assert session.step.move == hold  # redo gives the person's move back


def test_a_forced_outcome_is_a_persons_decision_and_without_persons_undo_is_one_step(dice_race, ruleset):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 5, ["human", "random"], BOTS)
    forced = session.play(session.decision().outcomes[2], forced=True)
    session.roll()
    assert session.person_undo_target() == forced.parent  # where the person chose the outcome
    bots = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 5, ["random", "random"], BOTS)
    for _ in range(4):
        bots.bot_step()
    assert bots.person_undo_target() == bots.step.parent
    assert Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 5).person_undo_target() is None


def test_roll_again_draws_afresh_reproducibly_and_the_seeded_roll_stays_the_same(dice_race, ruleset):
    """After an undo, Roll gives the same die (seeded per step); Roll Again asks "what if it
    came out otherwise?" with a fresh draw, numbered in its step and reproducible from the seed."""
    def die_session() -> Session:
        session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 4)
        session.roll()
        session.roll()
        session.play(next(a for a in session.decision().actions if str(a).startswith("roll")))
        return session

    session = die_session()
    at_die = session.current
    seeded = session.roll()
    session.undo()
    assert session.roll() is seeded and seeded.draw == 0  # the same die, the same step
    outcomes = {seeded.move}
    draws = []
    for _ in range(12):
        session.goto(at_die)
        step = session.roll(again=True)
        draws.append((step.move, step.draw))
        outcomes.add(step.move)
    assert len(outcomes) > 2  # fresh draws, not the seeded die again and again
    assert max(d for _, d in draws) >= 2 and all(d >= 1 for _, d in draws)
    again = die_session()
    again.roll()  # the same tree: the seeded die first
    replayed = []
    for _ in range(12):
        again.goto(at_die)
        step = again.roll(again=True)
        replayed.append((step.move, step.draw))
    assert replayed == draws


def test_a_bot_step_with_another_draw_may_choose_otherwise(dice_race, ruleset):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 4, ["random", "random"], BOTS)
    session.bot_step()
    session.bot_step()
    here = session.current
    chosen = {session.bot_step().move}
    for _ in range(8):
        session.goto(here)
        chosen.add(session.bot_step(again=True).move)
    assert len(chosen) == 2  # roll and hold


def test_undoing_step_after_step_replays_few_moves_once_the_first_undo_has_passed(dice_race, ruleset):
    """Bots playing on keep a clone every CHECKPOINT_EVERY steps; the first undo after them
    replays up to CHECKPOINT_EVERY - 1 moves and keeps a clone every VISITED_CHECKPOINT_EVERY
    steps on its way, so each undo after it replays fewer than VISITED_CHECKPOINT_EVERY."""
    session = new_session(dice_race, ruleset)
    digests = [session.digest(), *play_random(session, 2 * CHECKPOINT_EVERY - 2)]
    applied = []
    original = ruleset.apply
    session.ruleset = type("Counting", (), {
        "apply": lambda self, state, move: applied.append(move) or original(state, move),
        "clone": lambda self, state: ruleset.clone(state),
        "decision": lambda self, state: ruleset.decision(state),
        "digest": lambda self, state: ruleset.digest(state),
    })()
    replayed = []
    for expected in reversed(digests[:-1]):
        applied.clear()
        session.undo()
        replayed.append(len(applied))
        assert session.digest() == expected
    assert replayed[0] == (len(digests) - 2) % CHECKPOINT_EVERY
    assert max(replayed[1:]) < VISITED_CHECKPOINT_EVERY
