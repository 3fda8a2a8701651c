"""History of the World: the other reading of each ambiguity, and the remaining clarifications
of digest §10.3, on the small Near East board."""

from __future__ import annotations

from near_east import development, empire, found, kingdom, place, tables, turn_state

from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import epoch
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld
from engine.rulesets.history_of_the_world.state import new_state
from engine.rulesets.history_of_the_world.tables import FORTS, Tile

RULES = HistoryOfTheWorld()


def play(state, *moves):
    for move in moves:
        RULES.apply(state, move)


def conquests(state) -> set[tuple[str, str]]:
    return {(m.target, m.via) for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}


def test_stepping_stones_make_provinces_adjacent():
    """§3.1: stepping stones join Anatolia and Crete across the sea."""
    state = turn_state(empire("hittites", starts=("anatolia",)))
    found(state)
    assert ("crete", "land") in conquests(state)


def test_giving_up_returns_the_card_armies_to_the_supply():
    """§10.3: a player may stop and take the remaining armies off the card."""
    state = turn_state(empire("persians", armies=6))
    found(state)
    play(state, a.EndConquest())
    assert state.supply[0] == 25 - 1 and state.turn is None  # only the start army stays out


def test_forts_are_limited_to_the_box():
    """§2 limits: with all 14 forts on the board no fort can be built."""
    state = turn_state(empire("persians"))
    state.forts = {f"elsewhere{n}" for n in range(FORTS)}
    found(state)
    assert not any(isinstance(m, a.BuildFort) for m in RULES.decision(state).actions)


def test_a3_region_reading_reaches_from_anywhere_in_the_region():
    """Ambiguity A3, other reading: adjacent to any province of a region holding an active army."""
    state = turn_state(empire("x", starts=("libya",)), conquest_from_province=False)
    found(state)
    assert ("levant", "land") in conquests(state)  # next to the Nile, Libya's region-mate
    default = turn_state(empire("x", starts=("libya",)))
    found(default)
    assert ("levant", "land") not in conquests(default)


def test_a11_expiring_tiles_leave_after_their_lifetime():
    """Ambiguity A11, other reading: a tile leaves when its printed lifetime has run out."""
    for expires, expected in ((False, {"near_east": "ne1"}), (True, {})):
        state = fresh_game(tile_lifetime_expires=expires)
        epoch.start_epoch(state, [])
        epoch.start_epoch(state, [])
        epoch.start_epoch(state, [])
        assert state.tiles == expected


def fresh_game(**options):
    table = tables(tiles=(Tile("ne1", "near_east", 1, 3, 2),), **options)
    return new_state(table, ["P1", "P2", "P3"])


def test_a17_replacement_armies_may_enter_lying_down():
    """Ambiguity A17, other reading: an event's replacement army is inactive."""
    diplomacy = development("diplomacy", "diplomacy")
    state = turn_state(empire("persians"), events=[diplomacy], replacement_armies_active=False)
    state.hand[0] = ["diplomacy"]
    place(state, "levant", 1)
    found(state)
    play(state, a.PlayDevelopment("diplomacy"), a.Target("levant"))
    assert state.armies["levant"] == 0 and "levant" not in state.active


def test_a20_monuments_may_count_icons():
    """Ambiguity A20, other reading: one monument per two icons, not per two provinces."""
    state = turn_state(empire("x"), monuments_count_icons=True)
    state.tables.geography.icons["mesopotamia"] = 2
    found(state)
    play(state, a.EndConquest())
    assert state.monuments == {"mesopotamia"}


def test_a24_sea_effect_only_when_the_fleet_was_needed():
    """Ambiguity A24, other reading: no Sea reroll when the target is also reachable by land."""
    for declared, rerolls in ((True, 1), (False, 0)):
        state = turn_state(empire("x", starts=("nile",), fleets=("mediterranean",)),
                           sea_effect_when_declared=declared)
        place(state, "levant", 1)
        found(state)
        play(state, a.Conquer("levant", "fleet"))
        RULES.apply(state, Outcome("1-1"))
        assert state.turn.battle.defence_rerolls == rerolls


def test_a10_kingdoms_may_be_mandatory():
    """Ambiguity A10, other reading: a drafted kingdom is played at step 2 without a choice."""
    state = turn_state(empire("persians", starts=("zagros",)), events=[kingdom("nubia", "nile")],
                       kingdom_optional=False)
    state.kingdoms[0] = "nubia"
    state.turn = None
    state.queue = ["persians"]
    RULES.advance(state, [])
    assert state.turn.card == "nubia" and "nile" in state.active


def test_battle_chain_gives_momentum_next_to_the_last_battle_won():
    """Turks (§7.6, ambiguity A14, authored reading): after a won battle, the next battle next
    to it gets +1, and this chains."""
    state = turn_state(empire("turks", armies=6, starts=("tigris",), ability="battle_chain"))
    place(state, "mesopotamia", 1)
    place(state, "levant", 2)
    found(state)
    play(state, a.Conquer("mesopotamia", "land"))
    RULES.apply(state, Outcome("5-1"))
    RULES.apply(state, Outcome(4))
    assert state.turn.momentum == "mesopotamia"
    play(state, a.Conquer("levant", "land"))
    RULES.apply(state, Outcome("3-1"))
    RULES.apply(state, Outcome(4))  # 3 + 1 momentum = 4: a tie, not a loss
    assert "levant" not in state.armies and state.turn.battle is None


def test_a9_strict_developments_come_back_once_the_conquests_are_over():
    """Ambiguity A9, the strict reading: "Fejlesztést bármikor kijátszhatsz a körödben, kivéve
    területfoglalás közben" with területfoglalás as the whole conquest step (as the fort rule
    calls it "a területfoglalási fázis"). No development once the first conquest is made; when
    the conquest step is over, before the monuments, they may be played again."""
    walls = development("walls", "fort")
    state = turn_state(empire("persians"), events=[walls], developments_between_conquests=False)
    state.hand[0] = ["walls"]
    found(state)
    play(state, a.Conquer("zagros", "land"))
    assert not any(isinstance(m, a.PlayDevelopment) for m in RULES.decision(state).actions)
    play(state, a.EndConquest())
    assert [m.id for m in RULES.decision(state).actions] == ["PlayDevelopment(card=walls)", "EndConquest()"]
    assert state.supply[0] == 25 - 2 and state.monuments == set()  # the armies left are home, no monument yet
    play(state, a.PlayDevelopment("walls"), a.Target("zagros"))
    assert state.forts == {"zagros"} and state.monuments == {"mesopotamia"} and state.turn is None
