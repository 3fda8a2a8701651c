"""A map of provinces, regions, water and barren areas, and who reaches whom by land,
stepping stones, fleets and caravans (History of the World §3, §6.10; A Brief History §6.3).

A game builds it once from its scenario (``Geography.of``) with its own conventions, such
as which terrain tags make a province rough.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from engine.scenario.model import ConnectionKind, Scenario, SpaceKind

FLEET_AREAS = frozenset({SpaceKind.SEA, SpaceKind.OCEAN})


@frozen
class Geography:
    names: dict[str, str]  # space or region id -> its name (a space's wins)
    provinces: frozenset[str]
    region_of: dict[str, str]
    region_provinces: dict[str, tuple[str, ...]]
    rough: frozenset[str]  # terrain that helps the defender (mountain, forest)
    icons: dict[str, int]  # resource icons per province
    land_neighbours: dict[str, frozenset[str]]  # shared border or stepping stones
    area_kind: dict[str, SpaceKind]  # seas, oceans, barren lands
    area_borders: dict[str, frozenset[str]]  # the provinces each area touches
    area_neighbours: dict[str, frozenset[str]]  # areas touching areas (dotted lines, coasts)
    no_fleet: frozenset[str]  # areas where no fleet may be placed (``props.no_fleet``)

    @classmethod
    def of(cls, scenario: Scenario, rough_terrain: frozenset[str]) -> Geography:
        """Provinces are ``land`` spaces; seas, oceans and wastelands are areas. A land or
        strait connection joins two provinces; any connection joins an area to what it touches."""
        board = scenario.board
        provinces = {s.id for s in board.spaces if s.kind is SpaceKind.LAND}
        areas = {s.id: s.kind for s in board.spaces if s.kind in FLEET_AREAS | {SpaceKind.WASTELAND}}
        land: dict[str, set[str]] = {p: set() for p in provinces}
        borders: dict[str, set[str]] = {a: set() for a in areas}
        touching: dict[str, set[str]] = {a: set() for a in areas}
        for connection in board.connections:
            a, b = connection.a, connection.b
            if a in provinces and b in provinces and connection.kind in (ConnectionKind.LAND, ConnectionKind.STRAIT):
                land[a].add(b)
                land[b].add(a)
            elif a in areas and b in areas:
                touching[a].add(b)
                touching[b].add(a)
            elif a in areas and b in provinces:
                borders[a].add(b)
            elif b in areas and a in provinces:
                borders[b].add(a)
        regions: dict[str, list[str]] = {r.id: [] for r in board.regions}
        for space in board.spaces:
            if space.id in provinces and space.region:
                regions.setdefault(space.region, []).append(space.id)
        return cls(
            names={**{r.id: r.name for r in board.regions}, **{s.id: s.name for s in board.spaces}},
            provinces=frozenset(provinces),
            region_of={p: s.region for s in board.spaces if (p := s.id) in provinces and s.region},
            region_provinces={r: tuple(ps) for r, ps in regions.items()},
            rough=frozenset(s.id for s in board.spaces if s.id in provinces and rough_terrain & set(s.terrain)),
            icons={s.id: len(s.resources) for s in board.spaces if s.id in provinces and s.resources},
            land_neighbours={p: frozenset(n) for p, n in land.items()},
            area_kind=areas,
            area_borders={a: frozenset(n) for a, n in borders.items()},
            area_neighbours={a: frozenset(n) for a, n in touching.items()},
            no_fleet=frozenset(s.id for s in board.spaces if s.props.get("no_fleet") is True),
        )

    def covered(self, fleets: Iterable[str], caravans: Iterable[str]) -> set[str]:
        """Areas where the discs count: a fleet in an ocean also counts in every adjacent sea."""
        areas = set(caravans)
        for area in fleets:
            areas.add(area)
            if self.area_kind.get(area) is SpaceKind.OCEAN:
                areas |= {n for n in self.area_neighbours[area] if self.area_kind[n] is SpaceKind.SEA}
        return areas

    def networks(self, fleets: Iterable[str], caravans: Iterable[str], chains: bool) -> list[set[str]]:
        """Groups of covered areas that link into one network (HotW §6.10, ambiguity A4).

        With ``chains`` off, every disc's coverage is its own network."""
        fleets, caravans = list(fleets), list(caravans)
        if not chains:
            return [self.covered([f], []) for f in fleets] + [{c} for c in caravans]
        covered = self.covered(fleets, caravans)
        groups: list[set[str]] = []
        seen: set[str] = set()
        for start in sorted(covered):
            if start in seen:
                continue
            group, frontier = set(), [start]
            while frontier:
                area = frontier.pop()
                if area in group:
                    continue
                group.add(area)
                frontier += [n for n in self.area_neighbours[area] if n in covered and n not in group]
            seen |= group
            groups.append(group)
        return groups

    def network_crossings(self, network: set[str]) -> list[tuple[frozenset[str], str]]:
        """The provinces a network of discs makes adjacent, and how (HotW §6.10).

        Every province bordering the network reaches every other: by ``fleet`` when the
        network holds water. Provinces that border one run of barren areas linked among
        themselves also reach each other by ``caravan``, even when that run is chained to a
        fleet: such a crossing uses no water, so the defender gets no Sea reroll."""
        def touched(areas: Iterable[str]) -> frozenset[str]:
            return frozenset().union(*(self.area_borders[area] for area in areas))

        crossings = []
        if any(self.area_kind[area] is not SpaceKind.WASTELAND for area in network):
            crossings.append((touched(network), "fleet"))
        barren = {area for area in network if self.area_kind[area] is SpaceKind.WASTELAND}
        while barren:
            run, frontier = set(), [min(barren)]
            while frontier:
                area = frontier.pop()
                if area in run:
                    continue
                run.add(area)
                frontier += [n for n in self.area_neighbours[area] if n in barren and n not in run]
            barren -= run
            crossings.append((touched(run), "caravan"))
        return crossings
