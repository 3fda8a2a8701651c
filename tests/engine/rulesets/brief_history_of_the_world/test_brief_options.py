"""The two readings of A8 (Incas and Aztecs), A25 (the Viking crossing army and the dial)
and §10.7 (a fort surrendered to one's other colour), each a ruleset option whose default
is the rulebook's reading."""

from __future__ import annotations

from brief import RULESET, find, in_turn, new_game, outcome, play, stand

from engine.core.decision import Choice
from engine.rulesets.brief_history_of_the_world.play import ABANDON, CONTINUE

VIKING, BLUE = 0, 2
INCAS, AZTECS = "e5-incas-and-aztecs", "e5-aztecs"


def failed_crossing(**options):
    """The Vikings invade Eastern Woodlands across the Atlantic and roll 1 against 6."""
    state = in_turn("e4-vikings", VIKING, **options)
    stand(state, VIKING, "scandinavia")
    state.fleets = {"north-atlantic-ocean"}
    stand(state, BLUE, "eastern-woodlands")
    play(state, find(state, "PlaceArmy(territory=eastern-woodlands,surrender=False)"))
    play(state, outcome(state, 1))
    log = play(state, outcome(state, 6))
    return state, log


def test_the_crossing_army_may_continue_its_failed_invasion_by_default_a25():
    """A25, the digest's reading: the army does not change, so it may continue with the dial."""
    state, _ = failed_crossing()
    decision = RULESET.decision(state)
    assert isinstance(decision, Choice) and set(decision.actions) == {CONTINUE, ABANDON}
    play(state, CONTINUE)
    assert state.force.dial == 1 and state.invasion.crossing


def test_with_the_other_reading_a_failed_crossing_is_abandoned_a25():
    """A25's other reading: a failed crossing may not go on with the dial; abandoning is the
    only move, so the rules carry it out and the army returns to stock."""
    state, log = failed_crossing(viking_crossing_continues=False)
    assert state.invasion is None and state.force.dial == 0
    assert "eastern-woodlands" not in state.force.active
    assert any("abandons the invasion of Eastern Woodlands" in event.text for event in log)


def incas_called(**options):
    """Epoch 5: the Incas and Aztecs card is called for colour 0, who holds no red event, so
    the empire is founded at once."""
    state = new_game(4, **options)
    state.epoch, state.phase, state.current, state.slot = 5, "turn", 0, 5
    state.held, state.announced, state.hands[0] = {INCAS: 0}, [INCAS], []
    state.values = {region: 1 for region in state.tables.spiral}
    state.decision = None
    log: list = []
    RULESET.advance(state, log)
    return state, log


def end_of_turn(state) -> list:
    """The armies left on the Resolution board return to stock (and a monument due is let
    go): reorganisation follows."""
    state.stock[state.force.colour] += state.force.board
    state.force.board, state.monuments_due, state.decision = 0, 0, None
    log: list = []
    RULESET.advance(state, log)
    return log


def test_incas_then_aztecs_are_two_full_turns_by_default_a8():
    """A8, the digest's reading: two full consecutive empire turns, each with its own
    founding, Resolution board, reorganisation and gold collection."""
    state, _ = incas_called()
    assert state.force.card == INCAS and state.armies["andes"] == 0
    assert "valley-of-mexico" not in state.armies
    log = [event.text for event in end_of_turn(state)]
    collected = next(i for i, text in enumerate(log) if "gold +" in text)
    founded = next(i for i, text in enumerate(log) if "founds the Aztecs" in text)
    assert collected < founded, "the Incas are paid before the Aztecs are founded"
    assert state.force.card == AZTECS and state.force.board == 4
    assert state.armies["valley-of-mexico"] == 0 and "valley-of-mexico" in state.capitals


def test_with_the_other_reading_incas_and_aztecs_are_one_turn_a8():
    """A8's other reading: both empires are founded at once and expand as one, with one
    reorganisation and one gold collection."""
    state, log = incas_called(incas_and_aztecs_one_turn=True)
    assert state.force.card == INCAS
    assert state.armies["andes"] == 0 and state.armies["valley-of-mexico"] == 0
    assert {"andes", "valley-of-mexico"} <= state.capitals
    assert state.force.board == 5 + 5 - 2 and state.force.active >= {"andes", "valley-of-mexico"}
    log = [event.text for event in end_of_turn(state)]
    assert not any("founds" in text for text in log)
    assert sum("reorganise" in text for text in log) == 1 and state.force is None


def surrender_to_the_other_colour(**options):
    """2 players: the Romans (colour 0) place an army in Gaul, held with a fort by colour 2 of
    the same person, and take the surrender."""
    state = in_turn("e3-romans", 0, players=2, **options)
    assert state.person[0] == state.person[2]
    stand(state, 0, "italia")
    stand(state, 2, "gaul")
    state.forts.add("gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=True)"))
    return state


def test_a_surrender_to_ones_other_colour_keeps_the_fort_by_default_10_7():
    """§10.7 "egy játékos dönthet úgy, hogy megadja magát a másik saját színű seregének, csakúgy,
    mint ahogy egy leszerelt sereg adja át a területet egy saját aktív seregének", and §6.5 "Egy
    erőd mindig eltávolításra kerül, amikor egy másik játékos birtokába jut a területe": the
    territory stays with the same player, so the fort stays, as with one's own disbanded army."""
    state = surrender_to_the_other_colour()
    assert state.armies["gaul"] == 0 and "gaul" in state.forts


def test_with_the_other_reading_a_surrender_to_ones_other_colour_removes_the_fort_10_7():
    """The other reading: the territory passes to another colour, and the fort goes."""
    state = surrender_to_the_other_colour(surrender_removes_fort=True)
    assert state.armies["gaul"] == 0 and "gaul" not in state.forts


def test_the_option_leaves_a_surrender_to_ones_own_colour_alone_a14():
    """A14: a disbanded army of one's own colour surrendering keeps its fort, whatever the switch."""
    state = in_turn("e3-romans", 0, surrender_removes_fort=True)
    stand(state, 0, "italia")
    state.armies["gaul"] = 0  # disbanded, from an earlier epoch
    state.forts.add("gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    assert "gaul" in state.forts


def test_an_invasion_of_ones_other_colour_removes_the_fort_10_7():
    """§10.7 "minden más esetben a két színnel úgy kell játszani, mintha különálló birodalmak
    lennének": invading (not surrendering) one's other colour is as between two players."""
    state = in_turn("e3-romans", 0, players=2)
    stand(state, 0, "italia")
    stand(state, 2, "gaul")
    state.forts.add("gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    play(state, outcome(state, "6-6"))
    play(state, outcome(state, "1-1"))
    assert state.armies["gaul"] == 0 and "gaul" not in state.forts
