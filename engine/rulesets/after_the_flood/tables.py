"""What the rules read from a scenario, gathered once per game and shared by every state:
the areas and their abilities, goods and points, who may invade where, the round-and-empire
table, and the numbers the options set."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from attrs import frozen

from engine.core.moves import Action
from engine.core.text import counted
from engine.rulesets.after_the_flood.cards import EmpireEntry
from engine.rulesets.after_the_flood.options import AfterTheFloodOptions
from engine.rulesets.after_the_flood.trade_table import parse_trade_table
from engine.scenario.model import ConnectionKind, Scenario

PLAYERS = 3
WORKERS = 25
ARMIES = 20
CITIES = 4
WORKERS_PER_ROUND = 8
SCRIBES_PER_PLAYER = 2
SCORE_WRAP = 70

# §9.2: value, pieces in the box
VALUE = {"grain": 1, "textiles": 2, "wood": 2, "metal": 2, "tools": 3, "oil": 3, "gold": 4, "lapis": 5}
PIECES = {"grain": 22, "textiles": 15, "wood": 12, "metal": 12, "tools": 12, "oil": 7, "gold": 7, "lapis": 7}
ARMIES_BOUGHT = {"grain": 1, "metal": 2, "tools": 3}  # §6.4 step 2
LUXURIES = ("tools", "oil", "gold", "lapis")  # §8.2
STARTING_HAND = ("wood", "metal", "tools", "oil", "gold")  # §4 step 7

# The worker boxes (§3.4): ids of board spaces; scribes and toolmakers have a used side.
IRRIGATION, SPINNING = "irrigation", "spinning"
SCRIBES, SCRIBES_USED = "scribes", "scribes-used"
TOOLMAKERS, TOOLMAKERS_USED = "toolmakers", "toolmakers-used"
BOXES = (IRRIGATION, SPINNING, SCRIBES, SCRIBES_USED, TOOLMAKERS, TOOLMAKERS_USED)
SIDES = {SCRIBES: SCRIBES_USED, TOOLMAKERS: TOOLMAKERS_USED}  # ready side -> used side
SUMER, FOREIGN = "sumer", "foreign"  # the two regions of the map
ABILITIES = ("eridu", "uruk", "shuruppak", "ur", "nippur", "sippar", "babylon", "none")


@frozen
class Empire:
    id: str
    name: str
    round: int
    armies: int
    start: str | None  # None: a Sumer empire, any Sumerian area


@frozen(slots=False)  # slots off for the cached move table
class Tables:
    names: dict[str, str]
    sumerian: tuple[str, ...]
    foreign: tuple[str, ...]
    ability: dict[str, str]  # Sumerian area -> city ability
    goods: dict[str, tuple[str, ...]]  # foreign area -> goods offered in trade
    vp: dict[str, int]  # area or box -> end-game majority VP
    cleared: frozenset[str]  # foreign areas emptied of all workers at decline (Dilmun)
    targets: dict[str, tuple[str, ...]]  # area -> areas an army there may invade
    empires: dict[str, Empire]
    trade: frozenset[tuple[str, str]]  # (give, get)
    production: dict[str, tuple[int, int, int]]  # box -> amount by rank 1st, 2nd, 3rd
    growth_vp: tuple[int, int, int, int, int]
    options: AfterTheFloodOptions

    def round_empires(self, round_: int) -> list[Empire]:
        return [e for e in self.empires.values() if e.round == round_]

    @cached_property
    def city_of(self) -> dict[str, str]:
        """Ability -> the Sumerian area carrying it."""
        return {ability: area for area, ability in self.ability.items() if ability != "none"}

    @cached_property
    def destinations(self) -> tuple[str, ...]:
        """Where a worker may be placed (§6.2): foreign areas and the ready side of the boxes."""
        return (*self.foreign, IRRIGATION, SPINNING, SCRIBES, TOOLMAKERS)

    @cached_property
    def worker_spaces(self) -> tuple[str, ...]:
        return (*self.foreign, *BOXES)

    @cached_property
    def _moves(self) -> dict[tuple[Any, ...], Action]:
        return {}

    def move(self, kind: type[Action], *values: Any) -> Action:
        """The move ``kind(*values)`` with its label, built once per game."""
        key = (kind, *values)
        found = self._moves.get(key)
        if found is None:
            words = [self.names.get(v, v) if v != "" else getattr(kind, "blank", "") for v in values]
            label = counted(kind.text, *words)
            if getattr(kind, "priced", False):
                label += " for 1 " + " or ".join(sorted(give for give, get in self.trade if get == values[-1]))
            found = self._moves[key] = kind(*values, label=label)
        return found

    def name(self, space: str) -> str:
        return self.names.get(space, space)

    @classmethod
    def of(cls, scenario: Scenario, options: Any) -> Tables:
        assert isinstance(options, AfterTheFloodOptions)
        spaces = scenario.board.spaces
        sumerian = tuple(s.id for s in spaces if s.region == SUMER)
        foreign = tuple(s.id for s in spaces if s.region == FOREIGN)
        closed = {s.id for s in spaces if s.props.get("desert")} if not options.chaldea_invadable else set()
        links: dict[str, set[str]] = {area: set() for area in (*sumerian, *foreign)}
        for link in scenario.board.connections:
            if link.a in links and link.b in links:
                links[link.a].add(link.b)
                if link.kind is not ConnectionKind.ARROW:
                    links[link.b].add(link.a)
        empires = {
            card.id: Empire(card.id, card.name, card.data.round, card.data.armies, card.data.start)
            for deck in scenario.decks for card in deck.cards if isinstance(card.data, EmpireEntry)
        }
        names = {s.id: s.name for s in spaces} | {e.id: e.name for e in empires.values()}
        return cls(
            names=names,
            sumerian=sumerian,
            foreign=foreign,
            ability={s.id: str(s.props.get("city_ability", "none")) for s in spaces if s.region == SUMER},
            goods={s.id: tuple(s.resources) for s in spaces if s.region == FOREIGN},
            vp={s.id: int(s.props["vp"]) for s in spaces if "vp" in s.props},
            cleared=frozenset(s.id for s in spaces if s.props.get("clear_all_on_decline")),
            targets={area: tuple(sorted(near - closed)) for area, near in links.items()},
            empires=empires,
            trade=parse_trade_table(options.trade_table),
            production={
                IRRIGATION: (6, 4, options.third_place_grain),
                SPINNING: (3, 2, options.third_place_textiles),
            },
            growth_vp=(options.growth_vp_no_luxury, options.growth_vp_one_luxury,
                       options.growth_vp_two_luxuries, 14, 20),
            options=options,
        )
