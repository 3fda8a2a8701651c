"""An empire turn: founding, expansion one army at a time, invasions with the dial,
overruns, forts, monuments, reorganisation and gold collection (§6, §7)."""

from __future__ import annotations

from itertools import repeat

from engine.core.events import Event
from engine.core.text import counted, plural
from engine.rulesets.brief_history_of_the_world.cards import EmpireCard
from engine.rulesets.brief_history_of_the_world.gold import change, collect
from engine.rulesets.brief_history_of_the_world.map import (
    cost,
    crossing,
    monument_sites,
)
from engine.rulesets.brief_history_of_the_world.placements import (
    changed,
    reached_by_fleet,
    taken,
)
from engine.rulesets.brief_history_of_the_world.state import (
    BriefState,
    Force,
    Invasion,
    Overrun,
)
from engine.rulesets.shared import dice
from engine.rulesets.shared.buildings import knock_down


def name(state: BriefState, ident: str) -> str:
    return state.tables.names[ident]


def found(state: BriefState, colour: int, card: str, log: list[Event]) -> None:
    """Founding (§6.1): armies from stock onto the board, one of them on the cleared starting
    territory with its capital, fleets on the card's seas."""
    data = state.tables.empires[card]
    armies = min(data.armies, state.stock[colour])
    state.stock[colour] -= armies
    force = Force(colour, card, "empire", armies, barbarian=not data.capital, characteristic=data.characteristic)
    state.force = force
    log.append(Event((counted, "{} founds the {} with {:army/armies}{}", state.colours[colour], state.tables.names[card], armies,
                      "" if data.capital else " (no capital: barbarian)")))
    if armies:
        settle(state, force, data, log)
    second = state.tables.second_empire(card)
    if second is not None and state.tables.options.incas_and_aztecs_one_turn:
        join(state, force, second, log)
    if not force.active:
        return
    for territory in data.influence:
        if force.board and territory not in state.armies:
            force.board -= 1
            state.armies[territory] = colour
            force.active.add(territory)
            force.influence.add(territory)
            log.append(Event(("{} places an Influence army in {}", state.colours[colour], state.tables.names[territory])))
    check_monuments(state, log)


def settle(state: BriefState, force: Force, data: EmpireCard, log: list[Event]) -> None:
    """The first army on the cleared starting territory, the capital, the fleets (§6.1)."""
    settle_start(state, force, data.start, data.characteristic == "france", log)
    if data.capital and len(state.capitals) + len(state.cities) < state.tables.options.capitals_and_cities:
        state.cities.discard(data.start)
        state.capitals.add(data.start)
    state.fleets = set(data.fleets)


def join(state: BriefState, force: Force, card: str, log: list[Event]) -> None:
    """A8's other reading: the card's second empire is founded with the first, its armies
    joining the same Resolution board for one expansion and one gold collection."""
    data = state.tables.empires[card]
    armies = min(data.armies, state.stock[force.colour])
    state.stock[force.colour] -= armies
    force.board += armies
    log.append(Event((counted, "{} founds the {} in the same turn with {:army/armies}", state.colours[force.colour], state.tables.names[card], armies)))
    if armies:
        fleets = state.fleets
        settle(state, force, data, log)
        state.fleets |= fleets


def settle_start(state: BriefState, force: Force, start: str, keep_monument: bool, log: list[Event]) -> None:
    """Clear the starting territory without dice and stand the first army there (§6.1.2-3)."""
    force.board -= 1
    owner = state.armies.pop(start, None)
    if owner is not None:
        state.stock[owner] += 1
    cleared = [s for s in (state.capitals, state.cities) if start in s]
    if not keep_monument and start in state.monuments:
        cleared.append(state.monuments)
    for markers in cleared:
        markers.discard(start)
    state.forts.discard(start)
    if force.barbarian and state.tables.options.founding_reduces:
        change(state, force.colour, len(cleared), ("barbarian reductions in {}", state.tables.names[start]), log)
    state.armies[start] = force.colour
    force.active.add(start)


def reduce(state: BriefState, territory: str, log: list[Event]) -> None:
    """Reduction (§6.5): capital to city, else the city, else the monument; France spares
    monuments (§10.4); a barbarian gains 1 gold for it (§8.1)."""
    force = state.force
    monuments = set() if force.characteristic == "france" else state.monuments
    what = knock_down(territory, state.capitals, state.cities, monuments, gone="removed")
    if not what:
        return
    log.append(Event(("reduction in {}: {}", state.tables.names[territory], what)))
    if force.barbarian:
        change(state, force.colour, 1, ("barbarian reduction in {}", state.tables.names[territory]), log)


def take(state: BriefState, territory: str, log: list[Event], *, reduces: bool = True,
         keeps_fort: bool = False) -> None:
    """The force's army now stands in ``territory``: reduction, the fort removed when the
    territory passes to another colour, and monuments due (§6.5, §6.7, §6.8)."""
    force = state.force
    if reduces and (territory in state.capitals or territory in state.cities or territory in state.monuments):
        reduce(state, territory, log)
    if not keeps_fort and territory in state.forts:
        state.forts.remove(territory)
        log.append(Event(("the fort in {} is removed", state.tables.names[territory])))
    state.armies[territory] = force.colour
    force.active.add(territory)
    taken(state, territory)
    if territory in state.tables.symbols:  # without a symbol no monument falls due
        check_monuments(state, log)


def keeps_fort_on_surrender(state: BriefState, owner: int) -> bool:
    """A surrender keeps the fort (A14): "Egy erőd mindig eltávolításra kerül, amikor egy másik
    játékos birtokába jut a területe", and a territory surrendered to one's own colour, or in
    the 2-player variant to one's other colour ("csakúgy, mint ahogy egy leszerelt sereg adja át
    a területet egy saját aktív seregének", §10.7), stays with the same player; an option
    removes it in the second case."""
    if owner == state.force.colour:
        return True
    return state.person[owner] == state.person[state.force.colour] and not state.tables.options.surrender_removes_fort


def place_army(state: BriefState, territory: str, surrender: bool, log: list[Event]) -> None:
    """§6.2: an empty placement, a surrender, or the start of an invasion."""
    force = state.force
    who = state.colours[force.colour]
    by_fleet = reached_by_fleet(state, force, territory)
    crosses = by_fleet and crossing(state, force, territory)
    if crosses:
        force.crossed = territory
        changed(state)
    force.board -= 1
    owner = state.armies.get(territory)
    if owner is None:
        log.append(Event(("{} places an army in {}", who, state.tables.names[territory])))
        take(state, territory, log, reduces=state.tables.options.empty_entry_reduces,
             keeps_fort=not state.tables.options.empty_entry_reduces)
    elif owner == force.colour or surrender:
        state.stock[owner] += 1
        log.append(Event(("{} surrenders {} to {}", state.colours[owner], state.tables.names[territory], who)))
        take(state, territory, log, keeps_fort=keeps_fort_on_surrender(state, owner))
    else:
        log.append(Event(("{} invades {}, held by {}{}", who, state.tables.names[territory], state.colours[owner],
                          " from the sea" if by_fleet else "")))
        state.invasion = Invasion(territory, owner, by_fleet, crosses)


def attack_dice(state: BriefState) -> int:
    """2, one fewer from the sea, more with an event in play (§7.2)."""
    dice = 2 - state.invasion.by_fleet
    if state.event_in_play is not None and state.force.kind == "empire":
        event = state.tables.events[state.event_in_play]
        if event.effect == "extra_dice":
            dice += event.amount
    return max(1, dice)


def defence_dice(state: BriefState) -> int:
    """One die, two behind a fort, unless Siege Engine is in play (§7.2)."""
    fort = state.invasion.target in state.forts
    siege = state.event_in_play is not None and state.tables.events[state.event_in_play].effect == "siege"
    return dice.defence_dice(fort and not siege)


def resolve(state: BriefState, defence: tuple[int, ...], log: list[Event]) -> None:
    """Scores, invasion points and the outcome of one roll (§7.3-§7.4, §10.1, §10.2)."""
    invasion, force = state.invasion, state.force
    target = invasion.target
    attack = dice.score(invasion.attack, force.dial)
    defend = dice.score(defence)
    points = attack - defend if attack > defend else 0
    needed = cost(state, target)
    if points and force.characteristic == "dreaded" and (points >= needed or not state.tables.options.dreaded_needs_removal):
        points += 1
    automatic = (force.characteristic == "viking" and invasion.by_fleet and state.tables.options.viking_auto_success
                 and max(invasion.attack) >= 5)
    log.append(Event((roll_line, invasion.attack, force.dial, attack, defence, defend, points, needed, automatic)))
    if automatic:  # a floor under the roll (§10.2): the points it earned stay for an overrun
        points = max(points, needed)
    if points < needed:
        invasion.failed = True
        return
    state.stock[invasion.defender] += 1
    del state.armies[target]
    log.append(Event(("{} takes {}; {}'s army returns to stock", state.colours[force.colour], state.tables.names[target],
                      state.colours[invasion.defender])))
    force.dial = 0
    state.invasion = None
    take(state, target, log)
    left = points - needed
    may_overrun = not invasion.crossing and (state.tables.options.fleet_invasion_overruns or not invasion.by_fleet)
    if left and may_overrun:
        state.overrun = Overrun(left, invasion.defender, target, invasion.by_fleet)


def roll_line(attack_faces: tuple[int, ...], dial: int, attack: int, defence_faces: tuple[int, ...], defend: int,
              points: int, needed: int, automatic: bool) -> str:
    return (f"attack {'-'.join(map(str, attack_faces))} +{dial} = {attack} against defence "
            f"{'-'.join(map(str, defence_faces))} = {defend}: {plural(points, 'invasion point')}, {needed} needed"
            f"{' (automatic success from the sea)' if automatic else ''}")


def continue_invasion(state: BriefState, log: list[Event]) -> None:
    """§7.5: an army from the board to stock, the dial up (at most +3, A22), roll again."""
    force = state.force
    force.board -= 1
    state.stock[force.colour] += 1
    force.dial = min(3, force.dial + 1)
    state.invasion.attack = ()
    state.invasion.failed = False
    log.append(Event(("{} continues the invasion (dial +{})", state.colours[force.colour], force.dial)))


def abandon(state: BriefState, log: list[Event]) -> None:
    force = state.force
    state.stock[force.colour] += 1
    force.dial = 0
    log.append(Event(("{} abandons the invasion of {}", state.colours[force.colour], state.tables.names[state.invasion.target])))
    state.invasion = None


def overrun(state: BriefState, territory: str, log: list[Event]) -> None:
    run, force = state.overrun, state.force
    force.board -= 1
    run.points -= cost(state, territory)
    state.stock[run.defender] += 1
    del state.armies[territory]
    log.append(Event((counted, "{} overruns {} ({:invasion point/invasion points} left)", state.colours[force.colour], state.tables.names[territory], run.points)))
    run.last = territory
    take(state, territory, log)


def build_fort(state: BriefState, territory: str, log: list[Event]) -> None:
    """§6.7: an army from the board goes to stock for a fort where an active army stands."""
    force = state.force
    force.board -= 1
    state.stock[force.colour] += 1
    state.forts.add(territory)
    log.append(Event(("{} builds a fort in {}", state.colours[force.colour], state.tables.names[territory])))


def check_monuments(state: BriefState, log: list[Event]) -> None:
    """A monument is due at every second resource symbol the force holds (§6.8, A17)."""
    force = state.force
    if force.kind == "kingdom":
        return
    symbols = state.tables.symbols
    pairs = sum(map(symbols.get, force.active, repeat(0))) // 2
    if state.tables.options.monument_once_per_turn:
        pairs = min(pairs, 1)
    if pairs > force.monuments:
        state.monuments_due += pairs - force.monuments
        force.monuments = pairs


def place_monument(state: BriefState, territory: str, log: list[Event]) -> None:
    state.monuments_due -= 1
    state.monuments.add(territory)
    log.append(Event(("{} builds a monument in {}", state.colours[state.force.colour], state.tables.names[territory])))


def monument_lost(state: BriefState, log: list[Event]) -> bool:
    """A trigger with no site or no monument left in the supply is lost (§6.8)."""
    if len(state.monuments) < state.tables.options.monuments and monument_sites(state):
        return False
    state.monuments_due -= 1
    log.append(Event("no monument can be built"))
    return True


def end_force(state: BriefState, log: list[Event]) -> None:
    """The board is empty: reorganise (§6.11) and, for an empire, collect gold (§6.12).
    An event's armies disband; the empire they interrupted carries on."""
    force = state.force
    if force.board:
        state.stock[force.colour] += force.board
        log.append(Event(("{} unused armies return to {}'s stock", force.board, state.colours[force.colour])))
        force.board = 0
    state.force = None
    if force.kind == "raid":
        state.force, state.suspended = state.suspended, None
        log.append(Event(("the armies of {} are disbanded", state.tables.names[force.card])))
        return
    if force.kind in ("minor", "kingdom"):
        log.append(Event(("the armies of {} are disbanded", state.tables.names[force.card])))
        return
    state.fleets = set()
    if state.event_in_play is not None:
        state.discards.append(state.event_in_play)
        state.event_in_play = None
    log.append(Event(("the {} reorganise: their armies are disbanded", state.tables.names[force.card])))
    collect(state, force.colour, log)
    second = state.tables.second_empire(force.card)
    if second is not None and not state.tables.options.incas_and_aztecs_one_turn:
        found(state, force.colour, second, log)
    else:
        state.phase = "call"
