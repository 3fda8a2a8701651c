"""The contract every game's rules implement (the games are named in engine/rulesets/registry.py).

A ruleset mutates its state in place for speed; the session keeps checkpoints made with
``clone`` and replays from them, so rulesets never need to be undoable themselves.
All randomness goes through chance decisions, which is why ``start`` takes no seed.
"""

from __future__ import annotations

import copy
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import cattrs

from engine.core.decision import Decision
from engine.core.events import Event
from engine.core.moves import Action, Move
from engine.core.picture import Picture
from engine.scenario.model import CardData, RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem

_digest_converter = cattrs.Converter()


def _json_value(value: Any) -> Any:
    """Sets are written sorted, so equal sets give equal text."""
    return sorted(value) if isinstance(value, (set, frozenset)) else str(value)


class Ruleset(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    card_types: ClassVar[tuple[type[CardData], ...]] = ()
    options_type: ClassVar[type[RulesetOptions]]
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    # An attrs class whose described fields are the props a space may carry in this game
    # (``board.spaces[x].props``); the map editor's properties panel is built from it.
    space_props: ClassVar[type | None] = None

    def card_type_map(self) -> dict[str, type[CardData]]:
        return {card_type.type_name: card_type for card_type in self.card_types}

    def validate(self, scenario: Scenario) -> list[Problem]:
        """What only this game knows is wrong with a scenario (structure is checked already)."""
        return []

    @abstractmethod
    def start(self, scenario: Scenario, seats: Sequence[Seat], options: RulesetOptions) -> Any:
        """The state before the first decision."""

    @abstractmethod
    def decision(self, state: Any) -> Decision: ...

    @abstractmethod
    def apply(self, state: Any, move: Move) -> list[Event]:
        """Change ``state`` by ``move`` and return what happened. A move the decision did not
        offer (or any move at the end) raises IllegalAction before anything changes: the session
        relies on this and does not check a move itself (tests/engine/rulesets/test_contract.py)."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> Picture:
        """What ``seat`` may see; ``None`` is the all-seeing designer's view."""

    def scores(self, state: Any) -> tuple[float, ...]:
        """Every seat's score now, as the designer's picture shows it: what the balance figures
        read after each turn. This default builds the whole picture, which can cost more than the
        game; a ruleset overrides it with a read of its state (tests/engine/rulesets/test_scores.py
        holds the two equal at every step)."""
        return tuple(panel.score for panel in self.view(state, None).panels)

    def factions(self, state: Any) -> tuple[str, ...]:
        """What each seat plays as (empire, nation, colours), as its panel names it: the balance
        figures count wins per faction. The default builds the picture; override it cheaply."""
        return tuple(panel.name for panel in self.view(state, None).panels)

    def turn_order(self, state: Any) -> tuple[int, ...]:
        """The seats in the order the rules have them play their first round, first player
        first, once the rules have set it (drawn, bid, ranked by score markers); () until then,
        or where the game has none to tell. The balance figures' "by position in turn order"
        reads it; without it they take the order in which the seats first took a turn."""
        return ()

    def clone(self, state: Any) -> Any:
        """An independent copy for checkpoints; override with something faster where it matters."""
        return copy.deepcopy(state)

    def digest(self, state: Any) -> str:
        """A fingerprint of the whole state, equal exactly when two states are equal: only the
        attrs fields that take part in equality count, so shared tables and caches kept on the
        state (``eq=False``) are left out."""
        data = {
            field.name: _digest_converter.unstructure(getattr(state, field.name))
            for field in attrs.fields(type(state))
            if field.eq
        }
        text = json.dumps(data, sort_keys=True, default=_json_value)
        return hashlib.sha256(text.encode()).hexdigest()
