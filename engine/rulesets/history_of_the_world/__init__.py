"""History of the World (2018 edition): rules digest ``history-of-the-world.md``."""

from engine.core.ruleset import register
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld

HISTORY_OF_THE_WORLD = register(HistoryOfTheWorld())
