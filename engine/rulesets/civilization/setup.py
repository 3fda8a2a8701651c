"""Setup (§4): civilization sheets, home tiles, the market, capitals and starting figures, the
civilizations' starting bonuses, the trade dial."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.actions import ChooseCiv, PlaceCapital, PlaceFigure
from engine.rulesets.civilization.board import city_at, figures_at, figures_moved
from engine.rulesets.civilization.draws import fill_market, owe, reveal_tile
from engine.rulesets.civilization.kept import changed
from engine.rulesets.civilization.state import City, CivState, Draw, Figure, Player
from engine.rulesets.civilization.tables import A_FIGURE, Tables
from engine.rulesets.civilization.turn import enter, order

LEARNING_LEFT_OUT = ("egyptians", "romans")
CENTRAL = (5, 6, 9, 10)
DESPOTISM = "despotism"
BEFORE_THE_GAME = -1  # the turn the starting governments count as learned


def new_state(t: Tables) -> CivState:
    learning = t.options.learning_game
    state = CivState(tables=t)
    state.players = [Player() for _ in range(t.seats)]
    state.civ_pool = sorted(c for c in t.civs if not (learning and c in LEARNING_LEFT_OUT))
    state.slots = {slot: None for slot in (*t.homes, *t.neutral_slots)}
    home_tiles = set(t.tile_home.values())
    state.tile_pool = sorted(tile for tile in t.tiles if tile not in home_tiles)
    state.hut_pool = sorted(m for m, card in t.minors.items() if card.site == "hut")
    state.village_pool = sorted(m for m, card in t.minors.items() if card.site == "village")
    for kind in ("infantry", "mounted", "artillery", "aircraft"):
        state.unit_pool[kind] = sorted(u for u, card in t.units.items() if card.kind == kind)
        state.unit_bottom[kind] = []
    for age in ("ancient", "medieval", "modern"):
        state.wonder_pool[age] = [] if learning else sorted(w for w, c in t.wonders.items() if c.age == age)
        state.event_pool[age] = sorted(e for e, c in t.events.items() if c.age == age)
        state.event_bottom[age] = []
    state.great_pool = sorted(t.greats)
    state.market = {resource: t.seats for resource in ("wheat", "silk", "incense", "iron")}
    state.wonder_market = [""] * 4
    if t.options.civ_choice == "random":
        for seat in range(t.seats):
            owe(state, Draw("civ", None, "civ", str(seat)))
    return state


def deal(state: CivState, log: list[Event]) -> None:
    """Everything that follows from the sheets drawn (§4.2.2-4.2.9, §4.3.2, 4.3.4-4.3.8)."""
    t = state.tables
    for seat, player in enumerate(state.players):
        sheet = t.civs[player.civ]
        slot = t.homes[seat]
        reveal_tile(state, slot, t.tile_home[player.civ], t.home_arrows[seat])
        player.techs = list(sheet.techs)
        player.bottom_row = list(sheet.techs)
        player.government = sheet.government
        changed(state)
        # everyone knows despotism, Rome and Russia one more (§4.3.5, §6.1 "a játék elején még csak
        # egyetlen kormányzatot ismertek, a zsarnokságot (kivéve Rómát és Oroszországot, mely
        # civilizációk már ismernek egy másik kormányzati módot is"); known before the first turn,
        # so none is a government learned in a research phase (taken without anarchy)
        player.learned_governments = dict.fromkeys((DESPOTISM, sheet.government), BEFORE_THE_GAME)
        player.levels = {"infantry": 1, "mounted": 1, "artillery": 1}
        player.armies = 6 + sheet.extras.count("white_army")
        for kind in ("artillery", "infantry", "mounted"):
            owe(state, Draw(f"unit:{kind}", seat, "unit"))
        for _ in range(sheet.extras.count("infantry")):
            owe(state, Draw("unit:infantry", seat, "unit"))
        if "ancient_wonder" in sheet.extras:
            owe(state, Draw("wonder:ancient", seat, "egypt_wonder"))
    state.setup_step = "market"
    owe(state, Draw("first", None, "first"))


def capital_squares(state: CivState, seat: int) -> list[str]:
    squares = state.tables.slot_squares[state.tables.homes[seat]]
    return [squares[i] for i in CENTRAL if state.squares[squares[i]].terrain != "water"]


def start_squares(state: CivState, seat: int) -> list[str]:
    capital = next(c for c in state.cities if c.owner == seat and c.capital)
    limit = 2  # the stack limit of setup (§4.3.3, inferred)
    return [sq for sq in state.tables.ring[capital.square]
            if state.squares[sq].terrain != "water" and len(figures_at(state, sq)) < limit]


def missing_figures(state: CivState, seat: int) -> list[str]:
    placed = [f.kind for f in state.figures if f.owner == seat]
    wanted = ["army", "scout"] + (["army"] if "white_army" in state.tables.civs[state.players[seat].civ].extras else [])
    for kind in placed:
        wanted.remove(kind)
    return wanted


def decide_setup(state: CivState) -> Decision:
    t = state.tables
    seats = order(state)
    if state.setup_step == "civ":
        seat = state.players.index(next(p for p in state.players if not p.civ))
        actions = tuple(ChooseCiv(c, label=t.names_of[c]) for c in state.civ_pool)
        return Choice(seat, "choose a civilization", actions)
    seat = seats[state.k]
    if state.setup_step == "capital":
        actions = tuple(PlaceCapital(sq, label=("capital on {}", state.tables.place[sq])) for sq in capital_squares(state, seat))
        return Choice(seat, "place your capital", actions)
    kind = missing_figures(state, seat)[0]
    actions = tuple(PlaceFigure(kind, sq, label=("{} on {}", kind, state.tables.place[sq])) for sq in start_squares(state, seat))
    return Choice(seat, ("place your starting {}", kind), actions)


def setup_step(state: CivState, log: list[Event]) -> bool:
    """Carry setup on where nobody decides; False once a choice or a draw is due."""
    if state.draws or state.placing:
        return False
    if state.setup_step == "civ" and all(p.civ for p in state.players):
        deal(state, log)
        return True
    if state.setup_step == "market":
        state.setup_step = "capital"
        fill_market(state)
        return True
    if state.setup_step == "figures" and state.k < state.tables.seats and not missing_figures(state, order(state)[state.k]):
        finish_seat(state, order(state)[state.k])
        state.k += 1
        return True
    if state.setup_step == "figures" and state.k == state.tables.seats:
        for seat, player in enumerate(state.players):
            capital = next(c for c in state.cities if c.owner == seat)
            player.trade = sum(state.squares[sq].icons.trade for sq in state.tables.ring[capital.square])
        enter(state, "start", log)
        return True
    return False


def finish_seat(state: CivState, seat: int) -> None:
    """The Americans' great person and the Egyptians' wonder go on the capital's outskirts."""
    sheet = state.tables.civs[state.players[seat].civ]
    for wonder in state.players[seat].wonders:
        state.placing.append((seat, wonder))
    if "great_person" in sheet.extras:
        owe(state, Draw("great", seat, "great"))


def on_choose_civ(state: CivState, move: ChooseCiv, log: list[Event]) -> None:
    seat = state.players.index(next(p for p in state.players if not p.civ))
    state.players[seat].civ = move.civ
    state.civ_pool.remove(move.civ)
    log.append(Event(("{} chooses the {}", state.tables.names[seat], state.tables.names_of[move.civ])))


def on_place_capital(state: CivState, move: PlaceCapital, log: list[Event]) -> None:
    seat = order(state)[state.k]
    walled = "walled_capital" in state.tables.civs[state.players[seat].civ].extras
    state.cities.append(City(seat, move.square, capital=True, walled=walled))
    changed(state)
    log.append(Event(("{} founds the capital on {}", state.tables.names[seat], state.tables.place[move.square])))
    state.k += 1
    if state.k == state.tables.seats:
        state.setup_step, state.k = "figures", 0


def add_figure(state: CivState, seat: int, kind: str, square: str) -> Figure:
    player = state.players[seat]
    if kind == "army":
        player.armies -= 1
    else:
        player.scouts -= 1
    figure = Figure(state.next_figure, seat, kind, square, made=state.turn)
    state.next_figure += 1
    state.figures.append(figure)
    figures_moved(state, square)
    return figure


def on_place_figure(state: CivState, move: PlaceFigure, log: list[Event]) -> None:
    seat = order(state)[state.k]
    figure = add_figure(state, seat, move.kind, move.square)
    figure.made = 0  # starting scouts gather from the first turn
    assert city_at(state, move.square) is None
    log.append(Event(("{} places {} on {}", state.tables.names[seat], A_FIGURE[move.kind], state.tables.place[move.square])))
