"""The props a space of History of the World may carry, for the map editor."""

from __future__ import annotations

from attrs import define

from engine.scenario.model import described


@define
class HistorySpaceProps:
    no_fleet: bool = described(
        "No fleet", "No fleet may be placed in this sea or cross it (the Northern Lake-land and Siberia note)",
        default=False)
