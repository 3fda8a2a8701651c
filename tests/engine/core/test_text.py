"""Counts read right (issue 28: "place up to 1 more workers")."""

from __future__ import annotations

from engine.core.text import counted, plural, words


def test_a_count_takes_its_noun_in_the_right_number():
    assert [plural(n, "army", "armies") for n in (0, 1, 2)] == ["0 armies", "1 army", "2 armies"]
    assert plural(1, "card") == "1 card" and plural(3, "card") == "3 cards"


def test_counted_words_are_made_when_read():
    said = (counted, "place up to {:more worker/more workers} in {}", 1, "Ur")
    assert words(said) == "place up to 1 more worker in Ur"
    assert counted("{} deploys {:army/armies} ({:g})", "Red", 2, 1.5) == "Red deploys 2 armies (1.5)"
