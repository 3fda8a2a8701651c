"""Phases 1 and 2 against the rulebook's examples: production by dense rank (§5.2) and
decline (§5.3)."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, check, new_game, send_workers

from engine.rulesets.after_the_flood.round_start import decline, produce, start_round
from engine.rulesets.after_the_flood.tables import (
    IRRIGATION,
    SCRIBES,
    SCRIBES_USED,
    SPINNING,
    TOOLMAKERS,
    TOOLMAKERS_USED,
)


def test_round_one_gives_everyone_six_grain_and_three_textiles():
    """§5.2: in round 1 every player has 1 worker on each box, so all tie for first."""
    state = new_game()
    assert [held["grain"] for held in state.held] == [6, 6, 6]
    assert [held["textiles"] for held in state.held] == [3, 3, 3]


def test_production_ranks_densely_and_ties_share_a_rank():
    """§12.6's production example: 6/4/4 grain and 3/3/2 textiles. Irrigation red 3, green 2,
    purple 2 (green and purple share 2nd); spinning red 2, green 2, purple 1."""
    state = new_game()
    send_workers(state, RED, IRRIGATION, 2)
    send_workers(state, GREEN, IRRIGATION, 1)
    send_workers(state, PURPLE, IRRIGATION, 1)
    send_workers(state, RED, SPINNING, 1)
    send_workers(state, GREEN, SPINNING, 1)
    return_grain_and_textiles(state)
    produce(state, [])
    assert [state.held[p]["grain"] for p in (RED, GREEN, PURPLE)] == [6, 4, 4]
    assert [state.held[p]["textiles"] for p in (RED, GREEN, PURPLE)] == [3, 3, 2]
    check(state)


def test_no_worker_on_a_box_produces_nothing_from_it():
    """§5.2: a player with zero workers on a box receives nothing from that box."""
    state = new_game()
    state.workers[SPINNING][PURPLE] = 0
    state.workers_general[PURPLE] += 1
    return_grain_and_textiles(state)
    produce(state, [])
    assert state.held[PURPLE]["textiles"] == 0 and state.held[PURPLE]["grain"] == 6


def return_grain_and_textiles(state) -> None:
    """Round 1's production goes back to the supply, so the next one is not short."""
    for held in state.held:
        for resource in ("grain", "textiles"):
            state.supply[resource] += held[resource]
            held[resource] = 0


def test_decline_keeps_two_on_the_irrigation_box_and_takes_as_many_from_everyone():
    """§5.3's example: red has the most on irrigation (4) and removes 2; purple and green
    must remove 2 too, but green had only 1, so green removes 1. On spinning purple and
    green have the most with only 2 each: nobody removes any."""
    state = new_game()
    send_workers(state, RED, IRRIGATION, 3)  # 4 with the worker from setup
    send_workers(state, PURPLE, IRRIGATION, 2)  # 3
    send_workers(state, PURPLE, SPINNING, 1)  # 2
    send_workers(state, GREEN, SPINNING, 1)  # 2
    general = list(state.workers_general)
    decline(state, [])
    assert state.workers[IRRIGATION] == [2, 0, 1]  # red, green, purple
    assert state.workers[SPINNING] == [1, 2, 2]
    assert [state.workers_general[p] - general[p] for p in (RED, GREEN, PURPLE)] == [2, 1, 2]
    check(state)


def test_decline_clears_dilmun_and_takes_one_worker_per_foreign_area_scribe_and_toolmaker():
    """§5.3 steps 1, 2 and 5: all workers leave Dilmun; one per other foreign area (the
    digest's reading, issue 4); one from the scribes and one from the toolmakers box."""
    state = new_game()
    send_workers(state, RED, "dilmun", 3)
    send_workers(state, RED, "egypt", 3)
    send_workers(state, GREEN, "egypt", 1)
    send_workers(state, RED, SCRIBES, 2)
    send_workers(state, RED, TOOLMAKERS, 2)
    decline(state, [])
    assert state.workers["dilmun"][RED] == 0
    assert state.workers["egypt"][RED] == 2 and state.workers["egypt"][GREEN] == 0
    assert state.workers[SCRIBES][RED] == 1 and state.workers[TOOLMAKERS][RED] == 1
    check(state)


def test_used_scribes_are_ready_again_next_round():
    """§6.2's example: red activates both scribes; they return to the ready side at the start
    of the next round (§5.2 step 4)."""
    state = new_game()
    state.workers_general[RED] -= 2
    state.workers[SCRIBES_USED][RED] = 2
    state.round = 3  # no decline in round 3
    start_round(state, [])
    assert state.workers[SCRIBES][RED] == 2 and state.workers[SCRIBES_USED][RED] == 0
    check(state)


def test_setup_puts_a_worker_on_each_production_box_and_hands_out_five_resources():
    """"Előkészületek": "Mindegyikötök egy-egy munkással kezd az öntözés és a fonás-szövés
    dobozában" and "Mind kaptok egy fakockát, egy fémkockát, egy szerszámkorongot, egy
    olajkorongot, egy aranykorongot, valamint megkapjátok két munkásotokat"; with phase 1's 8
    workers round 1 starts with 10 ("Így az első fordulóban tíz-tíz munkással kezdtek")."""
    state = new_game()
    for player in (RED, GREEN, PURPLE):
        assert state.workers[IRRIGATION][player] == 1 and state.workers[SPINNING][player] == 1
        assert {r: n for r, n in state.held[player].items() if r not in ("grain", "textiles")} == {
            "wood": 1, "metal": 1, "tools": 1, "oil": 1, "gold": 1, "lapis": 0}
        assert state.workers_personal[player] == 10
    assert state.supply == {"grain": 22 - 18, "textiles": 15 - 9, "wood": 9, "metal": 9, "tools": 9, "oil": 4,
                            "gold": 4, "lapis": 7}
    check(state)


def test_a_short_general_supply_gives_fewer_workers():
    """Phase 1: each round "kaptok nyolcat – amennyiben van elegendő a közös készletben, mert
    akinek nincs, az értelemszerűen kevesebbet kap". Red has only 5 workers left in the
    general supply when round 3 starts: red takes those 5, green and purple 8 each."""
    state = new_game()
    state.workers_personal[RED] += state.workers_general[RED] - 5
    state.workers_general[RED] = 5
    personal = list(state.workers_personal)
    state.round = 3
    start_round(state, [])
    assert [state.workers_personal[p] - personal[p] for p in (RED, GREEN, PURPLE)] == [5, 8, 8]
    assert state.workers_general[RED] == 0
    check(state)


def test_the_city_in_ur_gives_its_owner_one_more_textile_in_phase_one():
    """"Ur: ... Ha van itt városod, az első fázis során kapsz egy plusz textilkockát." Red
    owns Ur: 3 textiles for first place on spinning & weaving, and 1 more."""
    state = new_game()
    state.cities["ur"] = RED
    return_grain_and_textiles(state)
    produce(state, [])
    assert [state.held[p]["textiles"] for p in (RED, GREEN, PURPLE)] == [4, 3, 3]
    check(state)


def test_decline_happens_in_rounds_two_and_four_only():
    """"Erre a fázisra csak a második és a negyedik fordulóban kerül sor": 2 workers of red's
    on Egypt lose 1 when round 2 or 4 starts, none when round 3 or 5 starts."""
    for round_, left in ((2, 1), (3, 2), (4, 1), (5, 2)):
        state = new_game()
        send_workers(state, RED, "egypt", 2)
        state.round = round_
        start_round(state, [])
        assert state.workers["egypt"][RED] == left, round_
        check(state)


def test_decline_takes_one_worker_from_each_scribes_and_toolmakers_box_after_they_are_refreshed():
    """Phase 2: "Mind elveszítitek egy-egy munkásotokat az írnokok, egyet-egyet a
    szerszámkészítők dobozáról", after phase 1 moved every used one back ("az írnokok és a
    szerszámkészítők dobozának jobb oldaláról az összes munkást át kell tennetek a bal
    oldalra"). Red's 2 used scribes and 1 used toolmaker: 1 scribe left, no toolmaker."""
    state = new_game()
    send_workers(state, RED, SCRIBES_USED, 2)
    send_workers(state, RED, TOOLMAKERS_USED, 1)
    state.round = 2
    start_round(state, [])
    assert state.workers[SCRIBES][RED] == 1 and state.workers[SCRIBES_USED][RED] == 0
    assert state.workers[TOOLMAKERS][RED] == 0 and state.workers[TOOLMAKERS_USED][RED] == 0
    check(state)
