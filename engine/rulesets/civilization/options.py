"""Table options of Civilization.

Every ambiguity of the rules digest (§11) with two playable readings is a switch here, its
default the digest's reading; ``docs/civilization.md`` lists them. Numbers the rulebook lacks
(costs, strengths, the culture track) are scenario data instead, listed in ``meta.provisional``.
"""

from __future__ import annotations

from attrs import define

from engine.rulesets.civilization.cards import TERRAINS
from engine.scenario.model import RulesetOptions, described


@define
class CivilizationOptions(RulesetOptions):
    civ_choice: str = described(
        "Civilizations", "'random': each seat draws its civilization sheet; 'seat_order': the players "
        "agree and each seat chooses one in turn (§4.2)", default="random", choices=("random", "seat_order"),
    )
    learning_game: bool = described(
        "Learning game", "On: no Egyptians, Romans or wonders, and the game ends without a winner when "
        "a player founds a third city (§4.1)", default=False,
    )
    library_terrain: str = described(
        "Library terrain", "The terrain libraries and universities are built on; the printed word is "
        "unreadable, forest is the best guess (A1)", default="forest", choices=TERRAINS,
    )
    barracks_terrain: str = described(
        "Barracks terrain", "The terrain barracks and military academies are built on; the printed word "
        "is unreadable, mountain is the best guess (A1)", default="mountain", choices=TERRAINS,
    )
    first_army_counts: bool = described(
        "First army adds to the hand", "Off: a battle hand is 3 cards plus 2 for each army beyond the "
        "first; on: plus 2 for every army on the square (A2)", default=False,
    )
    full_trump_cycle: bool = described(
        "Full trump cycle", "On: infantry beats mounted, mounted beats artillery, artillery beats "
        "infantry; off: only infantry beats mounted (A5)", default=True,
    )
    keep_above_cost: bool = described(
        "Coins keep only trade above the cost", "Off: after research a player keeps as much trade as "
        "they have coins; on: at most the trade left above the level's minimum (A7)", default=False,
    )
    stack_limit_when_passing: bool = described(
        "Stack limit while passing", "Off: the stack limit counts where a figure stops and where figures "
        "are placed; on: also on every square a figure passes (A11)", default=False,
    )
    scout_double_count: bool = described(
        "Scouts count own outskirts twice", "Off: a scout on one of its own cities' outskirts adds "
        "nothing more; on: that square counts for the scout's city again (A13)", default=False,
    )
    great_person_adds: bool = described(
        "Great people add icons", "Off: a great person's icons replace the square's, like a building; "
        "on: they add to the square's (A16)", default=False,
    )
    trade_offers: bool = described(
        "Trade offers", "On: in the trade phase seats make offers (one item for one item) that the "
        "addressee accepts or declines; off: the trade phase only collects trade (§6.2)", default=True,
    )
    offer_rounds: int = described(
        "Offer rounds", "Not a rule: at most this many rounds of offers per trade phase; the phase also "
        "ends when every seat passes in a row (0: no offers)", default=2, min=0,
    )
