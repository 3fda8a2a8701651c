"""The props a space of A Brief History of the World may carry, for the map editor: the Gold
track's cells, the Invasion dial's positions and the region circles with their scoring order.
The rules read a circle's region and order (``tables.py``); the Gold track and dial props name
what a cell shows."""

from __future__ import annotations

from attrs import define

from engine.scenario.model import described


@define
class BriefSpaceProps:
    gold: int | None = described(
        "Gold", "The number printed on this Gold track cell, 1 to 100; markers go round again past 100 "
        "(§2, A7)", default=None, min=1, max=100)
    dial: int | None = described(
        "Dial", "The Invasion dial value this position shows, 0 to 3, added to the attacker's score (§7.3, §7.5)",
        default=None, min=0, max=3)
    region: str | None = described(
        "Circle of region", "The region whose circle this is: it holds the epoch's Region value token of that "
        "region (§3.1, §5.3)", ref="region", default=None)
    order: int | None = described(
        "Scoring order", "The circle's place in the spiral the regions are scored in, from 1 at Northern Europe "
        "to the last at South America (§3.1)", default=None, min=1)
