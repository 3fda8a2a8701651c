"""What the game asks next: exactly one of a choice, a chance step or the end."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import Factory, field

from engine.core.moves import Action, Outcome
from engine.core.text import Words, words
from engine.core.value import value


@value
class Choice:
    """A seat must pick one of the legal actions; the list is complete."""

    seat: int
    _prompt: Words
    actions: tuple[Action, ...]
    # Asked even with one action: a reaction window opened whatever a secret hand holds, as
    # carrying it out by itself would tell the others the hand has nothing to play (rule 12).
    conceals: bool = False

    @property
    def prompt(self) -> str:
        return words(self._prompt)

    def find(self, action_id: str) -> Action | None:
        return next((a for a in self.actions if a.id == action_id), None)


@value
class Chance:
    """Chance decides among enumerable outcomes; ``weights`` None means all equally likely."""

    _prompt: Words
    outcomes: tuple[Outcome, ...]
    weights: tuple[float, ...] | None = field(default=None)
    seen_by: tuple[int, ...] | None = None  # who learns the outcome; None: everyone

    @property
    def prompt(self) -> str:
        return words(self._prompt)

    def visible_to(self, seat: int | None) -> bool:
        return seat is None or self.seen_by is None or seat in self.seen_by


def sharing_the_best(end: End) -> tuple[int, ...]:
    """The seats with the best score, the winners when a rulebook breaks no tie."""
    if not end.ranking:
        return ()
    best = end.scores[end.ranking[0]]
    return tuple(seat for seat in end.ranking if end.scores[seat] == best)


@value
class End:
    """The game is over: a score per seat, the seats from first to last and who won.

    ``winners`` is the rulebook's verdict, which scores alone may not give: a ruleset whose
    rulebook breaks a tie (After the Flood's turn order) names them; left out, the seats
    sharing the best score win together."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...] = field(default=Factory(sharing_the_best, takes_self=True))

    def verdict(self, names: Sequence[str]) -> str:
        """Who won, in words, with ``names`` per seat: what a player reads under the scores."""
        won = [names[seat] for seat in self.winners]
        if not won:
            return "no one wins"
        if len(won) == 1:
            return f"{won[0]} wins"
        return f"{', '.join(won[:-1])} and {won[-1]} share the win"


Decision = Choice | Chance | End
