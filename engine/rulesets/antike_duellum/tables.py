"""What the rules read from a scenario, gathered once per game and shared by every state:
the map (``board.py``), the cards, the options, the rulebook's fixed numbers and the actions
that never change, built once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property

from attrs import frozen

from engine.core.moves import Action, Outcome
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.board import LAND, SEA, Tech, read_board
from engine.rulesets.antike_duellum.cards import EventCard, PersonCard
from engine.rulesets.antike_duellum.options import RONDEL_ORDERS, AntikeDuellumOptions
from engine.scenario.model import Scenario, Seat

REACH = 6  # borders: the bots' evaluation counts no unit further than this from a city site

RESOURCES = ("gold", "marble", "iron")
UNITS = ("legion", "galley")
TECHS = ("strata", "navigatio", "moneta", "res_publica", "commercium")
TECH_NAMES = {"strata": "STRATA", "navigatio": "NAVIGATIO", "moneta": "MONETA",
              "res_publica": "RES PUBLICA", "commercium": "COMMERCIUM"}

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

# The variant's special units (§9.4): beige has the admiral, brown the commander.
SPECIAL_OF_COLOUR = {"beige": "admiral", "brown": "commander"}
SPECIAL_MOVES_AS = {"admiral": "galley", "commander": "legion"}
UNIT_DUE_FOR = {unit: f"the {unit}" for unit in (*UNITS, *SPECIAL_MOVES_AS)}  # what a payment is for, made once
BUILDING_DUE_FOR = {"temple": "the temple in {}", "wall": "the wall in {}", "city": "the city of {}"}


@frozen
class Event:
    id: str
    name: str
    effect: str
    timing: str
    trigger: str
    amount: int
    cost: int


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
    def distances(self) -> dict[str, dict[str, dict[str, int]]]:
        """Per unit type, the fewest borders between two regions it can travel between (absent
        where it cannot): the bots' evaluation measures how far a seat's units are from a free
        city site. Worked out once per game, breadth first from every region."""
        result = {}
        for unit in UNITS:
            steps = self.steps(unit)
            by_origin = {}
            for origin in steps:
                found, frontier = {origin: 0}, [origin]
                while frontier:
                    further = []
                    for region in frontier:
                        for to in steps[region]:
                            if to not in found:
                                found[to] = found[region] + 1
                                further.append(to)
                    frontier = further
                by_origin[origin] = found
            result[unit] = by_origin
        return result

    @cached_property
    def closeness(self) -> dict[str, dict[str, dict[str, int]]]:
        """Per unit type and region, how close each city site it can reach within ``REACH``
        borders lies: ``REACH`` less the borders (the evaluation's siege counts a unit by it)."""
        return {unit: {origin: {site: REACH - borders for site, borders in found.items()
                                if site in self.site_set and borders < REACH}
                       for origin, found in by_origin.items()}
                for unit, by_origin in self.distances.items()}

    @cached_property
    def sites_by_distance(self) -> dict[str, dict[str, tuple[tuple[int, str], ...]]]:
        """Per unit type and region, the city sites it can reach, nearest first: the evaluation
        looks for the nearest free one hundreds of thousands of times a game."""
        return {unit: {origin: tuple(sorted((borders, site) for site, borders in found.items() if site in self.site_set))
                       for origin, found in by_origin.items()}
                for unit, by_origin in self.distances.items()}

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
    def rondel_moves(self) -> dict[tuple[int, int, int], tuple[a.MoveRondel, ...]]:
        """(marker's position, free segments, what the seat can pay) -> the marker's moves,
        filled in by ``rondel.rondel_moves`` as play reaches them."""
        return {}

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
    def steps_from(self) -> dict[tuple[str, str], tuple[a.Step, ...]]:
        """The one-border moves out of each region, per unit, in the board's order."""
        moves = self.step_actions
        return {(unit, origin): tuple(moves[(unit, origin, to)] for to in targets)
                for unit in (*UNITS, "admiral", "commander") for origin, targets in self.steps(unit).items()}

    @cached_property
    def building_due_for(self) -> dict[tuple[str, str], str]:
        """What a payment for a building is for ("the temple in Zama"), per building and site."""
        return {(building, site): words.format(self.name(site))
                for building, words in BUILDING_DUE_FOR.items() for site in self.sites}

    @cached_property
    def temple_actions(self) -> dict[str, a.BuildTemple]:
        return {site: a.BuildTemple(site, label=f"temple in {self.name(site)}") for site in self.sites}

    @cached_property
    def wall_actions(self) -> dict[str, a.BuildWall]:
        return {site: a.BuildWall(site, label=f"wall in {self.name(site)}") for site in self.sites}

    @cached_property
    def recruit_actions(self) -> dict[tuple[str, str], a.Recruit]:
        return {(unit, site): a.Recruit(unit, site, label=f"recruit a {unit} in {self.name(site)}")
                for unit in (*UNITS, "admiral", "commander") for site in self.sites}

    @cached_property
    def pick_actions(self) -> dict[str, a.PickEvent]:
        """Taking each event card from the display (compensation, ORACLE)."""
        return {card: a.PickEvent(card, label=f"take {self.name(card)}") for card in self.events}

    @cached_property
    def card_outcomes(self) -> dict[str, Outcome]:
        """Each event card turned up for the display."""
        return {card: Outcome(card, self.name(card)) for card in self.events}

    @cached_property
    def found_actions(self) -> dict[tuple[str, str], a.FoundCity]:
        return {(site, r): a.FoundCity(site, r, label=f"found {self.name(site)} as a {r} city")
                for site in self.sites for r in RESOURCES}

    @classmethod
    def of(cls, scenario: Scenario, seats: Sequence[Seat], options: AntikeDuellumOptions) -> Tables:
        names = {space.id: space.name for space in scenario.board.spaces}
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
            actions=RONDEL_ORDERS[options.rondel_order],
            colours=tuple(seat.id for seat in seats),
            persons={k: tuple(v) for k, v in persons.items()},
            person_kind=person_kind,
            events=events,
            **read_board(scenario, seats),
        )
