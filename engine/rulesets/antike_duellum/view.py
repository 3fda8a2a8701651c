"""The picture of an Antike Duellum state as one seat may see it (engine contract).

Everything is open except the event deck and, under A21's option, the opponent's event
cards, of which only the number shows.
"""

from __future__ import annotations

from engine.core.picture import CardArea, Picture, Piece, SeatPanel, SpaceMark
from engine.rulesets.antike_duellum.cards import PERSON_KINDS
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import MARKERS, TECH_NAMES, TEMPLES, UNITS


def _pieces(state: DuellumState) -> list[Piece]:
    tables = state.tables
    pieces = [Piece(city, f"{state.marker[city]} city", owner) for city, owner in sorted(state.owner.items())]
    pieces += [Piece(city, "temple") for city in sorted(state.temples)]
    pieces += [Piece(city, "wall", state.owner[city]) for city in sorted(state.walls)]
    for seat in range(len(state.names)):
        for unit in UNITS:
            pieces += [Piece(region, unit, seat, n) for region, n in sorted(state.units(unit)[seat].items())]
            if tables.boxes[seat] and state.box[seat][unit]:
                pieces.append(Piece(tables.boxes[seat], unit, seat, state.box[seat][unit]))
        if state.special:
            where = state.special[seat] or tables.boxes[seat]
            if where:
                pieces.append(Piece(where, tables.special(seat), seat))
        if state.rondel[seat] is not None:
            pieces.append(Piece(tables.rondel[state.rondel[seat]], "action marker", seat))
        pieces += [Piece(tables.techs[tech].space, "disc", seat) for tech in state.techs[seat]]
        if tables.victory:
            track = min(len(state.persons[seat]), len(tables.victory) - 1)
            pieces.append(Piece(tables.victory[track], "disc", seat, label=str(len(state.persons[seat]))))
    return pieces


def _panel(state: DuellumState, seat: int, viewer: int | None) -> SeatPanel:
    tables = state.tables
    sees = viewer is None or viewer == seat or not tables.options.event_hands_secret
    held = [tables.person_kind[card] for card in state.persons[seat]]
    persons = ", ".join(f"{held.count(kind)} {kind}{'s' if held.count(kind) > 1 else ''}"
                        for kind in PERSON_KINDS if held.count(kind))
    lines = [f"persons: {persons or 'none'}",
             "technologies: " + (", ".join(TECH_NAMES[t] for t in state.techs[seat]) or "none"),
             f"recruitment box: {state.box[seat]['legion']} legions, {state.box[seat]['galley']} galleys"]
    if state.special:
        lines.append(f"{tables.special(seat)}: "
                     + (tables.name(state.special[seat]) if state.special[seat] else "in the recruitment box"))
    return SeatPanel(
        seat=seat,
        name=state.names[seat],
        score=len(state.persons[seat]),
        resources={**state.goods[seat], "coins": state.coins[seat],
                   "legions in reserve": state.reserve[seat]["legion"],
                   "galleys in reserve": state.reserve[seat]["galley"],
                   "walls in supply": state.walls_supply[seat]},
        hand=tuple(tables.name(card) for card in state.hand[seat]) if sees else None,
        hand_size=len(state.hand[seat]),
        lines=tuple(lines),
    )


def _status(state: DuellumState) -> str:
    if state.phase == "start":
        return "Setup: choosing the start player"
    if state.phase == "over":
        return f"The game is over: {state.ended}"
    if state.phase == "picks":
        return f"{state.names[state.picker]} takes {state.picks} event card(s)"
    turn = state.turn
    if turn is None:
        return "Setup: turning up the display"
    doing = f", {turn.action}" if turn.action else ""
    return f"Turn {state.turn_number}: {state.names[turn.seat]}{doing} ({turn.step})"


def picture(state: DuellumState, viewer: int | None) -> Picture:
    tables = state.tables
    marks = [SpaceMark(space, label=action) for space, action in zip(tables.rondel, tables.actions, strict=True)]
    markers = {r: MARKERS[r] - sum(m == r for m in state.marker.values()) for r in MARKERS}
    bank = (f"temples: {TEMPLES - len(state.temples)}",
            *(f"{r} city markers: {n}" for r, n in markers.items()))
    areas = [
        CardArea("Event display", tuple(tables.name(card) for card in state.display)),
        CardArea("Event deck", hidden=len(state.pool)),
        CardArea("Discarded events", tuple(tables.name(card) for card in state.discard)),
        CardArea("Persons left", tuple(f"{kind}: {len(state.stacks.get(kind, []))}" for kind in PERSON_KINDS)),
        CardArea("Bank", bank),
    ]
    return Picture(
        pieces=tuple(_pieces(state)),
        marks=tuple(marks),
        panels=tuple(_panel(state, seat, viewer) for seat in range(len(state.names))),
        areas=tuple(areas),
        active_seat=state.turn.seat if state.turn else None,
        round=f"Turn {state.turn_number}" if state.turn_number else "Setup",
        status=_status(state),
    )
