"""The picture of a game of After the Flood. Nothing is hidden (§12.5), so every seat sees
the designer's view: cities, armies and workers on the map and boxes, the markers on the
score, turn-order, round and army-table tracks, the pass box, and each player's holdings."""

from __future__ import annotations

from engine.core.picture import CardArea, Picture, Piece, SeatPanel
from engine.rulesets.after_the_flood.empire import RANKS
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import CITIES, SCORE_WRAP

PHASES = {
    "order": "setup", "action": "actions", "place": "placing workers", "lift": "placing workers",
    "trade": "trading", "give": "trading", "buy": "creating an empire", "equip": "creating an empire",
    "deploy": "creating an empire", "roll": "combat", "press": "combat", "more": "expanding",
    "bid": "passing", "grow": "growth", "luxury": "growth", "over": "game over",
}


def picture(state: FloodState, seat: int | None) -> Picture:
    names = state.names
    pieces: list[Piece] = []
    for area, owner in state.cities.items():
        grown = area in state.grown
        pieces.append(Piece(area, "grown city" if grown else "city", owner, label=f"{names[owner]} city"))
    pieces += [Piece(area, "army", owner, count) for area, (owner, count) in state.armies.items()]
    pieces += [Piece(space, "worker", owner, count)
               for space, counts in state.workers.items() for owner, count in enumerate(counts) if count]
    for player, score in enumerate(state.score):
        pieces.append(Piece(f"score-{score % SCORE_WRAP}", "score marker", player, label=f"{names[player]} {score}"))
        if state.workers_locked[player]:
            pieces.append(Piece("score-plus70", "worker", player, state.workers_locked[player]))
    pieces += [Piece(f"order-{i + 1}", "turn-order marker", p, label=names[p]) for i, p in enumerate(state.order)]
    pieces += [Piece(f"rank-{RANKS[i].lower()}", "army-table marker", p, label=f"{names[p]} {state.equipment[p]}")
               for i, p in enumerate(state.ranking)]
    pieces.append(Piece(f"round-{state.round}", "round marker"))
    pieces += [Piece(f"pass-{p + 1}", "pass marker", p, label=bid_text(state.bids[p]) or "pass")
               for p in range(len(names)) if state.passed[p]]
    if state.army_table:
        pieces.append(Piece("equipment", "equipment", label=bid_text(state.army_table)))
    panels = tuple(panel(state, player) for player in range(len(names)))
    tables = state.tables
    empires = tuple(
        f"{e.name}: {names[state.empire_of.index(e.id)]}" if e.id in state.empire_of else f"{e.name} ({e.armies})"
        for e in tables.round_empires(state.round)
    )
    active = None if state.phase in ("order", "over") else state.active
    doing = PHASES.get(state.phase, state.phase)
    status = f"Round {state.round}: {names[active]} {doing}" if active is not None else f"Round {state.round}: {doing}"
    return Picture(
        pieces=tuple(pieces), panels=panels, areas=(CardArea(f"Empires of round {state.round}", empires),),
        active_seat=active, round=f"Round {state.round}", status=status,
    )


def bid_text(resources: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in resources.items() if n)


def panel(state: FloodState, player: int) -> SeatPanel:
    cities = sum(1 for owner in state.cities.values() if owner == player)
    empire = state.empire_of[player]
    lines = (
        f"workers: {state.workers_personal[player]} in the personal supply (to place), {state.workers_general[player]} in the general",
        f"armies: {state.armies_personal[player]} in the personal supply (to place), {state.armies_general[player]} in the general",
        f"cities on the board: {cities} of {CITIES}",
        f"empire: {state.tables.empires[empire].name}" if empire else "no empire this round",
        *(("passed",) if state.passed[player] else ()),
    )
    return SeatPanel(seat=player, name=state.names[player], score=state.score[player],
                     resources=dict(state.held[player]), lines=lines)
