"""The map as History of the World reads it from the scenario, once per game (digest §3).

Provinces are ``land`` spaces with a region, terrain (mountain or forest gives the defender
+1) and resource icons; seas and oceans hold fleets, barren lands (``wasteland``) caravans.
A land or strait (stepping stones) connection joins provinces; a connection between an area
and a province is a coastline; ``props.no_fleet`` bars fleets from an area (§3.1). The
mechanism is shared with other games: ``engine/rulesets/shared/geography.py``.
"""

from __future__ import annotations

from engine.rulesets.shared.geography import Geography
from engine.scenario.model import Scenario

ROUGH_TERRAIN = frozenset({"mountain", "forest"})


def read_board(scenario: Scenario) -> Geography:
    return Geography.of(scenario, ROUGH_TERRAIN)
