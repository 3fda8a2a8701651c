"""``End``: who won is the rulebook's verdict, carried with the scores."""

from __future__ import annotations

from engine.core.decision import End


def test_without_a_tie_break_the_seats_sharing_the_best_score_win():
    end = End((3.0, 7.0, 7.0), (1, 2, 0))
    assert end.winners == (1, 2)
    assert End((3.0, 7.0, 5.0), (1, 2, 0)).winners == (1,)


def test_a_ruleset_that_breaks_the_tie_names_its_winner():
    """The scores tie; the rulebook (say, the earlier in turn order) gives the win to one."""
    end = End((7.0, 7.0), (1, 0), winners=(1,))
    assert end.winners == (1,)
    assert end != End((7.0, 7.0), (1, 0)), "the verdict is part of the value"


def test_the_verdict_in_words():
    names = ["Red", "Green", "Purple"]
    assert End((1.0, 2.0, 0.0), (1, 0, 2)).verdict(names) == "Green wins"
    assert End((2.0, 2.0, 2.0), (0, 1, 2)).verdict(names) == "Red, Green and Purple share the win"
    assert End((0.0, 0.0), (0, 1), winners=()).verdict(names) == "no one wins"
