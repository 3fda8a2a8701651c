"""Table options of Civilization.

Every ambiguity of the rules digest (§11) with two playable readings is a switch here, its
default the digest's reading; ``docs/civilization.md`` lists them. Numbers the rulebook lacks
(costs, strengths, the culture track) are scenario data instead, listed in ``meta.provisional``.
"""

from __future__ import annotations

from attrs import define

from engine.scenario.model import RulesetOptions, described


@define
class CivilizationOptions(RulesetOptions):
    civ_choice: str = described(
        "Civilizations", "§4.2.1: 'random' draws each seat's sheet; 'seat_order' lets each seat choose "
        "in turn (the players agree)", default="random",
    )
    learning_game: bool = described(
        "Learning game", "§4.1: no Egyptians, Romans or wonders; the game ends without a winner when "
        "a player founds a third city", default=False,
    )
    library_terrain: str = described(
        "Library terrain", "A1: the OCR is illegible; the digest guesses forest", default="forest",
    )
    barracks_terrain: str = described(
        "Barracks terrain", "A1: the OCR is illegible; the digest guesses mountain", default="mountain",
    )
    first_army_counts: bool = described(
        "First army adds to the hand", "A2: off, a battle hand is 3 + 2 per army beyond the first; on, "
        "+2 for every army on the square", default=False,
    )
    full_trump_cycle: bool = described(
        "Full trump cycle", "A5: on, infantry beats mounted, mounted beats artillery, artillery beats "
        "infantry; off, only the stated infantry > mounted", default=True,
    )
    keep_above_cost: bool = described(
        "Coins keep only trade above the cost", "A7: off, trade after research = min(trade, coins); "
        "on, min(coins, trade - the level's minimum)", default=False,
    )
    stack_limit_when_passing: bool = described(
        "Stack limit while passing", "A11: off, the stack limit binds where a figure ends and where "
        "figures are placed; on, also on every square passed", default=False,
    )
    scout_double_count: bool = described(
        "Scouts count own outskirts twice", "A13: off, a scout on one of its own cities' outskirts adds "
        "nothing more; on, the square counts for both", default=False,
    )
    great_person_adds: bool = described(
        "Great people add icons", "A16: off, a great person's icons replace the square's like a "
        "building; on, they add to them", default=False,
    )
    trade_offers: bool = described(
        "Trade offers", "§6.2: the free negotiation as offers between seats, answered by the addressee; "
        "off, the trade phase only collects trade", default=True,
    )
    offer_rounds: int = described(
        "Offer rounds", "Not a rule: at most this many offer rounds per trade phase (the phase also "
        "ends when every seat passes in a row)", default=2,
    )
    turn_limit: int = described(
        "Turn limit", "Not a rule: the game has no turn limit (§1) and 0 plays it so. A positive number "
        "ends the game after that many turns with no winner, so that games between random bots, which "
        "may never win, always end", default=0,
    )
