"""Expansion and combat against the rulebook: the two worked combat examples (§7.1), a
repeat paid with an army (§6.5), the arrow out of Akkad (§3.5), destroying and reinforcing,
Shuruppak's defence and coming back after being swept off the board."""

from __future__ import annotations

from flood_game import (
    GREEN,
    PURPLE,
    RED,
    arm,
    asked,
    check,
    new_game,
    offered,
    play,
    roll,
    stand,
)

from engine.core.decision import Chance
from engine.core.text import words
from engine.rulesets.after_the_flood.actions import (
    DestroyCity,
    Invade,
    ReEnter,
    Reinforce,
    RollAgain,
    Stop,
)


def test_a_better_equipped_invader_needs_five():
    """§7.1, example 1: purple (better equipped) invades Babylon (2 red armies) from Akkad,
    needing 5. Rolls 6: one red army dies. Rolls 4: purple loses an army from its personal
    supply. Rolls 7: the second red army dies, and purple places an army in Babylon."""
    state = new_game(order=(PURPLE, RED, GREEN))
    arm(state, PURPLE, "akkad", 5)
    arm(state, RED, "guti", 0)
    stand(state, PURPLE, "akkad", 1)
    stand(state, RED, "babylon", 2)
    state.ranking = [PURPLE, RED]
    play(state, Invade, "babylon")
    roll(state, 6)
    assert state.armies["babylon"] == (RED, 1)
    play(state, RollAgain)
    roll(state, 4)
    assert state.armies_personal[PURPLE] == 4 and state.armies["babylon"] == (RED, 1)
    play(state, RollAgain)
    roll(state, 7)
    assert state.armies["babylon"] == (PURPLE, 1)
    assert state.armies_personal[PURPLE] == 3
    check(state)


def test_a_worse_equipped_invader_needs_seven_and_the_city_is_not_involved():
    """§7.1, example 2: red (worse equipped) invades Nippur (green, with a green city),
    needing 7. Rolls 6: red loses an army. Rolls 8: the green army dies and red places an
    army. The city is not involved."""
    state = new_game()
    arm(state, RED, "guti", 4)
    arm(state, GREEN, "akkad", 0)
    stand(state, RED, "shuruppak", 1)
    stand(state, GREEN, "nippur", 1)
    state.cities["nippur"] = GREEN
    state.ranking = [GREEN, RED]
    play(state, Invade, "nippur")
    roll(state, 6)
    assert state.armies_personal[RED] == 3
    play(state, RollAgain)
    roll(state, 8)
    assert state.armies["nippur"] == (RED, 1) and state.cities["nippur"] == GREEN
    check(state)


def test_a_taken_area_opens_the_next_invasion_for_one_army():
    """§6.5's example: red took Babylon, handed in an army, then invaded Shuruppak."""
    state = new_game()
    arm(state, RED, "akkad", 5)
    stand(state, RED, "akkad", 1)
    play(state, Invade, "babylon")
    assert state.armies["babylon"] == (RED, 1), "an empty area is simply entered"
    assert "shuruppak" in {move.area for move in offered(state, Invade)}
    log = play(state, Invade, "shuruppak")
    assert any("hands in 1 army to expand again" in event.text for event in log)
    assert state.armies["shuruppak"] == (RED, 1)
    assert state.armies_personal[RED] == 5 - 3
    check(state)


def test_akkad_expands_only_towards_babylon_and_cannot_be_invaded():
    """§3.5: purple, with armies in Akkad, can only expand toward Babylon; red, holding
    Babylon, could not invade Akkad because the arrow does not point that way."""
    state = new_game(order=(PURPLE, RED, GREEN))
    arm(state, PURPLE, "akkad", 3)
    stand(state, PURPLE, "akkad", 2)
    assert [move.area for move in offered(state, Invade)] == ["babylon"]
    state = new_game()
    arm(state, RED, "guti", 3)
    stand(state, RED, "babylon", 2)
    assert "akkad" not in {move.area for move in offered(state, Invade)}


def test_destroying_a_city_costs_two_armies_from_the_personal_supply_and_its_markers_go_home():
    """§6.5 "Város elpusztítása": "Ha egy területen van egy vagy két sereged, valamint valaki
    másnak a városa ... be kell adnod két sereget saját készletedből. A város (és esetleges
    növekedés) jelzőjét add vissza tulajdonosának." Red's army stands in Uruk on green's grown
    city; red hands in 2 armies from its hand and the army on the board stays."""
    state = new_game()
    arm(state, RED, "guti", 3)
    stand(state, RED, "uruk", 1)
    state.cities["uruk"] = GREEN
    state.grown.add("uruk")
    state.cities["ur"] = RED
    assert {move.area for move in offered(state, DestroyCity)} == {"uruk"}, "only another's city"
    play(state, DestroyCity, "uruk")
    assert "uruk" not in state.cities and "uruk" not in state.grown
    assert state.armies["uruk"] == (RED, 1) and state.armies_personal[RED] == 1
    check(state)


def test_shuruppak_makes_every_city_of_its_owner_cost_three_but_only_with_two_cities():
    """"Suruppak: ... Ha van itt városod, és valaki le akarja rombolni egy városod (akár itt,
    akár másutt), ez neki két sereg helyett háromba kerül. Csak akkor érvényesül ez a
    képesség, ha legalább két városod van." Red holds 2 armies in hand and stands on green's
    cities in Uruk and Shuruppak: with both, neither can be destroyed (3 each); with
    Shuruppak alone it costs 2."""
    state = new_game()
    arm(state, RED, "guti", 2)
    stand(state, RED, "uruk", 1)
    state.armies["shuruppak"] = (RED, 1)
    state.armies_general[RED] -= 1
    state.cities["uruk"] = GREEN
    state.cities["shuruppak"] = GREEN
    assert not offered(state, DestroyCity)
    state.armies_personal[RED] += 1
    state.armies_general[RED] -= 1
    assert {move.area for move in offered(state, DestroyCity)} == {"uruk", "shuruppak"}
    play(state, DestroyCity, "uruk")
    assert state.armies_personal[RED] == 0, "3 armies for a city of Shuruppak's owner"
    state.turn, state.phase = 0, "action"
    state.armies_personal[RED] += 2
    state.armies_general[RED] -= 2
    assert {move.area for move in offered(state, DestroyCity)} == {"shuruppak"}, "one city left: 2 armies"
    play(state, DestroyCity, "shuruppak")
    assert not state.cities and state.armies_personal[RED] == 0
    check(state)


def test_reinforcing_puts_a_second_army_in_an_area_and_never_a_third():
    """§6.5 "Erősítés": "egy területre, ahol már van egy sereged, leraksz egy másikat. Egy
    területen legfeljebb két sereged lehet." """
    state = new_game()
    arm(state, RED, "guti", 4)
    stand(state, RED, "guti", 1)
    play(state, Reinforce, "guti")
    assert state.armies["guti"] == (RED, 2)
    assert not offered(state, Reinforce), "two is the most"
    check(state)


def test_invading_takes_no_workers_and_may_stop_after_a_roll():
    """§6.5: "Seregeid nem pusztítják el a többiek munkásait. Ha lerohansz egy területet, ahol
    saját munkásaid vannak, azok maradnak ott", and an invader attacks "amíg vagy el nem
    pusztítod az összes védekezőt, vagy fel nem hagysz a támadással, vagy el nem fogy minden
    sereged". Red enters Amorites (empty, workers of both); then attacks green's 2 armies in
    Egypt, misses, and gives up: green keeps Egypt."""
    state = new_game()
    arm(state, RED, "guti", 5)
    arm(state, GREEN, "akkad", 0)
    state.ranking = [RED, GREEN]
    stand(state, RED, "hittites", 1)
    state.workers["amorites"][RED] = 2
    state.workers["amorites"][GREEN] = 1
    state.workers_general[RED] -= 2
    state.workers_general[GREEN] -= 1
    stand(state, GREEN, "egypt", 2)
    play(state, Invade, "amorites")
    assert state.armies["amorites"] == (RED, 1) and state.workers["amorites"][:2] == [2, 1]
    play(state, Invade, "egypt")
    roll(state, 4)
    play(state, Stop)
    assert state.armies["egypt"] == (GREEN, 2)
    assert state.armies_personal[RED] == 5 - 1 - 1 - 1, "entered, repeat paid, one roll missed"
    check(state)


def test_an_attack_ends_when_the_attacker_has_no_army_left():
    """§6.5: the attack goes on until "el nem fogy minden sereged": red's last army in hand
    misses, and with no army left the action is over."""
    state = new_game()
    arm(state, RED, "guti", 1)
    arm(state, GREEN, "akkad", 0)
    state.ranking = [GREEN, RED]
    stand(state, RED, "shuruppak", 1)
    stand(state, GREEN, "nippur", 1)
    play(state, Invade, "nippur")
    roll(state, 6)
    assert state.armies["nippur"] == (GREEN, 1) and state.armies_personal[RED] == 0
    assert state.active != RED
    check(state)


def test_red_may_invade_nippur_or_umma_and_umma_is_simply_entered():
    """§6.5's example: "A vörös játékos a terjeszkedést választja. Lerohanhatja Nippurt vagy
    Ummát. Ha Ummát választaná, egyszerűen odarakná egy sereget, hiszen ott nincs védekező
    sereg." Red stands in Shuruppak, green in Nippur."""
    state = new_game()
    arm(state, RED, "guti", 4)
    arm(state, GREEN, "akkad", 0)
    stand(state, RED, "shuruppak", 1)
    stand(state, GREEN, "nippur", 1)
    assert {"nippur", "umma"} <= {move.area for move in offered(state, Invade)}
    play(state, Invade, "umma")
    assert state.armies["umma"] == (RED, 1) and state.armies_personal[RED] == 3
    check(state)


def test_nobody_invades_dilmun_or_akkad():
    """§6.5: "Dilmunra nem mutat nyíl, így nem rohanható le seregekkel ... Akkádot nem
    támadhatja senki, mivel nem mutat nyíl ide ... Dilmun nem rohanható le." No area's
    armies may invade either, and Dilmun's armies (there are none) could go nowhere."""
    state = new_game()
    for area, near in state.tables.targets.items():
        assert not {"dilmun", "akkad"} & set(near), area
    assert state.tables.targets["dilmun"] == ()


def test_an_empire_swept_off_the_board_comes_back_through_its_start_area():
    """§6.4: "Az is megtörténhet, hogy birodalmad hamar elsöprik, és nem marad sereged a
    játéktáblán. Ezt a fenti módon kell kezelned, vagyis először a kezdőterületet kell
    felszabadítanod. Ha sumer birodalmadat söpörték el, akkor bármelyik sumer területen
    létrehozhatod újabb sumer birodalmadat" (issue 5, option reentry, on by default). Red's
    Guti has no army left and green holds Guti: red may only re-enter there, fighting as at
    creation (no stop); green's Sumer empire may re-enter anywhere in Sumer."""
    state = new_game(order=(RED, GREEN, PURPLE))
    arm(state, RED, "guti", 3)
    arm(state, GREEN, "sumer-1", 2)
    state.empire_area[GREEN] = "ur"
    state.ranking = [GREEN, RED]
    stand(state, GREEN, "guti", 1)
    assert [move.area for move in offered(state, ReEnter)] == ["guti"] and not offered(state, Invade)
    play(state, ReEnter, "guti")
    roll(state, 5)
    assert isinstance(asked(state), Chance), "no stopping: the next roll follows"
    roll(state, 8)
    assert state.armies["guti"] == (RED, 1)
    assert state.active == GREEN, "red's last army cannot pay a repeat: the action is over"
    assert {move.area for move in offered(state, ReEnter)} == set(state.tables.sumerian)
    check(state)


def test_an_attack_needs_five_or_seven_by_the_army_table_as_it_stands_now():
    """§6.5: "Ha a te sereged felszerelése jobb, a két kocka összértékének legalább ötnek kell
    lennie; ha a te sereged felszerelése rosszabb, az összértéknek legalább hétnek", with the
    army table as §6.4's example leaves it: red, A when it created its empire, needs 5 against
    purple (B); once green equipped better still, red is C and needs 7 against purple."""
    state = new_game()
    arm(state, RED, "guti", 4)
    arm(state, PURPLE, "akkad", 0)
    state.ranking = [RED, PURPLE]
    stand(state, RED, "shuruppak", 1)
    stand(state, PURPLE, "nippur", 1)
    play(state, Invade, "nippur")
    assert "5 or more" in words(asked(state).prompt), "red A, purple B"
    state.ranking = [GREEN, PURPLE, RED]
    assert "7 or more" in words(asked(state).prompt), "red C, purple B"
    roll(state, 6)
    assert state.armies["nippur"] == (PURPLE, 1) and state.armies_personal[RED] == 4 - 1
    check(state)
