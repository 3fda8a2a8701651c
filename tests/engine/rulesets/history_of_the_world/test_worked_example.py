"""The rulebook's worked turn ("Példakör"), played step by step on the shipped scenario.

Gergő (here P1, seat 0) has just played the Egyptians; nobody chose the Minoans or the
Hittites, so the Assyrians of Niki (P2, seat 1) are called next. Gergő's Egyptians left
inactive armies on the Nile (its capital and a Pyramids monument), in Levant, in
Mesopotamia and in Tigris."""

from __future__ import annotations

from real_board import RULES, game, in_epoch, move_ids, play, put, roll

from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import draft
from engine.rulesets.history_of_the_world.scoring import region_points, turn_points

GERGO, NIKI = 0, 1


def after_the_egyptians():
    state = in_epoch(game(3))
    state.score = [20, 1, 2]
    put(state, GERGO, "nile", "levant", "mesopotamia", "tigris")
    state.capitals.add("nile")
    state.monuments.add("nile")
    state.drafted_empire = ["e1-egyptians", "e1-assyrians", "e1-greeks"]
    draft.call_empires(state, [])
    assert state.queue == ["e1-egyptians", "e1-assyrians", "e1-greeks"]
    state.queue.pop(0)  # Gergő's Egyptian turn is over
    return state


def test_the_next_empire_called_is_the_next_one_drafted():
    """A játékossorrend: "Minden kör után, vagy ha a szólított birodalmat egyetlen játékos sem
    fedte fel, az első helyezett játékos a kártyán látható sorrendben következő birodalmakat
    szólítja": after the Egyptians (2nd) the undrafted Minoans (3rd) and Hittites (4th) are
    passed over and Niki's Assyrians (5th) play."""
    state = after_the_egyptians()
    log = []
    RULES.advance(state, log)
    assert state.turn.seat == NIKI and state.turn.empire == "e1-assyrians"
    assert "P2 reveals Assyrians" in [event.text for event in log]


def niki_founds():
    state = after_the_egyptians()
    RULES.advance(state, [])
    return state


def test_step_1_the_assyrians_are_founded_in_mesopotamia():
    """Példakör 1: "6 sereget vesz magához a készletéből ... eltávolítja Gergő seregét
    Mezopotámiáról ... és visszateszi Gergő készletébe. Lerak egy fővárost és a kártyájáról
    egy sereget arra a tartományra. Lerak egy karavánt is az Üres-negyedbe.\""""
    state = niki_founds()
    assert state.armies["mesopotamia"] == NIKI and state.active == {"mesopotamia"}
    assert "mesopotamia" in state.capitals
    assert state.turn.card_armies == 5 and state.turn.caravans == ["empty-quarter"]
    assert state.supply == [25 - 4 + 1, 25 - 6, 25]


def test_steps_2_to_6_as_in_the_example():
    """Példakör 2-6 and the scoring that follows:
    2. Zagros is empty: taken without a battle.
    3-4. Levant holds Gergő's inactive army: a battle; "dontetlent érnek el ... Mindkettő
       sereget leveszik", and Levant, now empty, is taken "immár csata nélkül" with a new army.
    5. "Niki, akinek kettő serege maradt", loses at the Nile, lays siege with her last army;
       the highest dice tie, "de a katapultért járó +1 ponttal Niki nyer"; Gergő's army goes
       and the capital is flipped to a city.
    6. Two resource icons give one monument, in Mesopotamia (the capital comes first), and
       the Assyrians' Earthworks a fort per icon: Mesopotamia and Zagros.
    Scoring: North Africa presence 2, Near East dominance 6 (Gergő still holds Tigris),
    buildings 2 + 1 + 1 + 1 = 5. The rulebook prints 11 as the total; its parts make 13
    (ambiguity A6)."""
    state = niki_founds()
    play(state, a.Conquer("zagros", "land"))
    assert state.turn.battle is None and state.armies["zagros"] == NIKI

    play(state, a.Conquer("levant", "land"))
    roll(state, "3-2", 3)  # Niki's highest 3 against Gergő's 3
    assert "levant" not in state.armies and state.supply[GERGO] == 25 - 4 + 2
    assert "Conquer(target=levant,via=land)" in move_ids(state)  # "el lehet foglalni"
    play(state, a.Conquer("levant", "land"))
    assert state.turn.battle is None and state.armies["levant"] == NIKI

    assert state.turn.card_armies == 2
    play(state, a.Conquer("nile", "land"))
    roll(state, "2-1", 5)
    assert move_ids(state) == ["Siege(unit=army)", "Retreat()"]
    play(state, a.Siege("army"))
    assert state.turn.card_armies == 0
    roll(state, "4-1")
    log = RULES.apply(state, Outcome(4))  # 4 + 1 against 4; the card is empty, the conquest ends
    assert state.armies["nile"] == NIKI and "nile" in state.active
    assert "nile" in state.cities and "nile" not in state.capitals and "nile" in state.monuments

    assert state.monuments == {"mesopotamia", "nile"}
    assert "P2 builds a monument in Mesopotamia" in [event.text for event in log]
    assert {"PlaceFort(province=mesopotamia)", "PlaceFort(province=zagros)"} <= set(move_ids(state))
    play(state, a.PlaceFort("mesopotamia"), a.PlaceFort("zagros"))
    assert state.forts == {"mesopotamia", "zagros"}

    assert region_points(state, NIKI, "north-africa") == 2
    assert region_points(state, NIKI, "near-east") == 6
    assert turn_points(state, NIKI) == (8, 5)
    assert state.score[NIKI] == 1 + 13 and state.turn.empire == "e1-greeks"  # the next empire is called
    assert state.active.isdisjoint({"mesopotamia", "zagros", "levant", "nile"})  # Niki's armies lie down
    assert state.supply[:2] == [25 - 1, 25 - 4]  # Gergő keeps Tigris; Niki keeps four provinces
