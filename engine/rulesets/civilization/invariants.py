"""What holds in every state of a Civilization game, whatever was played: each component is
somewhere and only once, figures stand on face-up squares, cities keep their spacing.

The random-games test and ``benchmarks/civilization_games.py`` check it after every turn."""

from __future__ import annotations

from engine.rulesets.civilization.state import CivState

SCOUTS = 2
TRADE_MAX = 27


def broken(state: CivState) -> list[str]:
    """Every invariant the state breaks, in words; empty when it keeps them all."""
    t = state.tables
    found = []
    for seat, player in enumerate(state.players):
        if not player.civ:
            continue  # before the sheets are dealt
        mine = [f for f in state.figures if f.owner == seat]
        armies = 6 + t.civs[player.civ].extras.count("white_army")
        if player.armies + sum(f.kind == "army" for f in mine) != armies:
            found.append(f"seat {seat + 1}: armies in supply and on the map are not {armies}")
        if player.scouts + sum(f.kind == "scout" for f in mine) != SCOUTS:
            found.append(f"seat {seat + 1}: scouts in supply and on the map are not {SCOUTS}")
        if not 0 <= player.trade <= TRADE_MAX or player.culture < 0:
            found.append(f"seat {seat + 1}: trade {player.trade} or culture {player.culture} out of range")
        if min(player.resources.values(), default=0) < 0:
            found.append(f"seat {seat + 1}: a negative resource count")
        if sum(c.owner == seat for c in state.cities) > 3:
            found.append(f"seat {seat + 1}: more than 3 cities")
    found += [f"figure {f.id} stands on the face-down square {f.square}" for f in state.figures
              if f.square not in state.squares]
    for a in state.cities:
        for b in state.cities:
            (xa, ya), (xb, yb) = t.coords[a.square], t.coords[b.square]
            if a is not b and max(abs(xa - xb), abs(ya - yb)) < 3:
                found.append(f"cities on {a.square} and {b.square} stand closer than 3 squares")
    units = [u for pool in (state.unit_pool, state.unit_bottom) for cards in pool.values() for u in cards]
    units += [u for p in state.players for u in p.forces]
    if state.battle and state.battle.stage == "play":  # once settled, survivors are back in the forces
        units += [u for hand in state.battle.hands for u in hand]
        units += [u for front in state.battle.fronts for u in front.units if u]
    if sorted(units) != sorted(t.units):
        found.append("the unit cards are not each in one place")
    events = [e for pool in (state.event_pool, state.event_bottom) for cards in pool.values() for e in cards]
    if sorted(events + [e for p in state.players for e in p.events]) != sorted(t.events):
        found.append("the event cards are not each in one place")
    greats = state.great_pool + [g for p in state.players for g in p.greats] + [g for _, g in state.greats.values()]
    if len(greats) != len(set(greats)) or len(greats) > len(t.greats):
        found.append("a great person is in two places")
    if not all(0 <= n <= t.seats for n in state.market.values()):
        found.append("the market holds more resource markers than were put out")
    return found
