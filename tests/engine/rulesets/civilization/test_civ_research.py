"""Research (digest §6.5): level minimums, paying with all the trade and coins (A7), the
pyramid (§6.5.2), starting techs in the bottom row (§4.3.4), secret picks revealed together."""

from __future__ import annotations

from civ import RULESET, choice, clear_map, past_setup, play_until

from engine.rulesets.civilization.abilities import coins
from engine.rulesets.civilization.actions import Research
from engine.rulesets.civilization.research import can_learn, learn, pay_for


def researcher(**options):
    state = past_setup(2, **options)
    clear_map(state)
    state.players[0].techs, state.players[0].bottom_row, state.players[0].tech_coins = [], [], {}
    return state


def test_6_5_1_eighteen_trade_learning_seafaring_drops_to_zero():
    state = researcher()
    state.players[0].techs = ["pottery", "writing"]
    state.players[0].trade = 18
    assert coins(state, 0) == 0 and can_learn(state, 0, "seafaring")
    pay_for(state, 0, "seafaring")
    assert state.players[0].trade == 0


def test_6_5_1_four_coins_keep_four_trade():
    state = researcher()
    state.players[0].trade = 18
    state.players[0].tech_coins = {"pottery": 4}
    pay_for(state, 0, "seafaring")
    assert state.players[0].trade == 4


def test_a7_the_other_reading_keeps_only_trade_above_the_minimum():
    state = researcher(keep_above_cost=True)
    state.players[0].trade = 14
    state.players[0].tech_coins = {"pottery": 10}
    pay_for(state, 0, "seafaring")  # level II: 11, so 3 above it
    assert state.players[0].trade == 3


def test_6_5_1_a_level_needs_its_minimum_trade():
    state = researcher()
    state.players[0].techs = ["pottery", "writing"]
    state.players[0].trade = 10
    assert can_learn(state, 0, "currency")  # level I: 6
    assert not can_learn(state, 0, "seafaring")  # level II: 11


def test_6_5_2_a_level_two_card_needs_two_level_one_cards_below():
    state = researcher()
    state.players[0].trade = 27
    state.players[0].techs = ["pottery"]
    assert not can_learn(state, 0, "seafaring")
    state.players[0].techs = ["pottery", "writing"]
    assert can_learn(state, 0, "seafaring")
    state.players[0].techs = ["pottery", "writing", "seafaring"]
    assert not can_learn(state, 0, "irrigation")  # a second II needs a third I


def test_4_3_4_starting_techs_count_as_level_one_whatever_their_level():
    state = researcher()
    state.players[0].trade = 27
    state.players[0].techs = ["pottery", "seafaring"]
    assert not can_learn(state, 0, "irrigation")
    state.players[0].bottom_row = ["seafaring"]
    assert can_learn(state, 0, "irrigation")


def test_6_5_2_space_flight_needs_five_four_three_two_and_26_trade():
    state = researcher()
    player = state.players[0]
    levels = {1: [], 2: [], 3: [], 4: []}
    for tech, card in state.tables.techs.items():
        if card.level in levels:
            levels[card.level].append(tech)
    player.techs = levels[1][:5] + levels[2][:4] + levels[3][:3] + levels[4][:2]
    player.trade = 26
    assert can_learn(state, 0, "space_flight")
    player.trade = 25
    assert not can_learn(state, 0, "space_flight")
    player.trade = 26
    player.techs.remove(levels[4][0])
    assert not can_learn(state, 0, "space_flight")


def test_6_5_3_a_unit_upgrade_only_raises_the_level():
    state = researcher()
    state.players[0].levels["mounted"] = 3
    learn(state, 0, "chivalry", [])  # mounted 2
    assert state.players[0].levels["mounted"] == 3
    learn(state, 0, "leadership", [])
    learn(state, 0, "mass_production", [])
    assert state.players[0].levels["mounted"] == 4


def test_6_5_research_picks_are_secret_until_all_are_revealed_together():
    state = play_until(past_setup(3), lambda s: s.phase == "research")
    first = choice(state)
    pick = next((a for a in first.actions if a.tech), first.actions[-1])
    events = RULESET.apply(state, pick)
    if pick.tech:
        assert any(e.seats == (first.seat,) and state.tables.names_of[pick.tech] in e.text for e in events)
        assert all(state.tables.names_of[pick.tech] not in e.text for e in events if e.seats is None)
        assert pick.tech not in state.players[first.seat].techs  # not learned before the reveal
        others = [RULESET.view(state, seat) for seat in range(3) if seat != first.seat]
        assert all("research: chosen" in p.panels[first.seat].lines for p in others)
    while state.phase == "research":
        decision = choice(state)
        RULESET.apply(state, decision.actions[-1])
    if pick.tech:
        assert pick.tech in state.players[first.seat].techs


def test_6_5_research_nothing_is_always_offered():
    state = play_until(past_setup(2), lambda s: s.phase == "research")
    assert Research("") in choice(state).actions
