"""Phase 3's turn and phase 4 against the rulebook's examples: the cost of acting after a
pass (§5.4), where a city may be founded (§6.1) and the turn order from the bids (§5.5)."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, check, labels, new_game, offered, play, stand

from engine.rulesets.after_the_flood.actions import (
    Done,
    FoundCity,
    Pass,
    PayCost,
    PlaceWorkers,
    RelocateCity,
)
from engine.rulesets.after_the_flood.round_end import end_phase_three
from engine.rulesets.after_the_flood.tables import SCRIBES, SCRIBES_USED, TOOLMAKERS


def test_after_a_pass_the_next_player_pays_a_worker_to_act():
    """§12.6's pass cost example: red passes (free, issue 6); green must hand in 1 resource,
    worker or army before acting, and pays a worker, which goes to the general supply."""
    state = new_game()
    play(state, Pass)
    play(state, Done)  # red bids nothing
    assert state.active == GREEN
    assert "hand in 1 worker to act" in labels(state, PayCost)
    personal, general = state.workers_personal[GREEN], state.workers_general[GREEN]
    play(state, PayCost, "worker")
    assert (state.workers_personal[GREEN], state.workers_general[GREEN]) == (personal - 1, general + 1)
    assert offered(state, PlaceWorkers), "having paid, green chooses an action"
    check(state)


def test_only_ur_may_be_founded_of_ur_eridu_and_lagash():
    """§6.1's example: of Ur, Eridu and Lagash red may only choose Ur. Eridu already has a
    city, and Lagash holds a purple army (only purple could build there)."""
    state = new_game()
    state.cities["eridu"] = GREEN
    stand(state, PURPLE, "lagash", 1)
    sites = {move.area for move in offered(state, FoundCity)}
    assert "ur" in sites and not {"eridu", "lagash"} & sites
    play(state, FoundCity, "ur")
    play(state, FoundCity, "sippar")  # green's action
    assert state.active == PURPLE
    assert "lagash" in {move.area for move in offered(state, FoundCity)}, "purple may build under its own army"


def test_the_only_bidder_goes_first_and_ties_keep_their_order():
    """§5.5's example: only green bid (1 textile, value 2), so green goes first; red and
    purple tied at 0 and keep their previous order."""
    state = new_game(order=(PURPLE, RED, GREEN))
    state.held[GREEN]["textiles"] -= 1
    state.bids[GREEN] = {"textiles": 1}
    end_phase_three(state, [])
    assert state.order == [GREEN, PURPLE, RED]


def test_the_cost_is_one_piece_whether_one_or_two_players_have_passed_and_a_passed_player_is_skipped():
    """§5.4 / "CSELEKEDET PASSZOLÁS": "A pluszköltség ugyanannyi, akár egy játékos passzolt,
    akár kettő", and "Ha passzolsz, ebben a fázisban már nem kerül rád a sor." Red and green
    pass; purple pays 1 grain, founds a city, and acts again next (red and green are skipped),
    paying 1 again for that action."""
    state = new_game()
    for _ in range(2):
        play(state, Pass)
        play(state, Done)
    assert state.active == PURPLE
    grain = state.held[PURPLE]["grain"]
    play(state, PayCost, "grain")
    assert state.held[PURPLE]["grain"] == grain - 1
    assert not offered(state, PayCost), "one piece pays for the action"
    play(state, FoundCity, "ur")
    assert state.active == PURPLE, "the players who passed take no more turns"
    assert offered(state, PayCost), "each action costs again"
    check(state)


def test_no_city_outside_sumer():
    """§6.1: "Nem-sumer területen nem alapíthatsz várost": only the 9 Sumerian areas are offered."""
    state = new_game()
    assert {move.area for move in offered(state, FoundCity)} == set(state.tables.sumerian)


def test_with_all_four_cities_on_the_board_one_is_moved_elsewhere_without_its_growth_marker():
    """§6.1: "Ha már az összes városjelződ a játéktáblán van, leveheted az egyiket (ha van
    neki, növekedésjelzőjével együtt). Ilyenkor a levett várost máshová kell leraknod (a
    növekedésjelzőt természetesen nem rakod rá)." With 3 cities red may only found; with 4
    red may only move one, not onto a city or another's army, and the moved city is ungrown."""
    state = new_game()
    for area in ("umma", "lagash", "nippur"):
        state.cities[area] = RED
    assert offered(state, FoundCity) and not offered(state, RelocateCity)
    state.cities["eridu"] = RED
    state.grown.add("umma")
    state.cities["ur"] = GREEN
    stand(state, PURPLE, "sippar", 1)
    assert not offered(state, FoundCity)
    targets = {move.area for move in offered(state, RelocateCity) if move.source == "umma"}
    assert targets == {"babylon", "shuruppak", "uruk"}
    play(state, RelocateCity, "umma", "babylon")
    assert "umma" not in state.cities and state.cities["babylon"] == RED
    assert "babylon" not in state.grown and "umma" not in state.grown
    check(state)


def test_eridu_and_uruk_bring_a_worker_from_the_general_supply_each_time_a_city_is_built():
    """"Városszabályok": Eridu: "a közös készletből megkapod egy munkásodat, hogy felrakd a
    szerszámkészítő dobozára"; Uruk: the same onto the scribes box; "Ez mindig megtörténik,
    amikor itt építesz egy várost" (moving a city there included)."""
    state = new_game()
    general = state.workers_general[RED]
    play(state, FoundCity, "eridu")
    assert state.workers[TOOLMAKERS][RED] == 1 and state.workers_general[RED] == general - 1
    play(state, FoundCity, "uruk")  # green
    assert state.workers[SCRIBES][GREEN] == 1
    check(state)
    for area in ("umma", "lagash", "nippur"):
        state.cities[area] = RED
    state.turn = 0
    play(state, RelocateCity, "eridu", "ur")
    assert state.workers[TOOLMAKERS][RED] == 1, "moving away from Eridu gives nothing back"
    state.turn = 0
    play(state, RelocateCity, "ur", "eridu")
    assert state.workers[TOOLMAKERS][RED] == 2, "built in Eridu again: another worker"
    check(state)


def test_uruk_gives_no_scribe_beyond_the_limit_of_two():
    """Issue 13: "Az írnokok dobozán ... egy játékosnak legfeljebb két munkása lehet" holds for
    Uruk's worker too: red, with 2 scribes (one used), founds Uruk and gets no third."""
    state = new_game()
    state.workers_general[RED] -= 2
    state.workers[SCRIBES][RED] = 1
    state.workers[SCRIBES_USED][RED] = 1
    general = state.workers_general[RED]
    play(state, FoundCity, "uruk")
    assert state.workers[SCRIBES][RED] + state.workers[SCRIBES_USED][RED] == 2
    assert state.workers_general[RED] == general
    check(state)


def test_the_turn_order_counts_the_value_of_the_bids_not_their_number():
    """§5.5: "A következő forduló játékosrendjét a passzdobozra rakott erőforrások értéke
    határozza meg ... Egyenlőség esetén az érintettek sorrendje nem változik." Purple bids 3
    grain (3), red 1 tools (3), green 1 gold (4): green first, then red and purple, tied, in
    their old order."""
    state = new_game(order=(PURPLE, RED, GREEN))
    for player, resource, count in ((PURPLE, "grain", 3), (RED, "tools", 1), (GREEN, "gold", 1)):
        state.held[player][resource] -= count
        state.bids[player] = {resource: count}
    end_phase_three(state, [])
    assert state.order == [GREEN, PURPLE, RED]
