"""Located problems: what a validator reports instead of raising a traceback."""

from __future__ import annotations

from attrs import frozen


@frozen
class Problem:
    path: str  # e.g. decks[empires].cards[e1-sumeria].data.start; "" for the whole file
    message: str

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
