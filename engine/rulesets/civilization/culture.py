"""The culture track (§6.3.10, §8): steps paid in culture tokens (later also trade), event and
great person rewards, the culture victory on the last space."""

from __future__ import annotations

from engine.core.events import Event
from engine.rulesets.civilization.abilities import event_limit
from engine.rulesets.civilization.draws import owe
from engine.rulesets.civilization.state import CivState, Draw

ECONOMIC_VICTORY = 15  # coins (§8)


def step_cost(state: CivState, seat: int) -> tuple[int, int]:
    """Culture tokens and trade to enter the next space."""
    nxt = state.tables.track[state.players[seat].step + 1]
    return int(nxt["cost_culture"]), int(nxt["cost_trade"])


def can_advance(state: CivState, seat: int) -> bool:
    player = state.players[seat]
    if player.step >= state.tables.last_step:
        return False
    culture, trade = step_cost(state, seat)
    return player.culture >= culture and player.trade >= trade


def advance(state: CivState, seat: int, log: list[Event], free: bool = False) -> None:
    player = state.players[seat]
    if player.step >= state.tables.last_step:
        return
    if not free:
        culture, trade = step_cost(state, seat)
        player.culture -= culture
        player.trade -= trade
    player.step += 1
    space = state.tables.track[player.step]
    log.append(Event(("{} advances to culture space {}", state.tables.names[seat], player.step)))
    reward = space["reward"]
    if reward == "event":
        owe(state, Draw(f"event:{space['age']}", seat, "event"))
    elif reward == "great_person":
        owe(state, Draw("great", seat, "great"))
    elif reward == "win":
        win(state, seat, "culture", log)


def over_hand_limit(state: CivState, seat: int) -> bool:
    return len(state.players[seat].events) > event_limit(state, seat)


def win(state: CivState, seat: int, victory: str, log: list[Event]) -> None:
    if state.winner is not None:
        return
    state.winner, state.victory = seat, victory
    state.phase = "over"
    state.draws.clear()
    log.append(Event(("{} wins a {} victory", state.tables.names[seat], victory)))


def end_without_winner(state: CivState, reason: str, log: list[Event]) -> None:
    """The learning game's end (§4.1 "annak nincs sem győztese, sem vesztese"): over, nobody won."""
    state.victory = reason
    state.phase = "over"
    state.draws.clear()
    log.append(Event(("the game ends without a winner: {}", reason)))
