"""Creating empires against §6.4's examples: the army table's ranks as empires appear, and
the Sumer empire started on another player's city."""

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
    send_workers,
    stand,
)

from engine.core.decision import Chance
from engine.rulesets.after_the_flood.actions import (
    Buy,
    CreateEmpire,
    Deploy,
    Done,
    Equip,
)


def create(state, empire: str, area: str, buy: tuple[str, ...], equip: tuple[str, ...], deploy: int) -> None:
    play(state, CreateEmpire, empire, area)
    for resource in buy:
        play(state, Buy, resource)
    play(state, Done)
    for resource in equip:
        play(state, Equip, resource)
    play(state, Done)
    if offered(state, Deploy):
        play(state, Deploy, deploy)


def ranks_after_three_creations(purple_equips: tuple[str, ...]) -> list[int]:
    """Red creates Guti with 8 armies and 1 metal for 2 more, and equips nothing; green
    creates Akkad and equips 1 textile (2); purple creates the Sumer empire."""
    state = new_game()
    send_workers(state, RED, "guti", 2)
    send_workers(state, GREEN, "akkad", 1)
    create(state, "guti", "guti", ("metal",), (), 1)
    assert state.armies["guti"] == (RED, 1) and state.armies_personal[RED] == 10 - 1
    assert state.workers["guti"][RED] == 0, "red removes his workers from Guti"
    assert state.ranking == [RED], "the first creator is A"
    create(state, "akkad", "akkad", (), ("textiles",), 1)
    assert state.ranking == [GREEN, RED]
    create(state, "sumer-1", "ur", (), purple_equips, 1)
    check(state)
    return state.ranking


def test_later_better_equipped_empires_push_earlier_ones_down_the_army_table():
    """§6.4's example: red A; green (2) A, red B; purple (1 grain) B, red C."""
    assert ranks_after_three_creations(("grain",)) == [GREEN, PURPLE, RED]


def test_an_equal_score_ranks_below_the_earlier_creator():
    """§6.4's example: had purple spent 0, purple would have been C, below red's earlier 0."""
    assert ranks_after_three_creations(()) == [GREEN, RED, PURPLE]


def test_the_sumer_empire_starts_on_another_players_city():
    """§6.4's Sumer example: in round 1 green creates the Sumer empire with 3 armies and buys
    1 more, equips, and starts in Uruk although red has a city there. No worker is needed."""
    state = new_game(order=(GREEN, RED, PURPLE))
    state.cities["uruk"] = RED
    create(state, "sumer-1", "uruk", ("grain",), ("textiles",), 2)
    assert state.armies["uruk"] == (GREEN, 2)
    assert state.armies_personal[GREEN] == 3 + 1 - 2
    assert state.cities["uruk"] == RED, "the city stays"
    check(state)


def test_an_empire_needs_a_worker_in_its_area_and_nobody_with_more_there():
    """§6.4: "szükséges, hogy annak kezdőterületén legyen legalább egy munkásod, és hogy ne
    legyen ott senki másnak több munkása, mint neked." Example: "A vörös és a zöld játékos is
    létrehozhatja a gutik birodalmát": red and green 2 workers each in Guti, purple 1."""
    state = new_game()
    send_workers(state, RED, "guti", 2)
    send_workers(state, GREEN, "guti", 2)
    send_workers(state, PURPLE, "guti", 1)
    for player in (RED, GREEN, PURPLE):
        state.turn = state.order.index(player)
        guti = ("guti", "guti") in {(m.empire, m.area) for m in offered(state, CreateEmpire)}
        assert guti == (player != PURPLE), player


def test_only_this_rounds_empires_each_once_and_one_per_player():
    """§6.4: "Minden fordulóban három birodalom hozható létre. Minden játékos fordulónként egy
    birodalmat hozhat csak létre. ... Korábbi vagy későbbi forduló birodalmait nem hozhatod
    létre!" In round 1 only Akkad, Guti and Sumer; once red has created Guti, red may create
    no other, and nobody else Guti."""
    state = new_game()
    for area in ("guti", "akkad", "amorites", "egypt"):
        send_workers(state, RED, area, 1)
        send_workers(state, GREEN, area, 1)
    assert {m.empire for m in offered(state, CreateEmpire)} == {"akkad", "guti", "sumer-1"}
    create(state, "guti", "guti", (), (), 1)
    assert {m.empire for m in offered(state, CreateEmpire)} == {"akkad", "sumer-1"}, "green: not Guti"
    state.turn = 0
    assert not offered(state, CreateEmpire), "red has created its empire this round"


def test_grain_metal_and_tools_buy_one_two_and_three_armies_up_to_twenty_with_babylons_two():
    """§6.4 step 2: "Minden beadott gabonakockáért kapsz egy újabb sereget, minden beadott
    fémkockáért két újabb sereget, minden beadott szerszámkorongért három újabb sereget ...
    Legfeljebb húsz sereged lehet." Babylon: "Ha van itt városod, és alapítasz egy
    birodalmat, kapsz plusz két sereget saját készletedbe." Red (Babylon) creates Akkad:
    10 + 2, then grain, metal and tools give 18; a second grain 19, a third 20, and no more."""
    state = new_game()
    state.cities["babylon"] = RED
    send_workers(state, RED, "akkad", 1)
    play(state, CreateEmpire, "akkad", "akkad")
    assert state.armies_personal[RED] == 12
    for resource, armies in (("grain", 13), ("metal", 15), ("tools", 18), ("grain", 19), ("grain", 20)):
        play(state, Buy, resource)
        assert state.armies_personal[RED] == armies
    assert not offered(state, Buy), "never more than 20 armies"
    check(state)


def test_the_creator_takes_its_workers_off_the_start_area_and_the_others_stay():
    """§6.4 step 4: "Vedd le összes munkásodat arról a területről, ahol létrehoztad
    birodalmadat. Ezután rakd fel ide saját készletedből egy vagy két seregedet. A többiek
    munkásai maradnak a területen." """
    state = new_game()
    send_workers(state, RED, "guti", 3)
    send_workers(state, GREEN, "guti", 2)
    create(state, "guti", "guti", (), (), 2)
    assert state.workers["guti"] == [0, 2, 0]
    assert state.armies["guti"] == (RED, 2) and state.armies_personal[RED] == 6
    check(state)


def test_a_start_area_held_by_another_empire_is_fought_for_until_one_side_is_gone():
    """§6.4: "Meglehet, a területen, ahol létrehozod birodalmadat, másik birodalom serege
    tartózkodik. ... egyből harcolnod kell függetlenségedért ... Addig harcolsz, amíg vagy el
    nem pusztítod mind a védekezőket, vagy el nem veszíted összes sereged" (no stopping, unlike
    an invasion). Purple (A) holds Ur with 2 armies; green creates the Sumer empire there with
    nothing spent on equipment (B) and needs 7: a miss, a hit, a hit; then green deploys."""
    state = new_game(order=(GREEN, RED, PURPLE))
    arm(state, PURPLE, "guti", 0)
    stand(state, PURPLE, "ur", 2)
    state.ranking = [PURPLE]
    state.equipment[PURPLE] = 2
    play(state, CreateEmpire, "sumer-1", "ur")
    play(state, Done)
    play(state, Done)
    assert state.ranking == [PURPLE, GREEN]
    roll(state, 6)
    assert state.armies_personal[GREEN] == 2
    assert isinstance(asked(state), Chance), "no choice to stop: the next roll follows"
    roll(state, 7)
    assert state.armies["ur"] == (PURPLE, 1)
    roll(state, 9)
    assert "ur" not in state.armies
    play(state, Deploy, 2)
    assert state.armies["ur"] == (GREEN, 2) and state.armies_personal[GREEN] == 0
    check(state)
