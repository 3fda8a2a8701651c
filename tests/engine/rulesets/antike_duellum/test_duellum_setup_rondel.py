"""Antike Duellum: setup, the rondel and the victory track (digest §4, §5).

Each test names the digest section or worked example it checks."""

from __future__ import annotations

import pytest
from duellum import (
    BEIGE,
    BROWN,
    RULES,
    SCENARIOS,
    at,
    decision,
    goods,
    hold,
    ids,
    new_game,
    play,
    put,
)

from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.persons import award
from engine.rulesets.antike_duellum.state import new_state
from engine.rulesets.antike_duellum.tables import Tables


def fresh(side: str = "carthage-rome"):
    scenario = SCENARIOS[side]
    return new_state(Tables.of(scenario, scenario.seats, scenario.ruleset.options), [s.name for s in scenario.seats])


def test_setup_gives_pieces_resources_and_starting_cities():
    """§4 steps 2-6: 1 wall, 1 legion and 1 galley in the box (11 of each in reserve), the three
    starting cities marked with their printed types, 3 gold, 3 marble, 3 iron, no coins."""
    state = fresh()
    for seat in (BROWN, BEIGE):
        assert state.walls_supply[seat] == 1
        assert state.box[seat] == {"legion": 1, "galley": 1}
        assert state.reserve[seat] == {"legion": 11, "galley": 11}
        assert state.goods[seat] == {"gold": 3, "marble": 3, "iron": 3} and state.coins[seat] == 0
        assert sum(owner == seat for owner in state.owner.values()) == 3
    assert state.owner["roma"] == BROWN and state.marker["roma"] == "gold"
    assert state.owner["zama"] == BEIGE and state.marker["zama"] == "marble"
    assert len(state.pool) == 25 and not state.display


def test_the_start_player_is_chance_and_the_other_gets_a_coin():
    """§4 step 7: the start player is chosen at random; the other player receives 1 coin."""
    state = fresh()
    chance = decision(state)
    assert isinstance(chance, Chance) and [o.value for o in chance.outcomes] == [0, 1]
    RULES.apply(state, Outcome(BEIGE))
    assert state.coins == [1, 0]


def test_three_event_cards_are_turned_up_before_the_first_turn():
    """§4 step 9: the display of 3 face-up cards is drawn card by card from the shuffled deck."""
    state = fresh()
    RULES.apply(state, Outcome(BROWN))
    for drawn in range(3):
        chance = decision(state)
        assert isinstance(chance, Chance) and len(chance.outcomes) == 25 - drawn
        RULES.apply(state, chance.outcomes[0])
    choice = decision(state)
    assert isinstance(choice, Choice) and choice.seat == BROWN and len(state.display) == 3


def test_the_first_turn_places_the_marker_on_any_segment_free():
    """§5.2: on the first turn the marker goes on any of the 8 segments without cost."""
    state = new_game()
    moves = [m for m in decision(state).actions if isinstance(m, a.MoveRondel)]
    assert len(moves) == 8 and all(m.steps == 0 for m in moves)
    play(state, "MoveRondel(space=rondel-4,steps=0)")
    assert state.rondel[BROWN] == 4 and state.turn.action == "MILITIA" and not state.turn.due


def test_rondel_example_from_ferrum():
    """§5.2 example: from FERRUM, TEMPLUM, AURUM and DUELLUM are free; MILITIA costs 1 and
    MARMOR 2; the whole circle back to FERRUM costs 5 (Order A)."""
    state = new_game()
    state.rondel[BROWN] = 0  # FERRUM
    labels = {m.steps: m.label for m in decision(state).actions if isinstance(m, a.MoveRondel)}
    assert labels[1] == "TEMPLUM (1 step, free)"
    assert labels[2] == "AURUM (2 steps, free)"
    assert labels[3] == "DUELLUM (3 steps, free)"
    assert labels[4] == "MILITIA (4 steps, costs 1)"
    assert labels[5] == "MARMOR (5 steps, costs 2)"
    assert labels[8] == "FERRUM (8 steps, costs 5)"


@pytest.mark.parametrize("side", ["carthage-rome", "greece-persia"])
@pytest.mark.parametrize("order", ["A", "B"])
def test_each_resource_is_used_opposite_where_it_is_produced(side, order):
    """The original's note on the rondel: 'Az adott nyersanyag felhasználására szolgáló akció
    körkikkely mindig pont szemben helyezkedik el az akciókörön, mint az adott nyersanyagot termelő
    akció körkikkely' (MARMOR faces TEMPLUM, FERRUM MILITIA, AURUM SCIENTIA), and DUELLUM 'kétszer
    szerepel az akció körön'. Both readings of A1 keep this on both boards."""
    actions = new_game(side, rondel_order=order).tables.actions
    opposite = {actions[p]: actions[(p + 4) % 8] for p in range(8)}
    assert opposite["MARMOR"] == "TEMPLUM" and opposite["FERRUM"] == "MILITIA"
    assert opposite["AURUM"] == "SCIENTIA" and actions.count("DUELLUM") == 2


def test_extra_segments_are_paid_with_any_resource_or_coin():
    """§5.2: each segment beyond the third costs 1 resource or 1 coin, the player's choice."""
    state = new_game()
    state.rondel[BROWN] = 0
    goods(state, BROWN, gold=1, marble=1, coins=1)
    play(state, "MoveRondel(space=rondel-5,steps=5)")
    assert ids(state) == ["Pay(item=gold)", "Pay(item=marble)", "Pay(item=coin)"]
    log = play(state, "Pay(item=coin)", "Pay(item=marble)")
    assert "Rome pays 1 marble, 1 coin for 2 extra segments" in log
    assert state.goods[BROWN] == {"gold": 1, "marble": 1 - 1 + 1, "iron": 0}  # paid 1, Pisae made 1


def test_a_move_you_cannot_pay_is_not_offered():
    """§6.0: you cannot pay what you do not have: with 1 item, at most 4 segments."""
    state = new_game()
    state.rondel[BROWN] = 0
    goods(state, BROWN, iron=1)
    steps = [m.steps for m in decision(state).actions if isinstance(m, a.MoveRondel)]
    assert steps == [1, 2, 3, 4]
    with pytest.raises(IllegalAction, match="each beyond the free ones costs"):
        RULES.apply(state, a.MoveRondel("rondel-6", 6))


def test_the_marker_must_move_on_later_turns():
    """§5.2, A15: after the first turn the marker moves at least 1 and at most 8 segments."""
    state = new_game()
    state.rondel[BROWN] = 3
    steps = [m.steps for m in decision(state).actions if isinstance(m, a.MoveRondel)]
    assert min(steps) == 1 and max(steps) == 8


def test_privilege_makes_six_segments_free():
    """§9.3 PRIVILEGE, §5.2: played before the move, up to 6 segments are free; beyond, pay."""
    state = new_game()
    state.rondel[BROWN] = 0
    hold(state, BROWN, "ev-privilege")
    play(state, "PlayEvent(card=ev-privilege)")
    labels = {m.steps: m.label for m in decision(state).actions if isinstance(m, a.MoveRondel)}
    assert labels[6].endswith("free)") and labels[7].endswith("costs 1)")


def test_both_markers_may_share_a_segment():
    """§5.2: both markers on the same segment has no effect."""
    state = new_game()
    state.rondel[BEIGE] = 4
    play(state, "MoveRondel(space=rondel-4,steps=0)")
    assert state.rondel == [4, 4]


def test_walls_come_with_the_victory_track():
    """§5.5 example: the disc on 1 gains 2 persons, steps onto 2 and 3 and takes 2 walls."""
    state = new_game()
    state.persons[BROWN] = [state.stacks["scholar"].pop()]
    state.turn.scholars = 2
    state.stacks["scholar"] = state.stacks["scholar"][:2]
    log = []
    assert award(state, BROWN, log) == 2
    assert state.walls_supply[BROWN] == 3 and state.walls_issued[BROWN] == 3
    assert log[-1].text.endswith("(scholar, 3 persons) and a wall")


@pytest.mark.parametrize("side", ["carthage-rome", "greece-persia"])
def test_a_player_never_owns_more_than_six_walls(side):
    """§5.5, the original: the victory track's space 0 shows the wall each player starts with
    '(maximum 6 lehet)'. Climbing to 8 persons issues the walls of every symbol: 6 in all."""
    state = new_game(side)
    state.turn.scholars, state.turn.generals = 5, 3
    assert award(state, BROWN, []) == 8
    assert state.walls_issued[BROWN] == state.walls_supply[BROWN] == 6


def test_phase_two_and_three_follow_every_action():
    """§10.3: founding and persons happen every turn, whatever the action: after a production
    the turn goes to phase 2."""
    state = new_game()
    put(state, BROWN, "legion", "genua")
    at(state, "AURUM")
    assert state.turn.step == "found" and "FoundCity(site=genua,resource=gold)" in ids(state)
