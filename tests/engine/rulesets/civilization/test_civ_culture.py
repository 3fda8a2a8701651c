"""The culture track and event cards (digest §6.3.10, §6.9; the rulebook's "KULTÚRPONTOK
ELKÖLTÉSE" and "ESEMÉNYKÁRTYÁK"): each step costs the space entered, several steps a turn, an
event space's card and the hand limit."""

from __future__ import annotations

from civ import RULESET, add_city, choice, clear_map, edited, force, past_setup, sq

from engine.core.decision import Chance
from engine.rulesets.civilization.actions import (
    AdvanceCulture,
    Discard,
    Done,
    PlayEvent,
)


def city_turn(step: int = 0, culture: int = 0, trade: int = 0):
    """Seat 0's city management, its one city already acted, on culture space ``step``."""
    state = past_setup(2)
    clear_map(state)
    city = add_city(state, 0, sq(5, 5), capital=True)
    city.acted = 1
    player = state.players[0]
    player.step, player.culture, player.trade = step, culture, trade
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    return state, player


def test_6_3_10_a_step_costs_the_space_entered_and_trade_later_on():
    """§6.3.10: "egy mezőt halad a kultúrasávon jelzőjével, kifizetve annak költségét (ahova
    lép, nem ahonnan)"; "Egy idő után már nem csupán kultúrpontjelzőket, de kereskedelmi
    pontokat is be kell fizetni ... mindkét fajta költséget teljesen meg kell fizetni". From
    space 7 (cost 3) to space 8 (5 culture and 1 trade in the shipped track)."""
    track = past_setup(2).tables.track
    assert (track[7]["cost_culture"], track[8]["cost_culture"], track[8]["cost_trade"]) == (3, 5, 1)
    state, player = city_turn(step=7, culture=5, trade=0)
    assert AdvanceCulture() not in choice(state).actions  # the trade is missing
    state, player = city_turn(step=7, culture=5, trade=1)
    RULESET.apply(state, AdvanceCulture())
    assert (player.step, player.culture, player.trade) == (8, 0, 0)


def test_6_3_10_several_steps_in_one_turn():
    """§6.3.10 "Amíg rajtatok van a sor, többször is léphettek a kultúrasávon" (space 3 gives a
    great person, drawn at once)."""
    state, player = city_turn(step=0, culture=9)
    greats = len(player.greats) + len(state.greats)
    for _ in range(3):
        RULESET.apply(state, AdvanceCulture())
        while isinstance(RULESET.decision(state), Chance):
            RULESET.apply(state, RULESET.decision(state).outcomes[0])
        if state.placing:
            RULESET.apply(state, next(a for a in choice(state).actions if not a.square))  # keep it on the sheet
    assert player.step == 3 and player.culture == 0
    assert len(player.events) == 2 and len(player.greats) + len(state.greats) == greats + 1


def test_6_9_an_event_card_over_the_limit_is_discarded_at_once():
    """§6.3.10, event spaces: "Ha ezáltal túl sok eseménykártya lesz a kezében (megfelelő
    technológiák ismerete nélkül legfeljebb kettő lehet a kézben), a felesleget el kell dobnia —
    csak ezután játszhat ki eseménykártyát." With two cards held, space 1's card is a third: its
    holder discards one of the three before anything else, to the bottom of its deck face up."""
    state, player = city_turn(step=0, culture=3)
    player.events = ["ancient-01", "ancient-02"]
    state.event_pool["ancient"] = [e for e in state.event_pool["ancient"] if e not in player.events]
    edited(state)
    RULESET.apply(state, AdvanceCulture())
    drawn = min(state.event_pool["ancient"])
    force(state, drawn)
    decision = choice(state)
    assert decision.seat == 0 and all(isinstance(a, Discard) for a in decision.actions)
    assert sorted(a.card for a in decision.actions) == sorted(["ancient-01", "ancient-02", drawn])
    RULESET.apply(state, Discard("ancient-01"))
    assert sorted(player.events) == sorted(["ancient-02", drawn])
    assert state.event_bottom["ancient"] == ["ancient-01"]
    assert any(isinstance(a, Done) for a in choice(state).actions)


def test_6_9_within_the_limit_nothing_is_discarded():
    state, player = city_turn(step=0, culture=3)
    player.events = ["ancient-01"]
    state.event_pool["ancient"].remove("ancient-01")
    edited(state)
    RULESET.apply(state, AdvanceCulture())
    force(state, min(state.event_pool["ancient"]))
    actions = choice(state).actions
    assert not any(isinstance(a, Discard) for a in actions) and len(player.events) == 2
    assert all(not isinstance(a, PlayEvent) or a.card in player.events for a in actions)
