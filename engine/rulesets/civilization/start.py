"""The start of turn phase (§6.1): abilities and events, founding cities, changing government,
great people from the civ sheet; then each scout is sent to a city (§6.6)."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.abilities import (
    city_limit,
    may_end_on_water,
    may_enter_water,
    stack_limit,
    tokens,
)
from engine.rulesets.civilization.actions import (
    AssignScout,
    Done,
    FoundCity,
    PlaceMarker,
    Relocate,
    SetGovernment,
)
from engine.rulesets.civilization.board import (
    cities_of,
    city_at,
    enemy_on,
    enemy_squares,
    figures_at,
    figures_moved,
)
from engine.rulesets.civilization.culture import advance, end_without_winner
from engine.rulesets.civilization.event_cards import playable
from engine.rulesets.civilization.kept import (
    cards_changed,
    city_founded,
    scout_squares,
    scouts_sent,
)
from engine.rulesets.civilization.placement import great_squares
from engine.rulesets.civilization.state import City, CivState, Figure
from engine.rulesets.civilization.tables import once
from engine.rulesets.civilization.turn import current, next_seat

ANARCHY = "anarchy"
END_START = Done(label="end the start of your turn")


def city_site(state: CivState, square: str, seat: int) -> bool:
    """§6.1 b: land, all 8 neighbours on the map and face up, no hut, village or enemy figure
    around, and at least 3 squares from every city."""
    t = state.tables
    look = state.squares.get(square)
    if look is None or look.terrain == "water":
        return False
    ring = t.ring[square]
    if len(ring) < 8 or square in state.minors:
        return False
    for sq in ring:
        if sq not in state.squares or sq in state.minors:
            return False
    enemies = enemy_squares(state, seat)
    if square in enemies or not enemies.isdisjoint(ring):
        return False
    x, y = t.coords[square]
    for city in state.cities:
        cx, cy = t.coords[city.square]
        if max(abs(cx - x), abs(cy - y)) < 3:
            return False
    return True


def known_governments(state: CivState, seat: int) -> list[str]:
    return sorted({*state.players[seat].learned_governments, *abilities_governments(state, seat)})


def abilities_governments(state: CivState, seat: int) -> list[str]:
    """The governments the seat's abilities allow: its tokens that name one (found by the
    cards' few, ``Tables.government_tokens``, not by reading every token)."""
    allowed = state.tables.government_tokens
    return [allowed[token] for token in tokens(state, seat).intersection(allowed)]


def government_choices(state: CivState, seat: int) -> list[str]:
    """§6.1 c: straight to a government learned in the last research phase; to anarchy at any
    time; out of anarchy, begun before this phase, to any known government."""
    player = state.players[seat]
    if player.government_turn == state.turn:
        return []
    known = [g for g in known_governments(state, seat) if g != player.government]
    if player.government == ANARCHY:
        return known
    direct = [g for g in known if player.learned_governments.get(g) == state.turn - 1]
    return [*direct, ANARCHY]


def decide_start(state: CivState) -> Decision:
    seat = current(state)
    t = state.tables
    names = t.names_of
    player = state.players[seat]
    actions: list = []
    if len(cities_of(state, seat)) < city_limit(state, seat):
        sites = sorted([sq for sq in set(scout_squares(state, seat)) if city_site(state, sq, seat)])
        for sq in sites:  # each move found in the table's built moves before once() and its lambda
            key = ("found", sq)
            actions.append(t.made.get(key) or once(t, key, lambda sq=sq: FoundCity(sq, label=f"found a city on {t.place[sq]}")))
    governments = tuple(government_choices(state, seat))  # each list of them built once per table
    key = ("governments", governments)  # found in the table's built moves before once() and its lambdas
    actions += t.made.get(key) or once(t, key, lambda: tuple([
        once(t, ("government", g), lambda g=g: SetGovernment(g, label=f"change government to {names[g]}"))
        for g in governments]))
    greats = sorted(set(player.greats))
    squares = great_squares(state, seat) if greats else []
    for great in greats:  # each list of squares built once per table
        free = tuple([sq for sq in squares if not _twin(state, sq, seat, great)])
        key = ("places", great, free)
        actions += t.made.get(key) or once(t, key, lambda g=great, free=free: tuple([
            once(t, ("place", g, sq), lambda sq=sq: PlaceMarker(g, sq, label=f"place {names[g]} on {t.place[sq]}"))
            for sq in free]))
    actions += playable(state, seat, "start")
    actions.append(END_START)
    return Choice(seat, "start of turn", tuple(actions))


def _twin(state: CivState, square: str, seat: int, great: str) -> bool:
    """§6.3.7: a great person placed on another sends that one back to the sheet. Onto one of the
    seat's own of the same kind and icons it changes nothing; offered, a search bot swapped its
    two Generals for ever."""
    there = state.greats.get(square)
    if there is None or there[0] != seat:
        return False
    t = state.tables
    return t.greats[there[1]].kind == t.greats[great].kind and t.great_icons[there[1]] == t.great_icons[great]


def scouts_to_assign(state: CivState, seat: int) -> list[Figure]:
    return [f for f in state.figures if f.kind == "scout" and f.owner == seat and f.city is None
            and f.made < state.turn and f.square in state.squares]


def decide_assign(state: CivState) -> Decision:
    seat = current(state)
    scout = scouts_to_assign(state, seat)[0]
    actions = tuple(AssignScout(scout.id, c.square, label=("scout on {} gathers for the city on {}", state.tables.place[scout.square], state.tables.place[c.square]))
                    for c in cities_of(state, seat))
    return Choice(seat, "send a scout to a city", actions)


def relocation_squares(state: CivState, figure: Figure) -> list[str]:
    """§6.1: "egy olyan szomszédos térképmezőre, ahova egyébként képesek lennének mozgásuk során
    eljutni": any of the 8 squares around (the rulebook's neighbours; only exploring leaves the
    diagonals out) where the figure may end, a diagonal one only through a square beside it that
    the figure may pass (movement is orthogonal, and every speed is at least 2)."""
    seat = figure.owner
    t = state.tables
    x, y = t.coords[figure.square]
    near = {t.coords[sq]: sq for _, sq in t.orth[figure.square]}
    found = []
    for sq in t.ring[figure.square]:
        look = state.squares.get(sq)
        if look is None or (look.terrain == "water" and not may_end_on_water(state, seat)):
            continue
        if enemy_on(state, sq, seat) or city_at(state, sq) or sq in state.minors:
            continue
        if len(figures_at(state, sq)) >= stack_limit(state, seat):
            continue
        sx, sy = t.coords[sq]
        if sx != x and sy != y and not any(passable(state, near.get(way), seat) for way in ((sx, y), (x, sy))):
            continue
        found.append(sq)
    return found


def passable(state: CivState, square: str | None, seat: int) -> bool:
    """Whether a figure of ``seat`` may step onto ``square`` and go on: revealed, water only
    with the right technology, nothing there that stops a move (§3.5, §6.4)."""
    if square is None:
        return False
    look = state.squares.get(square)
    if look is None or (look.terrain == "water" and not may_enter_water(state, seat)):
        return False
    city = city_at(state, square)
    return not (enemy_on(state, square, seat) or square in state.minors or (city is not None and city.owner != seat))


def decide_relocate(state: CivState) -> Decision:
    figure = next(f for f in state.figures if f.id == state.relocating[0])
    actions = tuple(Relocate(figure.id, sq, label=("move the {} to {}", figure.kind, state.tables.place[sq])) for sq in relocation_squares(state, figure))
    return Choice(figure.owner, "move a figure off the new city", actions)


def on_relocate(state: CivState, move: Relocate, log: list[Event]) -> None:
    state.relocating.pop(0)
    figure = next(f for f in state.figures if f.id == move.figure)
    here, figure.square = figure.square, move.square
    figures_moved(state, here, move.square)


def relocate_stranded(state: CivState, log: list[Event]) -> bool:
    """A displaced figure with nowhere to go returns to the supply (not in the text)."""
    if not state.relocating:
        return False
    figure = next(f for f in state.figures if f.id == state.relocating[0])
    if relocation_squares(state, figure):
        return False
    state.relocating.pop(0)
    remove_figure(state, figure)
    log.append(Event(("{}'s {} has nowhere to go and returns to the supply", state.tables.names[figure.owner], figure.kind)))
    return True


def remove_figure(state: CivState, figure: Figure) -> None:
    state.figures.remove(figure)
    figures_moved(state, figure.square)
    player = state.players[figure.owner]
    if figure.kind == "army":
        player.armies += 1
    else:
        player.scouts += 1


def on_found_city(state: CivState, move: FoundCity, log: list[Event]) -> None:
    seat = current(state)
    scout = next(f for f in state.figures if f.owner == seat and f.kind == "scout" and f.square == move.square)
    remove_figure(state, scout)
    state.cities.append(city := City(seat, move.square))
    city_founded(state, city)
    state.relocating += [f.id for f in figures_at(state, move.square)]
    log.append(Event(("{} founds a city on {}", state.tables.names[seat], state.tables.place[move.square])))
    if state.players[seat].civ == "romans":
        advance(state, seat, log, free=True)
    if state.tables.options.learning_game and len(cities_of(state, seat)) >= 3:
        end_without_winner(state, "a third city ends the learning game", log)


def on_set_government(state: CivState, move: SetGovernment, log: list[Event]) -> None:
    seat = current(state)
    player = state.players[seat]
    player.government = move.government
    cards_changed(state, seat)
    player.government_turn = state.turn
    log.append(Event(("{} changes government to {}", state.tables.names[seat], state.tables.names_of[move.government])))


def on_start_done(state: CivState, log: list[Event]) -> None:
    seat = current(state)
    cities = cities_of(state, seat)
    if len(cities) == 1:  # a seat with more cities sends each scout itself (decide_assign)
        for scout in scouts_to_assign(state, seat):
            scout.city = cities[0].square
            scouts_sent(state, scout.city)
    state.k_done = True


def on_assign_scout(state: CivState, move: AssignScout, log: list[Event]) -> None:
    scout = next(f for f in state.figures if f.id == move.figure)
    scout.city = move.city
    scouts_sent(state, move.city)


def start_step(state: CivState, log: list[Event]) -> bool:
    """After a seat's Done: its scouts are sent, then the next seat's start phase."""
    if not state.k_done:
        return False
    seat = current(state)
    if len(cities_of(state, seat)) > 1 and scouts_to_assign(state, seat):
        return False
    state.k_done = False
    next_seat(state, log)
    return True


def decide_start_phase(state: CivState) -> Decision:
    if state.k_done:
        return decide_assign(state)
    return decide_start(state)
