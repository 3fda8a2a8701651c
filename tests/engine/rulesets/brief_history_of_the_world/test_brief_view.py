"""What a seat sees (``view.py``): cards stay hidden until announced or played (§4.7, §5.3)."""

from __future__ import annotations

from brief import RULESET, find, in_turn, play

RED, BLUE = 0, 2


def areas(state, seat: int) -> dict[str, tuple[str, ...]]:
    return {area.name: area.cards for area in RULESET.view(state, seat).areas}


def test_a_red_event_discarded_unplayed_is_not_shown_to_the_others_5_3_9_2():
    """§5.3 "A Birodalomkártyákat és az Eseménykártyákat nem szabad megmutatni a többi
    játékosnak, amíg azok nem kerülnek bejelentésre és kijátszásra", and a red card "Ha akkor
    nem kerül kijátszásra, akkor a kártyát el kell dobni" (§9.2): never played, Macedon is
    discarded unseen; Leader, played, is on the discard pile for all to see."""
    state = in_turn("e2-celts", RED)
    state.force, state.slot = None, 4  # the Celts, fourth in epoch 2's list
    state.hands[RED] = ["v2-macedon", "leader-1"]
    state.decision = None
    play(state, find(state, "Found()"))
    assert "v2-macedon" not in state.hands[RED]
    assert "Macedon" not in areas(state, BLUE)["Discarded events"]
    play(state, find(state, "PlayEvent(card=leader-1)"))
    state.force.board = 0
    state.decision = None
    RULESET.advance(state, [])
    assert "Leader" in areas(state, BLUE)["Discarded events"]
