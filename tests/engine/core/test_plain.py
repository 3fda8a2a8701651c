"""Checkpoint clones copy plain game data without deepcopy: equal, and sharing nothing mutable."""

from __future__ import annotations

from attrs import define, field, frozen

from engine.core.plain import copy_plain


@frozen
class Die:
    value: int


@define
class Battle:
    attack: list[int] = field(factory=list)
    rerolling: tuple[str, int] | None = None


@define
class Turn:
    seat: int
    moved: dict[str, list[int]] = field(factory=dict)
    done: set[str] = field(factory=set)
    battle: Battle | None = None
    dice: list[Die] = field(factory=list)


def test_a_copy_is_equal_and_independent():
    turn = Turn(1, {"gaul": [1, 2]}, {"rome"}, Battle([6, 3], ("attacker", 0)), [Die(4)])
    twin = copy_plain(turn)
    assert twin == turn and twin is not turn
    twin.moved["gaul"].append(3)
    twin.done.add("egypt")
    twin.battle.attack.append(1)
    twin.dice.append(Die(2))
    assert turn == Turn(1, {"gaul": [1, 2]}, {"rome"}, Battle([6, 3], ("attacker", 0)), [Die(4)])


def test_immutable_parts_are_shared_and_none_stays_none():
    battle = Battle(rerolling=("defender", 1))
    assert copy_plain(battle).rerolling is battle.rerolling
    assert copy_plain(None) is None


def test_per_seat_lists_and_dicts_are_copied_too():
    hands = {"goods": [{"gold": 1}, {"gold": 2}], "stacks": {"king": ["k1", "k2"]}, "held": [["a"], ["b"]]}
    twin = copy_plain(hands)
    twin["goods"][0]["gold"] = 9
    twin["stacks"]["king"].pop()
    twin["held"][1].append("c")
    assert hands == {"goods": [{"gold": 1}, {"gold": 2}], "stacks": {"king": ["k1", "k2"]}, "held": [["a"], ["b"]]}
