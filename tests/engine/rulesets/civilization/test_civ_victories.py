"""The four victories (digest §8), each at once: economic, culture, technology, military."""

from __future__ import annotations

from civ import RULESET, add_city, add_figure, choice, clear_map, edited, past_setup, sq

from engine.core.decision import End
from engine.rulesets.civilization.abilities import coins
from engine.rulesets.civilization.actions import (
    AdvanceCulture,
    Boost,
    Done,
    PlayUnit,
    Research,
    UseAbility,
)
from engine.rulesets.civilization.battle import begin_battle
from engine.rulesets.civilization.research import learn


def test_8_economic_fifteen_coins_win_at_once():
    state = past_setup(2)
    state.players[1].tech_coins = {"pottery": 15}
    edited(state)
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Done)))
    end = RULESET.decision(state)
    assert isinstance(end, End) and end.winners == (1,) and state.victory == "economic"


def test_8_culture_entering_the_last_space_wins():
    state = past_setup(2)
    player = state.players[0]
    player.step = state.tables.last_step - 1
    player.culture, player.trade = 50, 20
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    RULESET.apply(state, AdvanceCulture())
    assert state.victory == "culture" and RULESET.decision(state).winners == (0,)


def test_8_technology_learning_space_flight_wins():
    state = past_setup(2)
    learn(state, 1, "space_flight", [])
    edited(state)
    assert state.victory == "technology" and RULESET.decision(state).winners == (1,)


def test_8_military_conquering_a_rival_capital_wins():
    state = past_setup(2)
    clear_map(state)
    add_city(state, 1, sq(5, 5), capital=True)
    add_figure(state, 0, "army", sq(5, 5))
    state.players[0].forces = ["aircraft-7"]
    state.players[1].forces = []
    state.greats.update({sq(1, i): (0, f"general-{i}") for i in (1, 2, 3)})  # +12 against the capital's 12
    state.phase, state.k, state.first = "movement", 0, 0
    begin_battle(state, 0, 1, sq(5, 5), "capital", 1, [])
    edited(state)
    RULESET.apply(state, RULESET.decision(state).outcomes[0])  # the attacker's one card
    if not isinstance(RULESET.decision(state), End):
        RULESET.apply(state, PlayUnit(0, -1))
    end = RULESET.decision(state)
    assert isinstance(end, End) and end.winners == (0,) and state.victory == "military"


def test_the_end_names_one_winner_and_ties_the_others():
    state = past_setup(3)
    learn(state, 2, "space_flight", [])
    edited(state)
    end = RULESET.decision(state)
    assert end.scores == (0.0, 0.0, 1.0) and end.ranking[0] == 2


def test_8_economic_a_coin_bought_during_city_management_wins_at_once():
    """§8: 15 coins win whenever reached. A seat at 14 coins buys the 15th with Pottery's
    resource ability (§6.5.3, a wheat for a coin on the card): the win comes at once, though
    the coins were checked short of 15 on the step before."""
    state = past_setup(2)
    player = state.players[0]
    state.phase, state.k, state.first = "city", 0, 0
    player.techs.append("pottery")
    player.tech_coins = {}
    edited(state)
    player.tech_coins = {"currency": 14 - coins(state, 0)}
    player.resources["wheat"], player.trade = 1, 3
    edited(state)
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Boost)))
    assert state.phase == "city" and coins(state, 0) == 14
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, UseAbility) and a.tech == "pottery"))
    assert state.victory == "economic" and RULESET.decision(state).winners == (0,)


def test_a12_two_seats_reaching_15_coins_at_once_the_first_in_turn_order_wins():
    """§8 "ha összegyűjt valamelyikőtök 15-öt belőle, gazdasági győzelmet aratva azonnal megnyeri
    a játékot"; two seats reaching it in one research reveal are taken in turn order from the
    first player, as the reveal itself (A12): seat 1 holds the first player marker."""
    state = past_setup(2)
    state.phase, state.k, state.first = "research", 0, 1
    for player in state.players:
        player.tech_coins = {"pottery": 15}
    edited(state)
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Research)))  # seat 1 picks
    end = RULESET.decision(state)
    assert isinstance(end, End) and end.winners == (1,) and state.victory == "economic"


def test_a12_a_coin_learned_first_in_the_reveal_wins_before_a_later_space_flight():
    """§8: 15 coins and Space Flight both win "azonnal" (at once); the picks are learned in turn
    order (A12). The first player learns Philosophy (a coin) to reach 15 and wins before the next
    seat's Space Flight is learned."""
    state = past_setup(2)
    state.phase, state.k, state.first = "research", 0, 1
    first, second = state.players[1], state.players[0]
    first.techs, first.bottom_row, first.tech_coins, first.trade = ["pottery", "writing"], [], {}, 11
    edited(state)
    first.tech_coins = {"pottery": 14 - coins(state, 1)}  # 14 with the map's
    second.techs = ["pottery", "horseback_riding", "code_of_laws", "writing", "masonry", "irrigation", "seafaring",
                    "chivalry", "engineering", "democracy", "theology", "printing_press", "biology", "computers"]
    second.bottom_row, second.tech_coins, second.trade = [], {}, 26
    edited(state)
    assert coins(state, 1) == 14 and coins(state, 0) < 15
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Research) and a.tech == "philosophy"))
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Research) and a.tech == "space_flight"))
    end = RULESET.decision(state)
    assert isinstance(end, End) and end.winners == (1,) and state.victory == "economic"
    assert "space_flight" not in second.techs
