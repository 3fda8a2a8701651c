"""Expand (§6.5) and combat (§7): invade an area next to your armies (following arrows),
destroy a city, reinforce, or re-enter through the start area when wiped out (issue 5);
then repeat for 1 army each time, or stop. An attack is 2d6 against 5 when your rank on the
army table is better than the defender's, else 7; a miss costs the attacker an army."""

from __future__ import annotations

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.core.text import counted
from engine.rulesets.after_the_flood.actions import (
    DestroyCity,
    Done,
    Invade,
    ReEnter,
    Reinforce,
    RollAgain,
    Stop,
)
from engine.rulesets.after_the_flood.common import (
    end_action,
    lose_army,
    own_areas,
    place_armies,
)
from engine.rulesets.after_the_flood.state import FloodState

TWO_DICE = tuple(Outcome(total, f"rolled {total}") for total in range(2, 13))
TWO_DICE_WEIGHTS = tuple(float(6 - abs(total - 7)) for total in range(2, 13))


def destroy_cost(state: FloodState, owner: int) -> int:
    """§6.5: 2 armies, 3 while the owner holds Shuruppak and at least 2 cities."""
    shuruppak = state.tables.city_of.get("shuruppak")
    cities = sum(1 for o in state.cities.values() if o == owner)
    return 3 if shuruppak is not None and state.cities.get(shuruppak) == owner and cities >= 2 else 2


def reentry_areas(state: FloodState, player: int) -> tuple[str, ...]:
    empire = state.tables.empires[state.empire_of[player] or ""]
    return (empire.start,) if empire.start is not None else state.tables.sumerian


def moves(state: FloodState, player: int, spare: int) -> list[Action]:
    """The expand options open to ``player`` keeping ``spare`` armies back to pay a repeat."""
    if state.empire_of[player] is None:
        return []
    armies = state.armies_personal[player] - spare
    if armies < 1:
        return []
    move = state.tables.move
    mine = own_areas(state, player)
    if not mine:
        if not state.tables.options.reentry:
            return []
        return [move(ReEnter, area) for area in reentry_areas(state, player)]
    targets = sorted({t for area in mine for t in state.tables.targets[area]} - set(mine))
    found = [move(Invade, area) for area in targets]
    for area in mine:
        owner = state.cities.get(area)
        if owner is not None and owner != player and armies >= destroy_cost(state, owner):
            found.append(move(DestroyCity, area))
        if state.armies[area][1] == 1:
            found.append(move(Reinforce, area))
    return found


def repeat_cost(state: FloodState, log: list[Event]) -> None:
    if state.phase == "more":
        lose_army(state, state.active)
        log.append(Event(("{} hands in 1 army to expand again", state.names[state.active])))


def attack(state: FloodState, area: str, mode: str, log: list[Event]) -> None:
    player = state.active
    if area in state.armies:
        state.combat = (area, mode)
        state.phase = "roll"
        owner = state.armies[area][0]
        log.append(Event(("{} attacks {} in {}", state.names[player], state.names[owner], state.tables.name(area))))
    else:
        place_armies(state, player, area, 1)
        city = state.cities.get(area)
        if city is not None and city != player:  # §6.5: cities in the area are unaffected
            log.append(Event(("{} enters {}; {}'s city there stands", state.names[player], state.tables.name(area), state.names[city])))
        else:
            log.append(Event(("{} enters {}", state.names[player], state.tables.name(area))))
        state.phase = "more"


def on_invade(state: FloodState, move: Invade, log: list[Event]) -> None:
    repeat_cost(state, log)
    attack(state, move.area, "invade", log)


def on_reenter(state: FloodState, move: ReEnter, log: list[Event]) -> None:
    repeat_cost(state, log)
    attack(state, move.area, "reenter", log)


def on_destroy(state: FloodState, move: DestroyCity, log: list[Event]) -> None:
    """The armies come from the personal supply; the city and its growth marker go home."""
    repeat_cost(state, log)
    player = state.active
    owner = state.cities[move.area]
    cost = destroy_cost(state, owner)
    for _ in range(cost):
        lose_army(state, player)
    del state.cities[move.area]
    state.grown.discard(move.area)
    log.append(Event((counted, "{} hands in {:army/armies} and destroys the city of {} in {}", state.names[player], cost, state.names[owner], state.tables.name(move.area))))
    state.phase = "more"


def on_reinforce(state: FloodState, move: Reinforce, log: list[Event]) -> None:
    repeat_cost(state, log)
    player = state.active
    place_armies(state, player, move.area, 1)
    log.append(Event(("{} reinforces {}", state.names[player], state.tables.name(move.area))))
    state.phase = "more"


def target(state: FloodState) -> int:
    """The number an attack needs: 5 when better equipped than the defender, else 7."""
    area = (state.combat or ("", ""))[0]
    ranking = state.ranking
    return 5 if ranking.index(state.active) < ranking.index(state.armies[area][0]) else 7


def decide_roll(state: FloodState) -> Decision:
    area = (state.combat or ("", ""))[0]
    return Chance(("attack on {}: 2 dice, {} or more hits", state.tables.name(area), target(state)),
                  TWO_DICE, TWO_DICE_WEIGHTS)


def on_roll(state: FloodState, outcome: Outcome, log: list[Event]) -> None:
    player = state.active
    area, mode = state.combat or ("", "")
    owner, count = state.armies[area]
    need = target(state)
    if int(outcome.value) >= need:
        state.armies_general[owner] += 1
        if count == 1:
            del state.armies[area]
        else:
            state.armies[area] = (owner, count - 1)
        log.append(Event(("{} rolls {} (needs {}): an army of {} is destroyed", state.names[player], outcome.value, need, state.names[owner])))
    else:
        lose_army(state, player)
        log.append(Event(("{} rolls {} (needs {}): loses an army", state.names[player], outcome.value, need)))
    if area not in state.armies:
        won(state, area, mode, log)
    elif not state.armies_personal[player]:
        log.append(Event(("{} has no armies left to attack with", state.names[player])))
        after_combat(state, mode)
    elif mode == "invade" or state.tables.options.creation_combat_can_stop:
        state.phase = "press"


def won(state: FloodState, area: str, mode: str, log: list[Event]) -> None:
    """Every defender is gone: a creator deploys 1 or 2, an invader places 1 if it can (issue 17)."""
    after_combat(state, mode)
    if mode != "create" and state.armies_personal[state.active]:
        place_armies(state, state.active, area, 1)
        log.append(Event(("{} takes {}", state.names[state.active], state.tables.name(area))))


def after_combat(state: FloodState, mode: str) -> None:
    """The fight is over, won, stopped or out of armies: a creator goes on to deploy (§7.3),
    an invader to another expand option (§6.5)."""
    state.combat = None
    state.phase = "deploy" if mode == "create" else "more"


def decide_press(state: FloodState) -> Decision:
    move = state.tables.move
    return Choice(state.active, ("the attack missed or hit; {} defenders remain: roll again or stop",
                                 state.armies[(state.combat or ("", ""))[0]][1]), (move(RollAgain), move(Stop)))


def on_roll_again(state: FloodState, move: RollAgain, log: list[Event]) -> None:
    state.phase = "roll"


def on_stop(state: FloodState, move: Stop, log: list[Event]) -> None:
    mode = (state.combat or ("", ""))[1]
    log.append(Event(("{} stops the attack", state.names[state.active])))
    after_combat(state, mode)


def decide_more(state: FloodState) -> Decision:
    player = state.active
    options = moves(state, player, spare=1)
    return Choice(player, "hand in 1 army to expand again, or stop", (*options, state.tables.move(Done)))


def done(state: FloodState, log: list[Event]) -> None:
    end_action(state)
