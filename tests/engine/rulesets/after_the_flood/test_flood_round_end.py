"""Round end: city growth against §8.2's example, and the winner of a tie (§8.5)."""

from __future__ import annotations

from flood_game import (
    GREEN,
    PURPLE,
    RED,
    asked,
    check,
    new_game,
    offered,
    play,
    send_workers,
    stand,
)

from engine.core.decision import End
from engine.rulesets.after_the_flood.actions import AddLuxury, Done, Grow
from engine.rulesets.after_the_flood.common import add_score
from engine.rulesets.after_the_flood.round_end import (
    end_phase_three,
    end_round,
    final_scoring,
)
from engine.rulesets.after_the_flood.tables import TOOLMAKERS, TOOLMAKERS_USED


def growing_red(luxuries: dict[str, int]) -> object:
    """Phase 5 with red owning the city in Uruk, 3 wood and the given luxuries."""
    state = new_game()
    state.cities["uruk"] = RED
    for resource, count in {"wood": 3, "tools": 0, "oil": 0, "gold": 0, "lapis": 0, **luxuries}.items():
        state.supply[resource] += state.held[RED][resource] - count
        state.held[RED][resource] = count
    state.phase, state.turn, state.decision = "grow", 0, None
    return state


def test_three_luxuries_score_fourteen_and_a_second_of_a_kind_is_refused():
    """§8.2's example: red has 3 wood, 2 tools, 2 oil and 1 gold, and grows Uruk with 2 wood
    + 1 oil + 1 tools + 1 gold, scoring 14 VP. The second tools or oil may not be added."""
    state = growing_red({"tools": 2, "oil": 2, "gold": 1})
    play(state, Grow, "uruk")
    for luxury in ("oil", "tools"):
        play(state, AddLuxury, luxury)
    assert [move.resource for move in offered(state, AddLuxury)] == ["gold"], "no second tools or oil"
    log = play(state, AddLuxury, "gold")
    assert "Red: done (the only move)" in [event.text for event in log], "nothing more to add: growth ends"
    assert state.score[RED] == 14 and "uruk" in state.grown
    assert state.held[RED] == {**state.held[RED], "wood": 1, "tools": 1, "oil": 1, "gold": 0}
    check(state)


def test_four_different_luxuries_score_twenty():
    """§8.2: 4 luxuries score 20 VP (implied by the example's "to get 20")."""
    state = growing_red({"tools": 1, "oil": 1, "gold": 1, "lapis": 1})
    play(state, Grow, "uruk")
    for luxury in ("tools", "oil", "gold", "lapis"):
        play(state, AddLuxury, luxury)
    assert state.score[RED] == 20, "with no luxury left, growth ends by itself"
    check(state)


def test_a_tie_for_most_vp_is_won_by_the_tied_player_earlier_in_the_last_turn_order():
    """"A játék vége": "Egyenlőség esetén az érintettek közül az győz, aki előbb van a
    játékosrendben", the order set in round 5's phase 4 ("Az utolsó fordulóban is határozzátok
    meg a játékosrendet, mert pontegyenlőség esetén ez dönt"). Red and Purple both have 10 VP,
    Purple is before Red: Purple alone wins, and Red, earlier in neither, ranks second."""
    state = new_game(order=(PURPLE, GREEN, RED))
    state.score = [10, 4, 10]
    state.phase = "over"
    end = asked(state)
    assert isinstance(end, End)
    assert end.ranking == (PURPLE, RED, GREEN)
    assert end.winners == (PURPLE,)


def test_without_a_tie_the_most_vp_wins_whatever_the_turn_order():
    """"Az győz, akinek a legtöbb győzelmi pontja van": the turn order decides only a tie."""
    state = new_game(order=(PURPLE, GREEN, RED))
    state.score = [11, 4, 10]
    state.phase = "over"
    assert asked(state).winners == (RED,)


def test_two_points_an_area_with_armies_and_nippur_adds_one_for_each_sumerian_one():
    """§5.6: "Két győzelmi pontot kapsz minden olyan területért, ahol van legalább egy
    sereged"; Nippur: "eggyel több győzelmi pontot kapsz minden olyan sumer területért, ahol
    van sereg" ("ahol van sereged" in the summary). Red (Nippur's city) holds Guti, Babylon
    with 2 armies and Sippar: 6 + 2; green holds Ur only: 2."""
    state = new_game()
    state.cities["nippur"] = RED
    stand(state, RED, "guti", 1)
    stand(state, RED, "babylon", 2)
    stand(state, RED, "sippar", 1)
    stand(state, GREEN, "ur", 1)
    for player in (RED, GREEN, PURPLE):
        state.passed[player] = True
    end_phase_three(state, [])
    assert state.score == [8, 2, 0]


def test_a_city_grows_once_enemy_armies_do_not_stop_it_and_several_may_grow():
    """§8.2: "Egy város csak egyszer növelhető meg ... Ha van elég erőforrásod, egyszerre több
    városod is megnövelheted. Ellenséges sereg jelenléte nem akadályozza egy város
    megnövelését." Red has 4 wood and cities in Uruk (green's army there), Ur and Eridu
    (grown before): Uruk and Ur grow, Eridu never."""
    state = growing_red({"wood": 4})
    state.cities["ur"] = RED
    state.cities["eridu"] = RED
    state.grown.add("eridu")
    stand(state, GREEN, "uruk", 2)
    assert {move.area for move in offered(state, Grow)} == {"uruk", "ur"}
    play(state, Grow, "uruk")  # no luxuries held: the growth closes at once
    assert {move.area for move in offered(state, Grow)} == {"ur"}
    play(state, Grow, "ur")
    assert state.grown == {"eridu", "uruk", "ur"} and state.held[RED]["wood"] == 0
    assert state.score[RED] == 2 * state.tables.growth_vp[0]
    check(state)


def test_growth_follows_the_new_turn_order():
    """§5.6: "Sorban, a játékosrend szerint megnövelhetitek városaitokat", after phase 4 set
    the order: purple bid and grows first, then red."""
    state = new_game()
    for player, area in ((RED, "ur"), (PURPLE, "uruk")):
        state.cities[area] = player
        state.held[player]["wood"] = 2
        state.supply["wood"] -= 1
    state.held[PURPLE]["grain"] -= 1
    state.bids[PURPLE] = {"grain": 1}
    state.passed = [True, True, True]
    state.decision = None
    end_phase_three(state, [])
    assert state.order == [PURPLE, RED, GREEN]
    assert [move.area for move in offered(state, Grow)] == ["uruk"]
    play(state, Done)
    assert [move.area for move in offered(state, Grow)] == ["ur"]
    check(state)


def test_the_round_ends_with_armies_unplaced_pieces_bids_and_equipment_back_in_the_supply():
    """§5.7 "Hatodik fázis": "Vegyétek le seregeiteket a játéktábláról ... Fel nem rakott
    munkásaitokat és seregeiteket is rakjátok vissza a közös készletbe. Megmaradt
    erőforrásaitokat megtartjátok. A passzdobozon és a seregtáblázaton lévő erőforrásokat
    rakjátok vissza a közös készletbe." Then round 2 begins with 8 new workers each."""
    state = new_game()
    stand(state, RED, "guti", 2)
    state.armies_general[RED] -= 3
    state.armies_personal[RED] = 3
    state.held[RED]["gold"] -= 1
    state.army_table = {"gold": 1}
    state.held[GREEN]["textiles"] -= 1
    state.bids[GREEN] = {"textiles": 1}
    held = [dict(h) for h in state.held]
    supply = dict(state.supply)
    end_round(state, [])
    assert state.round == 2 and not state.armies and state.armies_general == [20, 20, 20]
    assert state.workers_personal == [8, 8, 8], "the 10 unplaced of round 1 went back"
    assert state.supply["gold"] == supply["gold"] + 1, "the equipment is back"
    assert state.held[RED]["gold"] == held[RED]["gold"] and not state.bids[GREEN] and not state.army_table
    check(state)  # every piece accounted for: the bid's textile went back to the supply


def test_final_majorities_score_the_printed_number_and_a_tie_scores_nothing():
    """"A játék vége": "Bizonyos területeken vagy dobozokon látható egy szám: ennyi győzelmi
    pontot kap az, akinek a legtöbb munkása van itt. Egyenlőség esetén senki sem kap győzelmi
    pontot." Egypt (4): red 2, green 1; Elam (4): green 1, purple 1; irrigation (3): all 1;
    toolmakers (3): purple 1 ready and 1 used against red's 1."""
    state = new_game()
    send_workers(state, RED, "egypt", 2)
    send_workers(state, GREEN, "egypt", 1)
    send_workers(state, GREEN, "elam", 1)
    send_workers(state, PURPLE, "elam", 1)
    send_workers(state, PURPLE, TOOLMAKERS, 1)
    send_workers(state, PURPLE, TOOLMAKERS_USED, 1)
    send_workers(state, RED, TOOLMAKERS, 1)
    final_scoring(state, [])
    assert state.score == [4, 0, 3]


def test_passing_seventy_points_locks_a_worker_on_the_plus_seventy_box():
    """§5.6: "Ha győzelmi pontjaid száma túlhaladja a hetvenet, a közös készletből rakd egy
    munkásod a pontsávra, a +70-es dobozra". Red at 68 scores 4."""
    state = new_game()
    state.score[RED] = 68
    general = state.workers_general[RED]
    add_score(state, RED, 4, "test", [])
    assert state.score[RED] == 72 and state.workers_locked[RED] == 1
    assert state.workers_general[RED] == general - 1
    check(state)
