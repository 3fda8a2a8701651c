"""What the rules read from a scenario, gathered once per game and shared by every state.

Board conventions (digest §3, architecture note §4):

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

from collections.abc import Callable, Sequence
from functools import cached_property

from attrs import frozen

from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.cards import EventCard, PersonCard
from engine.rulesets.antike_duellum.options import RONDEL_ORDERS, AntikeDuellumOptions
from engine.scenario.model import ConnectionKind, Scenario, Seat, SpaceKind

RESOURCES = ("gold", "marble", "iron")
UNITS = ("legion", "galley")
TECHS = ("strata", "navigatio", "moneta", "res_publica", "commercium")
TECH_NAMES = {"strata": "STRATA", "navigatio": "NAVIGATIO", "moneta": "MONETA",
              "res_publica": "RES PUBLICA", "commercium": "COMMERCIUM"}
CITY_PIECES = {f"{resource} city": resource for resource in RESOURCES}

# Component limits (§2): all are limited except resources.
MARKERS = {"gold": 10, "marble": 12, "iron": 12}
TEMPLES = 12
UNITS_PER_PLAYER = 12
VICTORY = 9  # person cards that win (§5.3)

# Prices (§6.2-§6.8, §10.2); the technology prices are board values (§9.2).
TEMPLE_MARBLE = 6
WALL_MARBLE = 1
RECRUIT_IRON = 2
SPECIAL_RECRUIT_IRON = 3
BUY_GOLD = {"legion": 1, "galley": 2}
FREE_STEPS = 3
TRADE_GIVE, TRADE_TAKE = 3, 2

LAND, COAST, SEA = "land", "coast", "sea"
# The variant's special units (§9.4): beige has the admiral, brown the commander.
SPECIAL_OF_COLOUR = {"beige": "admiral", "brown": "commander"}
SPECIAL_MOVES_AS = {"admiral": "galley", "commander": "legion"}


@frozen
class Tech:
    id: str
    space: str
    first: int  # the higher price, paid by the first to develop it (with a scholar)
    second: int


@frozen
class Event:
    id: str
    name: str
    effect: str
    timing: str
    trigger: str
    amount: int
    cost: int


def region_kind(kind: SpaceKind, terrain: Sequence[str]) -> str:
    if kind is SpaceKind.SEA:
        return SEA
    return COAST if "coast" in terrain else LAND


@frozen(slots=False)  # slots off for the cached action tables
class Tables:
    options: AntikeDuellumOptions
    names: dict[str, str]
    kind: dict[str, str]  # map region -> land, coast or sea
    legion_steps: dict[str, tuple[str, ...]]  # across red or combined borders
    galley_steps: dict[str, tuple[str, ...]]  # across blue or combined borders
    neighbours: dict[str, frozenset[str]]  # across any border: city adjacency (§3.3)
    sites: tuple[str, ...]
    sea_value: dict[str, int]  # regions that hold galleys: 2 for a cityless sea, else 1
    rondel: tuple[str, ...]  # track space per position
    actions: tuple[str, ...]  # action per position (option A1)
    techs: dict[str, Tech]
    victory: tuple[str, ...]  # track space per person count
    wall_symbols: frozenset[int]
    colours: tuple[str, ...]  # seat -> brown or beige
    boxes: tuple[str, ...]  # seat -> recruitment box space
    starts: tuple[tuple[str, str, int], ...]  # (site, resource, seat)
    persons: dict[str, tuple[str, ...]]  # kind -> card ids
    person_kind: dict[str, str]
    events: dict[str, Event]

    def name(self, key: str) -> str:
        return self.names.get(key, key)

    def special(self, seat: int) -> str:
        """The seat's special unit in the variant: the admiral for beige, the commander for brown."""
        return SPECIAL_OF_COLOUR.get(self.colours[seat], "commander" if seat == 0 else "admiral")

    def steps(self, unit: str) -> dict[str, tuple[str, ...]]:
        return self.legion_steps if SPECIAL_MOVES_AS.get(unit, unit) == "legion" else self.galley_steps

    def holds(self, unit: str, region: str) -> bool:
        """Legions stand on land-only and mixed regions, galleys on sea-only and mixed (§3.1)."""
        kind = self.kind.get(region)
        return kind is not None and (kind != SEA if SPECIAL_MOVES_AS.get(unit, unit) == "legion" else kind != LAND)

    @cached_property
    def site_set(self) -> frozenset[str]:
        return frozenset(self.sites)

    @cached_property
    def labelled(self) -> dict[tuple, Action]:
        """Actions with fixed labels, built once and reused: random play asks for thousands."""
        return {}

    def action(self, key: tuple, build: Callable[[], Action]) -> Action:
        """The cached action for ``key``, built by ``build()`` the first time."""
        found = self.labelled.get(key)
        if found is None:
            found = self.labelled[key] = build()
        return found

    @cached_property
    def step_actions(self) -> dict[tuple[str, str, str], a.Step]:
        """Every possible one-border move, built once: movement offers dozens per decision."""
        moves = {}
        for unit in (*UNITS, "admiral", "commander"):
            for origin, targets in self.steps(unit).items():
                for to in targets:
                    moves[(unit, origin, to)] = a.Step(
                        unit, origin, to, label=f"{unit}: {self.name(origin)} → {self.name(to)}")
        return moves

    @cached_property
    def found_actions(self) -> dict[tuple[str, str], a.FoundCity]:
        return {(site, r): a.FoundCity(site, r, label=f"found {self.name(site)} as a {r} city")
                for site in self.sites for r in RESOURCES}

    @classmethod
    def of(cls, scenario: Scenario, seats: Sequence[Seat], options: AntikeDuellumOptions) -> Tables:
        board = scenario.board
        names = {space.id: space.name for space in board.spaces}
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
        persons: dict[str, list[str]] = {}
        person_kind, events = {}, {}
        for deck in scenario.decks:
            for card in deck.cards:
                names[card.id] = card.name
                if isinstance(card.data, PersonCard):
                    persons.setdefault(card.data.kind, []).append(card.id)
                    person_kind[card.id] = card.data.kind
                elif isinstance(card.data, EventCard):
                    d = card.data
                    events[card.id] = Event(card.id, card.name, d.effect, d.timing, d.trigger, d.amount, d.cost)
        return cls(
            options=options,
            names=names,
            kind=kind,
            legion_steps={r: tuple(sorted(n)) for r, n in legion.items()},
            galley_steps={r: tuple(sorted(n)) for r, n in galley.items()},
            neighbours={r: frozenset(legion[r] | galley[r]) for r in kind},
            sites=sites,
            sea_value=sea_value,
            rondel=rondel,
            actions=RONDEL_ORDERS[options.rondel_order],
            techs=techs,
            victory=tuple(s.id for s in victory),
            wall_symbols=frozenset(int(s.props["position"]) for s in victory if s.props.get("wall_symbol") is True),
            colours=tuple(seat.id for seat in seats),
            boxes=tuple(boxes),
            starts=starts,
            persons={k: tuple(v) for k, v in persons.items()},
            person_kind=person_kind,
            events=events,
        )
