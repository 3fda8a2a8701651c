"""Creating empires against §6.4's examples: the army table's ranks as empires appear, and
the Sumer empire started on another player's city."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, check, new_game, offered, play, send_workers

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
