"""An epoch's start and end, and the game's end (digest §4, §5.5, §8.5).

An epoch begins once the score markers are drawn or the last empire of the previous one
has scored: its region tiles go on the board and its cards form the pool to deal from. At
its end unplayed kingdoms and developments without the "+" icon are lost; after epoch V the
game is over and the most points win.
"""

from __future__ import annotations

from engine.core.decision import End
from engine.core.events import Event
from engine.rulesets.history_of_the_world.cards import EPOCHS
from engine.rulesets.history_of_the_world.state import HistoryState


def markers_drawn(state: HistoryState, log: list[Event]) -> bool:
    if len(state.start_order) < len(state.names):
        return False
    start_epoch(state, log)
    return True


def start_epoch(state: HistoryState, log: list[Event]) -> None:
    state.epoch += 1
    tables = state.tables
    if tables.options.tile_lifetime_expires:  # ambiguity A11
        state.tiles = {r: t for r, t in state.tiles.items()
                       if tables.tiles[t].epoch + tables.tiles[t].lifetime > state.epoch}
    for tile in tables.epoch_tiles(state.epoch):
        state.tiles[tile.region] = tile.id
    state.pool = tables.epoch_events(state.epoch) + tables.epoch_empires(state.epoch)
    state.event_pile, state.empire_pile = [], []
    state.drafted_empire = [None] * len(state.names)
    state.phase = "deal"
    log.append(Event(("epoch {} begins", state.epoch)))


def end_epoch(state: HistoryState, log: list[Event]) -> None:
    state.kingdoms = [None] * len(state.names)  # an unplayed kingdom is lost (§5.5)
    events = state.tables.events
    for hand in state.hand:  # so is a development without the "+" icon (§9.4)
        hand[:] = [c for c in hand if events[c].playable_later or events[c].epoch != state.epoch]
    if state.epoch >= EPOCHS:
        state.phase = "over"
        log.append(Event("the game is over"))
        return
    start_epoch(state, log)


def decide_end(state: HistoryState) -> End:
    """§8.5: the most points wins. The rulebook states no tie-break: the track's tie rule (§8.4)
    keeps every score apart, so the seats sharing the best score are that one seat."""
    ranking = tuple(sorted(range(len(state.names)), key=lambda s: (-state.score[s], s)))
    return End(tuple(float(x) for x in state.score), ranking)
