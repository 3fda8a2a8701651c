"""The round-and-empire table as data: After the Flood has no cards, so each row of the
table is a "card" of deck ``empires`` that is read, never drawn."""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from engine.scenario.model import CardData, described

ROUNDS = 5  # §9.1: the game's rounds, each with its row of the table


@define
class EmpireEntry(CardData):
    """One row of the round-and-empire table (§9.1)."""

    type_name: ClassVar[str] = "empire"
    round: int = described("Round", "The round (1-5) in which the empire may be created", min=1, max=ROUNDS)
    armies: int = described("Starting armies", "Armies taken from the general supply on creation", min=1)
    start: str | None = described(
        "Start area", "The foreign area the empire arises in; empty for a Sumer empire (any Sumerian area)",
        ref="space", default=None,
    )


CARD_TYPES = (EmpireEntry,)
