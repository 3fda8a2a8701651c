"""The map as Antike Duellum reads it from the scenario, once per game (digest §3,
architecture note §4); ``tables.py`` keeps what this returns.

- A map region is one space. ``land`` without the terrain tag ``coast`` is land-only (red
  borders only, e.g. Zama); ``land`` with ``coast`` is a mixed region with a land and a sea
  half; ``sea`` is sea-only, an island when it has a city site (Lemnos, Corsica).
- ``props.city_site`` marks a city symbol. A cityless sea region carries the galley symbol
  and counts 2 for the navigator (§8.1); that follows from the rule, so it is not data.
- A red border is a ``land`` connection, a blue border a ``sea`` connection, a combined
  border both, between the same pair.
- Track spaces (kind ``track``) carry ``props.track``: ``rondel`` (``position`` 0-7 clockwise,
  joined by ``arrow`` connections), ``technology`` (``tech``, ``price_first``,
  ``price_second``: the yellow arrow, §9.2) or ``victory`` (``position`` 0-9,
  ``wall_symbol``, §5.5).
- Each seat's recruitment box is a ``box`` space with ``props.box = "recruitment"`` and
  ``props.seat``; the starting cities are ``setup`` placements of a ``gold city``,
  ``marble city`` or ``iron city`` owned by a seat (§4 step 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from engine.scenario.model import ConnectionKind, Scenario, Seat, SpaceKind

CITY_PIECES = {f"{resource} city": resource for resource in ("gold", "marble", "iron")}
LAND, COAST, SEA = "land", "coast", "sea"


@frozen
class Tech:
    id: str
    space: str
    first: int  # the higher price, paid by the first to develop it (with a scholar)
    second: int


def region_kind(kind: SpaceKind, terrain: Sequence[str]) -> str:
    if kind is SpaceKind.SEA:
        return SEA
    return COAST if "coast" in terrain else LAND


def read_board(scenario: Scenario, seats: Sequence[Seat]) -> dict[str, Any]:
    """The map's fields of ``Tables``: region kinds, borders, city sites, tracks, boxes and
    the starting cities."""
    board = scenario.board
    kind = {s.id: region_kind(s.kind, s.terrain) for s in board.spaces
            if s.kind in (SpaceKind.LAND, SpaceKind.SEA)}
    legion: dict[str, set[str]] = {r: set() for r in kind}
    galley: dict[str, set[str]] = {r: set() for r in kind}
    for connection in board.connections:
        x, y = connection.a, connection.b
        if x not in kind or y not in kind:
            continue
        if connection.kind is ConnectionKind.LAND:
            legion[x].add(y)
            legion[y].add(x)
        elif connection.kind is ConnectionKind.SEA:
            galley[x].add(y)
            galley[y].add(x)
    sites = tuple(s.id for s in board.spaces if s.id in kind and s.props.get("city_site") is True)
    sea_value = {r: (2 if k == SEA and r not in sites else 1) for r, k in kind.items() if k != LAND}
    tracks: dict[str, list] = {"rondel": [], "technology": [], "victory": []}
    for space in board.spaces:
        track = space.props.get("track")
        if space.kind is SpaceKind.TRACK and track in tracks:
            tracks[track].append(space)
    rondel = tuple(s.id for s in sorted(tracks["rondel"], key=lambda s: s.props["position"]))
    victory = sorted(tracks["victory"], key=lambda s: s.props["position"])
    techs = {str(s.props["tech"]): Tech(str(s.props["tech"]), s.id, int(s.props["price_first"]),
                                        int(s.props["price_second"])) for s in tracks["technology"]}
    seat_index = {seat.id: index for index, seat in enumerate(seats)}
    boxes = [""] * len(seats)
    for space in board.spaces:
        if space.props.get("box") == "recruitment" and space.props.get("seat") in seat_index:
            boxes[seat_index[str(space.props["seat"])]] = space.id
    starts = tuple((p.space, CITY_PIECES[p.piece], seat_index[p.owner]) for p in scenario.setup
                   if p.piece in CITY_PIECES and p.owner in seat_index)
    return {
        "kind": kind,
        "legion_steps": {r: tuple(sorted(n)) for r, n in legion.items()},
        "galley_steps": {r: tuple(sorted(n)) for r, n in galley.items()},
        "neighbours": {r: frozenset(legion[r] | galley[r]) for r in kind},
        "sites": sites,
        "sea_value": sea_value,
        "rondel": rondel,
        "techs": techs,
        "victory": tuple(s.id for s in victory),
        "wall_symbols": frozenset(int(s.props["position"]) for s in victory if s.props.get("wall_symbol") is True),
        "boxes": tuple(boxes),
        "starts": starts,
    }
