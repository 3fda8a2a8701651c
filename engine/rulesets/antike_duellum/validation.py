"""What only Antike Duellum knows is wrong with a scenario (board conventions: board.py)."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.antike_duellum.board import (
    CITY_PIECES,
    COAST,
    LAND,
    SEA,
    region_kind,
)
from engine.rulesets.antike_duellum.cards import (
    EFFECTS,
    OPPONENT_CONQUEST,
    OWN_TURN,
    EventCard,
)
from engine.rulesets.antike_duellum.tables import MARKERS, TECHS
from engine.scenario.model import ConnectionKind, Scenario, Space, SpaceKind
from engine.scenario.problems import Problem

SEATS = ("brown", "beige")
RONDEL_SEGMENTS = 8
START_CITIES = 3
WALLS_PER_PLAYER = 6


def problems(scenario: Scenario) -> list[Problem]:
    return (_seats(scenario) + _map(scenario) + _tracks(scenario)
            + _setup(scenario) + _decks(scenario))


def _seats(scenario: Scenario) -> list[Problem]:
    ids = sorted(seat.id for seat in scenario.seats)
    if ids != sorted(SEATS):
        return [Problem("seats", f"Antike Duellum has two seats with ids 'brown' and 'beige', not {ids}")]
    return []


def _map(scenario: Scenario) -> list[Problem]:
    board = scenario.board
    kind = {s.id: region_kind(s.kind, s.terrain) for s in board.spaces if s.kind in (SpaceKind.LAND, SpaceKind.SEA)}
    space_kind = {s.id: s.kind for s in board.spaces}
    found: list[Problem] = []
    borders: dict[str, set[ConnectionKind]] = {region: set() for region in kind}
    for index, connection in enumerate(board.connections):
        path = f"board.connections[{index}]"
        ends = (connection.a, connection.b)
        if connection.kind is ConnectionKind.ARROW:
            if any(space_kind.get(end) is not SpaceKind.TRACK for end in ends):
                found.append(Problem(path, "an arrow joins rondel segments only"))
            continue
        if any(end not in kind for end in ends):
            found.append(Problem(path, "a border joins two map regions (land or sea spaces)"))
            continue
        if connection.kind is ConnectionKind.STRAIT:
            found.append(Problem(path, "Antike Duellum has red (land) and blue (sea) borders; a combined "
                                       "border is one of each"))
            continue
        for end in ends:
            borders[end].add(connection.kind)
        if connection.kind is ConnectionKind.LAND and SEA in (kind[connection.a], kind[connection.b]):
            found.append(Problem(path, "a red (land) border cannot touch a sea-only region"))
        if connection.kind is ConnectionKind.SEA and LAND in (kind[connection.a], kind[connection.b]):
            found.append(Problem(path, "a blue (sea) border cannot touch a land-only region"))
    for space in board.spaces:
        if space.id not in kind:
            continue
        path = f"board.spaces[{space.id}]"
        if kind[space.id] == COAST and ConnectionKind.SEA not in borders[space.id]:
            found.append(Problem(f"{path}.terrain", "a coastal region needs a blue (sea) border"))
        if not borders[space.id]:
            found.append(Problem(path, "a region without borders cannot be reached"))
        site = space.props.get("city_site", False)
        if not isinstance(site, bool):
            found.append(Problem(f"{path}.props.city_site", "must be true or false"))
    return found


def _track(spaces: list[Space], track: str) -> list[Space]:
    return [s for s in spaces if s.kind is SpaceKind.TRACK and s.props.get("track") == track]


def _positions(cells: list[Space], count: int | None, what: str) -> list[Problem]:
    positions = [s.props.get("position") for s in cells]
    expected = list(range(count if count is not None else len(cells)))
    if sorted(p for p in positions if isinstance(p, int) and not isinstance(p, bool)) != expected \
            or len(positions) != len(expected):
        return [Problem("board.spaces", f"the {what} needs track spaces with positions {expected[0]} to "
                                        f"{expected[-1] if expected else 0}, once each")]
    return []


def _tracks(scenario: Scenario) -> list[Problem]:
    board = scenario.board
    found: list[Problem] = []
    rondel = _track(board.spaces, "rondel")
    found += _positions(rondel, RONDEL_SEGMENTS, "rondel")
    if not found:
        by_position = {s.props["position"]: s.id for s in rondel}
        arrows = {(c.a, c.b) for c in board.connections if c.kind is ConnectionKind.ARROW}
        for p in range(RONDEL_SEGMENTS):
            if (by_position[p], by_position[(p + 1) % RONDEL_SEGMENTS]) not in arrows:
                found.append(Problem("board.connections", f"the rondel needs an arrow from segment {p} to the "
                                                          f"next, clockwise"))
    techs = _track(board.spaces, "technology")
    named = Counter(s.props.get("tech") for s in techs)
    if set(named) != set(TECHS) or any(n != 1 for n in named.values()):
        found.append(Problem("board.spaces", f"the technology track needs one space for each of {', '.join(TECHS)}"))
    for space in techs:
        first, second = space.props.get("price_first"), space.props.get("price_second")
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (first, second)) \
                or first < second:
            found.append(Problem(f"board.spaces[{space.id}].props",
                                 "price_first and price_second are whole numbers, the first at least the second"))
    victory = _track(board.spaces, "victory")
    found += _positions(victory, None, "victory track")
    symbols = [s for s in victory if s.props.get("wall_symbol") is True]
    if victory and (len(symbols) > WALLS_PER_PLAYER or all(s.props.get("position") != 0 for s in symbols)):
        found.append(Problem("board.spaces", f"the victory track has at most {WALLS_PER_PLAYER} wall symbols, "
                                             "one on space 0 for the wall received at setup (§5.5)"))
    seats = {seat.id for seat in scenario.seats}
    boxes = Counter(s.props.get("seat") for s in board.spaces if s.props.get("box") == "recruitment")
    for seat in sorted(seats):
        if boxes[seat] != 1:
            found.append(Problem("board.spaces", f"seat {seat!r} needs one recruitment box (props.box, props.seat)"))
    return found


def _setup(scenario: Scenario) -> list[Problem]:
    sites = {s.id for s in scenario.board.spaces if s.props.get("city_site") is True}
    found: list[Problem] = []
    cities: Counter[str] = Counter()
    markers: Counter[str] = Counter()
    spaces: Counter[str] = Counter()
    for index, placement in enumerate(scenario.setup):
        path = f"setup[{index}]"
        if placement.piece not in CITY_PIECES:
            found.append(Problem(f"{path}.piece", f"must be one of {', '.join(map(repr, CITY_PIECES))}"))
            continue
        if placement.space not in sites:
            found.append(Problem(f"{path}.space", f"{placement.space!r} has no city site"))
        if placement.owner is None:
            found.append(Problem(f"{path}.owner", "a starting city belongs to a seat"))
        cities[placement.owner or ""] += 1
        markers[CITY_PIECES[placement.piece]] += 1
        spaces[placement.space] += 1
    for seat in scenario.seats:
        if cities[seat.id] != START_CITIES:
            found.append(Problem("setup", f"seat {seat.id!r} has {cities[seat.id]} starting cities, not {START_CITIES}"))
    found += [Problem("setup", f"{space!r} holds {n} starting cities") for space, n in spaces.items() if n > 1]
    found += [Problem("setup", f"{n} {r} cities at the start: only {MARKERS[r]} markers exist")
              for r, n in markers.items() if n > MARKERS[r]]
    return found


def _decks(scenario: Scenario) -> list[Problem]:
    found: list[Problem] = []
    for deck in scenario.decks:
        for card in deck.cards:
            data = card.data
            path = f"decks[{deck.id}].cards[{card.id}].data"
            if isinstance(data, EventCard):
                if data.effect not in EFFECTS:
                    found.append(Problem(f"{path}.effect", f"unknown effect {data.effect!r}"))
                timing = OPPONENT_CONQUEST if data.effect == "fortress" else OWN_TURN
                if data.timing != timing:
                    found.append(Problem(f"{path}.timing", f"{data.effect} is played {timing!r}"))
    return found
