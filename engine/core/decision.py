"""What the game asks next: exactly one of a choice, a chance step or the end."""

from __future__ import annotations

from attrs import field

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


@value
class End:
    """The game is over: a score per seat and the seats from first to last."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        best = self.scores[self.ranking[0]]
        return tuple(seat for seat in self.ranking if self.scores[seat] == best)


Decision = Choice | Chance | End
