"""The props a space of After the Flood may carry, for the map editor: a Sumerian area's city
ability, a foreign area's points, and the two foreign areas the rulebook treats apart (Chaldea's
desert, Dilmun emptied at every decline). The rules read them in ``tables.py``."""

from __future__ import annotations

from enum import Enum

from attrs import define

from engine.scenario.model import described


class CityAbility(Enum):
    """The ability a city in this Sumerian area gives (§6.1); "none" for Umma and Lagash."""

    ERIDU = "eridu"
    URUK = "uruk"
    SHURUPPAK = "shuruppak"
    UR = "ur"
    NIPPUR = "nippur"
    SIPPAR = "sippar"
    BABYLON = "babylon"
    NONE = "none"


@define
class FloodSpaceProps:
    city_ability: CityAbility | None = described(
        "City ability", "What a city founded in this Sumerian area lets its owner do (§6.1): named after the "
        "area that has it; none for Umma and Lagash", default=None)
    vp: int | None = described(
        "Points", "The victory points this area or worker box gives the player with most there at the end "
        "of the game (§8.4; the numbers are not in the rulebook and are listed as provisional)", default=None, min=0)
    desert: bool | None = described(
        "Desert", "Armies may not enter this area unless the option chaldea_invadable is on (Chaldea; the "
        "rulebook's map shows no arrow into it)", default=None)
    clear_all_on_decline: bool | None = described(
        "Emptied at decline", "Every player's workers leave this foreign area in each decline phase, "
        "not only the usual ones (Dilmun, §5.3)", default=None)
