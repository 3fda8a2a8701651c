"""Every shipped game, by id: the one place that names them, so nothing below this floor
imports a game and a new game is one line here.

``register`` adds a game that is not shipped (the tests' Dice Race) for the process's life.
"""

from __future__ import annotations

from engine.core.ruleset import Ruleset
from engine.rulesets.after_the_flood.ruleset import AfterTheFlood
from engine.rulesets.antike_duellum.ruleset import AntikeDuellum
from engine.rulesets.brief_history_of_the_world.ruleset import BriefHistory
from engine.rulesets.civilization.ruleset import Civilization
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld

SHIPPED: tuple[Ruleset, ...] = (AfterTheFlood(), AntikeDuellum(), BriefHistory(), Civilization(), HistoryOfTheWorld())

_RULESETS: dict[str, Ruleset] = {ruleset.id: ruleset for ruleset in SHIPPED}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get_ruleset(ruleset_id: str) -> Ruleset | None:
    return _RULESETS.get(ruleset_id)


def rulesets() -> list[Ruleset]:
    return sorted(_RULESETS.values(), key=lambda r: r.id)
