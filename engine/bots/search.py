"""Bots that look ahead: greedy (one ply on an evaluation) and Monte Carlo tree search.

Both work through the engine contract alone, so they play any ruleset. A ruleset may give
``evaluate(state, seat)`` built from its own scoring; otherwise the seat's score in the
designer's picture less the best other score stands in. One that looks at the board once for
every seat may also give ``evaluations(state)``, each seat's ``evaluate`` at once: the search
scores every seat of each position it stops at; ``evaluation_scale``, the points of lead
the search squashes into a reward (``EVALUATION_SCALE`` when not given); and, for turns of
many free moves, ``scored_before_replies`` (``SearchBot._expand``) or ``searched_to_turn_end``
(``SearchBot._iterate``), with ``turn_of(state)`` where a seat may choose in another's turn;
and, for decisions of many options, ``positions_per_iteration`` (``SearchBot.choose``).

Hidden information is handled by determinisation: before searching, the bot redraws every
chance outcome the seat did not see (a card dealt to another hand, a pile trimmed face down)
and replays the game, keeping a redraw only when every later move stays legal and the seat's
view of the result is unchanged, so the imagined world is one the seat cannot tell from the
real one. What a seat chose is taken as public; a ruleset whose choices are secret (a draft
pick) may override ``determinise``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from attrs import define, field

from engine.core.bot import Played, Table
from engine.core.decision import Chance, Choice, End
from engine.core.errors import IllegalAction
from engine.core.moves import Action, Move
from engine.core.randomness import sample, uniform_index
from engine.core.ruleset import Ruleset

EVALUATION_SCALE = 10.0  # an evaluation lead of this much is a reward of 0.73 against 0.27
# A budget a bot's name may ask for: beyond it one choice takes minutes, and a name from a
# command line or a client must not be able to stall a run for days.
MOST_PLAYOUTS = 4096
DEEPEST = 64


def evaluate(ruleset: Ruleset, state: Any, seat: int) -> float:
    """How good ``state`` is for ``seat``: the ruleset's own evaluation where it has one."""
    own = getattr(ruleset, "evaluate", None)
    if own is not None:
        return float(own(state, seat))
    decision = ruleset.decision(state)
    if isinstance(decision, End):
        return 1000.0 * outcome_share(decision, seat)
    scores = ruleset.scores(state)
    others = [score for index, score in enumerate(scores) if index != seat]
    return scores[seat] - (max(others) if others else 0.0)


def outcome_share(end: End, seat: int) -> float:
    """1 for a lone winner, 1/k for each of k tied winners, 0 otherwise."""
    winners = end.winners
    return 1 / len(winners) if seat in winners else 0.0


def unseen(step: Played, seat: int) -> bool:
    """A chance outcome the seat did not see (a card dealt to another hand)."""
    return step.seen_by is not None and seat not in step.seen_by


def determinise(ruleset: Ruleset, initial: Any, history: Sequence[Played], seat: int, rng: random.Random) -> Any:
    """A state the seat cannot tell from the real one, with the unseen draws redrawn."""
    moves = [step.move for step in history]
    target = ruleset.view(_replay(ruleset, ruleset.clone(initial), moves), seat)
    state = ruleset.clone(initial)
    for index, step in enumerate(history):
        decision = ruleset.decision(state)
        if unseen(step, seat) and isinstance(decision, Chance):
            proposal = sample(decision, rng)
            if proposal != moves[index]:
                trial = moves[:index] + [proposal] + moves[index + 1:]
                try:
                    imagined = _replay(ruleset, ruleset.clone(state), trial[index:])
                    if ruleset.view(imagined, seat) == target:
                        moves = trial
                except IllegalAction:
                    pass
        ruleset.apply(state, _offered(ruleset, state, moves[index]))
    return state


def _replay(ruleset: Ruleset, state: Any, moves: Sequence[Move]) -> Any:
    """``moves`` applied to ``state`` in place; raises IllegalAction when one is not legal."""
    for move in moves:
        ruleset.apply(state, _offered(ruleset, state, move))
    return state


def _offered(ruleset: Ruleset, state: Any, move: Move) -> Move:
    """The very object the decision offers equal to ``move`` (the rules check by identity
    first), or ``move`` itself so the rules refuse it with their reason."""
    decision = ruleset.decision(state)
    options = decision.actions if isinstance(decision, Choice) else getattr(decision, "outcomes", ())
    return next((option for option in options if option == move), move)


def evaluations(ruleset: Ruleset, state: Any, players: int) -> Sequence[float]:
    """Every seat's ``evaluate``: at once, as the ruleset gives them, where it has ``evaluations``."""
    every = getattr(ruleset, "evaluations", None)
    if every is None:
        return [evaluate(ruleset, state, seat) for seat in range(players)]
    return every(state)


def rewards(ruleset: Ruleset, state: Any, players: int) -> list[float]:
    """Each seat's reward in [0, 1] (see ``reward``)."""
    decision = ruleset.decision(state)
    if isinstance(decision, End):
        return [outcome_share(decision, seat) for seat in range(players)]
    return _squashed(evaluations(ruleset, state, players), getattr(ruleset, "evaluation_scale", EVALUATION_SCALE))


def reward(ruleset: Ruleset, state: Any, seat: int) -> float:
    """The seat's reward in [0, 1]: its share of the win at the end, else its evaluation (its
    lead over the best other seat) squashed into (0, 1), so a bigger lead is a bigger reward
    and a line cut short still tells a small edge from a large one. The scale is
    ``EVALUATION_SCALE`` evaluation points, or the ruleset's ``evaluation_scale``."""
    decision = ruleset.decision(state)
    if isinstance(decision, End):
        return outcome_share(decision, seat)
    return _squashed([evaluate(ruleset, state, seat)], getattr(ruleset, "evaluation_scale", EVALUATION_SCALE))[0]


def _squashed(values: Sequence[float], scale: float) -> list[float]:
    """``values`` squashed into (0, 1), all in one loop: the search squashes a few hundred
    thousand a game."""
    exp = math.exp
    return [1 / (1 + exp(max(-60.0, min(60.0, -value / scale)))) for value in values]


def after(ruleset: Ruleset, state: Any, action: Action, rng: random.Random) -> Any:
    """A copy of ``state`` with ``action`` taken and the chance that follows it drawn: what
    one ply looks at."""
    return taken(ruleset, ruleset.clone(state), action, rng)


def taken(ruleset: Ruleset, state: Any, action: Action, rng: random.Random) -> Any:
    """``state`` itself with ``action`` taken and the chance that follows it drawn."""
    ruleset.apply(state, action)
    while isinstance(chance := ruleset.decision(state), Chance):
        ruleset.apply(state, sample(chance, rng))
    return state


def turn_of(ruleset: Ruleset, state: Any, decision: Choice) -> int:
    """The seat whose turn ``state`` is in: the ruleset's ``turn_of`` where a seat may choose
    in another's turn (a reaction window), else the seat to choose."""
    own = getattr(ruleset, "turn_of", None)
    return decision.seat if own is None else own(state)


def answered(ruleset: Ruleset, state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` itself with the reactions other seats make within ``seat``'s turn (where the
    ruleset gives ``turn_of``) chosen by their own one ply: a conquest's city falls only after
    the defender's FORTRESS window, so one ply that stopped there saw no conquest's outcome."""
    while (isinstance(decision := ruleset.decision(state), Choice) and decision.seat != seat
           and turn_of(ruleset, state, decision) == seat):
        taken(ruleset, state, greedy_choice(ruleset, state, decision, rng), rng)
    return state


def greedy_choice(ruleset: Ruleset, state: Any, decision: Choice, rng: random.Random) -> Action:
    """The action whose result, once any reaction within the turn is made, evaluates best for
    the acting seat; ties drawn at random."""
    best: list[Action] = []
    best_value = -math.inf
    for action in decision.actions:
        value = evaluate(ruleset, answered(ruleset, after(ruleset, state, action, rng), decision.seat, rng), decision.seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[uniform_index(rng, len(best))]


class GreedyBot:
    """One ply: the action whose result evaluates best for the acting seat, chance sampled.
    It plays through the engine's Bot protocol once seated at a table."""

    name = "greedy"

    def __init__(self, table: Table | None = None) -> None:
        self.table = table

    def at(self, table: Table) -> GreedyBot:
        return GreedyBot(table)

    def choose(self, decision: Choice, rng: random.Random) -> Action:
        if self.table is None:
            raise ValueError("a greedy bot looks ahead: seat it at a table first")
        return greedy_choice(self.table.ruleset, self.table.state, decision, rng)


@define(eq=False)  # a node is itself: never compared field by field
class _Node:
    """A node of the information-set tree: the seat that chose the action leading here, its
    children by action (equal by value, so the same move in another world finds the same
    child), and visit, reward and availability counts (an action is not legal in every
    determinisation). A child starts with one visit worth its one-ply evaluation, so
    the search begins where greedy ends."""

    seat: int | None = None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Action, _Node] = field(factory=dict)


class SearchBot:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and
    Whitehouse, 2012) guided by the evaluation, greedy's own knowledge.

    Each iteration walks one determinisation down the tree by UCB1 with availability counts
    to a position not searched before, expands it by scoring every action there one ply
    deep (each child's first visit: what greedy would see), plays ``depth`` greedy choices on
    from the acting seat's best child and scores the result for every seat. A random playout
    tells a strong position from a weak one only by luck in long games; the evaluation says
    it at once, and the tree corrects it where looking further changes the verdict. So the
    bot plays greedy's move unless looking ahead finds a better one.

    The budget is ``playouts`` iterations per choice (never milliseconds, so a seed gives the
    same game on any machine). The tree and the imagined worlds are kept from choice to choice
    within a game: what was searched under the move taken counts towards the next choice's
    budget, and a world is carried forward with the new moves (unseen draws redrawn) instead
    of being imagined again from the start. A ruleset may also bound the positions a choice
    scores, ``positions_per_iteration`` times ``playouts``: an iteration scores every option of
    the position it expands, so a choice among many options whose one-ply scores hardly differ
    (Antike Duellum's endgame: 20 to 60 unit steps, where the search expanded every one of them
    and cost 30 ms a step) otherwise costs in proportion to its options."""

    def __init__(self, playouts: int = 32, depth: int = 0, exploration: float = 0.1,
                 determinisations: int = 4, name: str = "search", table: Table | None = None) -> None:
        self.name = name
        self.playouts = playouts
        self.depth = depth
        self.exploration = exploration
        self.determinisations = determinisations
        self.table = table
        self._root: _Node | None = None
        self._worlds: list[Any] = []
        self._seen = 0  # how much of the history the tree and the worlds have taken in
        self._private: list[tuple[int, ...]] = []  # who saw each chance step not everyone saw
        self._scanned = 0  # how much of the history ``_private`` has taken in
        self._visited: list[Any] = []  # the positions of this turn's choices, while only the bot moved
        self._chose: Action | None = None
        self._scored = 0  # positions this choice's search has scored (``positions_per_iteration``)

    def at(self, table: Table) -> SearchBot:
        return SearchBot(self.playouts, self.depth, self.exploration, self.determinisations, self.name, table)

    def choose(self, decision: Choice, rng: random.Random) -> Action:
        if self.table is None:
            raise ValueError("a search bot looks ahead: seat it at a table first")
        if len(decision.actions) == 1:
            return decision.actions[0]
        ruleset, state, history = self.table.ruleset, self.table.state, self.table.history
        players = len(ruleset.scores(state))
        worlds = self._worlds_for(decision.seat, rng)
        steps = history[self._seen:]
        self._remember(ruleset, state, steps)
        root = self._root_after(steps)
        self._seen = len(history)
        horizon = turn_of(ruleset, state, decision) if getattr(ruleset, "searched_to_turn_end", False) else None
        per_iteration = getattr(ruleset, "positions_per_iteration", None)
        positions = self.playouts * per_iteration if per_iteration else math.inf
        self._scored = 0
        for index in range(max(0, self.playouts - root.visits)):
            if self._scored >= positions:
                break
            self._iterate(ruleset, ruleset.clone(worlds[index % len(worlds)]), root, players, horizon, rng)
        offered = {action: action for action in decision.actions}
        # the index breaks what never ties in practice (a random draw) before actions are compared
        ranked = [(child.visits, child.reward / max(child.visits, 1), rng.random(), index, key)
                  for index, (key, child) in enumerate(root.children.items()) if key in offered]
        if not ranked:
            return decision.actions[uniform_index(rng, len(decision.actions))]
        self._chose = offered[self._fresh(ruleset, state, sorted(ranked, reverse=True))]
        return self._chose  # the decision's own object, equal to the tree's key

    def _remember(self, ruleset: Ruleset, state: Any, steps: Sequence[Played]) -> None:
        """This choice's position among the turn's, kept while the only step since the bot's last
        choice is the move it chose there."""
        own = len(steps) == 1 and steps[0].move == self._chose
        self._visited = [*self._visited, ruleset.clone(state)] if own else [ruleset.clone(state)]

    def _fresh(self, ruleset: Ruleset, state: Any, ranked: Sequence[tuple[Any, ...]]) -> Action:
        """The best ranked action that does not bring the game back to a position of this turn.
        Rules may let a seat undo a free move (a great person put where another stands sends
        that one back to the sheet): looking one move further, the search finds each of such a
        pair a little better than the other and would swap them for ever. Positions are equal
        when the ruleset's states compare equal; a state without equality never repeats."""
        for *_, key in ranked:
            result = ruleset.clone(state)
            ruleset.apply(result, key)
            if result not in self._visited:
                return key
        return ranked[0][-1]

    def _root_after(self, steps: Sequence[Played]) -> _Node:
        """The node the game has reached since the last choice, or a new root when the game
        went where the tree never looked. Chance outcomes are not nodes (the tree is open
        loop: what follows an action is averaged over the draws)."""
        node = self._root
        for step in steps:
            if node is None:
                break
            if isinstance(step.move, Action):
                node = node.children.get(step.move)
        self._root = node if node is not None else _Node()
        return self._root

    def _worlds_for(self, seat: int, rng: random.Random) -> list[Any]:
        """The states the search imagines: the real one while the seat has seen every draw,
        else determinisations, each carried forward from the last choice when it still fits."""
        ruleset, state, history, initial = self.table.ruleset, self.table.state, self.table.history, self.table.initial
        if initial is None or self._saw_every_draw(seat):
            self._worlds = []
            return [state]
        target = ruleset.view(state, seat)
        kept = [world for world in (self._carried(world, seat, target, rng) for world in self._worlds)
                if world is not None]
        while len(kept) < max(1, self.determinisations):
            kept.append(determinise(ruleset, initial, history, seat, rng))
        self._worlds = kept
        return kept

    def _saw_every_draw(self, seat: int) -> bool:
        """Whether ``seat`` saw every chance step so far, the history taken in once: asked at
        every choice, a scan of the whole history made long games quadratic."""
        history = self.table.history
        self._private.extend(step.seen_by for step in history[self._scanned:] if step.seen_by is not None)
        self._scanned = len(history)
        return all(seat in seen for seen in self._private)

    def _carried(self, world: Any, seat: int, target: Any, rng: random.Random) -> Any | None:
        """``world`` with the moves since the last choice, the draws the seat did not see drawn
        afresh; None when a move is not legal there or the seat could tell it from the game."""
        ruleset = self.table.ruleset
        try:
            for step in self.table.history[self._seen:]:
                decision = ruleset.decision(world)
                if unseen(step, seat) and isinstance(decision, Chance):
                    ruleset.apply(world, sample(decision, rng))
                else:
                    ruleset.apply(world, _offered(ruleset, world, step.move))
        except IllegalAction:
            return None
        return world if ruleset.view(world, seat) == target else None

    def _iterate(self, ruleset: Ruleset, state: Any, root: _Node, players: int, horizon: int | None,
                 rng: random.Random) -> None:
        """One walk down the tree to a leaf, scored and backed up. With a ``horizon`` (the seat
        whose turn the search began in, when the ruleset sets ``searched_to_turn_end``) a
        position in another seat's turn is a leaf, scored as it stands; a choice another seat
        makes within the turn (a reaction window) is searched. Where a turn holds many free
        moves, a line that ends the turn otherwise had the rival's next turn charged to it on
        later walks, and one that kept the move (another free move) not yet: the search chose
        free moves to put off the rival's gains (Antike Duellum, Carthage against Rome: 842
        trades of 3 resources for 2 in one game against greedy, half its choices)."""
        path = [root]
        scored = None  # every seat's reward at the leaf, when expanding it already found them
        node = root
        while not isinstance(decision := ruleset.decision(state), End):
            if isinstance(decision, Chance):
                ruleset.apply(state, sample(decision, rng))
                continue
            if horizon is not None and turn_of(ruleset, state, decision) != horizon:
                break
            legal = decision.actions
            children = node.children
            kids = list(map(children.get, legal))  # each action hashed once
            if None in kids:
                if len(legal) > 1:
                    new = [action for action, kid in zip(legal, kids) if kid is None]
                    state, scored = self._expand(ruleset, state, node, decision, new, players, rng)
                    for action in legal:
                        children[action].available += 1
                    break
                kids[0] = children[legal[0]] = _Node(seat=decision.seat)  # the only action, never tried
            node, chosen, best = kids[0], legal[0], -math.inf
            exploration = self.exploration
            for action, child in zip(legal, kids):
                child.available += 1
                visits = child.visits
                value = math.inf if visits == 0 else (
                    child.reward / visits + exploration * math.sqrt(math.log(max(child.available, 1)) / visits))
                if value > best:
                    node, chosen, best = child, action, value
            ruleset.apply(state, chosen)
            path.append(node)
        for _ in range(self.depth):
            decision = ruleset.decision(state)
            if isinstance(decision, End):
                break
            move = greedy_choice(ruleset, state, decision, rng) if isinstance(decision, Choice) else sample(decision, rng)
            ruleset.apply(state, move)
            scored = None
        value = scored or rewards(ruleset, state, players)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += value[visited.seat]

    def _expand(self, ruleset: Ruleset, state: Any, node: _Node, decision: Choice, new: Sequence[Action],
                players: int, rng: random.Random) -> tuple[Any, list[float] | None]:
        """Every new action (in the decision's order) scored one ply deep for the acting seat,
        as greedy scores it; the position after the best of them is where this iteration's
        evaluation is made, and every seat's reward there when the ruleset scores all seats
        at once (then they cost no more than the acting seat's, and the leaf no second look).
        ``state`` is this iteration's own copy: the last action is taken on it, not on a copy
        (whose decision the rules would work out again to check the action is offered).

        A ruleset whose turns hold many free moves of one seat may set ``scored_before_replies``:
        a position where the move has passed to another seat is then scored as it stands. Else a
        line that hands the move on is scored after the other seat's best reply, one that keeps
        it after its own best next move, and the search kept moving great people about for ever
        rather than end its turn (Civilization, seed 100:1: 2,120 actions by turn 158)."""
        every = hasattr(ruleset, "evaluations")
        here = node.seat not in (None, decision.seat) and getattr(ruleset, "scored_before_replies", False)
        best, best_value, best_scored = state, -math.inf, None
        last = -1 if here else len(new) - 1
        self._scored += len(new)
        for index, action in enumerate(new):
            trial = taken(ruleset, state, action, rng) if index == last else after(ruleset, state, action, rng)
            scored = rewards(ruleset, trial, players) if every else None
            value = scored[decision.seat] if scored else reward(ruleset, trial, decision.seat)
            node.children[action] = _Node(seat=decision.seat, visits=1, reward=value)
            if value > best_value:
                best, best_value, best_scored = trial, value, scored
        if here:
            return state, rewards(ruleset, state, players) if every else None
        return best, best_scored
