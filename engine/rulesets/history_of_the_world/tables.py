"""What the rules read from a scenario, gathered once per game and shared by every state."""

from __future__ import annotations

from functools import cached_property

from attrs import frozen

from engine.rulesets.history_of_the_world.actions import (
    BuildFort,
    Conquer,
    PickEmpire,
    PickEvent,
    PlaceFort,
    PlaceMonument,
    PlayDevelopment,
    PlayKingdom,
    Target,
)
from engine.rulesets.history_of_the_world.board import read_board
from engine.rulesets.history_of_the_world.cards import (
    EPOCHS,
    KINGDOM,
    EmpireCard,
    EventCard,
    RegionTile,
)
from engine.rulesets.shared.geography import Geography
from engine.scenario.model import Scenario

ARMIES_PER_PLAYER = 25
CAPITALS_AND_CITIES = 24
MONUMENTS = 20
FORTS = 14


@frozen
class Empire:
    id: str
    name: str
    epoch: int
    order: int
    armies: int
    starts: tuple[str, ...]
    capital: bool  # False: a looter (torch icon)
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]
    ability: str  # "" for none


@frozen
class Event:
    id: str
    name: str
    epoch: int
    kingdom: bool  # False: a development
    effect: str  # a development's effect id
    amount: int  # the effect's number, where it has one
    supply_armies: int  # armies the effect needs in the supply to be played
    playable_later: bool  # the "+" icon: a development kept for later epochs
    armies: int  # a kingdom's
    starts: tuple[str, ...]
    capital: bool  # a kingdom founded with a capital; False: with a city
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]


@frozen
class Tile:
    id: str
    region: str
    epoch: int
    presence: int
    lifetime: int

    @property
    def dominance(self) -> int:
        return 2 * self.presence

    @property
    def control(self) -> int:
        return 3 * self.presence


@frozen(slots=False)  # slots off for the cached name table
class Tables:
    geography: Geography
    options: object
    empires: dict[str, Empire]
    events: dict[str, Event]
    tiles: dict[str, Tile]

    def epoch_empires(self, epoch: int) -> list[str]:
        return list(self._by_epoch[epoch][0])

    def epoch_events(self, epoch: int) -> list[str]:
        return list(self._by_epoch[epoch][1])

    def epoch_tiles(self, epoch: int) -> tuple[Tile, ...]:
        return self._by_epoch[epoch][2]

    @cached_property
    def _by_epoch(self) -> dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[Tile, ...]]]:
        """Each epoch's empire and event card ids, and its region tiles by region, sorted once:
        every game deals from them five times."""
        return {epoch: (
            tuple(sorted(e.id for e in self.empires.values() if e.epoch == epoch)),
            tuple(sorted(e.id for e in self.events.values() if e.epoch == epoch)),
            tuple(sorted((t for t in self.tiles.values() if t.epoch == epoch), key=lambda t: t.region)),
        ) for epoch in range(1, EPOCHS + 1)}

    @cached_property
    def names(self) -> dict[str, str]:
        cards = {card.id: card.name for card in (*self.empires.values(), *self.events.values())}
        return {**self.geography.names, **cards}

    @cached_property
    def resource_provinces(self) -> frozenset[str]:
        """The provinces showing a resource icon (monuments, §6.5)."""
        return frozenset(self.geography.icons)

    @cached_property
    def start_names(self) -> dict[str, str]:
        """Where each empire or kingdom is founded, for the log: "Egypt and Nile"."""
        return {card.id: " and ".join(self.names[s] for s in card.starts)
                for card in (*self.empires.values(), *self.events.values())}

    @cached_property
    def conquests(self) -> dict[tuple[str, str], Conquer]:
        """Every possible conquest, built once: the conquest step offers dozens per decision."""
        vias = {"land": "", "fleet": " by fleet", "caravan": " by caravan"}
        return {
            (province, via): Conquer(province, via, label=f"conquer {self.names[province]}{suffix}")
            for province in self.geography.provinces
            for via, suffix in vias.items()
        }

    @cached_property
    def conquest_order(self) -> tuple[dict[str, dict[str, int]], tuple[Conquer, ...]]:
        """Every possible conquest's place in the order the conquest step lists them (by
        province, then land, fleet, caravan as text sorts), per way and province; and the
        conquests in that order. Sorting these numbers is cheaper than sorting the pairs."""
        pairs = sorted(self.conquests)
        ranks: dict[str, dict[str, int]] = {via: {} for _, via in pairs}
        for rank, (province, via) in enumerate(pairs):
            ranks[via][province] = rank
        return ranks, tuple(self.conquests[pair] for pair in pairs)

    @cached_property
    def province_ranks(self) -> dict[str, frozenset[int]]:
        """Each province's places in the conquest order, one per way of reaching it."""
        by_way = self.conquest_order[0]
        return {p: frozenset(ranks[p] for ranks in by_way.values()) for p in self.geography.provinces}

    @cached_property
    def land_targets(self) -> dict[str, frozenset[int]]:
        """The conquests by land from each province, as places in the conquest order."""
        land = self.conquest_order[0]["land"]
        return {p: frozenset(land[n] for n in self.geography.land_neighbours[p]) for p in self.geography.provinces}

    @cached_property
    def empire_picks(self) -> dict[str, PickEmpire]:
        return {c: PickEmpire(c, label=f"{e.name} ({e.order})") for c, e in self.empires.items()}

    @cached_property
    def event_picks(self) -> dict[str, PickEvent]:
        return {c: PickEvent(c, label=e.name) for c, e in self.events.items()}

    def armies_prompt(self, card: str, armies: int) -> str:
        return f"{self.name(card)}: {armies} armies on the card"

    @cached_property
    def development_plays(self) -> dict[str, PlayDevelopment]:
        return {c: PlayDevelopment(c, label=f"play {e.name}") for c, e in self.events.items() if not e.kingdom}

    @cached_property
    def fort_builds(self) -> dict[str, BuildFort]:
        return {p: BuildFort(p, label=f"fort in {self.names[p]} (costs an army)")
                for p in self.geography.provinces}

    @cached_property
    def monument_places(self) -> dict[str, PlaceMonument]:
        return {p: PlaceMonument(p, label=self.names[p]) for p in self.geography.provinces}

    @cached_property
    def free_forts(self) -> dict[str, PlaceFort]:
        return {p: PlaceFort(p, label=self.names[p]) for p in self.geography.provinces}

    @cached_property
    def kingdom_plays(self) -> dict[str, PlayKingdom]:
        return {c: PlayKingdom(label=("play {}", e.name)) for c, e in self.events.items() if e.kingdom}

    @cached_property
    def _target_memo(self) -> dict[tuple[str, str], Target]:
        return {}

    def target(self, verb: str, place: str) -> Target:
        """A development's next target (``effects.VERBS`` gives the verb): made once per place."""
        key = (verb, place)
        found = self._target_memo.get(key)
        if found is None:
            found = self._target_memo[key] = Target(place, label=f"{verb} {self.names[place]}")
        return found

    @cached_property
    def _pile_memo(self) -> dict[tuple[str, tuple[str, ...]], tuple[tuple[str, str], ...]]:
        return {}

    def pile(self, kind: str, pool: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """The pool's event (or empire) cards as a pile to deal, (id, name) sorted by id;
        remembered, as every game deals the same pools."""
        key = (kind, pool)
        found = self._pile_memo.get(key)
        if found is None:
            table = self.events if kind == "event" else self.empires
            found = self._pile_memo[key] = tuple(sorted((c, table[c].name) for c in pool if c in table))
        return found

    @cached_property
    def _reach_memo(self) -> dict[tuple, tuple[tuple[frozenset[str], frozenset[int]], ...]]:
        return {}

    def reach(self, fleets: tuple[str, ...], caravans: tuple[str, ...]) -> tuple[tuple[frozenset[str], frozenset[int]], ...]:
        """For each network of discs, the provinces it makes adjacent and the conquests it
        offers between them, as places in the conquest order (by fleet or by caravan);
        remembered, as every turn with discs asks."""
        key = (fleets, caravans)
        if key not in self._reach_memo:
            networks = self.geography.networks(fleets, caravans, self.options.fleet_chains)
            by_way = self.conquest_order[0]
            self._reach_memo[key] = tuple(
                (touched, frozenset(by_way[via][p] for p in touched))
                for network in networks for touched, via in self.geography.network_crossings(network))
        return self._reach_memo[key]

    def name(self, card_or_space: str) -> str:
        return self.names.get(card_or_space, card_or_space)

    @classmethod
    def of(cls, scenario: Scenario, options: object) -> Tables:
        empires, events, tiles = {}, {}, {}
        for deck in scenario.decks:
            for card in deck.cards:
                data = card.data
                if isinstance(data, EmpireCard):
                    empires[card.id] = Empire(
                        card.id, card.name, data.epoch, data.order, data.armies,
                        tuple(data.start_provinces), data.capital, tuple(data.fleets),
                        tuple(data.caravans), data.ability,
                    )
                elif isinstance(data, EventCard):
                    events[card.id] = Event(
                        card.id, card.name, data.epoch, data.kind == KINGDOM, data.effect,
                        data.amount, data.supply_armies, data.playable_later, data.armies, tuple(data.start_provinces),
                        data.capital, tuple(data.fleets), tuple(data.caravans),
                    )
                elif isinstance(data, RegionTile):
                    tiles[card.id] = Tile(card.id, data.region, data.epoch, data.presence, data.lifetime)
        return cls(read_board(scenario), options, empires, events, tiles)
