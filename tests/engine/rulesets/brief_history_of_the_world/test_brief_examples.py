"""The digest's worked examples and clarifications, each naming its section."""

from __future__ import annotations

import pytest
from brief import RULESET, find, in_turn, new_game, outcome, play, stand

from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.rulesets.brief_history_of_the_world.gold import (
    adjust_stacks,
    collect,
    ranking,
)
from engine.rulesets.brief_history_of_the_world.state import Force

ROMAN, BLUE, YELLOW = 0, 2, 3


def roll(state, attack: str, defence: str) -> None:
    play(state, outcome(state, attack))
    play(state, outcome(state, defence))


def test_roman_overrun_example_7_6():
    """§7.6: the Romans take the Balkans at +2 with 6-5 against 3: 5 points, 2 for the
    mountain; Rhineland (another player), Pindus (fort) and Crete (across the sea) cannot
    be overrun; Anatolia then Levant can, and Danubia is not next to Anatolia."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "balkans", "danubia", "anatolia", "levant", "pindus", "crete")
    stand(state, YELLOW, "rhineland")
    state.forts.add("pindus")
    state.force.dial = 2
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 36, "two attack dice by land"
    roll(state, "6-5", 3)
    assert state.armies["balkans"] == ROMAN and state.force.dial == 0
    choice = RULESET.decision(state)
    assert {m.id for m in choice.actions} == {"Overrun(territory=anatolia)", "Overrun(territory=danubia)",
                                              "StopOverrun()"}
    play(state, find(state, "Overrun(territory=anatolia)"))
    assert state.overrun.points == 1
    while state.monuments_due:  # Anatolia's resource symbol completes a pair (§6.8)
        play(state, RULESET.decision(state).actions[0])
    assert {m.id for m in RULESET.decision(state).actions} == {"Overrun(territory=levant)", "StopOverrun()"}
    play(state, find(state, "Overrun(territory=levant)"))
    assert state.overrun is None and state.armies["levant"] == ROMAN and state.armies["danubia"] == BLUE
    assert state.stock[BLUE] == 40 - 6 + 3


def test_continuing_an_invasion_example_7_5():
    """§7.5: 4-1 against 5 fails; one army from the board pays for +1 on the dial; 6-2
    against 6 is then 7 against 6, one point, enough on open ground."""
    state = in_turn("e3-romans", ROMAN, board=4)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    roll(state, "4-1", 5)
    assert {m.id for m in RULESET.decision(state).actions} == {"Continue()", "Abandon()"}
    stock = state.stock[ROMAN]
    play(state, find(state, "Continue()"))
    assert state.force.dial == 1 and state.force.board == 2 and state.stock[ROMAN] == stock + 1
    roll(state, "6-2", 6)
    assert state.armies["gaul"] == ROMAN and state.force.dial == 0


def test_abandoning_returns_the_army_and_resets_the_dial_7_5():
    state = in_turn("e3-romans", ROMAN, board=3)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    state.force.dial = 2
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    roll(state, "1-1", 6)
    stock = state.stock[ROMAN]
    play(state, find(state, "Abandon()"))
    assert state.armies["gaul"] == BLUE and state.force.dial == 0 and state.stock[ROMAN] == stock + 1
    assert state.force.board == 2


def test_dreaded_assyrian_example_7_6():
    """§7.6, §10.1: the Assyrians roll 6-2 against 4 in Levant: 2 points plus Dreaded's 1;
    4-2 against 4 in Lower Tigris is a tie, which fails and earns no bonus."""
    state = in_turn("e2-assyrians", ROMAN)
    stand(state, ROMAN, "mesopotamia")
    stand(state, BLUE, "levant", "lower-tigris")
    play(state, find(state, "PlaceArmy(territory=levant,surrender=False)"))
    roll(state, "6-2", 4)
    assert state.armies["levant"] == ROMAN and state.overrun is None, "3 points, 1 spent, no Blue neighbour left"
    play(state, find(state, "PlaceArmy(territory=lower-tigris,surrender=False)"))
    roll(state, "4-2", 4)
    assert state.invasion.failed and state.armies["lower-tigris"] == BLUE


def test_dreaded_point_pays_for_a_mountain_a5():
    """A5: a successful roll one point ahead removes a mountain defender with Dreaded's +1."""
    state = in_turn("e2-assyrians", ROMAN)
    stand(state, ROMAN, "levant")
    stand(state, BLUE, "anatolia")
    play(state, find(state, "PlaceArmy(territory=anatolia,surrender=False)"))
    roll(state, "5-1", 4)
    assert state.armies["anatolia"] == ROMAN


def test_fort_gives_a_second_defence_die_and_fleets_one_fewer_attack_die_7_2():
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "crete")
    state.forts.add("crete")
    state.fleets = {"mediterranean-sea"}
    play(state, find(state, "PlaceArmy(territory=crete,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 6, "one attack die from the sea"
    play(state, outcome(state, 6))
    assert len(RULESET.decision(state).outcomes) == 36, "two defence dice behind a fort"


def test_weaponry_adds_dice_and_blocks_other_events_6_10():
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    state.hands[ROMAN] = ["weaponry-1", "leader-1"]
    play(state, find(state, "PlayEvent(card=weaponry-1)"))
    assert state.gold[ROMAN] == 17 and state.event_in_play == "weaponry-1"
    assert not RULESET.decision(state).find("PlayEvent(card=leader-1)"), "one event in play at a time"
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 6 ** 4


def test_no_event_after_the_dice_are_rolled_6_10():
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    state.hands[ROMAN] = ["leader-1"]
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    roll(state, "1-1", 6)
    assert not RULESET.decision(state).find("PlayEvent(card=leader-1)")


def test_reduction_and_barbarian_gold_6_5_8_1():
    """§6.5: a capital becomes a city and its monument stays; a city is removed; a lone
    monument is removed. §8.1: a barbarian gains 1 gold a reduction; a fort is removed."""
    state = in_turn("e3-huns", ROMAN)
    assert state.force.barbarian
    stand(state, ROMAN, "steppes")
    state.capitals.add("khwarezm")
    state.monuments |= {"khwarezm", "volga"}
    state.forts.add("volga")
    play(state, find(state, "PlaceArmy(territory=khwarezm,surrender=False)"))
    assert "khwarezm" in state.cities and "khwarezm" in state.monuments and state.gold[ROMAN] == 21
    play(state, find(state, "PlaceArmy(territory=volga,surrender=False)"))
    assert "volga" not in state.monuments and "volga" not in state.forts and state.gold[ROMAN] == 22


def test_surrender_keeps_the_fort_and_still_reduces_6_4():
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.armies["gaul"] = ROMAN  # disbanded, from an earlier epoch
    state.cities.add("gaul")
    state.forts.add("gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    assert isinstance(RULESET.decision(state), Choice), "no dice for a surrender"
    assert "gaul" in state.force.active and "gaul" in state.forts and "gaul" not in state.cities


def test_monument_every_second_symbol_by_priority_6_8():
    """§6.8: at the 2nd resource symbol a monument goes on a capital before a city or a symbol."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.capitals.add("italia")
    symbols = state.tables.symbols
    first, second = [t for t in sorted(state.tables.neighbours["italia"]) if symbols.get(t)][:2]
    play(state, find(state, f"PlaceArmy(territory={first},surrender=False)"))
    built = set(state.monuments)
    play(state, find(state, f"PlaceArmy(territory={second},surrender=False)"))
    pairs = (symbols.get("italia", 0) + symbols[first] + symbols[second]) // 2
    assert len(state.monuments) == pairs and ("italia" in state.monuments or not pairs)
    assert built <= state.monuments


def test_region_gold_presence_dominance_supremacy_8_3():
    state = in_turn("e3-romans", ROMAN)
    state.values = {"southern-europe": 2, "north-africa": 3, "near-east": 1}
    stand(state, ROMAN, "iberia", "italia", "pindus")  # supremacy: 3 x 2
    stand(state, ROMAN, "libya", "carthage")  # dominance 2 against 1: 2 x 3
    stand(state, BLUE, "nile")
    stand(state, ROMAN, "levant")  # presence: 1 x 1
    stand(state, BLUE, "anatolia", "mesopotamia")
    state.capitals.add("italia")
    state.monuments.add("levant")
    state.cities.add("nile")
    before = state.gold[ROMAN]
    collect(state, ROMAN, [])
    assert state.gold[ROMAN] - before == 2 + 1 + 6 + 6 + 1


def test_draft_order_4_players_5_3():
    """§5.3's table: the 4th picks an empire from 4 as the 1st picks an event from 4, then
    the 3rd and the 2nd, and so on; the last card of each packet is not a choice."""
    state = new_game(4)
    play(state, outcome(state, 0))  # gold 1, 2, 3, 4: Yellow first, Red last
    play(state, RULESET.decision(state).outcomes[0])
    play(state, RULESET.decision(state).outcomes[0])
    seats = []
    while state.phase == "draft":
        decision = RULESET.decision(state)
        seats.append((decision.seat, type(decision.actions[0]).__name__, len(decision.actions)))
        play(state, decision.actions[0])
    assert seats == [(0, "PickEmpire", 4), (3, "PickEvent", 4), (1, "PickEmpire", 3), (2, "PickEvent", 3),
                     (2, "PickEmpire", 2), (1, "PickEvent", 2)]
    assert all(len(hand) == 3 for hand in state.hands) and len(state.held) == 4


def test_middle_player_chooses_a_packet_first_5_3():
    state = new_game(3)
    play(state, outcome(state, 0))
    play(state, RULESET.decision(state).outcomes[0])
    play(state, RULESET.decision(state).outcomes[0])
    play(state, RULESET.decision(state).actions[0])
    play(state, RULESET.decision(state).actions[0])
    decision = RULESET.decision(state)
    assert decision.seat == 1 and {m.id for m in decision.actions} == {"ChoosePacket(packet=empires)",
                                                                         "ChoosePacket(packet=events)"}
    play(state, decision.find("ChoosePacket(packet=events)"))
    assert RULESET.decision(state).actions[0].id.startswith("PickEvent")


def test_stack_adjustment_lowest_stack_first_top_marker_moves_5_5():
    state = new_game(4)
    state.gold, state.arrival = [10, 10, 11, 10], [1, 2, 3, 4]
    adjust_stacks(state, [])
    assert state.gold == [10, 13, 11, 12], "Yellow (top) to 12, then Green (now top) past it to 13"
    assert ranking(state) == [1, 3, 2, 0]


def test_stack_keeping_order_option_a6():
    state = new_game(4, stack_keeps_order=True)
    state.gold, state.arrival = [10, 10, 11, 10], [1, 2, 3, 4]
    adjust_stacks(state, [])
    assert state.gold == [10, 12, 11, 13], "Green moves first, so Yellow (top) ends furthest ahead"


def test_gold_wraps_and_stacks_by_physical_space_a7():
    state = new_game(3)
    state.gold, state.arrival = [37, 137, 5], [1, 2, 3]
    adjust_stacks(state, [])
    assert state.gold == [37, 138, 5]
    state = new_game(3, stack_by_total=True)
    state.gold, state.arrival = [37, 137, 5], [1, 2, 3]
    adjust_stacks(state, [])
    assert state.gold == [37, 137, 5]


def test_france_keeps_monuments_10_4():
    state = in_turn("e6-france", ROMAN)
    stand(state, ROMAN, "gaul")
    state.monuments.add("iberia")
    state.cities.add("rhineland")
    state.monuments.add("rhineland")
    play(state, find(state, "PlaceArmy(territory=iberia,surrender=False)"))
    play(state, find(state, "PlaceArmy(territory=rhineland,surrender=False)"))
    assert {"iberia", "rhineland"} <= state.monuments and "rhineland" not in state.cities


def test_influence_armies_cannot_expand_10_5():
    state = in_turn("e6-united-states", ROMAN)
    stand(state, ROMAN, "eastern-woodlands", "pacific-coast")
    state.force.influence = {"pacific-coast"}
    targets = {m.territory for m in RULESET.decision(state).actions if hasattr(m, "territory")
               and type(m).__name__ == "PlaceArmy"}
    assert not targets & (state.tables.neighbours["pacific-coast"] - state.tables.neighbours["eastern-woodlands"])
    state.force.astronomy = True
    state.decision = None
    targets = {m.territory for m in RULESET.decision(state).actions if type(m).__name__ == "PlaceArmy"}
    assert state.tables.neighbours["pacific-coast"] - {"eastern-woodlands"} <= targets


def test_vikings_cross_the_atlantic_once_and_win_from_the_sea_on_5_10_2():
    state = in_turn("e4-vikings", ROMAN)
    stand(state, ROMAN, "scandinavia")
    state.fleets = {"north-atlantic-ocean"}
    stand(state, BLUE, "eastern-woodlands")
    play(state, find(state, "PlaceArmy(territory=eastern-woodlands,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 6, "one die from the sea"
    play(state, outcome(state, 5))
    play(state, outcome(state, 6))
    assert state.armies["eastern-woodlands"] == ROMAN, "5 from the sea is an automatic success"
    offered = {m.id for m in RULESET.decision(state).actions}
    assert "PlaceArmy(territory=northern-lake-land,surrender=False)" not in offered, "no second crossing"


def test_red_event_is_played_before_founding_or_discarded_9_2():
    state = in_turn("e2-celts", ROMAN)
    state.force = None
    state.hands[ROMAN] = ["v2-macedon", "v1-israel", "leader-1"]
    state.decision = None
    offered = {m.id for m in RULESET.decision(state).actions}
    assert offered == {"PlayEvent(card=v2-macedon)", "PlayEvent(card=v1-israel)", "Found()"}
    play(state, find(state, "Found()"))
    assert state.hands[ROMAN] == ["v1-israel", "leader-1"], "Macedon discarded; Israel kept for later epochs"
    assert state.armies["alemannia"] == ROMAN and state.force.barbarian, "the Celts have no capital"


def test_kingdom_places_a_city_and_its_armies_from_stock_9_2():
    state = in_turn("e2-celts", ROMAN)
    state.force = None
    state.hands[ROMAN] = ["v2-macedon", "v1-israel"]
    state.decision = None
    stock = state.stock[ROMAN]
    play(state, find(state, "PlayEvent(card=v2-macedon)"))
    assert "balkans" in state.cities and state.armies["balkans"] == ROMAN
    assert {m.territory for m in RULESET.decision(state).actions} <= {
        t for t in state.tables.neighbours["balkans"] if t not in state.armies}, "kingdoms take empty land only"
    play(state, RULESET.decision(state).actions[0])
    assert state.force is None, "the kingdom's armies are disbanded at once"
    assert state.stock[ROMAN] == stock - 2
    assert {m.id for m in RULESET.decision(state).actions} == {"PlayEvent(card=v1-israel)", "Found()"}


def test_two_player_variant_surrender_to_own_colour_and_combined_gold_10_7():
    state = in_turn("e3-romans", 0, players=2)
    assert state.person == [0, 1, 0, 1] and len(state.colours) == 4
    stand(state, 0, "italia")
    stand(state, 2, "gaul")
    decision = RULESET.decision(state)
    assert {"PlaceArmy(territory=gaul,surrender=True)", "PlaceArmy(territory=gaul,surrender=False)"} <= {
        m.id for m in decision.actions}
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=True)"))
    assert state.armies["gaul"] == 0 and state.invasion is None
    state.phase = "over"
    state.decision = None
    end = RULESET.decision(state)
    assert end.scores == (40.0, 40.0)


def test_a_tie_is_a_tie_8_7():
    """"A legtöbb arannyal rendelkező játékos nyeri a játékot. A döntetlen az döntetlen": the
    tied players share the victory; nothing (not the Gold track's order) breaks it."""
    state = new_game(players=3)
    state.gold, state.bonus = [30, 41, 41], [[], [], []]
    state.phase, state.decision = "over", None
    end = RULESET.decision(state)
    assert end.ranking[0] in (1, 2) and end.winners == (1, 2)


def test_illegal_move_changes_nothing():
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    digest = RULESET.digest(state)
    with pytest.raises(IllegalAction):
        RULESET.apply(state, type(RULESET.decision(state).actions[0])("crete"))
    assert RULESET.digest(state) == digest


def test_minor_empire_uses_the_board_then_disbands_9_2():
    state = in_turn("e2-celts", ROMAN)
    state.force = None
    state.hands[ROMAN] = ["v2-carthage"]
    state.decision = None
    play(state, find(state, "PlayEvent(card=v2-carthage)"))
    assert state.force.kind == "minor" and state.armies["carthage"] == ROMAN
    assert any(m.id.startswith("BuildFort") for m in RULESET.decision(state).actions)
    while state.force is not None and state.force.kind == "minor":
        decision = RULESET.decision(state)
        moves = decision.outcomes if isinstance(decision, Chance) else decision.actions
        play(state, moves[0])
    assert state.force is None or state.force.kind == "empire"


def test_force_copy_is_independent():
    force = Force(0, "e3-romans", "empire", 3, {"italia"})
    copy = force.copy()
    copy.active.add("gaul")
    assert force.active == {"italia"}


def test_a_viking_sea_invasion_keeps_the_points_its_roll_earns_10_2_7_6():
    """§10.2 "Ha a tenger felől történik az invázió, akkor egy automatikus sikerhez 5-ös, vagy
    6-os dobás szükséges": a 5 or 6 from the sea succeeds whatever the scores, a floor under the
    roll, not a cap on it. A 6 against a 1 is 5 invasion points by §7.3, and §7.6 "Amennyiben
    egy terület megszerzése után maradtak felhasználatlan inváziópontjaid, akkor azokat ...
    újabb területek elfoglalására használhatod": 4 are left for overrunning Blue by land. A 5
    against a 6 succeeds only by the automatic rule, and leaves no points (A3)."""
    state = in_turn("e4-vikings", ROMAN)
    stand(state, ROMAN, "scandinavia")
    state.fleets = {"north-sea"}
    stand(state, BLUE, "britannia", "hibernia", "gaul")
    play(state, find(state, "PlaceArmy(territory=britannia,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 6, "one die from the sea"
    roll(state, 6, 1)
    assert state.armies["britannia"] == ROMAN and state.overrun.points == 4
    assert {m.id for m in RULESET.decision(state).actions} == {
        "Overrun(territory=gaul)", "Overrun(territory=hibernia)", "StopOverrun()"}, "across the straits"
    play(state, find(state, "StopOverrun()"))
    stand(state, BLUE, "iberia")
    state.fleets = {"north-sea"}
    play(state, find(state, "PlaceArmy(territory=iberia,surrender=False)"))
    roll(state, 5, 6)
    assert state.armies["iberia"] == ROMAN and state.overrun is None, "automatic: taken, no points left"
