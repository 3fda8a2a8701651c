"""Table options of Antike Duellum.

Every ambiguity of the rules digest (§11) that has two playable readings is a switch here,
so a playtester can try the other reading; each default is the digest's reading. Numbers the
rulebook lacks but the board prints (technology prices, wall symbols) are scenario values on
the board's track spaces instead, listed in the scenario's ``meta.provisional``.
"""

from __future__ import annotations

from attrs import define

from engine.scenario.model import RulesetOptions, described

RONDEL_ORDERS = {
    # position 0-7, clockwise (§5.2); B swaps positions 2/3 and 6/7 of A (ambiguity A1)
    "A": ("FERRUM", "TEMPLUM", "AURUM", "DUELLUM", "MILITIA", "MARMOR", "SCIENTIA", "DUELLUM"),
    "B": ("FERRUM", "TEMPLUM", "DUELLUM", "AURUM", "MILITIA", "MARMOR", "DUELLUM", "SCIENTIA"),
}


@define
class AntikeDuellumOptions(RulesetOptions):
    """The house-rule switches of one game; the defaults play the rulebook as the digest reads it."""

    special_units: bool = described(
        "Special units",
        "The variant (§10.1, §9.4): beige's admiral and brown's commander, recruited for 3 iron "
        "into a temple city, −1 to a defence they attack and +1 to one they defend.",
        default=False,
    )
    rondel_order: str = described(
        "Rondel order",
        "A1: 'A' is FERRUM, TEMPLUM, AURUM, DUELLUM, MILITIA, MARMOR, SCIENTIA, DUELLUM clockwise; "
        "'B' swaps AURUM/DUELLUM and SCIENTIA/DUELLUM. Both fit the rulebook's example (§5.2).",
        default="A",
    )
    second_navigator: bool = described(
        "Second navigator at 14",
        "A4: off, a player earns at most 1 navigator (at 7 sea areas). On, the no-repeat rule "
        "of §8.2 applies as for kings: a second navigator at 14 sea areas.",
        default=False,
    )
    citizens_count_built: bool = described(
        "Citizens count temples built",
        "A6: off, citizens count the temples standing in your cities (high-water, §8.2). On, "
        "they count every temple you have ever built, as the rulebook's 'temples the nation "
        "builds' could mean.",
        default=False,
    )
    fees_in_coins_only: bool = described(
        "Adjacency fees in coins only",
        "A8: on, the fees for adjacent cities (founding) and adjacent temples are paid only in "
        "coins (§6.0). Off, each fee may also be paid with any one resource.",
        default=True,
    )
    diplomacy_own_bonuses: bool = described(
        "Diplomacy keeps your bonuses",
        "A9: on, producing with your opponent's cities (DIPLOMACY) still applies your MONETA and "
        "your GOLD MINE or STONE PIT. Off, those cities give only their base yield (1 or 3).",
        default=True,
    )
    founding_fees_count_new: bool = described(
        "New cities raise later fees",
        "A10: on, cities are founded one after another and each counts for the adjacency fees "
        "of the next (§6.8). Off, fees count only cities standing when phase 2 began.",
        default=True,
    )
    merchant_partial: bool = described(
        "Partial MERCHANT exchange",
        "A13: on, MERCHANT exchanges as many resources as both players have, up to 3. Off, it "
        "may be played only when both have at least 3.",
        default=True,
    )
    earthquake_any_wall: bool = described(
        "EARTHQUAKE hits any wall",
        "A14: on, any wall on the board may be destroyed (normally the opponent's). Off, only "
        "an opponent's wall.",
        default=True,
    )
    recruits_exactly_two: bool = described(
        "RECRUITS buys exactly 2",
        "A16: off, RECRUITS buys up to 2 units of any types. On, exactly 2, so it is playable "
        "only when 2 can be bought and paid for.",
        default=False,
    )
    special_units_count_as_units: bool = described(
        "Special units count as units",
        "A5 (variant only): off, a special unit acts only through its ±1 to the defence. On, it "
        "also counts as an attacking unit and as a defending unit (+1 more); it is never lost "
        "in a conquest either way (§9.4).",
        default=False,
    )
    coins_pay_event_costs: bool = described(
        "Coins pay event costs",
        "§6.0: on, a coin may stand in for the gold or marble an event card costs (ORACLE, "
        "PURCHASE, SABOTAGE, SETTLER, ARCHITECT, GANG), as for every bank payment. Off, only "
        "the printed resource.",
        default=True,
    )
    event_hands_secret: bool = described(
        "Event hands secret",
        "A21: on, the opponent sees only how many event cards you hold (hidden, though deducible: "
        "every card comes from the open display), and the FORTRESS window opens at every conquest "
        "so that its opening reveals nothing. Off, hands are open.",
        default=True,
    )
    coin_supply: int = described(
        "Coins in the bank",
        "A18: how many coins the game has (0: unlimited). When the bank has none, a player due "
        "a coin takes any one resource instead (§2).",
        default=0,
    )
    turn_limit: int = described(
        "Turn limit",
        "Not a rule: the rulebook ends the game only when a player holds 9 persons (§5.3), and 0 "
        "plays it so. A positive number ends the game after that many player turns, most persons "
        "ranking first and a tie sharing the win: a safety net so that games between random bots, "
        "which can wander for thousands of turns, always end.",
        default=0,
    )
