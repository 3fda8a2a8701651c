"""Actions and outcomes: stable ids, labels for people only, clickable spaces."""

from __future__ import annotations

from attrs import frozen

from engine.core.moves import Action, Outcome


@frozen
class Attack(Action):
    space_fields = ("target",)

    target: str
    dice: tuple[int, ...] = ()


def test_the_id_is_built_from_the_type_and_values_and_ignores_the_label():
    move = Attack("gaul", (3, 5), label="attack Gaul")
    assert move.id == "Attack(target=gaul,dice=3+5)"
    assert move == Attack("gaul", (3, 5), label="something else")
    assert str(move) == "attack Gaul"
    assert str(Attack("gaul")) == "Attack(target=gaul,dice=)"


def test_an_action_names_the_spaces_it_targets():
    assert Attack("gaul").spaces == ("gaul",)
    assert Outcome(6, "six").id == "outcome(6)" and Outcome(6) == Outcome(6, "six")
