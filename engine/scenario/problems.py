"""Located problems: what a validator reports instead of raising a traceback."""

from __future__ import annotations

from attrs import field, frozen

# Longer than any message the checks write about a file's own values (which ``locate.quoted``
# cuts); a message that quotes a stranger's text some other way (a move's label) is cut to it.
LONGEST_MESSAGE = 600


def _bounded(message: str) -> str:
    if len(message) <= LONGEST_MESSAGE:
        return message
    half = LONGEST_MESSAGE // 2
    return f"{message[:half]} [... {len(message) - LONGEST_MESSAGE:,} characters cut ...] {message[-half:]}"


@frozen
class Problem:
    path: str = field(converter=_bounded)  # e.g. decks[empires].cards[e1-sumeria].data.start; "" for the whole file
    message: str = field(converter=_bounded)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class ScenarioError(Exception):
    """A scenario (or playtest) file that cannot be used, with every problem found in it."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        prefix = f"{self.source}: " if self.source else ""
        return [f"{prefix}{problem}" for problem in self.problems]
