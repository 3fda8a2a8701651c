"""Conquering a province: an empty or own one is occupied, a held one is fought for (§7).

A battle is the attacker's two dice against the defender's one (two behind a fort), then
rerolls offered to each side in turn, attacker first, until both pass; the highest die
plus bonuses decides. A lost battle may be turned into a siege, an army or token on the
catapult for +1 each round, or ended by retreat. The dice and the score are shared with
other games: ``engine/rulesets/shared/dice.py``.
"""

from __future__ import annotations

from functools import cache

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.conquest import (
    ability,
    destroy_building,
    development_amount,
    occupy,
)
from engine.rulesets.history_of_the_world.scoring import add_points
from engine.rulesets.history_of_the_world.state import Battle, HistoryState
from engine.rulesets.shared.dice import DIE, FACES, TWO_DICE, defence_dice, score

KEEP = a.Pass(label="keep the dice")
RETREAT = a.Retreat(label="retreat")


def on_conquer(state: HistoryState, move: a.Conquer, log: list[Event]) -> None:
    turn = state.turn
    turn.card_armies -= 1
    turn.conquered = True
    owner = state.armies.get(move.target)
    name = state.tables.names[move.target]
    if owner is None or owner == turn.seat:
        if owner == turn.seat:
            state.supply[turn.seat] += 1
        occupy(state, move.target)
        log.append(Event(("{} occupies {}", state.names[turn.seat], name)))
        return
    fortified = move.target in state.forts and ability(state) != "ignore_forts"
    turn.battle = Battle(target=move.target, via=move.via, defender=owner, defence_dice=defence_dice(fortified))
    reset_rerolls(state, turn.battle)
    log.append(Event(("{} attacks {}, held by {}", state.names[turn.seat], name, state.names[owner])))


def attack_bonus(state: HistoryState, target: str) -> int:
    power = ability(state)
    bonus = development_amount(state, "attack_bonus") + (power == "attack_bonus")
    momentum = state.turn.momentum
    if power == "battle_chain" and momentum is not None:
        bonus += target in state.tables.geography.land_neighbours[momentum]
    return bonus


def reset_rerolls(state: HistoryState, battle: Battle) -> None:
    """Each battle, siege rounds included, grants its rerolls afresh (§7.3, §7.4)."""
    power = ability(state)
    battle.attack_rerolls = development_amount(state, "attack_reroll") + (power == "attack_reroll")
    sea = battle.via == "fleet" and power != "no_sea_reroll"
    if sea and not state.tables.options.sea_effect_when_declared:  # ambiguity A24
        by_land = state.tables.geography.land_neighbours[battle.target]
        sea = not (by_land & state.active)
    battle.defence_rerolls = int(sea)


def can_siege(state: HistoryState) -> list[str]:
    """What may go on the catapult: a siege token may always take an army's place (§6.9);
    whether tokens alone allow a siege is ambiguity A8 (literally, an army must be left)."""
    turn = state.turn
    units = ["army"] if turn.card_armies else []
    if turn.card_tokens and (units or state.tables.options.siege_tokens_count):
        units.insert(0, "token")
    return units


def decide_battle(state: HistoryState, battle: Battle) -> Decision:
    names = state.names
    where = state.tables.names[battle.target]
    attacker = state.turn.seat
    if not battle.attack:
        return attack_throw(names[attacker], where)
    if not battle.defence:
        return defence_throw(names[battle.defender], where, battle.defence_dice)
    if battle.rerolling is not None:
        return reroll_throw(*battle.rerolling)
    if battle.lost:
        bonus = min(battle.catapult + 1, 3)
        moves: list[Action] = [siege(unit, bonus) for unit in can_siege(state)]
        moves.append(RETREAT)
        return Choice(attacker, ("lost the battle for {}: siege or retreat?", where), tuple(moves))
    side = battle.reroll_turn
    seat = attacker if side == "attacker" else battle.defender
    dice = battle.attack if side == "attacker" else battle.defence
    return Choice(seat, ("{}: attacker {}, defender {}; reroll?", where, list(battle.attack), list(battle.defence)),
                  reroll_offers(tuple(dice)))


@cache
def attack_throw(attacker: str, where: str) -> Chance:
    """The attacker's two dice: the same few hundred chance steps in every game, made once."""
    return Chance(("{} attacks {} with 2 dice", attacker, where), TWO_DICE)


@cache
def defence_throw(defender: str, where: str, dice: int) -> Chance:
    return Chance(("{} defends {} with {} dice", defender, where, dice), TWO_DICE if dice == 2 else DIE)


@cache
def reroll_throw(side: str, die: int) -> Chance:
    return Chance(("the {}'s reroll of die {}", side, die + 1), DIE)


@cache
def reroll_offers(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """The offer to reroll each die, or to keep them: a few dozen throws in all, made once."""
    return (*(a.Reroll(die, label=f"reroll the {value}") for die, value in enumerate(dice)), KEEP)


@cache
def siege(unit: str, bonus: int) -> a.Siege:
    return a.Siege(unit, label=f"siege (+{bonus}) with {'a siege token' if unit == 'token' else 'an army'}")


def on_dice(state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
    battle = state.turn.battle
    dice = list(FACES[outcome.value])
    if not battle.attack:
        battle.attack = dice
    elif not battle.defence:
        battle.defence = dice
        log.append(Event(("battle for {}: attacker rolls {}, defender {}", state.tables.names[battle.target],
                          list(battle.attack), list(battle.defence))))
    else:
        side, die = battle.rerolling
        value = dice[0]
        (battle.attack if side == "attacker" else battle.defence)[die] = value
        battle.rerolling = None
        log.append(Event(("the {} rerolls: {}", side, value)))


def on_reroll(state: HistoryState, move: a.Reroll, log: list[Event]) -> None:
    battle = state.turn.battle
    side = battle.reroll_turn
    if side == "attacker":
        battle.attack_rerolls -= 1
    else:
        battle.defence_rerolls -= 1
    battle.rerolling = (side, move.die)
    battle.passes = 0
    battle.reroll_turn = "defender" if side == "attacker" else "attacker"


def on_pass(state: HistoryState, move: Action, log: list[Event]) -> None:
    """A pass keeps the side's rerolls for an answer to the other's, unless the option says a
    pass gives them up (§7.3); two passes in a row end the exchange either way."""
    battle = state.turn.battle
    battle.passes += 1
    if not state.tables.options.rerolls_until_both_pass:
        if battle.reroll_turn == "attacker":
            battle.attack_rerolls = 0
        else:
            battle.defence_rerolls = 0
    battle.reroll_turn = "defender" if battle.reroll_turn == "attacker" else "attacker"


def on_siege(state: HistoryState, move: a.Siege, log: list[Event]) -> None:
    turn = state.turn
    battle = turn.battle
    if move.unit == "token":
        turn.card_tokens -= 1
    else:
        turn.card_armies -= 1
    if battle.catapult < 3:
        battle.catapult += 1
        if move.unit == "army":
            battle.catapult_armies += 1
        else:
            battle.catapult_tokens += 1
    else:  # past +3 the unit is simply spent (ambiguity A5 on the bonus)
        state.supply[turn.seat] += move.unit == "army"
        battle.catapult += not state.tables.options.siege_bonus_capped
    log.append(Event(("{} lays siege to {} (+{})", state.names[turn.seat], state.tables.names[battle.target], battle.catapult)))
    battle.attack, battle.defence = [], []
    battle.lost = False
    battle.passes = 0
    battle.reroll_turn = "attacker"
    reset_rerolls(state, battle)


def on_retreat(state: HistoryState, move: Action, log: list[Event]) -> None:
    turn = state.turn
    battle = turn.battle
    state.supply[turn.seat] += 1 + battle.catapult_armies
    turn.battle = None
    log.append(Event(("{} retreats from {}", state.names[turn.seat], state.tables.names[battle.target])))


def battle_step(state: HistoryState, battle: Battle, log: list[Event]) -> bool:
    """Once the dice are down: a side without rerolls passes by itself; two passes in a
    row (or no rerolls at all) settle the battle."""
    complete = battle.attack and battle.defence
    if not complete or battle.rerolling is not None or battle.lost:
        return False
    side_has = battle.attack_rerolls if battle.reroll_turn == "attacker" else battle.defence_rerolls
    if battle.passes < 2 and (battle.attack_rerolls or battle.defence_rerolls):
        if side_has:
            return False
        on_pass(state, KEEP, log)
        return True
    resolve(state, battle, log)
    return True


def resolve(state: HistoryState, battle: Battle, log: list[Event]) -> None:
    turn = state.turn
    attack = score(battle.attack, battle.catapult + attack_bonus(state, battle.target))
    terrain = battle.target in state.tables.geography.rough and ability(state) != "ignore_terrain"
    defence = score(battle.defence, terrain)
    name = state.tables.names[battle.target]
    if attack < defence:
        battle.lost = True
        log.append(Event(("{} against {}: {} loses the battle for {}, which {} holds", attack, defence, state.names[turn.seat], name,
                          state.names[battle.defender])))
        if not can_siege(state):
            on_retreat(state, RETREAT, log)
        return
    state.supply[battle.defender] += 1
    del state.armies[battle.target]
    state.supply[turn.seat] += battle.catapult_armies
    turn.battle = None
    if attack > defence:
        occupy(state, battle.target)
        turn.momentum = battle.target
        log.append(Event(("{} against {}: {} takes {}; {}'s army falls", attack, defence, state.names[turn.seat], name,
                          state.names[battle.defender])))
    else:
        state.supply[turn.seat] += 1
        log.append(Event(("{} against {}: a tie, {}'s and {}'s armies both fall in {}", attack, defence,
                          state.names[turn.seat], state.names[battle.defender], name)))
    destroy(state, battle.target, log)


def destroy(state: HistoryState, province: str, log: list[Event]) -> None:
    """After a won or tied battle: one building, by priority, and any fort (§7.5)."""
    destroyed = destroy_building(state, province, log)
    if province in state.forts:
        state.forts.remove(province)
        log.append(Event(("the fort in {} is removed", state.tables.names[province])))
    turn = state.turn
    if destroyed and turn.card == turn.empire and not state.tables.empires[turn.empire].capital:
        add_points(state, turn.seat, 1, log)  # a looter's plunder (§6.11)
