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
        "The variant with special units: beige's admiral and brown's commander, recruited for 3 "
        "iron into a city with a temple; −1 to the defence of a city they attack, +1 to one they "
        "defend.",
        rule="§10.1, §9.4",
        default=False,
    )
    rondel_order: str = described(
        "Rondel order",
        "The order of the actions around the rondel. A: FERRUM, TEMPLUM, AURUM, DUELLUM, MILITIA, "
        "MARMOR, SCIENTIA, DUELLUM clockwise. B: the same with AURUM/DUELLUM and SCIENTIA/DUELLUM "
        "swapped. Both fit the rulebook's example.",
        rule="A1",
        default="A",
        choices=tuple(RONDEL_ORDERS),
    )
    second_navigator: bool = described(
        "Second navigator at 14",
        "On: a player earns a second navigator at 14 sea areas, as kings repeat. Off: at most 1 "
        "navigator (at 7 sea areas).",
        rule="A4",
        default=False,
    )
    citizens_count_built: bool = described(
        "Citizens count temples built",
        "On: citizens count every temple you have ever built. Off: they count the temples now "
        "standing in your cities.",
        rule="A6",
        default=False,
    )
    fees_in_coins_only: bool = described(
        "Adjacency fees in coins only",
        "On: the fees for founding next to cities and building next to temples are paid in coins "
        "only. Off: each fee may also be paid with any one resource.",
        rule="A8",
        default=True,
    )
    diplomacy_own_bonuses: bool = described(
        "Diplomacy keeps your bonuses",
        "On: when DIPLOMACY lets you produce with your opponent's cities, your MONETA and your "
        "GOLD MINE or STONE PIT still count. Off: those cities give only their base yield (1 or "
        "3).",
        rule="A9",
        default=True,
    )
    founding_fees_count_new: bool = described(
        "New cities raise later fees",
        "On: cities are founded one by one, and each new city raises the fees of the next. Off: "
        "the fees count only the cities standing when phase 2 began.",
        rule="A10",
        default=True,
    )
    merchant_partial: bool = described(
        "Partial MERCHANT exchange",
        "On: MERCHANT exchanges as many resources as both players have, up to 3. Off: it may be "
        "played only when both have at least 3.",
        rule="A13",
        default=True,
    )
    earthquake_any_wall: bool = described(
        "EARTHQUAKE hits any wall",
        "On: EARTHQUAKE may destroy any wall on the board, your own included. Off: only an "
        "opponent's wall.",
        rule="A14",
        default=True,
    )
    recruits_exactly_two: bool = described(
        "RECRUITS buys exactly 2",
        "On: RECRUITS buys exactly 2 units, so it can be played only when 2 can be bought and "
        "paid for. Off: it buys up to 2 units of any kind.",
        rule="A16",
        default=False,
    )
    special_units_count_as_units: bool = described(
        "Special units count as units",
        "For the special-units variant. On: a special unit also counts as an attacking or "
        "defending unit (+1 more). Off: it acts only through its ±1 to the defence. Either way it "
        "is never lost in a conquest.",
        rule="A5",
        default=False,
    )
    coins_pay_event_costs: bool = described(
        "Coins pay event costs",
        "On: a coin may stand in for the gold or marble an event card costs (ORACLE, PURCHASE, "
        "SABOTAGE, SETTLER, ARCHITECT, GANG), as for every payment to the bank. Off: only the "
        "printed resource pays.",
        rule="§6.0",
        default=True,
    )
    event_hands_secret: bool = described(
        "Event hands secret",
        "On: your opponent sees only how many event cards you hold (they could work it out, as "
        "every card comes from the open display), and the FORTRESS window opens at every conquest "
        "so that it gives nothing away. Off: both hands are open.",
        rule="A21",
        default=True,
    )
    coin_supply: int = described(
        "Coins in the bank",
        "How many coins the bank holds (0: as many as needed). When the bank is empty, a player "
        "owed a coin takes any one resource instead.",
        rule="A18",
        default=0,
        min=0,
    )
