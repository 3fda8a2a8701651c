"""The research phase (§6.5): each seat picks at most one technology in secret, in turn order;
all picks are revealed together and paid with all one's trade, coins keeping some (A7). The
pyramid rule (§6.5.2): every card above level I needs one more card on the level below."""

from __future__ import annotations

from bisect import bisect_right

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.abilities import amount, coins
from engine.rulesets.civilization.actions import Research
from engine.rulesets.civilization.culture import ECONOMIC_VICTORY, win
from engine.rulesets.civilization.draws import owe
from engine.rulesets.civilization.kept import cards_changed, marker_changed
from engine.rulesets.civilization.state import CivState, Draw
from engine.rulesets.civilization.turn import current, new_turn, order

MINIMUM = {1: 6, 2: 11, 3: 16, 4: 21, 5: 26}
THRESHOLDS = tuple(MINIMUM.values())  # rising with the level: the levels a trade reaches are counted
SPACE_FLIGHT_ROWS = {1: 5, 2: 4, 3: 3, 4: 2}
RESEARCH_NOTHING = Research("", label="research nothing")


def level_of(state: CivState, seat: int, tech: str) -> int:
    if tech in state.players[seat].bottom_row:
        return 1
    return state.tables.techs[tech].level


def rows(state: CivState, seat: int, extra: list[str]) -> dict[int, int]:
    """How many cards the seat has on each level, ``extra`` too (each on its ``level_of``)."""
    player = state.players[seat]
    techs, bottom = state.tables.techs, player.bottom_row
    counts = dict.fromkeys(range(1, 6), 0)
    for tech in [*player.techs, *extra]:
        counts[1 if tech in bottom else techs[tech].level] += 1
    return counts


def can_learn(state: CivState, seat: int, tech: str, free: bool = False, picked: list[str] | None = None,
              before: dict[int, int] | None = None) -> bool:
    """``before`` is ``rows(state, seat, picked)`` when the caller asks about many techs."""
    player = state.players[seat]
    picked = picked or []
    if tech in player.techs or tech in picked:
        return False
    level = state.tables.techs[tech].level
    if not free and player.trade < MINIMUM[level]:
        return False
    if "space_flight" in state.tables.techs[tech].abilities and state.space_flight_taken:
        return False
    counts = before if before is not None else rows(state, seat, picked)
    own = level_of(state, seat, tech)  # the row the card goes on, counted with the rest
    if level == 5:
        return all(counts[lv] + (lv == own) >= n for lv, n in SPACE_FLIGHT_ROWS.items())
    return level == 1 or counts[level - 1] + (own == level - 1) >= counts[level] + (own == level) + 1


def decide_research(state: CivState) -> Decision:
    seat = current(state)
    picked = state.picks.get(seat, [])
    before = rows(state, seat, picked)
    player = state.players[seat]
    trade, bottom = player.trade, player.bottom_row
    top = bisect_right(THRESHOLDS, trade)  # the highest level the seat's trade reaches (0: none)
    taken = {*player.techs, *picked}
    by_level: dict[int, bool] = {}  # other cards are learnable or not by their level alone
    actions = []
    for tech, level, space_flight, research in state.tables.research:
        if level > top or tech in taken:
            continue
        if space_flight or tech in bottom:
            learnable = can_learn(state, seat, tech, picked=picked, before=before)
        else:
            learnable = by_level.get(level)
            if learnable is None:
                learnable = by_level[level] = can_learn(state, seat, tech, picked=picked, before=before)
        if learnable:
            actions.append(research)
    actions.append(RESEARCH_NOTHING)
    return Choice(seat, "research: pick a technology (secret)", tuple(actions))


def on_research(state: CivState, move: Research, log: list[Event]) -> None:
    seat = current(state)
    name = state.tables.names[seat]
    player = state.players[seat]
    picks = state.picks.setdefault(seat, [])
    if move.tech:
        picks.append(move.tech)
        log.append(Event(("{} has chosen", name)))
        log.append(Event(("{} picks {}", name, state.tables.names_of[move.tech]), (seat,)))
        if len(picks) <= player.extra_research:
            return  # an event lets this seat pick once more
    else:
        log.append(Event(("{} has chosen", name)))
    state.k += 1
    if state.k == state.tables.seats:
        reveal(state, log)


def reveal(state: CivState, log: list[Event]) -> None:
    """All picks turn face up together and are learned in turn order (A12)."""
    for seat in order(state):
        for tech in state.picks.get(seat, []):
            if state.winner is None and can_learn(state, seat, tech, free=True):
                pay_for(state, seat, tech)
                learn(state, seat, tech, log)
                if state.winner is None and coins(state, seat) >= ECONOMIC_VICTORY:
                    win(state, seat, "economic", log)  # at once (§8), before a later seat's card
    state.picks = {}
    state.k = 0
    if state.winner is None:
        new_turn(state, log)


def pay_for(state: CivState, seat: int, tech: str) -> None:
    """All the trade goes; each coin keeps one point (A7 picks the formula)."""
    player = state.players[seat]
    keep = coins(state, seat) + amount(state, seat, "research_keep")
    if state.tables.options.keep_above_cost:
        player.trade = max(0, min(keep, player.trade - MINIMUM[state.tables.techs[tech].level]))
    else:
        player.trade = min(player.trade, keep)


def learn(state: CivState, seat: int, tech: str, log: list[Event], free: bool = False) -> None:
    """A tech's one-time effects: its coin, unit levels, building upgrades, governments."""
    t = state.tables
    player = state.players[seat]
    obsolete = len(state.obsolete)
    player.techs.append(tech)
    log.append(Event(("{} learns {}", t.names[seat], t.names_of[tech])))
    for token in t.techs[tech].abilities:
        kind, *rest = token.split(":")
        if kind == "coin":
            player.tech_coins[tech] = player.tech_coins.get(tech, 0) + 1
        elif kind == "unit":
            unit, level = rest[0], int(rest[1])
            if level > player.levels[unit]:
                player.levels[unit] = level
                if player.civ == "germans":
                    owe(state, Draw(f"unit:{unit}", seat, "unit"))
        elif kind == "upgrade":
            basic = t.buildings[rest[0]].upgrade_of
            for square, (owner, building) in list(state.buildings.items()):
                if owner == seat and building == basic:  # the marker is flipped: a marker's change
                    marker_changed(state, square)
                    state.buildings[square] = (owner, rest[0])
                    marker_changed(state, square)
        elif kind == "government":
            player.learned_governments.setdefault(rest[0], state.turn)
        elif kind == "aircraft":
            player.aircraft = True
        elif kind == "space_flight":
            state.space_flight_taken = True
            win(state, seat, "technology", log)
        elif kind == "obsolete":
            state.obsolete.append(rest[0])
    for wonder, card in t.wonders.items():
        if card.obsoleted_by == tech and wonder not in state.obsolete:
            state.obsolete.append(wonder)
            log.append(Event(("{} is obsolete", t.names_of[wonder])))
    cards_changed(state, seat if len(state.obsolete) == obsolete else None)
