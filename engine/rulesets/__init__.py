"""The shipped games. Each subpackage registers its ruleset when imported here."""

from engine.rulesets import antike_duellum  # noqa: F401, I001  (one line per game, not merged)
from engine.rulesets import history_of_the_world  # noqa: F401
