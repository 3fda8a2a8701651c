"""What a seat sees (§12.4): face-down tiles stay hidden squares until explored; huts and
villages show only their kind; standing forces, event hands, held markers and research picks
are counts for everyone but their owner."""

from __future__ import annotations

from collections import Counter

from engine.core.picture import CardArea, Picture, Piece, SeatPanel, SpaceMark
from engine.rulesets.civilization.abilities import coins
from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.turn import PHASE_NAMES, current

TERRAIN_FILL = {"mountain": "#8d7b68", "forest": "#3f6e3a", "grassland": "#9cc46a", "desert": "#e3cf8b",
                "water": "#4f86c6"}


UNUSED_FILL = "#3a3a3a"


def square_tag(state: CivState, square: str) -> str:
    """Only what the terrain colour does not tell: a resource, a natural wonder, gold."""
    look = state.squares[square]
    words = [look.resource] if look.resource else []
    if look.wonder:
        words.append("wonder")
    if look.icons.coins:
        words.append(f"${look.icons.coins}")
    return " ".join(words)


def marks(state: CivState) -> tuple[SpaceMark, ...]:
    t = state.tables
    found = []
    for square in t.coords:
        if square in state.squares:
            found.append(SpaceMark(square, fill=TERRAIN_FILL[state.squares[square].terrain], label=square_tag(state, square)))
        else:
            found.append(SpaceMark(square, hidden=True))
    found += [SpaceMark(square, hidden=True, fill=UNUSED_FILL, label="") for square in t.unused]
    return tuple(found)


def pieces(state: CivState) -> tuple[Piece, ...]:
    t = state.tables
    found: list[Piece] = []
    groups = Counter((f.square, f.owner, f.kind) for f in state.figures)
    found += [Piece(sq, kind, owner, count) for (sq, owner, kind), count in sorted(groups.items())]
    for city in state.cities:
        kind = ("walled " if city.walled else "") + ("capital" if city.capital else "city")
        found.append(Piece(city.square, kind, city.owner))
    for sq, (owner, building) in sorted(state.buildings.items()):
        found.append(Piece(sq, t.names_of[building].lower(), owner))
    for sq, (owner, wonder) in sorted(state.wonders.items()):
        obsolete = " (obsolete)" if wonder in state.obsolete else ""
        found.append(Piece(sq, "wonder", owner, label=t.names_of[wonder] + obsolete))
    for sq, (owner, great) in sorted(state.greats.items()):
        found.append(Piece(sq, "great person", owner, label=t.names_of[great]))
    for sq, kind in sorted(state.minors.items()):
        found.append(Piece(sq, kind))
    for seat, player in enumerate(state.players):
        found.append(Piece(f"culture-{player.step}", "culture marker", seat, label=t.names[seat]))
    return tuple(found)


def panel(state: CivState, owner: int, seat: int | None) -> SeatPanel:
    t = state.tables
    player = state.players[owner]
    sees = seat is None or seat == owner
    names = t.names_of
    resources = {"trade": player.trade, "coins": coins(state, owner), "culture": player.culture}
    resources.update({r: n for r, n in sorted(player.resources.items()) if n})
    forces = Counter(t.units[u].kind for u in player.forces)
    lines = [
        f"{names.get(player.civ, '?')}, {names.get(player.government, player.government)}",
        "techs: " + ", ".join(names[x] for x in player.techs),
        "levels: " + ", ".join(f"{k} {v}" for k, v in player.levels.items()),
        f"standing forces: {len(player.forces)}" + (" (" + ", ".join(f"{n} {k}" for k, n in sorted(forces.items())) + ")"
                                                   if sees else ""),
        f"supply: {player.armies} armies, {player.scouts} scouts",
        f"culture track: space {player.step} of {t.last_step}",
    ]
    if player.minors:
        lines.append(f"face-down markers: {len(player.minors)}" + (
            " (" + ", ".join(t.minors[m].result for m in player.minors) + ")" if sees else ""))
    if player.greats:
        lines.append("great people on the sheet: " + ", ".join(names[g] for g in player.greats))
    if player.wonders:
        lines.append("wonders: " + ", ".join(names[w] for w in player.wonders))
    if owner in state.picks:
        lines.append("research: " + (", ".join(names[x] for x in state.picks[owner]) if sees else "chosen"))
    return SeatPanel(
        seat=owner, name=t.names[owner], score=float(player.step), resources=resources,
        hand=tuple(names[e] for e in player.events) if sees else None, hand_size=len(player.events),
        lines=tuple(lines),
    )


def areas(state: CivState) -> tuple[CardArea, ...]:
    names = state.tables.names_of
    found = [CardArea("wonder market", tuple(names[w] for w in state.wonder_market if w))]
    if state.wonder_top:
        found.append(CardArea("medieval wonder deck (face up)", (names[state.wonder_top],)))
    battle = state.battle
    if battle is not None:
        fronts = []
        for i, front in enumerate(battle.fronts):
            sides = [f"{names[u]} ({w} wounds)" if u else "-" for u, w in zip(front.units, front.wounds)]
            fronts.append(f"front {i + 1}: {sides[0]} vs {sides[1]}")
        found.append(CardArea("battle", tuple(fronts), hidden=len(battle.hands[0]) + len(battle.hands[1])))
    return tuple(found)


def status(state: CivState) -> str:
    names = state.tables.names
    if state.phase == "over":
        if state.winner is None:
            return f"turn {state.turn}: the game ended without a winner"
        return f"{names[state.winner]} wins a {state.victory} victory"
    if state.phase == "setup":
        return "setup"
    if state.phase == "battle" and state.battle is not None:
        return f"turn {state.turn}: battle on {state.tables.place[state.battle.square]}"
    return f"turn {state.turn}: {PHASE_NAMES[state.phase]}, {names[current(state)]}"


def picture(state: CivState, seat: int | None) -> Picture:
    active = None if state.phase in ("setup", "over") else current(state)
    return Picture(
        pieces=pieces(state), marks=marks(state),
        panels=tuple(panel(state, owner, seat) for owner in range(state.tables.seats)),
        areas=areas(state), active_seat=active, round=f"turn {state.turn}", status=status(state),
    )
