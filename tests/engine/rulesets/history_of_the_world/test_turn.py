"""History of the World: founding, conquest, battles, sieges, monuments (digest §6, §7).

Each test names the digest section or worked example it checks, on the small Near East
board of ``near_east.py``."""

from __future__ import annotations

import pytest
from near_east import development, empire, found, place, turn_state

from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld

RULES = HistoryOfTheWorld()
ASSYRIANS = empire("assyrians", order=5, armies=6, caravans=("empty_quarter",), ability="forts_per_icon")


def play(state, *moves):
    for move in moves:
        RULES.apply(state, move)


def roll(state, *faces):
    """Throw the given faces in order: two at once where the game throws two dice together."""
    faces = list(faces)
    while faces:
        decision = RULES.decision(state)
        assert isinstance(decision, Chance)
        together = isinstance(decision.outcomes[0].value, str)
        throw = f"{faces.pop(0)}-{faces.pop(0)}" if together else faces.pop(0)
        RULES.apply(state, Outcome(throw))


def test_founding_the_assyrians_as_in_the_worked_example():
    """§6.3 worked example: 6 armies onto the card; the opponent's army in Mesopotamia is
    removed; a capital and one army are placed; the caravan goes on the Empty Quarter."""
    state = turn_state(ASSYRIANS)
    place(state, "mesopotamia", owner=1)
    state.monuments.add("mesopotamia")
    log = found(state)
    assert state.armies == {"mesopotamia": 0} and state.active == {"mesopotamia"}
    assert state.capitals == {"mesopotamia"} and state.monuments == set()
    assert state.supply == [19, 25, 25]  # 6 taken; player 2's army returned to their supply
    assert state.turn.card_armies == 5 and state.turn.caravans == ["empty_quarter"]
    assert log == ["Assyrians is founded in Mesopotamia with 6 armies"]


def test_short_supply_becomes_siege_tokens():
    """§6.9: one siege token for each army missing from the personal supply."""
    state = turn_state(ASSYRIANS)
    state.supply[0] = 4
    found(state)
    assert (state.turn.card_armies, state.turn.card_tokens) == (3, 2)


def test_conquest_targets_by_land_and_by_caravan():
    """§6.4 and §6.10: targets border an active army by land, or share the caravan's barren
    land with one; the caravan may be declared even where land adjacency exists."""
    state = turn_state(ASSYRIANS)
    found(state)
    moves = {m.id for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}
    assert moves == {
        "Conquer(target=anatolia,via=land)", "Conquer(target=levant,via=land)",
        "Conquer(target=tigris,via=land)", "Conquer(target=zagros,via=land)",
        "Conquer(target=levant,via=caravan)", "Conquer(target=nile,via=caravan)",
    }


def test_a_fleet_in_an_ocean_also_sails_its_seas():
    """§6.10: a fleet in an ocean counts in every adjacent sea (Indian Ocean -> Arabian Sea)."""
    state = turn_state(empire("sailors", starts=("nile",), fleets=("indian_ocean",)))
    found(state)
    targets = {(m.target, m.via) for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}
    assert {("zagros", "fleet"), ("tigris", "fleet")} <= targets


def test_conquering_an_empty_province_or_your_own_inactive_army_needs_no_battle():
    """§6.4 table: empty -> occupy; your inactive army -> back to supply, no destruction."""
    state = turn_state(ASSYRIANS)
    place(state, "zagros", owner=0)
    state.cities.add("zagros")
    state.forts.add("levant")
    found(state)
    play(state, a.Conquer("zagros", "land"), a.Conquer("levant", "land"))
    assert state.active == {"mesopotamia", "zagros", "levant"}
    assert "zagros" in state.cities and "levant" in state.forts  # A18: nothing destroyed
    assert state.supply[0] == 25 - 1 - 6 + 1 and state.turn.card_armies == 3


def battle_for(province: str, owner: int = 1, **state_options):
    state = turn_state(ASSYRIANS, **state_options)
    place(state, province, owner)
    found(state)
    play(state, a.Conquer(province, "land"))
    return state


def test_a_won_battle_destroys_one_building_by_priority_and_the_fort():
    """§7.3 and §7.5: the attacker's higher die wins; a capital flips to a city; the fort goes."""
    state = battle_for("levant")
    state.capitals.add("levant")
    state.monuments.add("levant")
    state.forts.add("levant")
    state.turn.battle.defence_dice = 2  # fortified when the battle began
    roll(state, 6, 2, 3, 4)
    assert state.armies["levant"] == 0 and "levant" in state.active
    assert "levant" in state.cities and "levant" not in state.capitals
    assert "levant" in state.monuments and "levant" not in state.forts
    assert state.supply[1] == 25


def test_a_tie_removes_both_armies_and_still_destroys():
    """§7.3: on equal results both armies go back; the province is empty, a building falls."""
    state = battle_for("levant")
    state.cities.add("levant")
    roll(state, 4, 1, 4)
    assert "levant" not in state.armies and state.cities == set()
    assert state.supply == [25 - 6 + 1, 25, 25] and state.turn.battle is None


def test_terrain_gives_the_defender_one():
    """§7.2: mountain or forest adds 1 to the defender's highest die (Zagros is a mountain)."""
    state = battle_for("zagros")
    roll(state, 4, 2, 4)
    decision = RULES.decision(state)
    assert isinstance(decision, Choice) and decision.prompt.startswith("lost the battle for Zagros")


def test_siege_adds_the_catapult_bonus_until_plus_three_then_spends_armies():
    """§7.4 and ambiguity A5: +1, +2, +3, then each round costs an army and stays +3; the
    worked example's tie plus the catapult's +1 wins."""
    state = battle_for("levant")
    roll(state, 2, 1, 5)  # 2 against 5: lost
    assert [m.id for m in RULES.decision(state).actions] == ["Siege(unit=army)", "Retreat()"]
    play(state, a.Siege("army"))
    roll(state, 3, 1, 5)  # 3 + 1 against 5
    play(state, a.Siege("army"))
    roll(state, 3, 1, 5)  # 3 + 2 = 5: a tie, both armies fall
    assert state.turn.battle is None and "levant" not in state.armies
    assert state.supply[0] == 25 - 6 + 2 + 1  # the attacker and both catapult armies come home


def test_siege_beyond_plus_three():
    state = battle_for("levant")
    roll(state, 1, 1, 6)
    for _ in range(3):
        play(state, a.Siege("army"))
        roll(state, 1, 1, 6)
    play(state, a.Siege("army"))  # the fourth round: the army is spent, the bonus stays +3
    battle = state.turn.battle
    assert (battle.catapult, battle.catapult_armies, state.turn.card_armies) == (3, 3, 0)
    roll(state, 1, 1, 6)  # lost with an empty card: the retreat is forced
    assert state.turn.battle is None and state.armies["levant"] == 1
    assert state.supply[0] == 25 - 6 + 5  # the attacker, three on the catapult, the spent one


def test_an_uncapped_siege_keeps_climbing():
    """Ambiguity A5's other reading: each round past +3 adds one more."""
    state = battle_for("levant", siege_bonus_capped=False)
    roll(state, 1, 1, 6)
    for _ in range(3):
        play(state, a.Siege("army"))
        roll(state, 1, 1, 6)
    play(state, a.Siege("army"))
    assert state.turn.battle.catapult == 4


def test_losing_with_an_empty_card_forces_retreat():
    """§6.8: with nothing left on the card the attacker must retreat; all armies go home."""
    state = battle_for("levant")
    state.turn.card_armies = 0
    roll(state, 1, 1, 6)
    assert state.turn.battle is None and state.armies["levant"] == 1
    assert state.supply[0] == 25 - 6 + 1


def test_siege_tokens_may_start_a_siege_unless_the_option_says_otherwise():
    """§6.9 and ambiguity A8."""
    for counts, expected in ((True, ["Siege(unit=token)", "Retreat()"]), (False, ["Retreat()"])):
        state = battle_for("levant", siege_tokens_count=counts)
        state.turn.card_armies, state.turn.card_tokens = 0, 1
        roll(state, 1, 1, 6)
        decision = RULES.decision(state)
        assert [m.id for m in decision.actions] == expected if counts else state.turn.battle is None


def test_without_a8_a_token_still_takes_an_army_s_place_on_the_catapult():
    """Ambiguity A8's other reading is the literal one: a siege needs "legalább egy sereg a
    birodalomkártyádon" (at least one army on the card), yet "ostrom során tehetsz sereg
    helyett ostromjelzőt is a katapultra" (a token may go on the catapult instead of an army).
    With an army and a token left, either may go on the catapult; once only the token is
    left, the next loss forces the retreat ("elfogytak a seregek ... kötelező meghátrálnod")."""
    state = battle_for("levant", siege_tokens_count=False)
    state.turn.card_armies, state.turn.card_tokens = 1, 2
    roll(state, 1, 1, 6)
    assert [m.id for m in RULES.decision(state).actions] == ["Siege(unit=token)", "Siege(unit=army)", "Retreat()"]
    play(state, a.Siege("token"))
    roll(state, 1, 1, 6)
    play(state, a.Siege("army"))
    assert (state.turn.card_armies, state.turn.card_tokens, state.turn.battle.catapult) == (0, 1, 2)
    roll(state, 1, 1, 6)  # lost with a token but no army left: the retreat is forced
    assert state.turn.battle is None and state.armies["levant"] == 1


def test_the_defender_rerolls_against_a_fleet_and_decides_it_himself():
    """§6.10 and §7.3: the Sea effect gives the defender one reroll; the defending player chooses."""
    state = turn_state(empire("sailors", starts=("nile",), fleets=("indian_ocean",)))
    place(state, "zagros", owner=2)
    found(state)
    play(state, a.Conquer("zagros", "fleet"))
    roll(state, 6, 5, 2)
    decision = RULES.decision(state)
    assert decision.seat == 2 and [m.id for m in decision.actions] == ["Reroll(die=0)", "Pass()"]
    play(state, a.Reroll(0))
    roll(state, 6)
    assert state.turn.battle.lost  # 6 against 6 + 1 (mountain)


def test_attacker_rerolls_first_and_the_exchange_alternates():
    """§7.3 clarification: the attacker starts; each side rerolls one die or passes."""
    state = turn_state(empire("sailors", starts=("nile",), fleets=("indian_ocean",), ability="attack_reroll"))
    place(state, "tigris", owner=1)
    found(state)
    play(state, a.Conquer("tigris", "fleet"))
    roll(state, 1, 2, 5)
    assert RULES.decision(state).seat == 0
    play(state, a.Reroll(0))
    roll(state, 6)
    assert RULES.decision(state).seat == 1
    play(state, a.Pass())
    assert state.turn.battle is None and state.armies["tigris"] == 0  # 6 beats 5


def test_a_side_that_passed_may_answer_a_reroll():
    """§7.3 (digest: the exchange ends when both sides pass in succession): the attacker
    passes, the defender rerolls (Sea effect), and the attacker may still use its reroll."""
    state = turn_state(empire("sailors", starts=("nile",), fleets=("indian_ocean",), ability="attack_reroll"))
    place(state, "tigris", owner=1)
    found(state)
    play(state, a.Conquer("tigris", "fleet"))
    roll(state, 5, 2, 4)
    assert RULES.decision(state).seat == 0
    play(state, a.Pass())
    assert RULES.decision(state).seat == 1
    play(state, a.Reroll(0))
    roll(state, 6)
    decision = RULES.decision(state)
    assert decision.seat == 0 and "Reroll(die=1)" in [m.id for m in decision.actions]
    play(state, a.Reroll(1))
    roll(state, 6)
    assert state.turn.battle is None and "tigris" not in state.armies  # 6 against 6: a tie, both fall


def test_with_the_option_off_a_pass_gives_up_the_rerolls():
    """§7.3, the other reading (rerolls_until_both_pass off): once the attacker passed, the
    defender's reroll is the last word."""
    state = turn_state(empire("sailors", starts=("nile",), fleets=("indian_ocean",), ability="attack_reroll"),
                       rerolls_until_both_pass=False)
    place(state, "tigris", owner=1)
    found(state)
    play(state, a.Conquer("tigris", "fleet"))
    roll(state, 5, 2, 4)
    play(state, a.Pass())
    play(state, a.Reroll(0))
    roll(state, 6)
    assert state.turn.battle.lost  # 5 against 6, and no answer


def test_a_caravan_crossing_chained_to_a_fleet_is_still_a_caravan_conquest():
    """§6.10: the Sea effect never applies to a conquest made by caravan. Levant and Nile both
    border the Empty Quarter (barren land), which is chained to a fleet in the Arabian Sea:
    Nile may be conquered by caravan, and then the defender gets no reroll; Zagros, reached
    only through the water, is a fleet conquest."""
    state = turn_state(empire("arabs", starts=("levant",), armies=5, fleets=("arabian_sea",),
                              caravans=("empty_quarter",)))
    place(state, "nile", owner=2)
    found(state)
    targets = {(m.target, m.via) for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}
    assert {("nile", "caravan"), ("nile", "fleet"), ("zagros", "fleet")} <= targets
    assert ("zagros", "caravan") not in targets
    play(state, a.Conquer("nile", "caravan"))
    roll(state, 5, 2, 4)
    assert state.turn.battle is None and state.armies["nile"] == 0  # no Sea reroll was offered


def test_a_looter_scores_one_per_building_destroyed_in_battle():
    """§6.11: a torch empire gains 1 point at once for each building it destroys in battle."""
    state = turn_state(empire("huns", capital=False))
    place(state, "levant", owner=1)
    state.capitals.add("levant")
    found(state)
    assert state.capitals == {"levant"}  # a looter gets no capital
    play(state, a.Conquer("levant", "land"))
    roll(state, 6, 1, 1)
    assert state.score[0] == 11


def test_monuments_and_earthworks_as_in_the_worked_example():
    """§6.5 and §9.2 worked example: Mesopotamia, Zagros, Levant and Nile with 2 resource icons
    give 1 monument, placed in Mesopotamia for its capital; Earthworks gives 2 free forts."""
    state = turn_state(ASSYRIANS)
    found(state)
    for province in ("zagros", "levant", "nile"):
        play(state, a.Conquer(province, "land" if province != "nile" else "caravan"))
    play(state, a.EndConquest())
    assert state.monuments == {"mesopotamia"}
    decision = RULES.decision(state)
    assert {m.id for m in decision.actions} >= {"PlaceFort(province=mesopotamia)", "PlaceFort(province=zagros)"}
    play(state, a.PlaceFort("mesopotamia"), a.PlaceFort("zagros"))
    assert state.forts == {"mesopotamia", "zagros"}
    assert state.active == set()  # step 6: the empire declined


def test_pyramids_build_a_monument_per_icon():
    """§9.2 Egyptians' Pyramids: one monument for every resource icon instead of every two."""
    state = turn_state(empire("egyptians", ability="monument_per_icon"))
    found(state)
    play(state, a.Conquer("zagros", "land"), a.EndConquest())
    assert [m.id for m in RULES.decision(state).actions] == ["UseAbility(use=True)", "UseAbility(use=False)"]
    play(state, a.UseAbility(True))
    assert state.monuments == {"mesopotamia", "zagros"}


def test_pyramids_may_be_declined():
    """§9.1: "you decide whether to use it in your turn": the Egyptians may build the usual
    monuments instead (1 for Mesopotamia and Zagros, the 2 resource provinces)."""
    state = turn_state(empire("egyptians", ability="monument_per_icon"))
    found(state)
    play(state, a.Conquer("zagros", "land"), a.EndConquest())
    decision = RULES.decision(state)
    assert decision.seat == 0 and "do not: 1 monument" in [m.label for m in decision.actions]
    play(state, a.UseAbility(False))
    assert state.monuments == {"mesopotamia"}


def test_pyramids_are_not_asked_about_when_they_change_nothing():
    """Only real decisions are asked: without a resource province both counts are 0."""
    state = turn_state(empire("egyptians", starts=("levant",), ability="monument_per_icon"))
    found(state)
    play(state, a.Conquer("nile", "land"))
    log = RULES.apply(state, a.EndConquest())
    assert not any("Pyramids" in event.text for event in log) and state.monuments == set()
    assert state.turn is None or state.turn.step != "pyramids"


def test_a_fort_costs_an_army_from_the_card():
    """§6.4: discard one army from the card to place a fort where an active army stands."""
    state = turn_state(ASSYRIANS)
    found(state)
    play(state, a.BuildFort("mesopotamia"))
    assert state.forts == {"mesopotamia"} and state.turn.card_armies == 4
    assert "BuildFort(province=mesopotamia)" not in {m.id for m in RULES.decision(state).actions}


def test_developments_act_on_the_board_target_by_target():
    """§9.4: a development played outside a conquest; Weaponry adds 1 to the attack."""
    weaponry = development("weaponry", "attack_bonus")
    state = turn_state(ASSYRIANS, events=[weaponry])
    state.hand[0] = ["weaponry"]
    place(state, "levant", owner=1)
    found(state)
    play(state, a.PlayDevelopment("weaponry"), a.Conquer("levant", "land"))
    roll(state, 4, 1, 4)  # 4 + 1 beats 4
    assert state.armies["levant"] == 0


def test_an_illegal_move_is_refused_and_changes_nothing():
    state = turn_state(ASSYRIANS)
    found(state)
    before = state.clone()
    with pytest.raises(IllegalAction, match="not allowed now"):
        RULES.apply(state, a.Conquer("crete", "land"))
    assert state == before


def test_no_monument_is_built_when_the_box_has_none_left():
    """§2 limits and §6.5: a monument that cannot be taken from the supply is not built."""
    state = turn_state(empire("egyptians", ability="monument_per_icon"))
    state.monuments = {f"elsewhere{n}" for n in range(20)}
    found(state)
    play(state, a.Conquer("zagros", "land"), a.EndConquest())
    assert len(state.monuments) == 20 and "mesopotamia" not in state.monuments
