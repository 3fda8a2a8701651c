"""History of the World: the two-way draft and the epoch's turn order (digest §5)."""

from __future__ import annotations

from itertools import permutations

from near_east import development, empire, tables

from engine.core.decision import Choice
from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld
from engine.rulesets.history_of_the_world.state import new_state

RULES = HistoryOfTheWorld()


def drafting(players: int, **options):
    empires = [empire(f"e{n}", order=n) for n in range(1, 9)]
    events = [development(f"v{n}", "attack_bonus") for n in range(1, 9)]
    state = new_state(tables(empires, events, **options), [f"P{n + 1}" for n in range(players)])
    markers = RULES.decision(state)
    assert len(markers.outcomes) == len(list(permutations(range(players))))
    RULES.apply(state, Outcome("-".join(str(seat) for seat in range(players))))  # P1 on 1, P2 on 2...
    while state.phase == "deal":
        RULES.apply(state, RULES.decision(state).outcomes[0])
    return state


def pickers(state) -> list[tuple[int, str]]:
    """Play the draft to its end, taking the first card each time; who picked from which pile."""
    seen = []
    while state.phase == "draft":
        decision = RULES.decision(state)
        assert isinstance(decision, Choice)
        move = decision.actions[0]
        seen.append((decision.seat, type(move).__name__))
        RULES.apply(state, move)
    return seen


def test_setup_draws_score_markers_and_deals_piles_of_n_cards():
    """§4 steps 2-3: markers on spaces 1..N in drawn order; each pile trimmed to N unseen cards,
    one chance step per pile whose outcomes are the sets of cards that may remain."""
    empires = [empire(f"e{n}", order=n) for n in range(1, 9)]
    events = [development(f"v{n}", "attack_bonus") for n in range(1, 9)]
    state = new_state(tables(empires, events), ["P1", "P2", "P3", "P4"])
    RULES.apply(state, Outcome("2-0-1-3"))
    assert state.score == [2, 3, 1, 4]
    trim = RULES.decision(state)
    assert len(trim.outcomes) == 70 and trim.seen_by == ()  # 8 choose 4, seen by nobody
    RULES.apply(state, Outcome("v1+v3+v5+v7"))
    RULES.apply(state, RULES.decision(state).outcomes[-1])
    assert state.event_pile == ["v1", "v3", "v5", "v7"] and state.empire_pile == ["e5", "e6", "e7", "e8"]
    assert state.phase == "draft" and state.pool == []


def test_four_players_draft_events_downwards_and_empires_upwards():
    """§5.3 table for 4 players: events P4 (most points) down, empires P1 (fewest) up; the
    last card of each pile is simply received."""
    state = drafting(4)
    assert pickers(state) == [
        (3, "PickEvent"), (0, "PickEmpire"),
        (2, "PickEvent"), (1, "PickEmpire"),
        (1, "PickEvent"), (2, "PickEmpire"),
    ]
    assert all(state.drafted_empire) and all(len(hand) == 1 for hand in state.hand)


def test_the_middle_player_of_three_chooses_which_pile_to_see_first():
    """§5.3 and ambiguity A19: the middle player gets both piles and takes them one at a time."""
    state = drafting(3)
    seen = pickers(state)
    assert seen[:2] == [(2, "PickEvent"), (0, "PickEmpire")]
    assert seen[2:] == [(1, "ChoosePile"), (1, "PickEvent"), (1, "PickEmpire")]


def test_the_middle_player_may_look_at_the_empire_pile_first():
    state = drafting(3)
    RULES.apply(state, RULES.decision(state).actions[0])
    RULES.apply(state, RULES.decision(state).actions[0])
    RULES.apply(state, a.ChoosePile("empires"))
    assert isinstance(RULES.decision(state).actions[0], a.PickEmpire)


def test_empires_are_called_in_order_and_take_their_turns():
    """§5.4: the drafted empires play in the order printed on the cards."""
    state = drafting(4)
    pickers(state)
    assert state.phase == "turns"
    orders = [int(card[1:]) for card in state.queue]
    assert orders == sorted(orders)
    assert state.turn is not None and state.turn.step == "conquest"


def test_the_classic_draft_draws_and_keeps_or_gives():
    """§10.1: the holder draws the top card (only they see it), keeps it or gives it to a player
    without a card from this pile; the last player without one must keep what they draw."""
    state = drafting(4, classic_draft=True)
    decision = RULES.decision(state)
    assert decision.seen_by == (3,)  # events start with the leader, P4
    RULES.apply(state, decision.outcomes[0])
    choice = RULES.decision(state)
    assert choice.seat == 3 and [m.id for m in choice.actions] == [
        "KeepCard()", "GiveCard(seat=2)", "GiveCard(seat=1)", "GiveCard(seat=0)"]
    RULES.apply(state, a.GiveCard(0))
    assert RULES.decision(state).seen_by == (2,)  # the pile passes on to P3
    while state.phase == "draft":
        decision = RULES.decision(state)
        RULES.apply(state, decision.outcomes[0] if hasattr(decision, "outcomes") else decision.actions[-1])
    assert all(state.drafted_empire) and sorted(len(h) for h in state.hand) == [1, 1, 1, 1]
    assert state.phase == "turns"


def test_the_other_reading_of_a1_still_starts_the_empire_pile_with_the_fewest_points():
    """§5.3 and ambiguity A1, the main text's reading (empire_draft_ascending off): the player
    with the fewest points (P1) takes the empire pile first and passes it to the player with
    the "second most" points (P3); it goes on downwards (P2) and the leader (P4) receives the
    last card. Where one player gets both piles, they see one at a time."""
    state = drafting(4, empire_draft_ascending=False)
    assert pickers(state) == [
        (3, "PickEvent"), (0, "PickEmpire"),
        (2, "ChoosePile"), (2, "PickEvent"), (2, "PickEmpire"),
        (1, "ChoosePile"), (1, "PickEvent"), (1, "PickEmpire"),
    ]
    assert all(state.drafted_empire) and all(len(hand) == 1 for hand in state.hand)


def test_the_classic_draft_follows_the_same_empire_order():
    """§10.1 with A1's other reading: the empire pile also starts with the fewest points."""
    state = drafting(4, classic_draft=True, empire_draft_ascending=False)
    while state.event_pile or state.classic_card in state.tables.events:
        decision = RULES.decision(state)
        RULES.apply(state, decision.outcomes[0] if hasattr(decision, "outcomes") else decision.actions[-1])
    assert RULES.decision(state).seen_by == (0,)  # P1, the fewest points, draws the first empire


def test_five_players_the_middle_player_takes_both_piles_one_at_a_time():
    """Birodalmak és események kiválasztása: "Három- és ötszemélyes játékokban a „középső"
    játékosnak egyesével kell megnéznie a paklikat, és választani egy-egy kártyát ezek közül,
    mielőtt továbbadná a paklikat": P3, third of five, is served both piles at the third step;
    "a maradék kártyákat mindig csak akkor adják tovább, ha már mindkettő játékos választott"."""
    state = drafting(5)
    assert pickers(state) == [
        (4, "PickEvent"), (0, "PickEmpire"),
        (3, "PickEvent"), (1, "PickEmpire"),
        (2, "ChoosePile"), (2, "PickEvent"), (2, "PickEmpire"),
        (1, "PickEvent"), (3, "PickEmpire"),
    ]
    assert all(state.drafted_empire) and all(len(hand) == 1 for hand in state.hand)


def test_six_players_never_hand_one_player_both_piles():
    """With an even count the two piles cross between players: each step is two players."""
    state = drafting(6)
    seen = pickers(state)
    assert len(seen) == 10 and not any(kind == "ChoosePile" for _, kind in seen)
    assert [seat for seat, kind in seen if kind == "PickEmpire"] == [0, 1, 2, 3, 4]
