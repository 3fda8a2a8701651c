"""The movement phase (§6.4, §3.4-3.5): figures or groups move orthogonally up to their speed,
explore face-down tiles for a step, take huts, and start battles against villages, enemy
armies and cities; enemy scouts alone are destroyed and looted."""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.abilities import movement_rules, speed
from engine.rulesets.civilization.actions import Done, Explore, MoveFigures, Step, Stop
from engine.rulesets.civilization.battle import begin_battle, scouts_caught
from engine.rulesets.civilization.board import (
    FIGURE_ID,
    city_at,
    figures_at,
    figures_stepped,
    has_enemy,
)
from engine.rulesets.civilization.draws import owe
from engine.rulesets.civilization.kept import (
    Occupancy,
    figures_of,
    layout,
    occupancy,
    sites_changed,
)
from engine.rulesets.civilization.state import CivState, Draw, Figure
from engine.rulesets.civilization.turn import current

END_MOVEMENT = Done(label="end movement")


def moving(state: CivState) -> list[Figure]:
    """The figures moving now, found by id: ``state.figures`` is in id order (new figures go last
    with the next id), so a bisection finds each. Asked twice at every step, so kept with the
    board for the list of ids ``state.moving`` holds (a new list for every move, whose figures
    ``on_move_figures`` keeps at once, and for ``finish``; a figure placed or removed drops it,
    ``board.figures_moved``)."""
    board = state.board or occupancy(state)
    ids = state.moving
    kept = board.group
    if kept is not None and kept[0] is ids:
        return kept[1]
    figures = state.figures
    found = [figures[bisect_left(figures, fid, key=FIGURE_ID)] for fid in ids]
    board.group = (ids, found)
    return found


def trigger(state: CivState, seat: int, square: str) -> str:
    """What entering ``square`` sets off: '' (nothing), hut, village, figures or city. Asked at
    every step, so the kept cities and figures are read here (``city_at``, ``figures_at``)."""
    if square in state.minors:
        return state.minors[square]
    city = (state.layout or layout(state)).cities.get(square)
    if city is not None and city.owner != seat:
        return "city"
    if has_enemy((state.board or occupancy(state)).figures.get(square, ()), seat):
        return "figures"
    return ""


def armies_only(group: list[Figure]) -> bool:
    for f in group:
        if f.kind != "army":
            return False
    return True


def decide_steps(state: CivState, seat: int) -> Choice:
    """Where the moving group may step (or explore) and whether it may stop here: a face-down
    tile cannot be entered (§3.4), water only with the right technology, scouts never enter a
    square that sets something off (§3.5, §6.4), and a group may end a move (and so stop, or
    enter a square when it must be able to end there) on water only with the right technology,
    never on its own city centre (figures pass it but do not stop there, §10), and within the
    stack limit (``room``: the figures a square may hold besides the group). Asked after every
    step, so written out in one place. The whole group stands on ``here``, so a neighbour's
    figures are all others."""
    t = state.tables
    board = state.board or occupancy(state)
    kept = board.group  # moving's kept group read here: asked at every step
    group = kept[1] if kept is not None and kept[0] is state.moving else moving(state)
    here = group[0].square
    enter_water, end_water, limit = board.rules.get(seat) or movement_rules(state, seat)
    room = limit - len(group)
    squares = state.squares
    cities = (state.layout or layout(state)).cities
    at = board.figures
    actions: list = []
    if state.steps_left > 0:
        must_end = t.options.stack_limit_when_passing or state.steps_left == 1  # a square entered must allow ending
        minors, slots = state.minors, state.slots
        for sq, step, explore in t.steps[here]:
            look = squares.get(sq)
            if look is None:
                if slots.get(explore.slot, "") is None and explore not in actions:  # one per tile
                    actions.append(explore)
                continue  # a face-down tile cannot be entered (§3.4)
            if look.terrain == "water" and not enter_water:
                continue
            city = cities.get(sq)
            there = at.get(sq, ())
            if sq in minors or (city is not None and city.owner != seat) or (there and has_enemy(there, seat)):
                # a hut, village, enemy city or figures: scouts never enter
                if armies_only(group):
                    actions.append(step)
            elif not must_end or ((end_water or look.terrain != "water") and city is None and len(there) <= room):
                actions.append(step)  # it may end there: no enemy city here, and never its own centre
    city = cities.get(here)
    if not actions or ((end_water or squares[here].terrain != "water") and (city is None or city.owner != seat)
                       and len(at[here]) - len(group) <= room):
        actions.append(t.stops[here])
    return Choice(seat, "move the figures", tuple(actions))


def decide_movement(state: CivState) -> Decision:
    seat = current(state)
    if state.moving:
        return decide_steps(state, seat)
    actions = figure_moves(state, seat)
    actions.append(END_MOVEMENT)
    return Choice(seat, "movement: choose figures to move", tuple(actions))


def figure_moves(state: CivState, seat: int) -> list[MoveFigures]:
    """The moves of the seat's figures not yet moved this turn, square by square: each alone,
    then together. Asked again after every group's move, when only the figures of the square
    it left have changed (they are moved now), so the moves are kept per square with the
    figures they were made for (``Occupancy.choosing``) for the seat's figures this turn: a
    square whose figures are all still unmoved keeps its moves. A figure placed or removed
    makes new lists of the seat's figures (``board.figures_moved``), and a new turn frees
    them all."""
    board = state.board or occupancy(state)
    own = figures_of(state, seat)
    kept = board.choosing.get(seat)
    actions: list[MoveFigures] = []
    parts = []
    if kept is not None and kept[0] is own and kept[1] == state.turn:
        for part in kept[2]:
            for f in part[1]:
                if f.moved:
                    break
            else:
                parts.append(part)
                actions += part[2]
                continue
            left = [f for f in part[1] if not f.moved]
            if left:
                part = square_moves(state, board, part[0], left)
                parts.append(part)
                actions += part[2]
    else:
        by_square: dict[str, list[Figure]] = {}
        for f in own:
            if not f.moved:
                by_square.setdefault(f.square, []).append(f)
        for square in sorted(by_square):
            part = square_moves(state, board, square, by_square[square])
            parts.append(part)
            actions += part[2]
    board.choosing[seat] = (own, state.turn, parts)
    return actions


def square_moves(state: CivState, board: Occupancy, square: str,
                 group: list[Figure]) -> tuple[str, list[Figure], list[MoveFigures]]:
    """The moves of ``group``, the seat's unmoved figures on ``square``: each alone (kept by
    its id, ``Occupancy.alone``), then together."""
    t = state.tables
    made = t.made
    alone = board.alone
    moves = []
    for f in group:
        kept = alone.get(f.id)
        if kept is not None and kept[0] == square:
            move = kept[1]
        else:
            key = ("move", square, f.id, f.kind)
            move = made.get(key)
            if move is None:
                move = made[key] = MoveFigures(square, (f.id,), label=("move the {} on {}", f.kind, t.place[square]))
            alone[f.id] = (square, move)
        moves.append(move)
    if len(group) > 1:
        moves += groups(state, square, group)
    return square, group, moves


def groups(state: CivState, square: str, group: list[Figure]) -> list[MoveFigures]:
    """§6.4 "Ha valamelyikőtöknek több bábuja ugyanazon a térképmezőn kezdi a mozgási fázist,
    ezek mozoghatnak együtt ... nem kötelező közösen mozogniuk": any two or more of them move
    together, the whole group last (each move built once per table: its key holds what its label
    says, the kinds moving or that the whole group moves, as branches and games share the table)."""
    t = state.tables
    made = t.made
    found = []
    for size in range(2, len(group) + 1):
        for chosen in combinations(group, size):
            ids = tuple([f.id for f in chosen])
            whole = size == len(group)
            key = ("move group", square, ids, whole or tuple([f.kind for f in chosen]))  # what the label says
            move = made.get(key)
            if move is None:
                label = ("move the group on {}", t.place[square]) if whole else \
                    ("move the {} on {} together", ", ".join(f.kind for f in chosen), t.place[square])
                move = made[key] = MoveFigures(square, ids, label=label)
            found.append(move)
    return found


def on_move_figures(state: CivState, move: MoveFigures, log: list[Event]) -> None:
    """The group's figures all stand on the move's square, whose figures are kept in the order
    of ``state.figures`` (id order): found among them, not by bisecting every figure
    (``moving``)."""
    state.moving = ids = list(move.figures)
    board = state.board or occupancy(state)
    board.group = (ids, [f for f in board.figures[move.square] if f.id in move.figures])
    state.steps_left = speed(state, current(state))


def finish(state: CivState) -> None:
    for f in moving(state):
        f.moved = True
    state.moving = []
    state.steps_left = 0


def on_stop(state: CivState, move: Stop, log: list[Event]) -> None:
    finish(state)


def on_explore(state: CivState, move: Explore, log: list[Event]) -> None:
    seat = current(state)
    here = moving(state)[0].square
    direction = next(d for d, sq in state.tables.orth[here] if state.tables.slot_of[sq] == move.slot)
    state.steps_left -= 1
    owe(state, Draw("tile", None, "tile", f"{move.slot}|{direction}"))
    log.append(Event(("{} explores {}", state.tables.names[seat], state.tables.place[move.slot])))


def on_step(state: CivState, move: Step, log: list[Event]) -> None:
    seat = current(state)
    kept = (state.board or occupancy(state)).group  # moving's kept group read here, as in decide_steps
    group = kept[1] if kept is not None and kept[0] is state.moving else moving(state)
    what = trigger(state, seat, move.square)
    here = group[0].square
    for f in group:
        f.square = move.square
    figures_stepped(state, group, here, move.square)
    state.steps_left -= 1
    if not what:
        if state.steps_left == 0:
            finish(state)
        return
    armies = [f for f in group if f.kind == "army"]
    finish(state)
    name = state.tables.names[seat]
    if what == "hut":
        del state.minors[move.square]
        sites_changed(state, move.square)
        owe(state, Draw("hut", seat, "hut"))
        log.append(Event(("{}'s army enters the hut on {}", name, state.tables.place[move.square])))
    elif what == "village":
        begin_battle(state, seat, None, move.square, "village", len(armies), log)
    elif what == "city":
        city = city_at(state, move.square)
        assert city is not None
        begin_battle(state, seat, city.owner, move.square, "capital" if city.capital else "city", len(armies), log)
    elif not any(f.kind == "army" for f in figures_at(state, move.square) if f.owner != seat):
        scouts_caught(state, seat, move.square, log)
    else:
        defender = next(f.owner for f in figures_at(state, move.square) if f.owner != seat)
        begin_battle(state, seat, defender, move.square, "figures", len(armies), log)
