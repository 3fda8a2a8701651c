"""Battles (digest §7): hand sizes, bonuses, the clash examples of §7.6, ties, barbarians."""

from __future__ import annotations

from civ import (
    RULESET,
    add_city,
    add_figure,
    choice,
    clear_map,
    edited,
    force,
    past_setup,
    sq,
)

from engine.core.decision import Chance
from engine.rulesets.civilization.battle import begin_battle, clash, hand_size, settle
from engine.rulesets.civilization.state import Battle, Front


def battle_state():
    state = past_setup(2)
    clear_map(state)
    return state, Battle(0, 1, [0, 1], sq(5, 5), "figures")


def test_7_3_hand_size_one_army_three_two_armies_five_a_city_six():
    state = past_setup(2)
    assert hand_size(state, 0, 1, city=False) == 3
    assert hand_size(state, 0, 2, city=False) == 5
    assert hand_size(state, 0, 0, city=True) == 6


def test_a2_the_other_reading_counts_the_first_army():
    state = past_setup(2, first_army_counts=True)
    assert hand_size(state, 0, 1, city=False) == 5


def test_7_6_example_1_a_new_front_does_not_clash():
    _, battle = battle_state()
    battle.fronts.append(Front(["mounted-03", None], [0, 0]))  # A's 3-strength mounted
    battle.fronts.append(Front([None, "mounted-02"], [0, 0]))  # B opens a new front
    assert [f.wounds for f in battle.fronts] == [[0, 0], [0, 0]]


def test_7_6_example_2_a_three_destroys_a_two_and_takes_two_wounds():
    state, battle = battle_state()
    front = Front(["mounted-03", "mounted-02"], [0, 0])  # B's 2 is attacked by A's 3
    clash(state, battle, front, side=0)
    assert front.units == ["mounted-03", None] and front.wounds[0] == 2
    assert battle.lost == [0, 1] and "mounted-02" in state.unit_bottom["mounted"]


def test_7_6_example_3_a_fresh_three_and_a_wounded_three_destroy_each_other():
    state, battle = battle_state()
    front = Front(["mounted-03", "mounted-06"], [2, 0])  # A's 3 already holds 2 wounds
    clash(state, battle, front, side=1)
    assert front.units == [None, None] and battle.lost == [1, 1]


def test_7_6_example_4_infantry_strikes_mounted_first_and_takes_no_wound():
    state, battle = battle_state()
    front = Front(["mounted-03", "infantry-03"], [2, 0])
    clash(state, battle, front, side=1)
    assert front.units == [None, "infantry-03"] and front.wounds[1] == 0


def test_a5_mounted_beats_artillery_unless_only_the_stated_trump_is_used():
    state, battle = battle_state()
    front = Front(["mounted-02", "artillery-02"], [0, 0])  # 2 against 2
    clash(state, battle, front, side=0)
    assert front.units == ["mounted-02", None] and front.wounds[0] == 0
    state = past_setup(2, full_trump_cycle=False)
    front = Front(["mounted-02", "artillery-02"], [0, 0])
    clash(state, Battle(0, 1, [0, 1], sq(5, 5), "figures"), front, side=0)
    assert front.units == [None, None]


def test_7_6_a_level_two_unit_is_one_stronger():
    state, battle = battle_state()
    state.players[0].levels["infantry"] = 2
    front = Front(["infantry-02", "infantry-03"], [0, 0])  # 2+1 against 3: both destroyed
    clash(state, battle, front, side=0)
    assert front.units == [None, None]


def test_7_4_the_higher_bonus_takes_the_difference_12_against_8():
    state = past_setup(2)
    clear_map(state)
    add_city(state, 1, sq(5, 5), capital=True)  # a capital gives its defender 12
    state.greats[sq(1, 1)] = (0, "general-1")
    state.greats[sq(1, 2)] = (0, "general-2")  # two Generals on the map: 8
    state.players[0].forces, state.players[1].forces = [], []
    begin_battle(state, 0, 1, sq(5, 5), "capital", 1, [])
    assert state.battle.bonus == [0, 4]


def test_7_5_walls_make_the_attacker_play_first():
    state = past_setup(2)
    clear_map(state)
    add_city(state, 1, sq(5, 5)).walled = True
    begin_battle(state, 0, 1, sq(5, 5), "city", 1, [])
    assert state.battle.turn == 0 and state.battle.bonus == [0, 10]


def test_7_7_a_tie_goes_to_the_defender():
    state, battle = battle_state()
    state.battle = battle
    battle.fronts = [Front(["infantry-02", None], [0, 0]), Front([None, "mounted-02"], [0, 0])]
    add_figure(state, 0, "army", sq(5, 5))
    add_figure(state, 1, "army", sq(5, 5))
    settle(state, battle, [])
    assert battle.winner == 1
    assert [f.owner for f in state.figures] == [1]  # the losing attacker's army is destroyed


def test_7_9_2_the_left_hand_neighbour_plays_the_barbarians_who_play_first():
    state = past_setup(3)
    clear_map(state)
    state.minors[sq(5, 5)] = "village"
    add_figure(state, 0, "army", sq(5, 5))
    state.players[0].forces = []
    begin_battle(state, 0, None, sq(5, 5), "village", 1, [])
    edited(state)
    for _ in range(3):  # one infantry, one mounted and one artillery from the market decks
        chance = RULESET.decision(state)
        assert chance.seen_by == (1,)
        RULESET.apply(state, chance.outcomes[0])
    assert [u.split("-")[0] for u in sorted(state.battle.hands[1])] == ["artillery", "infantry", "mounted"]
    assert choice(state).seat == 1


def test_7_9_2_an_empty_deck_lets_the_barbarian_player_choose_another():
    """§7.9.2: "If a deck is empty, the barbarian player chooses one of the other decks for that
    draw." The infantry deck is empty (every infantry card in someone's standing forces)."""
    state = past_setup(3)
    clear_map(state)
    state.minors[sq(5, 5)] = "village"
    add_figure(state, 0, "army", sq(5, 5))
    state.players[0].forces = []
    infantry = state.unit_pool["infantry"] + state.unit_bottom["infantry"]
    state.players[2].forces += infantry
    state.unit_pool["infantry"], state.unit_bottom["infantry"] = [], []
    begin_battle(state, 0, None, sq(5, 5), "village", 1, [])
    edited(state)
    for _ in range(2):  # the mounted and the artillery card
        RULESET.apply(state, RULESET.decision(state).outcomes[0])
    asked = choice(state)
    assert asked.seat == 1  # the attacker's left-hand neighbour
    assert [a.kind for a in asked.actions] == ["mounted", "artillery"]
    RULESET.apply(state, next(a for a in asked.actions if a.kind == "artillery"))
    drawn = RULESET.decision(state)
    assert drawn.seen_by == (1,) and all(o.value.startswith("artillery") for o in drawn.outcomes)
    RULESET.apply(state, drawn.outcomes[0])
    assert sorted(u.split("-")[0] for u in state.battle.hands[1]) == ["artillery", "artillery", "mounted"]


def test_7_8_2_two_resources_from_a_destroyed_city_are_picked_one_by_one():
    """§7.8.2: the winner of a city takes "2 resource markers, which may include face-down hut or
    village markers, taken blind": it names each market marker it takes."""
    state = past_setup(2)
    clear_map(state)
    add_city(state, 1, sq(5, 5))
    loser, winner = state.players[1], state.players[0]
    loser.techs, loser.events = list(winner.techs), []  # no tech or event to take instead
    loser.resources = {"silk": 1, "iron": 1, "wheat": 0, "incense": 0}
    winner.resources = {}
    hut = next(m for m, card in state.tables.minors.items() if card.site == "hut")
    loser.minors = [hut]
    state.battle = Battle(0, 1, [0, 1], sq(5, 5), "city", stage="loot", winner=0)
    state.phase, state.after_battle = "battle", "movement"
    edited(state)
    assert [a.kind for a in choice(state).actions] == ["resources"]  # one choice: carried out by the rules
    RULESET.apply(state, choice(state).actions[0])
    first = choice(state)
    assert first.seat == 0 and [a.kind for a in first.actions] == ["resource:iron", "resource:silk", "marker"]
    RULESET.apply(state, next(a for a in first.actions if a.kind == "resource:iron"))
    second = choice(state)
    assert [a.kind for a in second.actions] == ["resource:silk", "marker"]
    RULESET.apply(state, next(a for a in second.actions if a.kind == "marker"))
    assert state.battle is None  # two picks: the battle is over
    assert winner.resources == {"iron": 1} and hut in winner.minors  # the one marker, drawn blind


def won_by(state, battle, side: int) -> None:
    """Settle ``battle`` with one surviving 3-strength infantry on ``side``'s front."""
    state.battle, state.phase, state.after_battle = battle, "battle", "movement"
    front = [None, None]
    front[side] = "infantry-03"
    battle.fronts = [Front(front, [0, 0])]
    settle(state, battle, [])


def test_7_7_the_winner_removes_an_army_for_every_two_units_lost_but_never_the_last():
    """§7.7 "Ahányszor két egysége megsemmisült harc közben a győztesnek, annyi seregbábuját le
    kell vennie a térképmezőről — kivéve a legutolsót, az mindenképp a térképmezőn marad"."""
    for lost, left in ((1, 3), (2, 2), (4, 1), (7, 1)):
        state, battle = battle_state()
        for _ in range(3):
            add_figure(state, 0, "army", sq(5, 5))
        add_figure(state, 1, "army", sq(5, 5))
        battle.lost = [lost, 0]
        won_by(state, battle, 0)
        assert sum(1 for f in state.figures if f.owner == 0) == left, lost
        assert not any(f.owner == 1 for f in state.figures)


def test_6_4_example_two_armies_and_a_scout_are_destroyed_and_the_attacker_loots():
    """§6.4 ENEMY FIGURES, the example: "egy sereg olyan térképmezőre lép, ahol két ellenséges
    sereg és egy ellenséges felderítő tartózkodik. Harcra kerül sor, és a támadó sereg győzelmet
    arat. A két megtámadott sereg elpusztul, ahogy a felderítő is; a támadó zsákmányhoz jut"; the
    loot of §7.8.1: at most 3 trade, at most 3 culture, or one resource marker."""
    state, battle = battle_state()
    add_figure(state, 0, "army", sq(5, 5))
    for kind in ("army", "army", "scout"):
        add_figure(state, 1, kind, sq(5, 5))
    loser = state.players[1]
    armies, scouts = loser.armies, loser.scouts
    loser.trade, loser.culture, loser.resources, loser.minors = 5, 2, {"iron": 1}, []
    edited(state)
    won_by(state, battle, 0)
    assert [f.owner for f in state.figures] == [0]
    assert (loser.armies, loser.scouts) == (armies + 2, scouts + 1)  # back on the civ sheet
    loot = choice(state)
    assert loot.seat == 0 and sorted(a.kind for a in loot.actions) == ["culture", "resource:iron", "trade"]
    RULESET.apply(state, next(a for a in loot.actions if a.kind == "trade"))
    assert loser.trade == 2 and state.battle is None


def test_7_8_2_a_destroyed_city_returns_its_buildings_and_loses_its_wonder_and_great_person():
    """§7.8.2 "Az ostromlott város elpusztul, jelzője visszakerül tulajdonosa civilizációlapjára.
    A külvárosokon lévő épületek visszakerülnek a piactáblára, az ugyanott lévő csodák és
    kiválóságok pedig a dobozba ... A győztes figurái maradnak azon a térképmezőn, ahol a
    városközpont volt"; the winner then learns a technology, draws an event card or takes 2
    resources."""
    from engine.rulesets.civilization.production import markers_left

    state = past_setup(2)
    clear_map(state)
    add_city(state, 1, sq(5, 5))
    add_figure(state, 0, "army", sq(5, 5))
    loser = state.players[1]
    state.buildings[sq(4, 4)] = (1, "temple")
    state.wonders[sq(6, 6)] = (1, "colossus")
    loser.wonders = ["colossus"]
    state.greats[sq(4, 6)] = (1, "artist-1")
    loser.events, loser.resources, loser.minors = ["ancient-01"], {"silk": 1}, []
    loser.techs = [*loser.techs, "pottery"] if "pottery" not in loser.techs else loser.techs
    state.players[0].techs = [t for t in state.players[0].techs if t != "pottery"]
    temples = markers_left(state, "temple")
    edited(state)
    won_by(state, Battle(0, 1, [0, 1], sq(5, 5), "city"), 0)
    assert not state.cities and not state.buildings and not state.wonders and not state.greats
    assert markers_left(state, "temple") == temples + 1 and loser.wonders == [] and "artist-1" not in loser.greats
    assert [(f.owner, f.square) for f in state.figures] == [(0, sq(5, 5))]
    kinds = {a.kind.split(":")[0] for a in choice(state).actions}
    assert kinds == {"tech", "event", "resources"} and "tech:pottery" in {a.kind for a in choice(state).actions}


def test_7_9_2_beaten_by_barbarians_the_army_is_destroyed_and_nothing_more():
    """§7.9.2 "Amennyiben a hódítók vereséget szenvedtek, a térképmezőre lépett bábu (vagy
    bábuk, ha együtt mozogtak) elpusztul ...; azonban a vereségnek nincs más büntetése": no
    loot, and the village stays."""
    state = past_setup(3)
    clear_map(state)
    state.minors[sq(5, 5)] = "village"
    add_figure(state, 0, "army", sq(5, 5))
    add_figure(state, 0, "army", sq(5, 5))
    player = state.players[0]
    trade, culture = player.trade, player.culture
    won_by(state, Battle(0, None, [0, 1], sq(5, 5), "village"), 1)
    assert state.figures == [] and state.battle is None and state.minors[sq(5, 5)] == "village"
    assert (player.trade, player.culture) == (trade, culture)


def test_7_9_2_a_conquered_village_shows_a_great_person_or_a_resource():
    """§7.9.2 "Ha azon kiválóságikont lát, eldobja a falujelzőt és húz egy kiválóságot; ha
    viszont erőforrást, a falu jelzőjét civilizációlapjára rakja"."""
    greats = sorted(m for m, c in past_setup(3).tables.minors.items() if c.site == "village" and c.result == "great_person")
    for marker in [greats[0], "village-silk-1"]:
        state = past_setup(3)
        clear_map(state)
        state.minors[sq(5, 5)] = "village"
        add_figure(state, 0, "army", sq(5, 5))
        player = state.players[0]
        held = len(player.greats) + len(state.greats)
        won_by(state, Battle(0, None, [0, 1], sq(5, 5), "village"), 0)
        assert sq(5, 5) not in state.minors
        edited(state)
        force(state, marker)
        if marker == "village-silk-1":
            assert player.minors == ["village-silk-1"]
        else:
            assert player.minors == [] and isinstance(RULESET.decision(state), Chance)  # a great person is drawn
            RULESET.apply(state, RULESET.decision(state).outcomes[0])
            assert len(player.greats) + len(state.greats) == held + 1
