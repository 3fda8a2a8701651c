"""The phases and handlers of Civilization on the ruleset skeleton. Before any phase's own
question come the interruptions every phase shares: a draw owed (chance), a great person or
wonder to place, a figure displaced by a new city."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.decision import Choice, Decision, End
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.skeleton import Phase
from engine.rulesets.civilization import (
    battle,
    cities,
    movement,
    research,
    setup,
    start,
    trade,
)
from engine.rulesets.civilization.abilities import coins
from engine.rulesets.civilization.actions import (
    AdvanceCulture,
    Answer,
    Arts,
    AssignScout,
    Boost,
    ChooseCiv,
    ChooseDeck,
    Discard,
    Done,
    Explore,
    FoundCity,
    Harvest,
    Loot,
    MoveFigures,
    OfferItem,
    OfferTo,
    PlaceCapital,
    PlaceFigure,
    PlaceMarker,
    PlayEvent,
    PlayUnit,
    Produce,
    Relocate,
    Research,
    SetGovernment,
    Step,
    Stop,
    UseAbility,
    Wound,
)
from engine.rulesets.civilization.culture import ECONOMIC_VICTORY, win
from engine.rulesets.civilization.draws import chance, resolve
from engine.rulesets.civilization.event_cards import (
    decide_discard,
    on_discard,
    over_limit,
    play,
)
from engine.rulesets.civilization.kept import occupancy
from engine.rulesets.civilization.placement import (
    great_squares,
    place_great,
    place_wonder,
    wonder_squares,
)
from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.turn import current, next_seat, order


def decide_placing(state: CivState) -> Decision:
    seat, card = state.placing[0]
    names = state.tables.names_of
    if card in state.tables.wonders:
        actions = [PlaceMarker(card, sq, label=("place {} on {}", names[card], state.tables.place[sq])) for sq in wonder_squares(state, seat)]
    else:
        actions = [PlaceMarker(card, sq, label=("place {} on {}", names[card], state.tables.place[sq])) for sq in great_squares(state, seat)]
        actions.append(PlaceMarker(card, "", label=("keep {} on the civilization sheet", names[card])))
    return Choice(seat, ("place {}", names[card]), tuple(actions))


def decide_end(state: CivState) -> Decision:
    """§8: the first to meet a victory condition wins at once, alone; the others are tied."""
    n = state.tables.seats
    scores = tuple(1.0 if seat == state.winner else 0.0 for seat in range(n))
    ranking = tuple(sorted(range(n), key=lambda seat: (-scores[seat], seat)))
    return End(scores, ranking, winners=() if state.winner is None else (state.winner,))


def interrupting(decide: Callable[[CivState], Decision]) -> Callable[[CivState], Decision]:
    def decide_now(state: CivState) -> Decision:
        if state.draws:
            return chance(state)
        if state.placing:
            return decide_placing(state)
        if state.relocating:
            return start.decide_relocate(state)
        if state.phase != "trade":  # trading may go over the limit until the trading is over (§6.2)
            seat = over_limit(state)
            if seat is not None:
                return decide_discard(state, seat)
        return decide(state)

    return decide_now


def economic_victory(state: CivState, log: list[Event]) -> bool:
    """15 coins win at once (§8): checked once the rules have nothing more to do by themselves.
    Asked after every step, so a board whose coins were all found short says so at once
    (``Occupancy.poor``, dropped with the coins)."""
    board = state.board or occupancy(state)
    if board.poor or state.phase in ("over", "setup"):
        return False
    for seat in order(state):  # two at once (a research reveal): the first in turn order (A12)
        if coins(state, seat) >= ECONOMIC_VICTORY:
            win(state, seat, "economic", log)
            return True
    board.poor = True
    return False


def common_step(state: CivState, log: list[Event]) -> bool:
    """What every phase checks between moves: placements with no square, stranded figures."""
    if state.placing and not state.draws:
        seat, card = state.placing[0]
        if card in state.tables.wonders and not wonder_squares(state, seat):
            state.placing.pop(0)
            log.append(Event(("{} has no square and waits", state.tables.names_of[card])))
            return True
    return start.relocate_stranded(state, log)


def automatic(step: Callable[[CivState, list[Event]], bool] | None) -> Callable[[CivState, list[Event]], bool]:
    """The phase's own step (None: it has none) after what every phase checks, then the
    economic victory. Run before every decision, so the usual case, nothing to do and the
    coins known short, asks nothing more."""
    def run(state: CivState, log: list[Event]) -> bool:
        if (state.placing or state.relocating) and common_step(state, log):
            return True
        if step is not None and not (state.draws or state.placing or state.relocating) and step(state, log):
            return True
        board = state.board
        return not (board is not None and board.poor) and economic_victory(state, log)

    return run


def phase(decide: Callable[[CivState], Decision], step: Callable[[CivState, list[Event]], bool] | None = None) -> Phase:
    return Phase(interrupting(decide), automatic(step))


PHASES = {
    "setup": phase(setup.decide_setup, setup.setup_step),
    "start": phase(start.decide_start_phase, start.start_step),
    "trade": phase(trade.decide_trade, trade.trade_step),
    "city": phase(cities.decide_city),
    "movement": phase(movement.decide_movement),
    "research": phase(research.decide_research),
    "battle": phase(battle.decide_battle, battle.battle_step),
    "over": Phase(decide_end),
}


def on_outcome(state: CivState, move: Outcome, log: list[Event]) -> None:
    resolve(state, str(move.value), log)


def on_place_marker(state: CivState, move: PlaceMarker, log: list[Event]) -> None:
    if state.placing and state.placing[0][1] == move.card:
        seat, _ = state.placing.pop(0)
    else:
        seat = current(state)
    if not move.square:
        return
    if move.card in state.tables.wonders:
        place_wonder(state, seat, move.card, move.square, log)
    else:
        place_great(state, seat, move.card, move.square, log)


def on_done(state: CivState, move: Done, log: list[Event]) -> None:
    if state.phase == "start":
        start.on_start_done(state, log)
    elif state.phase == "trade":
        trade.on_trade_pass(state, log)
    else:
        next_seat(state, log)


def on_play_event(state: CivState, move: PlayEvent, log: list[Event]) -> None:
    if state.phase == "battle" and state.battle is not None:
        b = state.battle
        seat = b.player[b.turn if b.hands[b.turn] else 1 - b.turn]
    else:
        seat = current(state)
    play(state, seat, move, log)


def on_use_ability(state: CivState, move: UseAbility, log: list[Event]) -> None:
    cities.use_ability(state, current(state), move, log)


HANDLERS = {
    Outcome: on_outcome,
    ChooseCiv: setup.on_choose_civ,
    PlaceCapital: setup.on_place_capital,
    PlaceFigure: setup.on_place_figure,
    PlaceMarker: on_place_marker,
    FoundCity: start.on_found_city,
    Relocate: start.on_relocate,
    SetGovernment: start.on_set_government,
    AssignScout: start.on_assign_scout,
    PlayEvent: on_play_event,
    UseAbility: on_use_ability,
    Done: on_done,
    OfferTo: trade.on_offer_to,
    OfferItem: trade.on_offer_item,
    Answer: trade.on_answer,
    Discard: on_discard,
    Produce: cities.on_produce,
    Arts: cities.on_arts,
    Harvest: cities.on_harvest,
    Boost: cities.on_boost,
    AdvanceCulture: cities.on_advance_culture,
    MoveFigures: movement.on_move_figures,
    Step: movement.on_step,
    Explore: movement.on_explore,
    Stop: movement.on_stop,
    PlayUnit: battle.on_play_unit,
    ChooseDeck: battle.on_choose_deck,
    Wound: battle.on_wound,
    Loot: battle.on_loot,
    Research: research.on_research,
}
