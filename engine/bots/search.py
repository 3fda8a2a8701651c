"""Bots that look ahead: greedy (one ply on an evaluation) and Monte Carlo tree search.

Both work through the engine contract alone, so they play any ruleset. A ruleset may give
``evaluate(state, seat)`` built from its own scoring; otherwise the seat's score in the
designer's picture less the best other score stands in.

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


def evaluate(ruleset: Ruleset, state: Any, seat: int) -> float:
    """How good ``state`` is for ``seat``: the ruleset's own evaluation where it has one."""
    own = getattr(ruleset, "evaluate", None)
    if own is not None:
        return float(own(state, seat))
    decision = ruleset.decision(state)
    if isinstance(decision, End):
        return 1000.0 * outcome_share(decision, seat)
    scores = [panel.score for panel in ruleset.view(state, None).panels]
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


def playout(ruleset: Ruleset, state: Any, rng: random.Random, depth: int) -> Any:
    """Random moves for at most ``depth`` steps; the state is changed in place."""
    for _ in range(depth):
        decision = ruleset.decision(state)
        if isinstance(decision, End):
            break
        if isinstance(decision, Choice):
            ruleset.apply(state, decision.actions[uniform_index(rng, len(decision.actions))])
        else:
            ruleset.apply(state, sample(decision, rng))
    return state


def rewards(ruleset: Ruleset, state: Any, players: int) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win at the end, else its evaluation
    (its lead over the best other seat) squashed into (0, 1), so a bigger lead is a bigger
    reward and a playout cut short still tells a small edge from a large one. The scale is
    ``EVALUATION_SCALE`` evaluation points, or the ruleset's ``evaluation_scale``."""
    decision = ruleset.decision(state)
    if isinstance(decision, End):
        return [outcome_share(decision, seat) for seat in range(players)]
    scale = getattr(ruleset, "evaluation_scale", EVALUATION_SCALE)
    return [1 / (1 + math.exp(max(-60.0, min(60.0, -evaluate(ruleset, state, seat) / scale))))
            for seat in range(players)]


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
        ruleset, state = self.table.ruleset, self.table.state
        best: list[Action] = []
        best_value = -math.inf
        for action in decision.actions:
            trial = ruleset.clone(state)
            ruleset.apply(trial, action)
            while isinstance(chance := ruleset.decision(trial), Chance):
                ruleset.apply(trial, sample(chance, rng))
            value = evaluate(ruleset, trial, decision.seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[uniform_index(rng, len(best))]


@define
class _Node:
    """A node of the information-set tree: children by action id, with visit, reward and
    availability counts (an action is not legal in every determinisation)."""

    seat: int | None = None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(factory=dict)


class SearchBot:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and
    Whitehouse, 2012): each playout searches one determinisation; UCB1 with availability
    counts picks among the actions legal in it; playouts stop at ``depth`` and score by
    the evaluation."""

    def __init__(self, playouts: int = 100, depth: int = 200, exploration: float = 0.7,
                 determinisations: int = 4, name: str = "search", table: Table | None = None) -> None:
        self.name = name
        self.playouts = playouts
        self.depth = depth
        self.exploration = exploration
        self.determinisations = determinisations
        self.table = table

    def at(self, table: Table) -> SearchBot:
        return SearchBot(self.playouts, self.depth, self.exploration, self.determinisations, self.name, table)

    def choose(self, decision: Choice, rng: random.Random) -> Action:
        if self.table is None:
            raise ValueError("a search bot looks ahead: seat it at a table first")
        ruleset, state = self.table.ruleset, self.table.state
        history, initial = self.table.history, self.table.initial
        if len(decision.actions) == 1:
            return decision.actions[0]
        seat = decision.seat
        players = len(ruleset.view(state, None).panels)
        if initial is not None and any(unseen(step, seat) for step in history):
            worlds = [determinise(ruleset, initial, history, seat, rng) for _ in range(max(1, self.determinisations))]
        else:  # nothing hidden from this seat (or no history to redraw): the one world is the real one
            worlds = [ruleset.clone(state)]
        root = _Node()
        for index in range(self.playouts):
            world = ruleset.clone(worlds[index % len(worlds)])
            self._iterate(ruleset, world, root, players, rng)
        ids = {action.id: action for action in decision.actions}
        visited = [(child.visits, rng.random(), key) for key, child in root.children.items() if key in ids]
        return ids[max(visited)[2]] if visited else decision.actions[uniform_index(rng, len(decision.actions))]

    def _iterate(self, ruleset: Ruleset, state: Any, root: _Node, players: int, rng: random.Random) -> None:
        path = [root]
        node = root
        steps = 0
        while steps < self.depth:
            decision = ruleset.decision(state)
            if isinstance(decision, End):
                break
            if isinstance(decision, Chance):
                ruleset.apply(state, sample(decision, rng))
                steps += 1
                continue
            legal = {action.id: action for action in decision.actions}
            for key in legal:
                if key in node.children:
                    node.children[key].available += 1
            unexplored = [key for key in legal if key not in node.children]
            if unexplored:
                key = unexplored[uniform_index(rng, len(unexplored))]
                child = node.children[key] = _Node(seat=decision.seat, available=1)
                ruleset.apply(state, legal[key])
                path.append(child)
                steps += 1
                break
            key = max(legal, key=lambda k: self._ucb(node.children[k]))
            node = node.children[key]
            ruleset.apply(state, legal[key])
            path.append(node)
            steps += 1
        playout(ruleset, state, rng, self.depth - steps)
        reward = rewards(ruleset, state, players)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += reward[visited.seat]

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.reward / child.visits + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)
