"""Antike Duellum: the 25 event cards and the display (digest §9.3, §6.7, §10.2).

FORTRESS and PESTILENCE are checked with the conquests (test_duellum_duellum.py), PRIVILEGE
with the rondel (test_duellum_setup_rondel.py). Each test names the digest section it checks."""

from __future__ import annotations

import pytest
from duellum import (
    BEIGE,
    BROWN,
    RULES,
    at,
    attempt,
    blank,
    box,
    city,
    decision,
    goods,
    hold,
    ids,
    new_game,
    play,
    put,
)

from engine.core.decision import Chance
from engine.core.errors import IllegalAction
from engine.rulesets.antike_duellum import actions as a


def brown_holds(*cards, **options):
    state = new_game(**options)
    hold(state, BROWN, *cards)
    return state


def test_academy_before_the_move_pays_on_scientia():
    """§9.3 ACADEMY: when you use SCIENTIA, 1 gold per technology your opponent has developed,
    scholar or not."""
    state = brown_holds("ev-academy")
    state.techs[BEIGE] += ["strata", "moneta"]
    goods(state, BROWN)
    play(state, "PlayEvent(card=ev-academy)")
    log = play(state, f"MoveRondel(space=rondel-{state.tables.actions.index('SCIENTIA')},steps=0)")
    assert "Rome gains 2 gold from the academy" in log


def test_academy_during_scientia_pays_at_once_and_needs_opponent_techs():
    """§9.3 ACADEMY: playable while using SCIENTIA; with no opponent technology it does nothing
    and is not offered."""
    state = brown_holds("ev-academy")
    goods(state, BROWN, gold=5)
    at(state, "SCIENTIA")
    assert "PlayEvent(card=ev-academy)" not in ids(state)
    state.techs[BEIGE].append("strata")
    play(state, "PlayEvent(card=ev-academy)")
    assert state.goods[BROWN]["gold"] == 6


def test_architect_builds_a_temple_without_templum():
    """§9.3 ARCHITECT: one temple without TEMPLUM; the 6 marble and adjacent fees still paid."""
    state = brown_holds("ev-architect")
    goods(state, BROWN, marble=6)
    play(state, "PlayEventOn(card=ev-architect,space=roma,resource=)")
    assert "roma" in state.temples and state.goods[BROWN]["marble"] == 0
    assert "ev-architect" in state.discard


def test_burglary_takes_every_second_coin():
    """§9.3 BURGLARY: the opponent loses floor(coins / 2)."""
    state = brown_holds("ev-burglary")
    state.coins[BEIGE] = 5
    log = play(state, "PlayEvent(card=ev-burglary)")
    assert state.coins[BEIGE] == 3 and "Carthage loses 2 coins" in log


def test_charity_pays_for_each_person_behind():
    """§9.3 CHARITY: 1 coin per person card fewer than the opponent; not offered when not behind."""
    state = brown_holds("ev-charity")
    assert "PlayEvent(card=ev-charity)" not in ids(state)
    state.persons[BEIGE] = ["king-1", "scholar-1"]
    play(state, "PlayEvent(card=ev-charity)")
    assert state.coins[BROWN] == 2


def test_corruptions_hit_stocks_above_three():
    """§9.3 CORRUPTIONS: 1 of each resource the opponent has more than 3 of (4 or more)."""
    state = brown_holds("ev-corruptions")
    goods(state, BEIGE, gold=4, marble=3, iron=9)
    play(state, "PlayEvent(card=ev-corruptions)")
    assert state.goods[BEIGE] == {"gold": 3, "marble": 3, "iron": 8}


def test_diplomacy_produces_with_the_opponents_cities():
    """§9.3 DIPLOMACY, A9: AURUM produces with the opponent's gold cities (a temple triples) and
    your MONETA; the opponent loses nothing; the coin is still yours."""
    state = brown_holds("ev-diplomacy")
    blank(state)
    city(state, "roma", "gold", BROWN)
    city(state, "carthago", "gold", BEIGE, temple=True)
    city(state, "hadrumetum", "gold", BEIGE)
    state.techs[BROWN].append("moneta")
    goods(state, BROWN)
    goods(state, BEIGE)
    play(state, "PlayEvent(card=ev-diplomacy)")
    log = play(state, f"MoveRondel(space=rondel-{state.tables.actions.index('AURUM')},steps=0)")
    assert "Rome produces 6 gold with Carthage's cities" in log
    assert state.coins[BROWN] == 1 and state.goods[BEIGE]["gold"] == 0


def test_earthquake_destroys_a_wall_which_returns_to_its_owner():
    """§9.3 EARTHQUAKE, A14: any wall; it returns to its owner's supply."""
    state = brown_holds("ev-earthquake")
    city(state, "carthago", "gold", BEIGE, wall=True)
    supply = state.walls_supply[BEIGE]
    play(state, "PlayEventOn(card=ev-earthquake,space=carthago,resource=)")
    assert "carthago" not in state.walls and state.walls_supply[BEIGE] == supply + 1


def test_forge_and_shipyard_recruit_free_of_iron():
    """§9.3 FORGE and SHIPYARD: 1 legion and 1 galley recruited with MILITIA cost no iron; the
    placement limits still apply."""
    state = brown_holds("ev-forge", "ev-shipyard")
    goods(state, BROWN)
    play(state, "PlayEvent(card=ev-forge)", "PlayEvent(card=ev-shipyard)")
    at(state, "MILITIA")
    log = play(state, "Recruit(unit=legion,city=pisae)", "Recruit(unit=galley,city=roma)")
    assert "Rome recruits a legion in Pisae free of iron" in log
    assert "Rome recruits a galley in Roma free of iron" in log
    assert state.turn.due == {}


def test_gang_builds_a_wall_without_templum():
    """§9.3 GANG: a wall from your supply, paying the 1 marble, without TEMPLUM."""
    state = brown_holds("ev-gang")
    play(state, "PlayEventOn(card=ev-gang,space=roma,resource=)")
    assert "roma" in state.walls and state.walls_supply[BROWN] == 0 and state.goods[BROWN]["marble"] == 2


def test_gold_mine_and_stone_pit_add_to_each_city():
    """§9.3 GOLD MINE / STONE PIT: +1 per gold (marble) city when using AURUM (MARMOR)."""
    for card, action, resource in (("ev-gold-mine", "AURUM", "gold"), ("ev-stone-pit", "MARMOR", "marble")):
        state = brown_holds(card)
        blank(state)
        city(state, "roma", resource, BROWN, temple=True)
        city(state, "pisae", resource, BROWN)
        goods(state, BROWN)
        play(state, f"PlayEvent(card={card})")
        play(state, f"MoveRondel(space=rondel-{state.tables.actions.index(action)},steps=0)")
        assert state.goods[BROWN][resource] == 4 + 2


def test_honorarium_gives_a_chosen_resource_per_scholar():
    """§9.3 HONORARIUM: 1 resource of your choice for each scholar you hold."""
    state = brown_holds("ev-honorarium")
    state.persons[BROWN] = ["scholar-1", "scholar-2"]
    goods(state, BROWN)
    log = play(state, "PlayEvent(card=ev-honorarium)", "ChooseResource(resource=iron)",
               "ChooseResource(resource=gold)")
    assert state.goods[BROWN] == {"gold": 1, "marble": 0, "iron": 1} and "Rome takes 1 gold, 1 iron" in log


def test_merchant_exchanges_three_for_three():
    """§9.3 MERCHANT: 3 of your resources for 3 of the opponent's of types you choose."""
    state = brown_holds("ev-merchant")
    goods(state, BROWN, marble=3)
    goods(state, BEIGE, gold=2, iron=2)
    log = play(state, "PlayEvent(card=ev-merchant)", "ChooseResource(resource=gold)",
               "ChooseResource(resource=gold)")  # the last take (iron) and the give are forced
    assert "Rome gives 3 marble to Carthage and takes 2 gold, 1 iron" in log
    assert state.goods[BROWN] == {"gold": 2, "marble": 0, "iron": 1}
    assert state.goods[BEIGE] == {"gold": 0, "marble": 3, "iron": 1}


def test_merchant_exchanges_what_both_have_when_short():
    """A13: with fewer than 3 on either side, as many as possible are exchanged."""
    state = brown_holds("ev-merchant")
    goods(state, BROWN, marble=5)
    goods(state, BEIGE, gold=1)
    play(state, "PlayEvent(card=ev-merchant)")
    assert state.goods[BROWN] == {"gold": 1, "marble": 4, "iron": 0}


def test_mining_replaces_a_marker_of_a_city_without_temple():
    """§9.3 MINING: permanently; not on a temple city; the old marker returns to the bank."""
    state = brown_holds("ev-mining")
    state.temples.add("pisae")
    assert not [i for i in ids(state) if "space=pisae" in i]
    play(state, "PlayEventOn(card=ev-mining,space=roma,resource=iron)")
    assert state.marker["roma"] == "iron"


def test_mutiny_costs_a_gold_and_a_unit_of_the_victims_choice():
    """§9.3 MUTINY, A13: the opponent discards 1 gold and chooses which of their units dies."""
    state = brown_holds("ev-mutiny")
    put(state, BEIGE, "legion", "zama")
    put(state, BEIGE, "galley", "carthago")
    play(state, "PlayEvent(card=ev-mutiny)")
    choice = decision(state)
    assert choice.seat == BEIGE and [m.id for m in choice.actions] == [
        "Destroy(unit=legion,region=zama)", "Destroy(unit=galley,region=carthago)"]
    play(state, "Destroy(unit=galley,region=carthago)")
    assert state.goods[BEIGE]["gold"] == 2 and state.galleys[BEIGE] == {} and state.box[BEIGE]["galley"] == 2
    assert decision(state).seat == BROWN


def test_oracle_buys_a_card_from_the_display():
    """§9.3 ORACLE: pay 1 gold, take 1 card from the display, which is refilled at once."""
    state = brown_holds("ev-oracle")
    play(state, "PlayEvent(card=ev-oracle)", "PickEvent(card=ev-purchase)")  # the gold: forced
    assert state.goods[BROWN]["gold"] == 2 and "ev-purchase" in state.hand[BROWN]
    assert isinstance(decision(state), Chance) and len(state.display) == 2


def test_prosperity_pays_for_walled_cities():
    """§9.3 PROSPERITY: 1 gold per city of yours with a wall."""
    state = brown_holds("ev-prosperity")
    state.walls |= {"roma", "pisae"}
    play(state, "PlayEvent(card=ev-prosperity)")
    assert state.goods[BROWN]["gold"] == 5


def test_purchase_turns_two_gold_into_two_marble_and_two_iron():
    """§9.3 PURCHASE: pay 2 gold, receive 2 marble and 2 iron."""
    state = brown_holds("ev-purchase")
    play(state, "PlayEvent(card=ev-purchase)")
    assert state.goods[BROWN] == {"gold": 1, "marble": 5, "iron": 5}


def test_recruits_buys_up_to_two_units_not_recruitable_this_turn():
    """§9.3 RECRUITS, A16: up to 2 units of any types at the normal price, without SCIENTIA;
    they were not in the box at the turn's start, so MILITIA cannot place them this turn."""
    state = brown_holds("ev-recruits")
    box(state, BROWN, legion=0, galley=0)
    goods(state, BROWN, gold=3, iron=4)
    play(state, "PlayEvent(card=ev-recruits)", "Buy(unit=galley)", "Buy(unit=legion)")
    assert state.box[BROWN] == {"legion": 1, "galley": 1} and state.goods[BROWN]["gold"] == 0
    at(state, "MILITIA")
    assert state.turn.step != "action" or not [m for m in decision(state).actions if isinstance(m, a.Recruit)]


def test_sabotage_makes_the_opponent_discard_a_card_of_their_choice():
    """§9.3 SABOTAGE, A13: pay 1 gold; the opponent discards one of their event cards at once."""
    state = brown_holds("ev-sabotage")
    hold(state, BEIGE, "ev-gang", "ev-forge")
    play(state, "PlayEvent(card=ev-sabotage)")
    choice = decision(state)
    assert choice.seat == BEIGE and [m.id for m in choice.actions] == ["Discard(card=ev-forge)", "Discard(card=ev-gang)"]
    play(state, "Discard(card=ev-gang)")
    assert state.hand[BEIGE] == ["ev-forge"] and "ev-gang" in state.discard
    assert state.goods[BROWN]["gold"] == 2


def test_settler_founds_for_one_gold_plus_fees():
    """§9.3 SETTLER: in phase 2, a city for 1 gold instead of the base cost; fees still paid."""
    state = brown_holds("ev-settler")
    put(state, BROWN, "legion", "genua")
    goods(state, BROWN, gold=1, coins=1)
    at(state, "AURUM")  # 1 gold from Roma, 1 coin: phase 2 opens with a site to settle
    assert "FoundCity(site=genua,resource=gold)" in ids(state)
    play(state, "PlayEventOn(card=ev-settler,space=genua,resource=marble)", "Pay(item=gold)")
    assert state.owner["genua"] == BROWN and state.marker["genua"] == "marble"
    assert state.goods[BROWN]["gold"] == 1 and state.coins[BROWN] == 1  # 1 marble fee: Pisae


def test_settler_is_played_at_any_moment_of_its_holders_turn():
    """§9.3 "A játékosok használhatják és kombinálhatják az eseménykártyáikat a saját körükben
    bármikor, hacsak a kártya szövege mást nem mond": SETTLER's text ("Alapíthatsz egy várost 1
    aranyért cserébe") names no moment, so it founds a city before the rondel move too, and in
    another action's step, not only in phase 2 (a city settled first may then take recruits)."""
    state = brown_holds("ev-settler")
    put(state, BROWN, "legion", "genua")
    goods(state, BROWN, gold=2, coins=1)
    assert "PlayEventOn(card=ev-settler,space=genua,resource=marble)" in ids(state)  # before the move
    at(state, "TEMPLUM")
    assert "PlayEventOn(card=ev-settler,space=genua,resource=marble)" in ids(state)
    play(state, "PlayEventOn(card=ev-settler,space=genua,resource=marble)")
    assert state.owner["genua"] == BROWN and state.goods[BROWN]["gold"] == 1 and state.coins[BROWN] == 0  # the fee: Pisae


def test_events_need_their_moment():
    """§6.7 and §9.3: FORTRESS is never played in your own turn; GOLD MINE must come before the
    marker moves to AURUM."""
    state = brown_holds("ev-fortress", "ev-gold-mine")
    put(state, BROWN, "legion", "genua")
    assert [i for i in ids(state) if i.startswith("PlayEvent")] == ["PlayEvent(card=ev-gold-mine)"]
    at(state, "TEMPLUM")
    with pytest.raises(IllegalAction, match="cannot be played now"):
        attempt(state, a.PlayEvent("ev-gold-mine"))


def test_several_cards_combine_in_one_turn():
    """§10.2: several event cards may be played in one turn and combined."""
    state = brown_holds("ev-gold-mine", "ev-diplomacy")
    blank(state)
    city(state, "carthago", "gold", BEIGE)
    goods(state, BROWN)
    play(state, "PlayEvent(card=ev-gold-mine)", "PlayEvent(card=ev-diplomacy)")
    play(state, f"MoveRondel(space=rondel-{state.tables.actions.index('AURUM')},steps=0)")
    assert state.goods[BROWN]["gold"] == 2


def test_an_empty_deck_takes_the_discard_pile():
    """§9.3: when the deck is empty, the discard pile is shuffled into a new deck."""
    state = new_game()
    state.discard, state.pool = list(state.pool), []
    state.display.pop()
    log = []
    RULES.advance(state, log)
    state.decision = None
    assert "the event deck is empty: the discard pile is shuffled into a new deck" in [e.text for e in log]
    assert isinstance(decision(state), Chance) and not state.discard
