"""History of the World: kingdoms, developments and their effects (digest §6.2, §7.6, §9.3, §9.4)."""

from __future__ import annotations

from near_east import development, empire, found, kingdom, place, turn_state

from engine.core.decision import Choice
from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import epoch
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld

RULES = HistoryOfTheWorld()


def play(state, *moves):
    for move in moves:
        RULES.apply(state, move)


def ids(state) -> list[str]:
    return [move.id for move in RULES.decision(state).actions]


def with_hand(*cards, empire_card=None, **options):
    state = turn_state(empire_card or empire("persians", armies=5), events=cards, **options)
    state.hand[0] = [card.id for card in cards if not card.kingdom]
    return state


def test_a_kingdom_is_played_first_and_declines_before_the_empire_is_founded():
    """§6.2 and §9.4: the kingdom founds (with a city: city icon), conquers, builds and declines
    before the empire is founded; it does not score on its own."""
    nubia = kingdom("nubia", "nile", armies=2)
    state = turn_state(empire("persians", armies=5, starts=("zagros",)), events=[nubia])
    state.turn.kingdom, state.turn.step = "nubia", "kingdom"
    assert ids(state) == ["PlayKingdom()", "SkipKingdom()"]
    play(state, a.PlayKingdom())
    assert state.cities == {"nile"} and state.active == {"nile"} and state.turn.card == "nubia"
    assert not any(isinstance(m, a.PlayDevelopment) for m in RULES.decision(state).actions)
    log = RULES.apply(state, a.Conquer("libya", "land"))
    assert "P1: end conquest (the only move)" in [event.text for event in log], "no army left on the card"
    assert state.turn.card == "persians" and state.active == {"zagros"}
    assert state.armies["libya"] == 0 and state.score[0] == 10  # no scoring after the kingdom


def test_a_kingdom_may_be_left_unplayed_unless_the_option_says_otherwise():
    """Ambiguity A10: playing a drafted kingdom is optional by default."""
    state = turn_state(empire("persians"), events=[kingdom("nubia", "nile")])
    state.turn.kingdom, state.turn.step = "nubia", "kingdom"
    play(state, a.SkipKingdom())
    assert state.turn.card == "persians" and "nile" not in state.armies


def test_developments_are_not_played_inside_a_conquest():
    """§9.4 and ambiguity A9: not between placing an army and finishing its battle; between
    conquests they may be played, unless the strict reading bars the whole step."""
    weaponry = development("weaponry", "attack_bonus")
    state = with_hand(weaponry)
    place(state, "levant", 1)
    found(state)
    assert "PlayDevelopment(card=weaponry)" in ids(state)
    play(state, a.Conquer("levant", "land"))
    RULES.apply(state, Outcome("1-1"))
    RULES.apply(state, Outcome(6))
    assert "PlayDevelopment(card=weaponry)" not in ids(state)  # siege or retreat now
    play(state, a.Retreat())
    assert "PlayDevelopment(card=weaponry)" in ids(state)
    strict = with_hand(weaponry, developments_between_conquests=False)
    found(strict)
    play(strict, a.Conquer("zagros", "land"))
    assert "PlayDevelopment(card=weaponry)" not in ids(strict)


def test_an_event_needing_supply_armies_cannot_be_played_without_them():
    """§9.3: Revolution, Barbarians and Diplomacy need the whole effect's armies in the supply."""
    revolution = development("revolution", "revolution", amount=2, supply_armies=2)
    state = with_hand(revolution)
    found(state)
    state.supply[0] = 1
    assert "PlayDevelopment(card=revolution)" not in ids(state)


def test_diplomacy_replaces_an_army_without_destroying_anything():
    """§7.6: the replaced army returns to its owner; buildings and forts stay."""
    diplomacy = development("diplomacy", "diplomacy")
    state = with_hand(diplomacy)
    place(state, "levant", 2)
    state.capitals.add("levant")
    state.forts.add("levant")
    found(state)
    play(state, a.PlayDevelopment("diplomacy"))
    assert "Target(space=levant)" in ids(state)
    play(state, a.Target("levant"))
    assert state.armies["levant"] == 0 and "levant" in state.active  # A17: it stands
    assert "levant" in state.capitals and "levant" in state.forts and state.supply[2] == 25


def test_barbarians_and_catastrophe_destroy_without_battle_and_give_a_looter_nothing():
    """§6.11 and §9.3: destruction without a battle scores no looter points."""
    barbarians = development("barbarians", "barbarians")
    catastrophe = development("catastrophe", "catastrophe", amount=2)
    state = with_hand(barbarians, catastrophe, empire_card=empire("huns", capital=False))
    place(state, "levant", 1)
    state.cities.add("levant")
    state.capitals |= {"nile", "libya"}
    found(state)
    play(state, a.PlayDevelopment("barbarians"), a.Target("levant"))
    assert state.armies["levant"] == 0 and "levant" not in state.cities
    play(state, a.PlayDevelopment("catastrophe"), a.Target("nile"))
    assert [m.id for m in RULES.decision(state).actions] == ["Target(space=libya)", "Skip()"]  # one region
    play(state, a.Target("libya"))
    assert state.cities == {"nile", "libya"} and state.score[0] == 10


def test_a_fleet_development_extends_the_reach_at_once():
    """§9.4 development: place a fleet on a sea bordering your active armies."""
    fleet = development("navigators", "fleet")
    state = with_hand(fleet, empire_card=empire("persians", starts=("levant",)))
    found(state)
    play(state, a.PlayDevelopment("navigators"), a.Target("mediterranean"))
    targets = {(m.target, m.via) for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}
    assert ("crete", "fleet") in targets


def test_the_mesoamericans_found_on_two_provinces():
    """§6.3 special case: an army and a capital on each start province, then the remaining two."""
    state = turn_state(empire("mesoamericans", armies=4, starts=("nile", "tigris")))
    found(state)
    assert state.active == {"nile", "tigris"} and state.capitals == {"nile", "tigris"}
    assert state.turn.card_armies == 2


def test_clearing_a_start_province_is_no_battle_and_scores_no_plunder():
    """§6.3 and §6.11: the start province is cleared without dice; a looter gains nothing."""
    state = turn_state(empire("huns", capital=False))
    place(state, "mesopotamia", 2)
    state.capitals.add("mesopotamia")
    found(state)
    assert state.capitals == set() and state.score[0] == 10 and state.supply[2] == 25


def test_monuments_of_equal_priority_are_the_players_choice():
    """§6.5 and ambiguity A23: among provinces of the same priority the player chooses."""
    state = turn_state(empire("egyptians", ability="monument_per_icon"))
    state.capitals.add("zagros")
    found(state)
    play(state, a.Conquer("zagros", "land"), a.EndConquest(), a.UseAbility(True))
    decision = RULES.decision(state)
    assert isinstance(decision, Choice)
    assert [m.id for m in decision.actions] == ["PlaceMonument(province=mesopotamia)",
                                                "PlaceMonument(province=zagros)"]


def test_a_chosen_retreat_brings_the_catapult_armies_home():
    """§6.8: on retreat the attacking army and everything on the catapult return to the supply;
    the attacker may try the same province again from scratch."""
    state = turn_state(empire("persians", armies=6))
    place(state, "levant", 1)
    found(state)
    play(state, a.Conquer("levant", "land"))
    RULES.apply(state, Outcome("1-1"))
    RULES.apply(state, Outcome(6))
    play(state, a.Siege("army"))
    RULES.apply(state, Outcome("1-1"))
    RULES.apply(state, Outcome(6))
    play(state, a.Retreat())
    assert state.turn.battle is None and state.supply[0] == 25 - 6 + 2
    assert "Conquer(target=levant,via=land)" in ids(state)


def test_fleets_and_caravans_chain_unless_the_option_says_otherwise():
    """§6.10 and ambiguity A4: a caravan in the Empty Quarter and a fleet in the touching Arabian
    Sea form one network, so Levant reaches Zagros; with chains off each disc works alone."""
    def reach(**options):
        state = turn_state(empire("arabs", starts=("levant",), fleets=("arabian_sea",),
                                  caravans=("empty_quarter",)), **options)
        found(state)
        return {(m.target, m.via) for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}

    assert ("zagros", "fleet") in reach()
    alone = reach(fleet_chains=False)
    assert ("zagros", "fleet") not in alone and ("nile", "caravan") in alone


def test_developments_are_kept_for_later_epochs_unless_they_lack_the_plus():
    """§9.4: a development with the "+" icon may be played in a later epoch; without it, and
    like an unplayed kingdom, it is lost when its epoch ends."""
    keep, lose = development("keep", "attack_bonus"), development("lose", "attack_bonus", later=False)
    state = turn_state(empire("persians"), events=[keep, lose, kingdom("nubia", "nile")])
    state.hand[0], state.kingdoms[1] = ["keep", "lose"], "nubia"
    epoch.end_epoch(state, [])
    assert state.hand[0] == ["keep"] and state.kingdoms == [None, None, None]
