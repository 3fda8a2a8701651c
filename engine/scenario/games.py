"""What reading a scenario needs to know of its game, as a protocol, so the scenario floor
imports no game: the caller hands ``load_scenario`` a lookup (the registry's
``get_ruleset``), and any ruleset satisfies it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from engine.scenario.model import CardData, RulesetOptions, Scenario
from engine.scenario.problems import Problem


class GameRules(Protocol):
    """A game as the scenario file sees it: its card types, its options type, the props its
    spaces may carry (an attrs class of described fields, or None) and the checks only it can
    make."""

    title: str
    min_players: int
    max_players: int
    options_type: type[RulesetOptions]
    space_props: type | None

    def card_type_map(self) -> Mapping[str, type[CardData]]: ...

    def validate(self, scenario: Scenario) -> list[Problem]: ...


GameLookup = Callable[[str], GameRules | None]
"""The game with a given ruleset id, or None when there is no such game."""
