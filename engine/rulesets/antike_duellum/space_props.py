"""The props a space of Antike Duellum may carry, for the map editor."""

from __future__ import annotations

from enum import Enum

from attrs import define

from engine.rulesets.antike_duellum.tables import TECHS
from engine.scenario.model import described


class TrackName(Enum):
    RONDEL = "rondel"
    VICTORY = "victory"
    TECHNOLOGY = "technology"


class BoxName(Enum):
    RECRUITMENT = "recruitment"


@define
class AntikeSpaceProps:
    city_site: bool = described("City site", "A city may be founded on this land", default=False)
    track: TrackName | None = described("Track", "Which track this cell belongs to", default=None)
    position: int | None = described("Position", "The cell's place along its track, from 0", default=None, min=0)
    wall_symbol: bool = described("Wall symbol", "The victory track shows a wall here", default=False)
    tech: str | None = described("Technology", "The technology a technology-track cell sells", default=None,
                                 choices=TECHS)
    price_first: int | None = described("First price", "What the first player to buy it pays", default=None,
                                        min=0)
    price_second: int | None = described("Second price", "What a later buyer pays", default=None, min=0)
    box: BoxName | None = described("Box", "What this box holds", default=None)
    seat: str | None = described("Seat", "Whose box it is", ref="seat", default=None)
