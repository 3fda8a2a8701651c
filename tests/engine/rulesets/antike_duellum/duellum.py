"""Antike Duellum positions for rules tests, on the shipped boards: the rulebook's worked
examples name places on both sides (Roma, Ancona, Tarraco, Zama...; Ainos, Lemnos, Abydos...)."""

from __future__ import annotations

from pathlib import Path

import attrs

from engine.core.decision import Chance, Choice
from engine.core.moves import Action, Outcome
from engine.rulesets.antike_duellum.ruleset import AntikeDuellum
from engine.rulesets.antike_duellum.state import DuellumState, new_state
from engine.rulesets.antike_duellum.tables import UNITS_PER_PLAYER, Tables
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[4]
SCENARIOS = {
    side: load_scenario(ROOT / "scenarios" / f"antike-duellum-{side}.json", get_ruleset)
    for side in ("carthage-rome", "greece-persia")
}
RULES = AntikeDuellum()
BROWN, BEIGE = 0, 1  # Rome and the Greeks are brown, Carthage and the Persians beige
DISPLAY = ("ev-charity", "ev-prosperity", "ev-purchase")


def new_game(side: str = "carthage-rome", first: int = BROWN, **options) -> DuellumState:
    """A game after setup: ``first`` starts, the display holds DISPLAY, turn 1 waits at the rondel.
    There is no turn limit: the rulebook has none (§5.3)."""
    scenario = SCENARIOS[side]
    chosen = attrs.evolve(scenario.ruleset.options, **options)
    state = new_state(Tables.of(scenario, scenario.seats, chosen), [seat.name for seat in scenario.seats])
    RULES.apply(state, Outcome(first))
    for card in DISPLAY:
        RULES.apply(state, Outcome(card))
    return state


def blank(state: DuellumState) -> DuellumState:
    """No cities on the board: the test places its own."""
    state.owner.clear()
    state.marker.clear()
    state.temples.clear()
    state.walls.clear()
    state.decision = None
    return state


def city(state: DuellumState, site: str, resource: str, seat: int, temple: bool = False, wall: bool = False) -> None:
    state.owner[site] = seat
    state.marker[site] = resource
    if temple:
        state.temples.add(site)
    if wall:
        state.walls.add(site)
        state.walls_issued[seat] += 1
    state.decision = None


def put(state: DuellumState, seat: int, unit: str, region: str, n: int = 1) -> None:
    """Units from the reserve onto the board, so the component counts stay whole."""
    state.reserve[seat][unit] -= n
    units = state.units(unit)[seat]
    units[region] = units.get(region, 0) + n
    state.decision = None


def box(state: DuellumState, seat: int, legion: int, galley: int) -> None:
    """The recruitment box's contents at the start of this turn (§6.3's eligibility)."""
    for unit, n in (("legion", legion), ("galley", galley)):
        on_board = sum(state.units(unit)[seat].values())
        state.box[seat][unit] = n
        state.reserve[seat][unit] = UNITS_PER_PLAYER - n - on_board
    if state.turn is not None and state.turn.seat == seat:
        state.turn.recruitable = dict(state.box[seat])
    state.decision = None


def goods(state: DuellumState, seat: int, gold: int = 0, marble: int = 0, iron: int = 0, coins: int = 0) -> None:
    state.goods[seat] = {"gold": gold, "marble": marble, "iron": iron}
    state.coins[seat] = coins
    state.decision = None


def hold(state: DuellumState, seat: int, *cards: str) -> None:
    """Event cards into a hand, from wherever they are; a card taken from the display is
    replaced by the deck's first card, so the test needs no refill step."""
    for card in cards:
        if card in state.display:
            replacement = next(c for c in sorted(state.pool) if c not in cards)
            state.pool.remove(replacement)
            state.display[state.display.index(card)] = replacement
        else:
            for pile in (state.pool, state.discard):
                if card in pile:
                    pile.remove(card)
        state.hand[seat].append(card)
    state.decision = None


def at(state: DuellumState, action: str) -> None:
    """The active player's marker has just reached ``action``: production is carried out, the
    other actions' step opens (and ends at once if it offers nothing, as the rules do)."""
    turn = state.turn
    position = state.tables.actions.index(action)
    state.rondel[turn.seat] = position
    turn.action = action
    turn.step = "begin"
    RULES.advance(state, [])
    state.decision = None


def decision(state: DuellumState) -> Choice | Chance:
    """The decision now, worked out afresh: tests change the state between moves."""
    state.decision = None
    return RULES.decision(state)


def ids(state: DuellumState) -> list[str]:
    return [action.id for action in decision(state).actions]


def find(state: DuellumState, action_id: str) -> Action:
    choice = decision(state)
    found = choice.find(action_id)
    assert found is not None, f"{action_id} not among {[a.id for a in choice.actions]}"
    return found


def play(state: DuellumState, *action_ids: str) -> list[str]:
    """Take each action (by id) from the current decision; the log's texts."""
    log = []
    for action_id in action_ids:
        log += [event.text for event in RULES.apply(state, find(state, action_id))]
    return log


def attempt(state: DuellumState, move: Action) -> list[str]:
    """Apply a move built by the test (not taken from the list), against a fresh decision."""
    state.decision = None
    return [event.text for event in RULES.apply(state, move)]


def end_movement(state: DuellumState) -> list[str]:
    """End DUELLUM's movement, unless it has ended by itself (no unit can move any more)."""
    if state.turn.step == "move":
        return play(state, "EndMovement()")
    return []


def conquer(state: DuellumState, city: str) -> list[str]:
    """Declare a conquest; the defender, holding no FORTRESS to play, lets it go ahead (the
    window opens at every conquest while hands are secret, A21)."""
    log = play(state, f"Conquer(city={city})")
    if state.turn is not None and state.turn.conquest is not None and state.turn.conquest.stage == "fortress":
        log += play(state, "DeclineFortress()")
    return log
