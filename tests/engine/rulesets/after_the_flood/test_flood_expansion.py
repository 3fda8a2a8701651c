"""Expansion and combat against the rulebook: the two worked combat examples (§7.1), a
repeat paid with an army (§6.5) and the arrow out of Akkad (§3.5)."""

from __future__ import annotations

from flood_game import (
    GREEN,
    PURPLE,
    RED,
    arm,
    check,
    new_game,
    offered,
    play,
    roll,
    stand,
)

from engine.rulesets.after_the_flood.actions import Invade, RollAgain


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
