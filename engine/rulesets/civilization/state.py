"""The state of a Civilization game: plain data that the rules mutate.

Cards, tiles and the grid are shared read-only through ``tables``; everything here is ids,
counts and small records, so ``clone`` is a handful of copies. Decks are unordered pools: a
card is drawn (a ``Draw`` owed, answered by a chance step) when it becomes known to someone.
"""

from __future__ import annotations

import copy
from typing import Any

from attrs import define, field, frozen

from engine.rulesets.civilization.tables import MADE_LIMIT, Square


@frozen
class Draw:
    """A chance step owed: which pool, who learns the card, and what it is for."""

    pool: str  # civ, first, tile, unit:<kind>, forces:<side>, barbarian:<kind>, wonder:<age>, event:<age>,
    # great, hut, village, loot_event, loot_minor
    seat: int | None  # who sees it (None: everyone)
    purpose: str  # what the drawn card does, read by ``draws.resolve``
    arg: str = ""


@define
class Player:
    civ: str = ""
    government: str = "despotism"
    learned_governments: dict[str, int] = field(factory=dict)  # face -> the turn it was learned
    government_turn: int = 0  # the turn the government in power was set
    trade: int = 0
    culture: int = 0  # culture tokens
    step: int = 0  # culture track position
    resources: dict[str, int] = field(factory=dict)  # market markers by type
    minors: list[str] = field(factory=list)  # face-down hut and village markers held
    events: list[str] = field(factory=list)
    techs: list[str] = field(factory=list)
    bottom_row: list[str] = field(factory=list)  # starting techs, all counted as level I
    tech_coins: dict[str, int] = field(factory=dict)
    used: list[str] = field(factory=list)  # resource abilities used this turn
    levels: dict[str, int] = field(factory=dict)  # military tech level per unit type
    aircraft: bool = False
    forces: list[str] = field(factory=list)  # standing forces (unit card ids)
    armies: int = 6  # figures in the supply
    scouts: int = 2
    city_markers: int = 1  # non-capital city markers in the supply
    greats: list[str] = field(factory=list)  # great people on the civ sheet
    wonders: list[str] = field(factory=list)  # wonder cards owned
    extra_research: int = 0
    production_bonus: int = 0  # from events, for the next production this turn


@define
class City:
    owner: int
    square: str
    capital: bool = False
    walled: bool = False
    acted: int = 0  # actions taken this turn
    spent: int = 0  # production used this turn (Engineering's second production)
    boost: int = 0  # production bought with trade this turn


@define
class Figure:
    id: int
    owner: int
    kind: str  # army, scout
    square: str
    made: int = 0  # the turn it was produced (a scout gathers from the next turn)
    moved: bool = False
    city: str | None = None  # a scout's city this turn (its square)


@define
class Front:
    units: list[str | None]  # per side (0 attacker, 1 defender)
    wounds: list[int]


@define
class Battle:
    attacker: int
    defender: int | None  # None: the barbarians of a village
    player: list[int]  # which seat plays each side (the barbarians: the attacker's left neighbour)
    square: str
    target: str  # figures, city, capital, village
    walled: bool = False
    hand_size: list[int] = field(factory=lambda: [0, 0])
    hands: list[list[str]] = field(factory=lambda: [[], []])
    fronts: list[Front] = field(factory=list)
    bonus: list[int] = field(factory=lambda: [0, 0])
    lost: list[int] = field(factory=lambda: [0, 0])
    turn: int = 1  # which side plays next
    stage: str = "draw"  # draw, play, settled, loot
    winner: int = 0
    used: list[str] = field(factory=list)  # combat abilities used
    armies: int = 1  # attacking armies
    picks: int = 0  # resource markers the winner still picks as loot (2 from a destroyed city)
    deck_choices: int = 0  # barbarian draws waiting for the barbarian player to choose a deck


@define
class Offer:
    seat: int
    to: int | None = None
    give: str | None = None
    want: str | None = None


@define
class CivState:
    tables: Any = field(eq=False, repr=False)
    phase: str = "setup"  # setup, start, trade, city, movement, research, battle, over
    turn: int = 1
    first: int = 0
    k: int = 0  # how far along the turn order the phase is
    collected: bool = False  # this turn's trade has been collected
    k_done: bool = False  # the acting seat has ended its part; what follows is owed
    players: list[Player] = field(factory=list)
    squares: dict[str, Square] = field(factory=dict)  # revealed squares as they look now
    slots: dict[str, str | None] = field(factory=dict)  # slot in play -> tile (None: face down)
    tile_pool: list[str] = field(factory=list)
    minors: dict[str, str] = field(factory=dict)  # square -> hut/village marker lying face down
    hut_pool: list[str] = field(factory=list)
    village_pool: list[str] = field(factory=list)
    civ_pool: list[str] = field(factory=list)
    cities: list[City] = field(factory=list)
    figures: list[Figure] = field(factory=list)
    next_figure: int = 1
    buildings: dict[str, tuple[int, str]] = field(factory=dict)  # square -> (owner, building)
    wonders: dict[str, tuple[int, str]] = field(factory=dict)  # square -> (owner, wonder)
    greats: dict[str, tuple[int, str]] = field(factory=dict)  # square -> (owner, great person)
    obsolete: list[str] = field(factory=list)
    unit_pool: dict[str, list[str]] = field(factory=dict)  # face-down unit decks
    unit_bottom: dict[str, list[str]] = field(factory=dict)  # face up under them
    wonder_market: list[str] = field(factory=list)
    wonder_top: str = ""  # the medieval wonder deck's face-up top card ('' until drawn, or none left)
    wonder_pool: dict[str, list[str]] = field(factory=dict)
    event_pool: dict[str, list[str]] = field(factory=dict)
    event_bottom: dict[str, list[str]] = field(factory=dict)
    great_pool: list[str] = field(factory=list)
    market: dict[str, int] = field(factory=dict)  # resource markers in the market
    draws: list[Draw] = field(factory=list)
    placing: list[tuple[int, str]] = field(factory=list)  # a great person or wonder to place now
    relocating: list[int] = field(factory=list)  # figures displaced by a new city
    setup_step: str = "civ"
    moving: list[int] = field(factory=list)  # the figure or group moving now
    steps_left: int = 0
    battle: Battle | None = None
    after_battle: str = ""  # the phase a battle returns to
    offer: Offer | None = None
    passes: int = 0
    offer_rounds: int = 0
    picks: dict[int, list[str]] = field(factory=dict)  # secret research picks until the reveal
    disasters: int = 12  # disaster markers left
    space_flight_taken: bool = False
    winner: int | None = None
    victory: str = ""
    decision: Any = field(default=None, eq=False, repr=False)
    board: Any = field(default=None, eq=False, repr=False)  # kept.Occupancy, None after a change
    layout: Any = field(default=None, eq=False, repr=False)  # kept.Layout, None after a change

    def clone(self) -> CivState:
        made = self.tables.made
        if len(made) > MADE_LIMIT:  # shared by every game of a run: kept bounded, rebuilt as asked
            made.clear()
        twin = copy.copy(self)
        for name in ("players", "cities", "figures", "battle", "offer", "draws", "placing"):
            setattr(twin, name, copy.deepcopy(getattr(self, name)))
        for name in ("squares", "slots", "minors", "buildings", "wonders", "greats", "market"):
            setattr(twin, name, dict(getattr(self, name)))
        twin.picks = {seat: list(picks) for seat, picks in self.picks.items()}
        for name in ("relocating", "tile_pool", "hut_pool", "village_pool", "civ_pool", "obsolete", "wonder_market",
                     "great_pool", "moving"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("unit_pool", "unit_bottom", "wonder_pool", "event_pool", "event_bottom"):
            setattr(twin, name, {key: list(value) for key, value in getattr(self, name).items()})
        twin.decision = twin.board = twin.layout = None
        return twin
