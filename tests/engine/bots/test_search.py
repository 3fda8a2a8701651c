"""Bots that look ahead, on Dice Race, where the right play is known."""

from __future__ import annotations

import hashlib
import math
import random
from pathlib import Path

import attrs
import pytest
from attrs import define, field
from tiny_ruleset import Hold, Roll

from engine.balance.run import make_bot, play_recorded
from engine.bots.random_bot import RandomBot
from engine.bots.restricted import RestrictedBot, forbidden
from engine.bots.search import GreedyBot, SearchBot, determinise, rewards
from engine.core.bot import Played, Table
from engine.core.decision import Chance, Choice, End
from engine.core.moves import Action
from engine.core.randomness import sample
from engine.core.value import value
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.sim import opening

ROOT = Path(__file__).parents[3]


def _start(ruleset, dice_race, players=2):
    return ruleset.start(dice_race, dice_race.seats[:players], dice_race.ruleset.options)


def _deal(ruleset, state, rng):
    """Both bonus cards drawn, each seen only by its holder; the history as bots know it."""
    history = []
    while isinstance(decision := ruleset.decision(state), Chance):
        outcome = sample(decision, rng)
        ruleset.apply(state, outcome)
        history.append(Played(outcome, decision.seen_by))
    return history


def test_determinisation_redraws_only_what_the_seat_did_not_see(ruleset, dice_race):
    """Seat 1 knows its own bonus card; seat 0's could be any other card of the deck."""
    initial = _start(ruleset, dice_race)
    state = ruleset.clone(initial)
    history = _deal(ruleset, state, random.Random(3))
    imagined = [determinise(ruleset, initial, history, 1, random.Random(seed)) for seed in range(30)]
    assert {world.bonus[1] for world in imagined} == {state.bonus[1]}
    assert len({world.bonus[0] for world in imagined}) > 1
    assert state.bonus[1] not in {world.bonus[0] for world in imagined}
    assert all(ruleset.view(world, 1) == ruleset.view(state, 1) for world in imagined)


def test_greedy_banks_a_turn_total_rather_than_risk_it(ruleset, dice_race):
    """§ Dice Race: holding banks the turn's total, a roll of 1 loses it; one ply sees the bank."""
    state = _start(ruleset, dice_race)
    rng = random.Random(1)
    _deal(ruleset, state, rng)
    ruleset.apply(state, ruleset.decision(state).actions[0])  # roll
    ruleset.apply(state, next(o for o in ruleset.decision(state).outcomes if o.value == 6))
    decision = ruleset.decision(state)
    assert isinstance(decision, Choice) and state.turn_total == 6
    assert isinstance(GreedyBot().at(Table(ruleset, state, [])).choose(decision, rng), Hold)


def test_search_beats_random_at_dice_race(ruleset, dice_race):
    """Searching a world where its rival's hidden bonus card is redrawn, the bot still banks
    and rolls better than chance does."""
    initial = _start(ruleset, dice_race)
    wins = 0
    for seed in range(24):
        searcher = seed % 2
        seats = [RandomBot(), RandomBot()]
        seats[searcher] = SearchBot(playouts=40, depth=2)
        record = play_recorded(ruleset, initial, seats, f"duel:{seed}", frozenset())
        wins += record.winners == (searcher,)
    assert wins >= 17


def test_one_iteration_of_search_is_greedy_and_more_look_further(ruleset, dice_race):
    """The search starts from the one-ply scores greedy sees: with one iteration it banks the
    6 as greedy does; its further iterations go down the tree below that root."""
    state = _start(ruleset, dice_race)
    rng = random.Random(1)
    history = _deal(ruleset, state, rng)
    ruleset.apply(state, ruleset.decision(state).actions[0])  # roll
    ruleset.apply(state, next(o for o in ruleset.decision(state).outcomes if o.value == 6))
    decision = ruleset.decision(state)
    table = Table(ruleset, state, history)
    assert isinstance(SearchBot(playouts=1).at(table).choose(decision, random.Random(5)), Hold)
    searching = SearchBot(playouts=12).at(table)
    searching.choose(decision, random.Random(5))
    root = searching._root
    assert root.visits == 12 and {child.seat for child in root.children.values()} == {decision.seat}
    assert any(child.children for child in root.children.values())


def _game_with_searcher(ruleset, dice_race, seed, searcher, choices):
    """A game played up to the searcher's ``choices``-th choice, the searcher seated at seat
    ``searcher`` and random elsewhere; the table, the seated bot and the next decision."""
    initial = _start(ruleset, dice_race)
    state = ruleset.clone(initial)
    history: list[Played] = []
    table = Table(ruleset, state, history, initial)
    bot = SearchBot(playouts=16, determinisations=3).at(table)
    rng = random.Random(seed)
    made = 0
    while True:
        decision = ruleset.decision(state)
        if isinstance(decision, Choice) and decision.seat == searcher:
            if made == choices:
                return table, bot, decision
            move = bot.choose(decision, rng)
            made += 1
        elif isinstance(decision, Choice):
            move = RandomBot().choose(decision, rng)
        else:
            move = sample(decision, rng)
        ruleset.apply(state, move)
        history.append(Played(move, decision.seen_by if isinstance(decision, Chance) else None))


def test_imagined_worlds_are_carried_from_choice_to_choice(ruleset, dice_race, monkeypatch):
    """Seat 1 cannot see seat 0's bonus card: it imagines three worlds once, then carries them
    forward with the moves played since, each still one the seat cannot tell from the game."""
    table, bot, decision = _game_with_searcher(ruleset, dice_race, 7, 1, 1)
    calls = []
    monkeypatch.setattr("engine.bots.search.determinise",
                        lambda *args: calls.append(args) or determinise(*args))
    bot.choose(decision, random.Random(8))
    assert calls == []
    assert len(bot._worlds) == 3
    assert all(ruleset.view(world, 1) == ruleset.view(table.state, 1) for world in bot._worlds)
    assert all(len(world.deck) == len(table.state.deck) for world in bot._worlds)


def test_the_tree_under_the_move_taken_counts_towards_the_next_choice(ruleset, dice_race, monkeypatch):
    """After rolling, the searcher's next choice starts from the node of that roll: the
    iterations already spent there count, and only the rest of the budget is searched."""
    table, bot, decision = _game_with_searcher(ruleset, dice_race, 3, 0, 0)
    bot.choose(decision, random.Random(2))
    roll = bot._root.children[Roll()]
    ruleset.apply(table.state, Roll())
    table.history.append(Played(Roll()))
    six = next(o for o in ruleset.decision(table.state).outcomes if o.value == 6)
    ruleset.apply(table.state, six)
    table.history.append(Played(six))
    before = roll.visits
    iterations = []
    original = SearchBot._iterate
    monkeypatch.setattr(SearchBot, "_iterate", lambda self, *args: iterations.append(1) or original(self, *args))
    bot.choose(ruleset.decision(table.state), random.Random(4))
    assert bot._root is roll and before > 1
    assert len(iterations) == 16 - before and roll.visits == 16


def test_a_restricted_bot_never_takes_the_forbidden_action(ruleset, dice_race):
    state = _start(ruleset, dice_race)
    _deal(ruleset, state, random.Random(2))
    decision = ruleset.decision(state)
    cautious = RestrictedBot(RandomBot(), action_types={"Roll"})
    assert cautious.name == "random-without-Roll"
    assert all(isinstance(cautious.choose(decision, random.Random(s)), Hold) for s in range(20))
    assert forbidden(Roll(), {"Roll"}, ()) and not forbidden(Hold(), {"Roll"}, ())


def test_a_restricted_bot_reads_neither_labels_nor_prompts():
    """A label's words may name a card without the move playing it; a simulation reads no
    prompt (issue 8: words are made only when read)."""
    assert not forbidden(Hold(label=("hold, keeping {}", "c1")), (), {"c1"})
    made = []
    decision = Choice(0, (lambda: made.append(1) or "roll or hold?",), (Roll(), Hold()))
    assert isinstance(RestrictedBot(RandomBot(), action_types={"Roll"}).choose(decision, random.Random(1)), Hold)
    assert made == []


def test_nothing_is_redrawn_for_a_seat_that_saw_every_draw(ruleset, dice_race, monkeypatch):
    """A history with no draw hidden from the seat has one world, the real one: searching it
    needs no replay of the game (a replay per choice made long games quadratic)."""
    initial = _start(ruleset, dice_race)
    state = ruleset.clone(initial)
    history = [Played(step.move) for step in _deal(ruleset, state, random.Random(4))]  # every draw public
    monkeypatch.setattr("engine.bots.search.determinise", lambda *args: pytest.fail("redrew a seen world"))
    decision = ruleset.decision(state)
    assert SearchBot(playouts=10).at(Table(ruleset, state, history, initial)).choose(decision, random.Random(1))


def test_a_bigger_lead_is_a_bigger_reward_and_an_end_pays_the_win(ruleset, dice_race):
    """A playout cut short is scored by the evaluation: squashed into (0, 1), never a flat
    reward for any lead, so search tells a small edge from a large one."""
    state = _start(ruleset, dice_race)
    _deal(ruleset, state, random.Random(2))
    state.scores = [3, 0]
    small = rewards(ruleset, state, 2)
    state.scores = [15, 0]
    large = rewards(ruleset, state, 2)
    assert 0.5 < small[0] < large[0] < 1 and 0 < large[1] < small[1] < 0.5
    state.scores = [4, 4]
    assert rewards(ruleset, state, 2) == [0.5, 0.5]


@pytest.mark.parametrize(("path", "bots", "seed", "max_turns", "pinned"), [
    ("tests/data/dice-race.json", ("search:16", "search:16:2"), "same:1", None, "adad9e757f11a355"),
    ("tests/data/dice-race.json", ("search:16", "search:16:2"), "same:2", None, "ecea585ab142d24d"),
    ("tests/data/dice-race.json", ("search:16", "search:16:2"), "same:3", None, "739b0aa4e5e12c41"),
    ("scenarios/antike-duellum-carthage-rome.json", ("search", "search"), "same:1", 40, "dd81fcad95edcef9"),
    ("scenarios/after-the-flood.json", ("search:8", "greedy", "greedy"), "same:1", 40, "19559d1036fc7750"),
    ("scenarios/a-brief-history-of-the-world.json", ("search:8", "greedy"), "same:1", 30, "f64523a6518a8cf8"),
])
def test_a_seeded_search_game_plays_the_moves_it_played_before_the_speed_ups(path, bots, seed, max_turns, pinned):
    """The search was made faster (issue 29) without changing what it plays: these games'
    moves are pinned as the bot played them before (Dice Race searching worlds where the
    rival's bonus card is redrawn; Antike Duellum at the default strength in both seats). A
    change to a game's rules or to the search's choices moves a pin on purpose; say why.
    Antike Duellum's moved when its search stopped at the end of its own turn
    (``searched_to_turn_end``), and again when its choices were bounded to 4 positions scored
    per iteration (``positions_per_iteration``)."""
    scenario = load_scenario(ROOT / path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    initial = opening(ruleset, scenario, len(bots))
    seats = [make_bot(name) for name in bots]
    moves: list = []
    play_recorded(ruleset, initial, seats, seed, frozenset(), max_turns, moves)
    assert hashlib.sha256("\n".join(move.id for move in moves).encode()).hexdigest()[:16] == pinned



@value
class Swap(Action):
    pass


@value
class Pass(Action):
    pass


@define
class Twins:
    """One square, two great people of equal worth: the one off it waits on the sheet."""

    placed: str = "general"
    active: int = 0
    points: list[int] = field(factory=lambda: [0, 0])
    turns: int = 0


class SwapRules:
    """A seat may swap the great people as often as it likes (as Civilization's §6.3.7 lets
    one displace another back to the sheet); passing gives the other seat a point."""

    def decision(self, state: Twins):
        if state.turns == 4:
            return End(tuple(map(float, state.points)), (0, 1))
        return Choice(state.active, "swap or pass?", (Swap(), Pass()))

    def apply(self, state: Twins, action: Action) -> None:
        if isinstance(action, Swap):
            state.placed = "builder" if state.placed == "general" else "general"
            return
        state.turns, state.active = state.turns + 1, 1 - state.active
        state.points[state.active] += 1

    def clone(self, state: Twins) -> Twins:
        return attrs.evolve(state, points=list(state.points))

    def scores(self, state: Twins) -> tuple[float, ...]:
        return tuple(map(float, state.points))

    def evaluate(self, state: Twins, seat: int) -> float:
        return state.points[seat] - state.points[1 - seat]


def test_a_search_never_brings_its_turn_back_to_a_position_it_was_in():
    """Swapping twice changes nothing, and one move further on every swap looks as good as
    passing now: a search comparing them chose a swap for ever (Civilization seed 100:0 made
    6,865 start-phase choices). It swaps at most once and passes."""
    rules, state = SwapRules(), Twins()
    table = Table(rules, state, [])
    bot = SearchBot(playouts=16).at(table)
    rng = random.Random(1)
    positions = []
    while state.turns == 0 and len(positions) < 20:
        positions.append(rules.clone(state))
        move = bot.choose(rules.decision(state), rng)
        rules.apply(state, move)
        table.history.append(Played(move))
    assert state.turns == 1 and len(positions) <= 2
    assert all(position not in positions[index + 1:] for index, position in enumerate(positions))


def test_a_ruleset_sets_the_scale_a_lead_is_squashed_over(ruleset, dice_race, monkeypatch):
    """A game whose leads run to hundreds (Civilization) gives a wider scale, so the rewards of
    its usual leads still differ; a ruleset that gives none keeps the bots' 10 points."""
    state = _start(ruleset, dice_race)
    _deal(ruleset, state, random.Random(2))
    state.scores = [40, 0]
    usual = rewards(ruleset, state, 2)[0]
    monkeypatch.setattr(type(ruleset), "evaluation_scale", 50.0, raising=False)
    wider = rewards(ruleset, state, 2)[0]
    assert usual == pytest.approx(1 / (1 + math.exp(-4))) and wider == pytest.approx(1 / (1 + math.exp(-0.8)))


class BankRules(SwapRules):
    """Passing banks two points for the seat that passes (and the other seat's one)."""

    def apply(self, state: Twins, action: Action) -> None:
        if isinstance(action, Pass):
            state.points[state.active] += 2
        super().apply(state, action)


@pytest.mark.parametrize("before_replies", [False, True])
def test_a_ruleset_may_have_a_line_handing_the_move_on_scored_before_the_reply(before_replies):
    """Passing gains a net point. The second iteration looks below the pass: by default the
    position after the rival's best reply (it passes and gains too) is scored; a ruleset with
    ``scored_before_replies`` has the position the pass left scored, as a line keeping the
    move is scored before any reply."""
    rules, state = BankRules(), Twins()
    rules.scored_before_replies = before_replies
    bot = SearchBot(playouts=2).at(Table(rules, state, []))
    bot.choose(rules.decision(state), random.Random(1))
    passed = bot._root.children[Pass()]
    rules.apply(state, Pass())
    first = rewards(rules, state, 2)[0]
    assert passed.visits == 2
    if before_replies:
        assert passed.reward == pytest.approx(2 * first)
    else:
        assert passed.reward < 2 * first - 0.01



@value
class Harvest(Action):
    pass


class TempoRules(SwapRules):
    """Antike Duellum's trade in small: a swap costs the swapper a point and keeps the move;
    a pass hands it to the rival, whose turn then earns it 3 points whatever the first seat did."""

    harvests = 0

    def decision(self, state: Twins):
        if state.turns == 40:
            return End(tuple(map(float, state.points)), (0, 1))
        if state.active == 1:
            return Choice(1, "harvest", (Harvest(),))
        return Choice(0, "swap or pass?", (Swap(), Pass()))

    def apply(self, state: Twins, action: Action) -> None:
        if isinstance(action, Swap):
            state.points[state.active] -= 1
        elif isinstance(action, Harvest):
            self.harvests += 1
            state.points[1] += 3
            state.turns, state.active = state.turns + 1, 0
        else:
            state.turns, state.active = state.turns + 1, 1


@pytest.mark.parametrize("to_turn_end", [False, True])
def test_a_ruleset_may_have_the_search_look_no_further_than_its_turn(to_turn_end):
    """The rival's 3 points come whether the seat passes now or after swapping, and every swap
    costs a point. Looking past the pass, the search sees a line that passes charged the
    rival's turn and one that swaps not yet: it swaps (the Antike Duellum search traded its
    stock away 3 for 2 hundreds of times a game). With ``searched_to_turn_end`` it never looks
    into the rival's turn and passes."""
    rules, state = TempoRules(), Twins()
    rules.searched_to_turn_end = to_turn_end
    bot = SearchBot().at(Table(rules, state, []))
    chosen = bot.choose(rules.decision(state), random.Random(1))
    assert chosen == (Pass() if to_turn_end else Swap())
    assert (rules.harvests == 0) == to_turn_end


@value
class Conquer(Action):
    pass


@value
class Fortress(Action):
    pass


@value
class LetItGo(Action):
    pass


class ConquestRules(TempoRules):
    """Antike Duellum's conquest in small (§6.5, A7): the first seat may declare a conquest,
    which opens the defender's FORTRESS window, a choice of the other seat within the
    conqueror's turn; whatever it plays, the city falls for 5 points, and the turn passes."""

    searched_to_turn_end = True

    def decision(self, state: Twins):
        if state.placed == "window":
            return Choice(1, "let the conquest go ahead?", (Fortress(), LetItGo()), conceals=True)
        if state.active == 0 and state.turns < 40:
            return Choice(0, "conquer or pass?", (Conquer(), Pass()))
        return super().decision(state)

    def apply(self, state: Twins, action: Action) -> None:
        if isinstance(action, Conquer):
            state.placed = "window"
        elif isinstance(action, (Fortress, LetItGo)):
            state.placed = "general"
            state.points[0] += 5
            state.turns, state.active = state.turns + 1, 1
        else:
            super().apply(state, action)

    @staticmethod
    def whose_turn(state: Twins) -> int:
        """What a ruleset's ``turn_of`` says here: the window is the conqueror's turn."""
        return 0 if state.placed == "window" else state.active


@pytest.mark.parametrize("knows_turns", [False, True])
def test_a_search_to_its_turn_end_looks_through_a_reaction_in_its_turn(knows_turns):
    """With ``searched_to_turn_end`` a position where another seat chooses was a leaf: a
    conquest's worth lay behind the defender's FORTRESS window, so the search valued it no more
    than passing, and two Antike Duellum search bots sat at 8 persons each for hundreds of turns,
    declining conquests that would have won. A ruleset's ``turn_of`` tells it the window is still
    the conqueror's turn, and the search sees the city fall."""
    rules, state = ConquestRules(), Twins()
    if knows_turns:
        rules.turn_of = rules.whose_turn
    bot = SearchBot(playouts=16).at(Table(rules, state, []))
    chosen = bot.choose(rules.decision(state), random.Random(1))
    children = bot._root.children
    conquest, passing = (children[move].reward / children[move].visits for move in (Conquer(), Pass()))
    if knows_turns:
        assert chosen == Conquer()
        assert conquest > passing + 0.1
    else:
        assert conquest == pytest.approx(passing)
    assert rules.harvests == 0  # never into the rival's own turn


@pytest.mark.parametrize("knows_turns", [False, True])
def test_greedy_looks_through_a_reaction_in_its_turn(knows_turns):
    """One ply that stopped at the defender's window saw no city fall and drew between the
    conquest and passing; with ``turn_of`` the defender's reply is its own one ply, and greedy
    conquers every time."""
    rules, state = ConquestRules(), Twins()
    if knows_turns:
        rules.turn_of = rules.whose_turn
    bot = GreedyBot(Table(rules, state, []))
    chosen = {bot.choose(rules.decision(state), random.Random(seed)) for seed in range(8)}
    assert chosen == ({Conquer()} if knows_turns else {Conquer(), Pass()})


@value
class Step(Action):
    to: int


class MarchRules(SwapRules):
    """Antike Duellum's movement in small: a seat moves its unit 6 times, each time to any of 30
    squares, and scores the square it stands on; every position scored is counted."""

    scored = 0

    def decision(self, state: Twins):
        if state.turns == 6:
            return End(tuple(map(float, state.points)), (0, 1))
        return Choice(0, "where to?", tuple(Step(to) for to in range(30)))

    def apply(self, state: Twins, action: Action) -> None:
        state.points[0] = action.to % 7
        state.turns += 1

    def evaluations(self, state: Twins) -> tuple[float, float]:
        self.scored += 1
        return state.points[0] - state.points[1], state.points[1] - state.points[0]


@pytest.mark.parametrize("per_iteration", [None, 4])
def test_a_ruleset_may_bound_the_positions_a_choice_scores(per_iteration):
    """An iteration scores every option of the position it expands, so a choice among 30
    costs 30 positions an iteration; with ``positions_per_iteration`` the search stops once it
    has scored that many times its iterations (the last expansion whole), and its choice is
    still one the first look scored best."""
    rules, state = MarchRules(), Twins()
    if per_iteration:
        rules.positions_per_iteration = per_iteration
    bot = SearchBot(playouts=16).at(Table(rules, state, []))
    chosen = bot.choose(rules.decision(state), random.Random(1))
    assert chosen.to % 7 == 6
    if per_iteration:
        assert 16 * per_iteration <= rules.scored < 16 * per_iteration + 30
    else:
        assert rules.scored == 16 * 30
