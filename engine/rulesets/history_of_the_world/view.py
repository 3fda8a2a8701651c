"""The picture of a History of the World state as one seat may see it (engine contract)."""

from __future__ import annotations

from engine.core.picture import CardArea, Picture, Piece, SeatPanel
from engine.rulesets.history_of_the_world.state import HistoryState

ROMAN = ("", "I", "II", "III", "IV", "V")


def _pieces(state: HistoryState) -> list[Piece]:
    pieces = [
        Piece(province, "army" if province in state.active else "inactive army", owner)
        for province, owner in sorted(state.armies.items())
    ]
    for kind, provinces in (("capital", state.capitals), ("city", state.cities),
                            ("monument", state.monuments), ("fort", state.forts)):
        pieces += [Piece(province, kind) for province in sorted(provinces)]
    turn = state.turn
    if turn is not None:
        pieces += [Piece(area, "fleet", turn.seat) for area in turn.fleets]
        pieces += [Piece(area, "caravan", turn.seat) for area in turn.caravans]
        if turn.battle is not None:
            pieces.append(Piece(turn.battle.target, "attacking army", turn.seat,
                                label=f"catapult +{turn.battle.catapult}"))
    return pieces


def _panel(state: HistoryState, owner: int, viewer: int | None) -> SeatPanel:
    tables = state.tables
    sees = viewer is None or viewer == owner
    empire = state.drafted_empire[owner] if state.drafted_empire else None
    revealed = empire is not None and empire not in state.queue
    lines = []
    if empire is not None:
        lines.append(f"empire: {tables.name(empire)}" if sees or revealed else "empire: drafted, face down")
    kingdom = state.kingdoms[owner]
    if kingdom is not None:
        lines.append(f"kingdom: {tables.name(kingdom)}" if sees else "kingdom: face down")
    return SeatPanel(
        seat=owner,
        name=state.names[owner],
        score=state.score[owner],
        resources={"armies in supply": state.supply[owner]},
        hand=tuple(tables.name(card) for card in state.hand[owner]) if sees else None,
        hand_size=len(state.hand[owner]),
        lines=tuple(lines),
    )


def _status(state: HistoryState) -> str:
    if state.phase == "order":
        return "Setup: drawing the score markers"
    if state.phase == "over":
        return "The game is over"
    epoch = f"Epoch {ROMAN[state.epoch]}"
    if state.phase in ("deal", "draft"):
        return f"{epoch}: draft"
    turn = state.turn
    if turn is None:
        return epoch
    return f"{epoch}: {state.names[turn.seat]} plays {state.tables.name(turn.card)} ({turn.step})"


def picture(state: HistoryState, viewer: int | None) -> Picture:
    tables = state.tables
    tiles = []
    for region, tile_id in sorted(state.tiles.items()):
        tile = tables.tiles[tile_id]
        tiles.append(f"{tables.name(region)}: {tile.presence}/{tile.dominance}/{tile.control}")
    areas = [CardArea("Region tiles", tuple(tiles))]
    if state.phase == "draft":
        areas += [CardArea("Event pile", hidden=len(state.event_pile)),
                  CardArea("Empire pile", hidden=len(state.empire_pile))]
    if state.queue:
        areas.append(CardArea("Empires still to be called", hidden=len(state.queue)))
    if state.turn is not None:
        played = (state.turn.card, *state.turn.developments)
        areas.append(CardArea("In play", tuple(tables.name(card) for card in played)))
    return Picture(
        pieces=tuple(_pieces(state)),
        panels=tuple(_panel(state, owner, viewer) for owner in range(len(state.names))),
        areas=tuple(areas),
        active_seat=state.turn.seat if state.turn else None,
        round=f"Epoch {ROMAN[state.epoch]}" if state.epoch else "Setup",
        status=_status(state),
    )
