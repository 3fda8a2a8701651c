"""Antike Duellum (Mac Gerdts, PD-Verlag 2012): rules digest ``antike-duellum.md``."""

from engine.core.ruleset import register
from engine.rulesets.antike_duellum.ruleset import AntikeDuellum

ANTIKE_DUELLUM = register(AntikeDuellum())
