"""The shipped games. Each subpackage registers its ruleset when imported here."""
