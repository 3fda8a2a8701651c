"""Table options of A Brief History of the World.

Each ambiguity of the digest (§11) with two playable readings is a switch here; every
default is the digest's reading, so a playtester can try the other one. The component
limits the rulebook leaves to the box (§3.3.12) are numbers here too.
"""

from __future__ import annotations

from attrs import define

from engine.scenario.model import RulesetOptions, described


@define
class BriefHistoryOptions(RulesetOptions):
    """The house-rule switches of one game; the defaults play the digest's reading."""

    stack_keeps_order: bool = described(
        "Stacks keep their order", "A6: off, the top marker of the lowest stack moves to the next empty space, "
        "again and again. On, a stack's markers above the bottom one move up in stack order, so the top marker "
        "ends furthest ahead.", default=False)
    stack_by_total: bool = described(
        "Stack only on equal gold", "A7: off, markers on one physical space stack (37 and 137 share a space). "
        "On, only equal totals stack.", default=False)
    viking_auto_success: bool = described(
        "Viking sea invasions", "A3: an invasion by the Vikings from the sea whose highest attack die is 5 or 6 "
        "succeeds at once, whatever the scores and terrain.", default=True)
    early_stop: bool = described(
        "Stop expanding early", "A13: off, armies must be used while any use is legal. On, the active player may "
        "end the expansion and return the rest to stock.", default=False)
    event_cost_above_gold: bool = described(
        "Events beyond your gold", "A16: off, an event costing more than your gold cannot be played. On, it can, "
        "and gold stops at 0.", default=False)
    monument_once_per_turn: bool = described(
        "One monument per turn", "A17: off, a monument at every 2nd, 4th, 6th... resource symbol. On, at most one "
        "monument per empire turn, at the 2nd symbol.", default=False)
    fleet_invasion_overruns: bool = described(
        "Overrun after a fleet invasion", "A19: on, fleets only cannot carry an overrun across water. Off, an "
        "invasion made by fleet gives no overrun at all.", default=True)
    bonus_by_epoch_gold: bool = described(
        "Bonus by gold gained", "A21: off, bonus tokens go to the three richest players. On, to the three who "
        "gained the most gold this epoch.", default=False)
    founding_reduces: bool = described(
        "Founding is a reduction", "A11: off, clearing the starting territory gives a barbarian no gold. On, "
        "each capital, city or monument cleared there counts as a reduction.", default=False)
    empty_entry_reduces: bool = described(
        "Entering an empty territory reduces", "A12: on, taking an empty territory with a capital, city or "
        "monument reduces it and removes its fort. Off, they stay.", default=True)
    dreaded_needs_removal: bool = described(
        "Dreaded needs enough points", "A5: off, Dreaded's +1 applies whenever the attacker's score beats the "
        "defender's. On, only when the roll alone already removes the defender.", default=False)
    armies_per_colour: int = described("Armies per colour", "Not in the rulebook (§3.3.12)", default=40)
    forts: int = described("Forts", "Not in the rulebook", default=30)
    monuments: int = described("Monuments", "Not in the rulebook; none left, none built (§6.8)", default=30)
    capitals_and_cities: int = described("Capital/city markers", "Not in the rulebook", default=40)
