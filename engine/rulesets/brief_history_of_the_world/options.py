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
        "Stacks keep their order", "off, the top marker of the lowest stack moves to the next empty space, "
        "again and again. On, a stack's markers above the bottom one move up in stack order, so the top marker "
        "ends furthest ahead. (A6)", default=False)
    stack_by_total: bool = described(
        "Stack only on equal gold", "off, markers on one physical space stack (37 and 137 share a space). "
        "On, only equal totals stack. (A7)", default=False)
    viking_auto_success: bool = described(
        "Viking sea invasions", "an invasion by the Vikings from the sea whose highest attack die is 5 or 6 "
        "succeeds at once, whatever the scores and terrain. (A3)", default=True)
    early_stop: bool = described(
        "Stop expanding early", "off, armies must be used while any use is legal. On, the active player may "
        "end the expansion and return the rest to stock. (A13)", default=False)
    event_cost_above_gold: bool = described(
        "Events beyond your gold", "off, an event costing more than your gold cannot be played. On, it can, "
        "and gold stops at 0. (A16)", default=False)
    monument_once_per_turn: bool = described(
        "One monument per turn", "off, a monument at every 2nd, 4th, 6th... resource symbol. On, at most one "
        "monument per empire turn, at the 2nd symbol. (A17)", default=False)
    fleet_invasion_overruns: bool = described(
        "Overrun after a fleet invasion", "on, fleets only cannot carry an overrun across water. Off, an "
        "invasion made by fleet gives no overrun at all. (A19)", default=True)
    bonus_by_epoch_gold: bool = described(
        "Bonus by gold gained", "off, bonus tokens go to the three richest players. On, to the three who "
        "gained the most gold this epoch. (A21)", default=False)
    founding_reduces: bool = described(
        "Founding is a reduction", "off, clearing the starting territory gives a barbarian no gold. On, "
        "each capital, city or monument cleared there counts as a reduction. (A11)", default=False)
    empty_entry_reduces: bool = described(
        "Entering an empty territory reduces", "on, taking an empty territory with a capital, city or "
        "monument reduces it and removes its fort. Off, they stay. (A12)", default=True)
    dreaded_needs_removal: bool = described(
        "Dreaded needs enough points", "off, Dreaded's +1 applies whenever the attacker's score beats the "
        "defender's. On, only when the roll alone already removes the defender. (A5)", default=False)
    incas_and_aztecs_one_turn: bool = described(
        "Incas and Aztecs in one turn", "off, the card's two empires play two full turns one after the other, "
        "each founded, expanded, reorganised and paid. On, both are founded at once and expand as one empire "
        "with one reorganisation and one gold collection. (A8)", default=False)
    viking_crossing_continues: bool = described(
        "Viking crossing army continues", "on, the army that crossed the Atlantic may continue its failed "
        "invasion with the dial, as the army does not change. Off, a failed crossing can only be abandoned. "
        "(A25)", default=True)
    surrender_removes_fort: bool = described(
        "Surrender to one's other colour removes the fort", "2 players: off, a colour surrendering a territory "
        "to its person's other colour keeps its fort, as a disbanded army surrendering to its own active one "
        "(§10.7), since a fort goes only when the territory passes to another player (§6.5). On, the fort is "
        "removed, as the territory passes to another colour.", default=False)
    armies_per_colour: int = described("Armies per colour", "How many the box holds; the rulebook does not say", default=40, min=0)
    forts: int = described("Forts", "How many the box holds; the rulebook does not say", default=30, min=0)
    monuments: int = described("Monuments", "How many the box holds; with none left, none is built", default=30, min=0)
    capitals_and_cities: int = described("Capital/city markers", "How many the box holds; the rulebook does not say", default=40, min=0)
