"""Round end: city growth against §8.2's example, and the winner of a tie (§8.5)."""

from __future__ import annotations

from flood_game import GREEN, PURPLE, RED, asked, check, new_game, offered, play

from engine.core.decision import End
from engine.rulesets.after_the_flood.actions import AddLuxury, Grow


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
