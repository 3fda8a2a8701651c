"""What a game reads once from its scenario: the square grid, tiles, cards and options.

Shared, read-only, by every state of one game (never copied by ``clone``). Squares are the
board's ``sq-X-Y`` spaces; a tile slot is a region of 4 x 4 of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from attrs import field, frozen

from engine.core.moves import Action
from engine.rulesets.civilization.actions import Explore, Research, Step, Stop
from engine.rulesets.civilization.cards import (
    BuildingCard,
    CivSheet,
    EventCard,
    GovernmentCard,
    GreatPersonCard,
    LayoutCard,
    MapTile,
    MinorMarker,
    TechCard,
    UnitCard,
    WonderCard,
)
from engine.rulesets.civilization.options import CivilizationOptions
from engine.scenario.model import Scenario, Seat

DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
A_FIGURE = {"army": "an army", "scout": "a scout"}  # a figure's kind with its article, for log lines
TURNS = {"N": 0, "E": 1, "S": 2, "W": 3}  # quarter turns clockwise from the printed arrow north


@frozen
class Icons:
    trade: int = 0
    production: int = 0
    culture: int = 0
    coins: int = 0


@frozen
class Square:
    """How a square looks now: its tile's printing, or a building's or disaster's change to it."""

    terrain: str
    icons: Icons
    resource: str | None = None
    wonder: bool = False
    spot: str | None = None  # hut or village, printed on the tile


def parse_icons(words: Sequence[str]) -> Icons:
    found = {"t": 0, "p": 0, "c": 0, "$": 0}
    for word in words:
        if len(word) >= 2 and word[0] in found and word[1:].isdigit():
            found[word[0]] += int(word[1:])
    return Icons(found["t"], found["p"], found["c"], found["$"])


def parse_square(text: str) -> Square:
    words = text.split()
    resource = next((w for w in words if w in ("wheat", "silk", "incense", "iron")), None)
    spot = next((w for w in words if w in ("hut", "village")), None)
    return Square(words[0], parse_icons(words[1:]), resource, "wonder" in words, spot)


def rotated_index(x: int, y: int, turns: int) -> int:
    """The printed index (arrow north) of the square lying at (x, y) of a tile turned clockwise."""
    for _ in range(turns):
        x, y = y, 3 - x
    return y * 4 + x


@frozen
class Tables:
    names: tuple[str, ...]
    options: CivilizationOptions
    seats: int
    orders: tuple[tuple[int, ...], ...]  # per first player: the seats clockwise from it (``turn.order``)
    coords: dict[str, tuple[int, int]]  # square -> (x, y)
    at: dict[tuple[int, int], str]
    slot_of: dict[str, str]  # square -> slot
    unused: tuple[str, ...]  # squares of slots this player count leaves out
    slot_squares: dict[str, tuple[str, ...]]  # slot -> its 16 squares, row by row
    slot_origin: dict[str, tuple[int, int]]
    orth: dict[str, tuple[tuple[str, str], ...]]  # square -> (direction, neighbour) within the play area
    ring: dict[str, tuple[str, ...]]  # the 8 squares around (play area only)
    homes: tuple[str, ...]  # home slot per seat
    home_arrows: tuple[str, ...]
    neutral_slots: tuple[str, ...]
    tiles: dict[str, tuple[Square, ...]]
    tile_home: dict[str, str]  # civ -> home tile
    tile_capital: dict[str, int]
    civs: dict[str, CivSheet]
    techs: dict[str, TechCard]
    governments: dict[str, GovernmentCard]
    units: dict[str, UnitCard]
    buildings: dict[str, BuildingCard]
    building_icons: dict[str, Icons]
    wonders: dict[str, WonderCard]
    events: dict[str, EventCard]
    greats: dict[str, GreatPersonCard]
    great_icons: dict[str, Icons]
    minors: dict[str, MinorMarker]
    names_of: dict[str, str]  # card id -> its name
    place: dict[str, str]  # square or tile slot -> what a person reads: the board's printed coordinates
    track: tuple[dict[str, Any], ...]  # culture track space props, step by step
    steps: dict[str, tuple[tuple[str, Step, Explore], ...]]  # square -> (neighbour, step there, explore its tile)
    stops: dict[str, Stop]  # square -> stopping there
    upgrades: dict[str, tuple[str, ...]]  # basic building -> its upgraded sides
    allowed_by: dict[str, frozenset[str]]  # building -> the ability tokens allowing it (``abilities.can_build``)
    resource_uses: dict[str, dict[str, tuple[tuple[str, int], ...]]]  # ability -> tech -> (resource, number)
    # per tech, in the table's order: (tech, level, whether it needs the space flight rows, researching it)
    research: tuple[tuple[str, int, bool, Research], ...]
    ability_numbers: dict[str, tuple[str, int]]  # ability token with a number -> (name, number): speed:1 -> (speed, 1)
    government_tokens: dict[str, str]  # ability token allowing a government -> the government: government:republic
    city_limits: dict[str, int]  # ability token setting the city limit -> the limit: city_limit:3 -> 3
    made: dict[Any, Any] = field(factory=dict, eq=False)  # moves built once, their labels never change (``once``)

    @property
    def last_step(self) -> int:
        return len(self.track) - 1


# Moves kept in ``Tables.made``: every game of a long simulation adds a hundred or so (its
# figures' groups, its cities' squares), so the table is emptied beyond this many (tens of MB).
MADE_LIMIT = 100_000


def once(t: Tables, key: tuple[Any, ...], make: Callable[[], Action | tuple[Action, ...]]) -> Any:
    """The move (or tuple of moves) ``make()`` builds, built once per table: moves are frozen
    values and deciders offer the same ones step after step, so finding one costs less than
    building it (and its label). ``key`` names the move and everything its fields and label are
    made from. Every game of a run shares the table, so ``made`` is emptied when it passes
    ``MADE_LIMIT`` (``CivState.clone``, at each game's start)."""
    found = t.made.get(key)
    if found is None:
        found = t.made[key] = make()
    return found


def _cards(scenario: Scenario, deck: str, kind: type) -> dict[str, Any]:
    if not any(d.id == deck for d in scenario.decks):
        return {}
    return {card.id: card.data for card in scenario.deck(deck).cards if isinstance(card.data, kind)}


def layout_for(scenario: Scenario, players: int) -> LayoutCard | None:
    return next((c for c in _cards(scenario, "layouts", LayoutCard).values() if c.players == players), None)


def make_tables(scenario: Scenario, seats: Sequence[Seat], options: CivilizationOptions) -> Tables:
    layout = layout_for(scenario, len(seats))
    assert layout is not None  # validation checks every player count has one
    in_play = set(layout.homes) | set(layout.neutral)
    coords, at, slot_of, unused = {}, {}, {}, []
    for space in scenario.board.spaces:
        if space.region not in in_play and "col" in space.props:
            unused.append(space.id)
        elif "col" in space.props:
            xy = (int(space.props["col"]), int(space.props["row"]))
            coords[space.id], at[xy] = xy, space.id
            slot_of[space.id] = space.region
    slot_squares, slot_origin = {}, {}
    for slot in in_play:
        squares = sorted((sq for sq, s in slot_of.items() if s == slot), key=lambda sq: coords[sq][::-1])
        slot_squares[slot] = tuple(squares)
        slot_origin[slot] = coords[squares[0]]
    orth, ring = {}, {}
    for sq, (x, y) in coords.items():
        orth[sq] = tuple((d, at[(x + dx, y + dy)]) for d, (dx, dy) in DIRECTIONS.items() if (x + dx, y + dy) in at)
        ring[sq] = tuple(at[(x + dx, y + dy)] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                         if (dx or dy) and (x + dx, y + dy) in at)
    tiles = {cid: tuple(parse_square(s) for s in t.squares) for cid, t in _cards(scenario, "tiles", MapTile).items()}
    home_tiles = {t.home_of: cid for cid, t in _cards(scenario, "tiles", MapTile).items() if t.home_of}
    buildings = _cards(scenario, "buildings", BuildingCard)
    techs = _cards(scenario, "techs", TechCard)
    greats = _cards(scenario, "great_people", GreatPersonCard)
    governments = _cards(scenario, "governments", GovernmentCard)
    names_of = {c.id: c.name for d in scenario.decks for c in d.cards}
    wonders = _cards(scenario, "wonders", WonderCard)
    place = {space.id: f"square {space.name}" for space in scenario.board.spaces if "col" in space.props}
    place.update({region.id: region.name[:1].lower() + region.name[1:] for region in scenario.board.regions})
    track = sorted((dict(s.props) for s in scenario.board.spaces if s.id.startswith("culture-")), key=lambda p: p["step"])
    upgrades = {b: tuple(u for u, card in buildings.items() if card.upgrade_of == b) for b in buildings}
    numbers = ability_numbers([*techs.values(), *governments.values(), *wonders.values()])
    return Tables(
        names=tuple(seat.name for seat in seats),
        options=options,
        seats=len(seats),
        orders=tuple((*range(first, len(seats)), *range(first)) for first in range(len(seats))),
        coords=coords,
        at=at,
        slot_of=slot_of,
        unused=tuple(unused),
        slot_squares=slot_squares,
        slot_origin=slot_origin,
        orth=orth,
        ring=ring,
        homes=tuple(layout.homes),
        home_arrows=tuple(layout.arrows),
        neutral_slots=tuple(layout.neutral),
        tiles=tiles,
        tile_home=home_tiles,
        tile_capital={cid: t.capital for cid, t in _cards(scenario, "tiles", MapTile).items()},
        civs=_cards(scenario, "civs", CivSheet),
        techs=techs,
        governments=governments,
        units=_cards(scenario, "units", UnitCard),
        buildings=buildings,
        building_icons={b: parse_icons(card.icons.split()) for b, card in buildings.items()},
        wonders=wonders,
        events=_cards(scenario, "events", EventCard),
        greats=greats,
        great_icons={g: parse_icons(card.icons.split()) for g, card in greats.items()},
        minors={**_cards(scenario, "huts", MinorMarker), **_cards(scenario, "villages", MinorMarker)},
        names_of=names_of,
        place=place,
        track=tuple(track),
        steps={sq: tuple((n, Step(d, n, label=f"step {d} to {place[n]}"),
                          Explore(slot_of[n], label=f"explore the tile {d} ({place[slot_of[n]]})")) for d, n in near)
               for sq, near in orth.items()},
        stops={sq: Stop(label=f"stop on {place[sq]}") for sq in coords},
        upgrades=upgrades,
        allowed_by={b: frozenset([f"build:{b}", f"upgrade:{b}", *[f"upgrade:{u}" for u in upgrades[b]]])
                    for b in buildings},
        resource_uses=resource_uses(techs),
        research=tuple((tech, card.level, "space_flight" in card.abilities, Research(tech, label=f"research {names_of[tech]}"))
                       for tech, card in techs.items()),
        ability_numbers=numbers,
        city_limits={token: n for token, (name, n) in numbers.items() if name == "city_limit"},
        government_tokens={token: token.split(":", 1)[1] for card in [*techs.values(), *governments.values(),
                                                                      *wonders.values()]
                           for token in card.abilities if token.startswith("government:")},
    )


RESOURCE_USES = ("culture_for", "trade_for", "coins_for", "production_for", "great_person_for", "wounds_for")


def resource_uses(techs: dict[str, TechCard]) -> dict[str, dict[str, tuple[tuple[str, int], ...]]]:
    """The techs' resource abilities read once, by ability: ``culture_for:incense:3`` on Mysticism
    is ``{"culture_for": {"mysticism": (("incense", 3),)}}``."""
    found: dict[str, dict[str, list[tuple[str, int]]]] = {use: {} for use in RESOURCE_USES}
    for tech, card in techs.items():
        for token in card.abilities:
            parts = token.split(":")
            if parts[0] in RESOURCE_USES:
                found[parts[0]].setdefault(tech, []).append((parts[1], int(parts[2]) if len(parts) > 2 else 0))
    return {use: {tech: tuple(pairs) for tech, pairs in by_tech.items()} for use, by_tech in found.items()}


def ability_numbers(cards: Sequence[TechCard | GovernmentCard | WonderCard]) -> dict[str, tuple[str, int]]:
    """Every ability token of the cards that ends in a number, read once: ``speed:1`` is
    ``("speed", 1)``, ``unit:infantry:2`` is ``("unit:infantry", 2)`` (``abilities.py`` sums them)."""
    found = {}
    for card in cards:
        for token in card.abilities:
            name, _, number = token.rpartition(":")
            if name and number.isdigit():
                found[token] = (name, int(number))
    return found
