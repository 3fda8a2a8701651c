"""Battles (§7): hands drawn from the standing forces, bonuses, units played into fronts with
the trump cycle, the result, the winner's losses and the loot; villages' barbarians are played
by the attacker's left-hand neighbour (§7.9.2)."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.text import counted
from engine.rulesets.civilization.abilities import (
    amount,
    pay,
    payments,
    resource_abilities,
)
from engine.rulesets.civilization.actions import ChooseDeck, Loot, PlayUnit, Wound
from engine.rulesets.civilization.board import figures_at
from engine.rulesets.civilization.culture import win
from engine.rulesets.civilization.draws import owe
from engine.rulesets.civilization.event_cards import TRADE_MAX, playable
from engine.rulesets.civilization.kept import changed, sites_changed
from engine.rulesets.civilization.research import can_learn, learn
from engine.rulesets.civilization.state import Battle, CivState, Draw, Front, Player
from engine.rulesets.civilization.turn import left_of

BEATS = {"infantry": "mounted", "mounted": "artillery", "artillery": "infantry"}
UNIT_DECKS = ("infantry", "mounted", "artillery")
CITY_BONUS, CAPITAL_BONUS, WALL_BONUS, GENERAL_BONUS = 6, 12, 4, 4
CITY_HAND = 3
CITY_RESOURCE_PICKS = 2
BASE_HAND = 3


def beats(state: CivState, a: str, b: str) -> bool:
    if not state.tables.options.full_trump_cycle:
        return a == "infantry" and b == "mounted"
    return BEATS.get(a) == b


def strength(state: CivState, battle: Battle, side: int, card: str) -> int:
    unit = state.tables.units[card]
    if unit.kind == "aircraft":
        return unit.strength
    if battle.defender is None and side == 1:
        return unit.strength  # barbarians are level 1 (§7.9.2)
    return unit.strength + state.players[battle.player[side]].levels[unit.kind] - 1


def military_bonus(state: CivState, seat: int) -> int:
    t = state.tables
    total = sum(t.buildings[b].bonus for owner, b in state.buildings.values() if owner == seat)
    total += GENERAL_BONUS * sum(1 for owner, g in state.greats.values() if owner == seat and t.greats[g].kind == "general")
    return total + amount(state, seat, "battle")


def hand_size(state: CivState, seat: int, armies: int, city: bool) -> int:
    extra = 2 * armies if state.tables.options.first_army_counts else 2 * max(0, armies - 1)
    return BASE_HAND + (CITY_HAND if city else extra) + amount(state, seat, "hand")


def begin_battle(state: CivState, attacker: int, defender: int | None, square: str, target: str, armies: int,
                 log: list[Event]) -> None:
    from engine.rulesets.civilization.board import city_at

    city = city_at(state, square)
    barbarians = defender is None
    battle = Battle(attacker, defender, [attacker, left_of(state, attacker) if barbarians else defender], square,
                    target, walled=bool(city and city.walled), armies=armies)
    state.battle, state.after_battle, state.phase = battle, state.phase, "battle"
    names = state.tables.names
    log.append(Event(("{} attacks {} on {}", names[attacker], 'the barbarians' if barbarians else names[defender], state.tables.place[square])))
    battle.hand_size[0] = hand_size(state, attacker, armies, False)
    for _ in range(min(battle.hand_size[0], len(state.players[attacker].forces))):
        state.draws.append(Draw("forces:0", attacker, "hand", "0"))
    bonus = [military_bonus(state, attacker), 0]
    if barbarians:
        for kind in UNIT_DECKS:
            if pool_left(state, kind):
                state.draws.append(Draw(f"barbarian:{kind}", battle.player[1], "barbarian"))
            else:
                battle.deck_choices += 1  # an empty deck: the barbarian player chooses another (§7.9.2)
    else:
        assert defender is not None
        defending_city = target in ("city", "capital")
        defenders = sum(1 for f in figures_at(state, square) if f.owner == defender and f.kind == "army")
        battle.hand_size[1] = hand_size(state, defender, defenders, defending_city)
        for _ in range(min(battle.hand_size[1], len(state.players[defender].forces))):
            state.draws.append(Draw("forces:1", defender, "hand", "1"))
        bonus[1] = military_bonus(state, defender) + amount(state, defender, "defence")
        if defending_city:
            bonus[1] += (CAPITAL_BONUS if target == "capital" else CITY_BONUS) + (WALL_BONUS if battle.walled else 0)
    difference = bonus[0] - bonus[1]
    battle.bonus = [max(0, difference), max(0, -difference)]
    battle.turn = 0 if battle.walled else 1
    battle.stage = "play"


def barbarian_decks(state: CivState) -> list[str]:
    return [kind for kind in UNIT_DECKS if pool_left(state, kind)]


def decide_deck(state: CivState, battle: Battle) -> Decision:
    return Choice(battle.player[1], "the barbarians' deck is empty: draw from which deck",
                  tuple(ChooseDeck(kind, label=("draw a barbarian from the {} deck", kind)) for kind in barbarian_decks(state)))


def on_choose_deck(state: CivState, move: ChooseDeck, log: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    battle.deck_choices -= 1
    state.draws.append(Draw(f"barbarian:{move.kind}", battle.player[1], "barbarian"))
    log.append(Event(("{} draws the barbarians' unit from the {} deck", state.tables.names[battle.player[1]], move.kind)))


def pool_left(state: CivState, kind: str) -> int:
    owed = sum(1 for d in state.draws if d.pool == f"barbarian:{kind}")
    return len(state.unit_pool[kind]) + len(state.unit_bottom[kind]) - owed


def attackable(battle: Battle, side: int) -> list[int]:
    other = 1 - side
    return [i for i, f in enumerate(battle.fronts) if f.units[other] is not None and f.units[side] is None]


def decide_battle(state: CivState) -> Decision:
    battle = state.battle
    assert battle is not None
    names = state.tables.names_of
    if battle.deck_choices and barbarian_decks(state):
        return decide_deck(state, battle)
    if battle.stage == "loot":
        if battle.picks:
            return Choice(battle.player[battle.winner], ("loot: pick a resource marker ({} left)", battle.picks),
                          tuple(resource_picks(state, battle)))
        return Choice(battle.player[battle.winner], "choose the loot", tuple(loot_choices(state, battle)))
    side = battle.turn if battle.hands[battle.turn] else 1 - battle.turn
    seat = battle.player[side]
    actions: list = []
    fronts = attackable(battle, side)
    for slot, card in enumerate(battle.hands[side]):
        name, power = names[card], strength(state, battle, side, card)
        actions.append(PlayUnit(slot, -1, label=("{} ({}): new front", name, power)))
        actions += [PlayUnit(slot, i, label=("{} ({}): attack front {}", name, power, i + 1)) for i in fronts]
    if battle.defender is not None or side == 0:
        for tech, resource, number in resource_abilities(state, seat, "wounds_for"):
            if tech in battle.used:
                continue
            for way in payments(state, seat, resource):
                actions += [Wound(tech, way, i, label=(counted, "{}: {:wound/wounds} on front {}", names[tech], number, i + 1)) for i in fronts]
        actions += playable(state, seat, "battle")
    return Choice(seat, "battle: play a unit", tuple(actions))


def clash(state: CivState, battle: Battle, front: Front, side: int) -> None:
    """Both strike at once, unless one trumps the other: it strikes first (§7.6)."""
    units = front.units
    a, b = units[side], units[1 - side]
    assert a is not None and b is not None
    kinds = state.tables.units
    sa, sb = strength(state, battle, side, a), strength(state, battle, 1 - side, b)
    if beats(state, kinds[a].kind, kinds[b].kind):
        hit(state, battle, front, 1 - side, sa)
        if front.units[1 - side] is not None:
            hit(state, battle, front, side, sb)
    elif beats(state, kinds[b].kind, kinds[a].kind):
        hit(state, battle, front, side, sb)
        if front.units[side] is not None:
            hit(state, battle, front, 1 - side, sa)
    else:
        hit(state, battle, front, 1 - side, sa)
        hit(state, battle, front, side, sb)


def hit(state: CivState, battle: Battle, front: Front, side: int, damage: int) -> None:
    card = front.units[side]
    assert card is not None
    front.wounds[side] += damage
    if front.wounds[side] >= strength(state, battle, side, card):
        state.unit_bottom[state.tables.units[card].kind].append(card)
        front.units[side] = None
        front.wounds[side] = 0
        battle.lost[side] += 1


def on_play_unit(state: CivState, move: PlayUnit, log: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    side = battle.turn if battle.hands[battle.turn] else 1 - battle.turn
    card = battle.hands[side].pop(move.slot)
    names = state.tables.names_of
    who = state.tables.names[battle.player[side]]
    name, power = names[card], strength(state, battle, side, card)
    if move.front < 0:
        front = Front([None, None], [0, 0])
        front.units[side] = card
        battle.fronts.append(front)
        log.append(Event(("{} plays {} ({}) on a new front", who, name, power)))
    else:
        front = battle.fronts[move.front]
        front.units[side] = card
        log.append(Event(("{} plays {} ({}) against front {}", who, name, power, move.front + 1)))
        clash(state, battle, front, side)
    battle.turn = 1 - side


def battle_step(state: CivState, log: list[Event]) -> bool:
    """Once every hand is drawn and played out, the battle is settled."""
    battle = state.battle
    if battle is None or state.draws or battle.stage != "play" or battle.hands[0] or battle.hands[1]:
        return False
    if battle.deck_choices and barbarian_decks(state):
        return False
    settle(state, battle, log)
    return True


def on_wound(state: CivState, move: Wound, log: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    side = battle.turn if battle.hands[battle.turn] else 1 - battle.turn
    seat = battle.player[side]
    pay(state, seat, move.resource)
    battle.used.append(move.tech)
    number = next(int(t.split(":")[2]) for t in state.tables.techs[move.tech].abilities if t.startswith("wounds_for:"))
    hit(state, battle, battle.fronts[move.front], 1 - side, number)
    log.append(Event(("{} uses {} on front {}", state.tables.names[seat], state.tables.names_of[move.tech], move.front + 1)))


def survivors(state: CivState, battle: Battle, side: int) -> list[str]:
    return [f.units[side] for f in battle.fronts if f.units[side] is not None]


def settle(state: CivState, battle: Battle, log: list[Event]) -> None:
    """§7.7: full strength of the survivors plus the bonus card; a tie goes to the defender."""
    totals = [sum(strength(state, battle, s, c) for c in survivors(state, battle, s)) + battle.bonus[s] for s in (0, 1)]
    battle.winner = 0 if totals[0] > totals[1] else 1
    names = state.tables.names
    winner = battle.player[battle.winner]
    barbarians_win = battle.defender is None and battle.winner == 1
    log.append(Event(("battle on {}: {} against {}, {} {}", state.tables.place[battle.square], totals[0], totals[1],
                      'the barbarians' if barbarians_win else names[winner], 'win' if barbarians_win else 'wins')))
    for side in (0, 1):
        cards = survivors(state, battle, side)
        if battle.defender is None and side == 1:
            for card in cards:
                state.unit_bottom[state.tables.units[card].kind].append(card)  # A14
        else:
            state.players[battle.player[side]].forces.extend(cards)
    battle.stage = "settled"  # the survivors are back in their decks and forces
    losses(state, battle, log)
    if state.winner is None and loot_choices(state, battle):
        battle.stage = "loot"
    else:
        end_battle(state)


def losses(state: CivState, battle: Battle, log: list[Event]) -> None:
    from engine.rulesets.civilization.start import remove_figure

    square = battle.square
    loser_side = 1 - battle.winner
    winner_seat = battle.player[battle.winner]
    if battle.winner == 0 or battle.defender is not None:
        armies = [f for f in figures_at(state, square) if f.owner == winner_seat and f.kind == "army"]
        fallen = armies[1:][:battle.lost[battle.winner] // 2]  # the last army always stays
        for f in fallen:
            remove_figure(state, f)
        if fallen:
            log.append(Event((counted, "{} wins but loses {:army/armies}", state.tables.names[winner_seat], len(fallen))))
    loser = battle.attacker if loser_side == 0 else battle.defender
    if loser is not None:
        beaten = [f for f in figures_at(state, square) if f.owner == loser]
        for f in beaten:
            remove_figure(state, f)
        if beaten:  # the loser's figures on the square go
            log.append(Event((counted, "{} loses {:figure/figures} on {}", state.tables.names[loser], len(beaten),
                              state.tables.place[square])))
    if battle.target == "village" and battle.winner == 0:
        del state.minors[square]
        sites_changed(state, square)
        owe(state, Draw("village", battle.attacker, "village"))
    if battle.target in ("city", "capital") and battle.winner == 1 and state.players[battle.player[1]].civ == "chinese":
        state.players[battle.player[1]].culture += 3
    if battle.target == "capital" and battle.winner == 0:
        win(state, battle.attacker, "military", log)
    elif battle.target == "city" and battle.winner == 0:
        destroy_city(state, square, log)


def destroy_city(state: CivState, square: str, log: list[Event]) -> None:
    """§7.8.2: the marker goes home; buildings to the market, wonders and great people to the box."""
    city = next(c for c in state.cities if c.square == square)
    state.cities.remove(city)
    changed(state)
    for sq in state.tables.ring[square]:
        state.buildings.pop(sq, None)
        if sq in state.wonders:
            owner, wonder = state.wonders.pop(sq)
            state.players[owner].wonders.remove(wonder)
        state.greats.pop(sq, None)
    log.append(Event(("the city on {} is destroyed", state.tables.place[square])))


def loot_choices(state: CivState, battle: Battle) -> list[Loot]:
    if battle.defender is None:
        return []
    winner = state.players[battle.player[battle.winner]]
    loser_seat = battle.player[1 - battle.winner]
    loser = state.players[loser_seat]
    found = []
    if battle.target in ("city", "capital") and battle.winner == 0:
        found += [Loot(f"tech:{t}", label=("learn {}", state.tables.names_of[t])) for t in loser.techs
                  if t not in winner.techs and can_learn(state, battle.player[0], t, free=True)]
        if loser.events:
            found.append(Loot("event", label="a random event card"))
        if loser.minors or any(loser.resources.values()):
            found.append(Loot("resources", label="2 resources"))
        return found
    if loser.trade:
        found.append(Loot("trade", label=("{} trade", min(3, loser.trade))))
    if loser.culture:
        found.append(Loot("culture", label=("{} culture", min(3, loser.culture))))
    return found + resource_picks(state, battle)


def resource_picks(state: CivState, battle: Battle) -> list[Loot]:
    """One resource marker of the loser's (§7.8): a market marker of a type the winner names, or
    a face-down hut or village marker taken blind."""
    loser = state.players[battle.player[1 - battle.winner]]
    found = [Loot(f"resource:{r}", label=("1 {}", r)) for r, n in sorted(loser.resources.items()) if n]
    if loser.minors:
        found.append(Loot("marker", label="a face-down marker"))
    return found


def take_resource(state: CivState, frm: int, to: int, resource: str) -> None:
    state.players[frm].resources[resource] -= 1
    state.players[to].resources[resource] = state.players[to].resources.get(resource, 0) + 1


def on_loot(state: CivState, move: Loot, log: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    seat, other = battle.player[battle.winner], battle.player[1 - battle.winner]
    winner, loser = state.players[seat], state.players[other]
    kind, _, what = move.kind.partition(":")
    if kind == "trade":
        n = min(3, loser.trade)
        loser.trade -= n
        winner.trade = min(TRADE_MAX, winner.trade + n)
    elif kind == "culture":
        n = min(3, loser.culture)
        loser.culture -= n
        winner.culture += n
    elif kind == "resource":
        take_resource(state, other, seat, what)
    elif kind == "marker":
        state.draws.append(Draw(f"loot_minor:{other}", seat, "loot_minor"))
    elif kind == "tech":
        learn(state, seat, what, log, free=True)
    elif kind == "event":
        state.draws.append(Draw(f"loot_event:{other}", seat, "loot_event"))
    else:
        battle.picks = CITY_RESOURCE_PICKS  # picked one by one (§7.8.2)
        log.append(Event(("{} takes 2 resources as loot", state.tables.names[seat])))
        return
    log.append(Event((loot_line, state.tables.names[seat], move)))
    if battle.picks:
        battle.picks -= 1
        if battle.picks and any_resource_left(loser, kind == "marker"):
            return
    end_battle(state)


def loot_line(name: str, move: Loot) -> str:
    return f"{name} takes {move.label or move.kind} as loot"


def any_resource_left(loser: Player, marker_owed: bool) -> bool:
    """Whether the loser still has a marker to take, one face-down marker being already owed."""
    return any(loser.resources.values()) or len(loser.minors) > int(marker_owed)


def end_battle(state: CivState) -> None:
    if state.phase == "over":
        return
    battle = state.battle
    assert battle is not None
    state.phase = state.after_battle
    state.battle = None


def scouts_caught(state: CivState, seat: int, square: str, log: list[Event]) -> None:
    """§6.4: enemy scouts alone are destroyed and the attacker takes loot (§7.8.1)."""
    from engine.rulesets.civilization.start import remove_figure

    victims = [f for f in figures_at(state, square) if f.owner != seat]
    owner = victims[0].owner
    for f in victims:
        remove_figure(state, f)
    log.append(Event(("{} destroys {}'s scouts on {}", state.tables.names[seat], state.tables.names[owner], state.tables.place[square])))
    battle = Battle(seat, owner, [seat, owner], square, "figures", stage="loot", winner=0)
    if loot_choices(state, battle):
        state.battle, state.after_battle, state.phase = battle, state.phase, "battle"
