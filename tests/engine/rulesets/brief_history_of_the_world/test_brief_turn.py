"""An empire turn set up as the Hungarian rulebook lays it out (pages 4-9): founding,
expansion, invasion with its worked fort example, continuing, forts, reduction, monuments,
events, reorganisation and gold collection. Each test names its digest section and quotes
the sentence that decides it."""

from __future__ import annotations

from brief import RULESET, find, in_turn, new_game, outcome, play, stand

from engine.core.decision import Choice
from engine.rulesets.brief_history_of_the_world.gold import collect

ROMAN, GREEN, BLUE, YELLOW = 0, 1, 2, 3


def roll(state, attack, defence) -> None:
    play(state, outcome(state, attack))
    play(state, outcome(state, defence))


def build_monuments(state) -> None:
    """Monuments due are built before anything else is asked (§6.8 "azonnal")."""
    while state.monuments_due:
        play(state, RULESET.decision(state).actions[0])


def han_next(state) -> None:
    """The Romans (first in epoch 3's list) are running and Green holds the Han, called next:
    the Romans' turn ends where the Han's begins."""
    state.slot = 1
    state.held["e3-han"] = GREEN


def offered(state) -> set[str]:
    return {move.id for move in RULESET.decision(state).actions}


def founded(card: str, colour: int = ROMAN):
    """``card`` is called for ``colour``, who holds no red event: the empire is founded."""
    state = new_game(4)
    data = state.tables.empires[card]
    state.epoch, state.phase, state.current = data.epoch, "turn", colour
    state.held, state.announced, state.hands[colour] = {card: colour}, [card], []
    return state


def test_founding_clears_the_starting_territory_and_sets_up_capital_fleet_and_dial_6_1():
    """§6.1 "Vegyél le minden sereget, fővárost, várost, alkotást és erődöt, amelyik jelenleg
    ezen a területen található. Helyezz egy fővárost ... a kezdőterületre. Helyezz egy-egy
    flottát minden megadott tengerre": Blue's army, the city, monument and fort leave Italia,
    the Romans' capital and first army stand there, a fleet on the Mediterranean, 7 of 8
    armies on the board, the dial at 0."""
    state = founded("e3-romans")
    stand(state, BLUE, "italia")
    state.cities.add("italia")
    state.monuments.add("italia")
    state.forts.add("italia")
    state.decision = None
    RULESET.advance(state, [])
    assert state.armies["italia"] == ROMAN and state.stock[BLUE] == 40
    assert "italia" in state.capitals and "italia" not in state.cities | state.monuments | state.forts
    assert state.fleets == {"mediterranean-sea"} and state.force.board == 7 and state.force.dial == 0
    assert state.stock[ROMAN] == 40 - 8


def test_an_empire_without_a_capital_is_barbarian_and_removes_ones_own_disbanded_army_6_1_8_1():
    """§6.1 "Vegyél le minden sereget" (one's own too) and §8.1 "Minden olyan birodalom
    barbárnak minősül, amelyik nem kap fővárost": the Huns found the Steppes without a capital."""
    state = founded("e3-huns")
    stand(state, ROMAN, "steppes")  # disbanded, from an earlier epoch
    state.force = None
    state.decision = None
    RULESET.advance(state, [])
    assert state.force.barbarian and "steppes" not in state.capitals
    assert state.armies["steppes"] == ROMAN and state.stock[ROMAN] == 40 - 7


def test_an_ocean_fleet_also_serves_the_seas_next_to_it_6_1():
    """§6.1 "Mindig, amikor egy óceánra helyezel flottát, akkor az a vele szomszédos tengereken is
    használható. pl. Ha az Atlanti-óceán van a listán, akkor az odahelyezett flotta az
    Északi-tengeren és a Földközitengeren is használható": from Italia with an Atlantic fleet the
    Romans reach Scandinavia (North Sea) and Levant (Mediterranean) by fleet, not the Black Sea's
    Sarmatia."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.fleets = {"north-atlantic-ocean"}
    moves = {move.id: move.label for move in RULESET.decision(state).actions}
    assert moves["PlaceArmy(territory=scandinavia,surrender=False)"].endswith("by fleet")
    assert moves["PlaceArmy(territory=levant,surrender=False)"].endswith("by fleet")
    assert "PlaceArmy(territory=sarmatia,surrender=False)" not in moves


def test_no_army_in_a_wasteland_one_a_territory_and_only_next_to_the_empire_6_2():
    """§6.2 "Elhagyatott területre nem helyezhető sereg", "Minden egyes területre legfeljebb egy
    sereg helyezhető", and an army goes "valamelyik aktív seregeddel, vagy flottáddal szomszédos
    egyik területre": from Levant, no Empty Quarter, no second army in Levant, nothing far."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "levant")
    placed = {move.territory for move in RULESET.decision(state).actions if type(move).__name__ == "PlaceArmy"}
    assert placed == {"anatolia", "arabian-peninsula", "mesopotamia", "nile"}


def test_too_few_points_for_a_mountain_and_the_army_returns_7_4():
    """§7.4 "Ha a védő serege hegyen, vagy erdőben tartózkodik, akkor két inváziópontba kerül ...
    Ha nincs elegendő inváziópontod ..., akkor a saját seregedet kell visszavenned": 4 against 3
    in the mountainous Balkans is one point, a failure; abandoned, the army goes to stock."""
    state = in_turn("e3-romans", ROMAN, board=3)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "balkans")
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))
    roll(state, "4-1", 3)
    assert state.invasion.failed and state.armies["balkans"] == BLUE
    stock = state.stock[ROMAN]
    play(state, find(state, "Abandon()"))
    assert state.stock[ROMAN] == stock + 1 and state.armies["balkans"] == BLUE


def test_the_fort_example_6_2_against_4_3_is_two_points_and_a_fort_stops_the_overrun_7_3_7_6():
    """§7.3 "Egy 6-ost és egy 2-est dobsz, a védő (akinek a serege egy erődben van) egy 4-est és
    egy 3-ast dob ... ezért két inváziópontot kapsz": Gaul, open and fortified, costs 1, and the
    fort goes with Blue; the point left may overrun Blue's Iberia, not Blue's fortified Rhineland
    (§7.6 "nem állhat rajta erőd")."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul", "iberia", "rhineland")
    state.forts |= {"gaul", "rhineland"}
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    roll(state, "6-2", "4-3")
    assert state.armies["gaul"] == ROMAN and "gaul" not in state.forts
    build_monuments(state)  # Italia and Gaul: a pair of resource symbols (§6.8)
    assert state.overrun.points == 1
    assert offered(state) == {"Overrun(territory=iberia)", "StopOverrun()"}


def test_the_dial_goes_up_by_one_to_three_at_most_7_5():
    """§7.5 "Az invázió bónusz +1-gyel növekszik (legfeljebb +3-ig) minden egyes alkalommal,
    amikor úgy döntesz, hogy folytatod": four failures and continues leave the dial at +3, each
    paying an army from the board."""
    state = in_turn("e3-romans", ROMAN, board=6)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    dials = []
    for _ in range(4):
        roll(state, "1-1", 6)
        play(state, find(state, "Continue()"))
        dials.append(state.force.dial)
    assert dials == [1, 2, 3, 3] and state.force.board == 1


def test_a_failed_invasion_with_an_empty_board_can_only_be_abandoned_7_5():
    """§7.5 "a Rendezőtábláról távolítasz el egy sereget": with none left there, no continuing;
    the army returns to stock and the empire reorganises."""
    state = in_turn("e3-romans", ROMAN, board=1)
    han_next(state)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    stock = state.stock[ROMAN]
    log = play(state, outcome(state, "1-1"))
    log += play(state, outcome(state, 6))
    assert any("abandons the invasion of Gaul" in event.text for event in log)
    assert state.armies["gaul"] == BLUE and state.stock[ROMAN] == stock + 1
    assert state.force.card == "e3-han", "the Romans have reorganised"


def test_no_event_may_be_played_while_overrunning_6_10():
    """§6.10 "Új Eseménykártyát nem lehet kijátszani ... sem pedig az extra inváziópontok
    felhasználásakor, túlfutás esetén": with points left to overrun, only overruns or stopping."""
    state = in_turn("e3-romans", ROMAN)
    state.hands[ROMAN] = ["leader-1"]
    stand(state, ROMAN, "rhineland")
    stand(state, BLUE, "danubia", "sarmatia")
    play(state, find(state, "PlaceArmy(territory=danubia,surrender=False)"))
    roll(state, "6-6", 1)
    build_monuments(state)  # Rhineland and Danubia: a pair of resource symbols (§6.8)
    assert offered(state) == {"Overrun(territory=sarmatia)", "StopOverrun()"}
    play(state, find(state, "StopOverrun()"))
    assert "PlayEvent(card=leader-1)" in offered(state), "once the overrun is over"


def test_any_number_of_forts_one_a_territory_each_paid_with_an_army_6_7():
    """§6.7 "építhetsz egy erődöt a térképen, egy sereget elköltve a Rendezőtábláról ... bármelyik
    olyan területre ..., amelyik aktív sereget tartalmaz, beleértve olyat is, amelyen főváros ...
    áll. Egy forduló során tetszőleges számú sereg költhető el erődök építésére. Egy területen
    sohasem állhat egynél több erőd": a fort in Italia (a capital), then one in Gaul."""
    state = in_turn("e3-romans", ROMAN, board=4)
    stand(state, ROMAN, "italia", "gaul")
    state.capitals.add("italia")
    stand(state, BLUE, "iberia")  # Blue's army: no fort for Romans there
    stock = state.stock[ROMAN]
    play(state, find(state, "BuildFort(territory=italia)"))
    assert "italia" in state.forts and state.force.board == 3 and state.stock[ROMAN] == stock + 1
    moves = offered(state)
    assert "BuildFort(territory=italia)" not in moves and "BuildFort(territory=gaul)" in moves
    assert "BuildFort(territory=iberia)" not in moves
    play(state, find(state, "BuildFort(territory=gaul)"))
    assert {"italia", "gaul"} <= state.forts and state.force.board == 2


def test_a_city_with_a_monument_loses_only_the_city_6_5():
    """§6.5 "Ha egy területen egy főváros, vagy egy város mellett egy alkotás is található, akkor
    vagy a főváros, vagy pedig a város fejlődik vissza; az alkotás a térképen marad"."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.cities.add("balkans")
    state.monuments.add("balkans")
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))
    assert "balkans" not in state.cities and "balkans" in state.monuments


def test_a_barbarian_surrender_still_reduces_and_pays_8_1():
    """§6.5 "A visszafejlődés akkor is bekövetkezik, ha a játékos átadja a területet" and §8.1
    "Egy barbár birodalom minden olyan alkalommal kap egy aranyat, amikor visszafejleszt egy
    fővárost, várost, vagy alkotást": the Huns' own disbanded army in a city surrenders."""
    state = in_turn("e3-huns", ROMAN)
    stand(state, ROMAN, "steppes")
    state.armies["volga"] = ROMAN  # disbanded, from an earlier epoch
    state.cities.add("volga")
    gold = state.gold[ROMAN]
    play(state, find(state, "PlaceArmy(territory=volga,surrender=False)"))
    assert "volga" not in state.cities and state.gold[ROMAN] == gold + 1


def test_no_monument_without_one_in_the_supply_6_8():
    """§6.8 "Nem építhetsz alkotást, amennyiben nincs alkalmas terület, vagy nincs elérhető
    alkotás": with the box's monuments used up, a second resource symbol builds nothing."""
    state = in_turn("e3-romans", ROMAN, monuments=0)
    stand(state, ROMAN, "italia")
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    assert not state.monuments and not state.monuments_due


def test_resource_symbols_under_disbanded_armies_do_not_count_6_8():
    """§6.8 "Egy leszerelt (fekvő) sereg fennhatósága alá tartozó területen található forrás
    szimbólum nem számít bele": Gaul's symbol under the Romans' old disbanded army is no pair
    with Italia's; Rhineland's, taken by the empire, is."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.armies["gaul"] = ROMAN  # disbanded, from an earlier epoch
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))  # no symbol
    assert not state.monuments_due and not state.monuments
    play(state, find(state, "PlaceArmy(territory=rhineland,surrender=False)"))
    assert state.monuments_due or state.monuments


def test_black_events_are_played_in_their_epoch_or_later_6_10():
    """§6.10 "Fekete színű korszak számot tartalmazó Eseménykártyák a jelzett korszakban, valamint
    az utána következő korszakokban is kijátszhatók": in epoch 3 Hoplites (2) may be played,
    Stirrups (4) not yet."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    state.hands[ROMAN] = ["v2-hoplites", "v4-stirrups"]
    moves = offered(state)
    assert "PlayEvent(card=v2-hoplites)" in moves and "PlayEvent(card=v4-stirrups)" not in moves


def test_reorganisation_lifts_the_fleets_discards_the_event_and_only_the_active_player_collects_6_11_6_12():
    """§6.11 "Amikor felhasználtad a Rendezőtáblán található összes sereget, akkor kezdetét veszi
    az újraszervezés: minden flottát le kell venni a térképről. minden álló sereg leszereltté
    válik. az Eseménykártya eldobásra kerül", then §6.12 the active player's gold: the last army
    placed, Blue (also on the map) gains nothing."""
    state = in_turn("e3-romans", ROMAN, board=1)
    han_next(state)
    state.values = {"southern-europe": 3}
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "pindus")
    state.fleets = {"mediterranean-sea"}
    state.event_in_play = "leader-1"
    gold = list(state.gold)
    play(state, find(state, "PlaceArmy(territory=iberia,surrender=False)"))
    build_monuments(state)  # Italia and Iberia: a pair of resource symbols (§6.8)
    assert state.force.card == "e3-han" and not state.fleets and state.event_in_play is None
    assert "leader-1" in state.discards
    assert state.gold[BLUE] == gold[BLUE] and state.gold[ROMAN] == gold[ROMAN] + 2 * 3 + 1, "dominance 2 against 1, and the monument"


def test_dominance_needs_more_armies_than_anyone_and_supremacy_no_other_army_8_3():
    """§8.3 "Ha legalább két sereged tartózkodik a területen, és több sereged van ott, mint
    bármelyik másik játékosnak, akkor ott dominálsz", "Ha legalább három sereged ..., és csak te
    rendelkezel ott sereggel, akkor ott fölényben vagy": 2 against 2 is presence (1 x 2), 3
    against 1 dominance (2 x 3), 3 alone supremacy (3 x 1)."""
    state = new_game(4)
    state.values = {"southern-europe": 2, "north-africa": 3, "northern-europe": 1}
    stand(state, ROMAN, "iberia", "italia")
    stand(state, BLUE, "pindus", "crete")
    stand(state, ROMAN, "libya", "carthage", "nile")
    stand(state, BLUE, "mauretania")
    stand(state, ROMAN, "gaul", "rhineland", "britannia")
    gold = state.gold[ROMAN]
    collect(state, ROMAN, [])
    assert state.gold[ROMAN] - gold == 1 * 2 + 2 * 3 + 3 * 1


def test_a_one_shot_event_is_discarded_once_used_and_another_may_follow_6_10():
    """§6.10 "Egy időben csak egy Eseménykártya lehet játékban": a one-shot event (Treachery) is
    discarded once used, and Leader may follow it in the same turn."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "gaul")
    state.hands[ROMAN] = ["v3-betrayal", "leader-1"]
    play(state, find(state, "PlayEvent(card=v3-betrayal)"))
    decision = RULESET.decision(state)
    assert isinstance(decision, Choice) and "PlayEvent(card=leader-1)" not in offered(state)
    play(state, decision.actions[0])
    assert state.armies["gaul"] == ROMAN and "v3-betrayal" in state.discards
    assert "PlayEvent(card=leader-1)" in offered(state)


def test_a_monument_goes_on_a_city_before_a_resource_symbol_and_the_player_chooses_among_cities_6_8():
    """§6.8 "Alkotás csak aktív sereg fennhatósága alá tartozó, valamint a következők valamelyikét
    tartalmazó területre épülhet (fontossági sorrendben): 1. egy főváros 2. egy város 3. egy
    forrás szimbólum": the Romans hold Italia (a symbol), the Balkans and Rhineland (cities,
    Rhineland with a symbol); Gaul's symbol completes the pair, and the two cities are offered,
    not Italia's or Gaul's bare symbols."""
    state = in_turn("e3-romans", ROMAN)
    stand(state, ROMAN, "italia", "balkans", "rhineland")
    state.cities |= {"balkans", "rhineland"}
    play(state, find(state, "PlaceArmy(territory=gaul,surrender=False)"))
    assert state.monuments_due == 1
    assert offered(state) == {"PlaceMonument(territory=balkans)", "PlaceMonument(territory=rhineland)"}
    play(state, find(state, "PlaceMonument(territory=balkans)"))
    assert state.monuments == {"balkans"} and not state.monuments_due


def test_the_roman_examples_plus_two_comes_from_continuing_twice_7_5_7_6():
    """§7.6's Roman example "Egy 6-ost, valamint egy 5-öst dobsz, és mivel +2 invázió bónuszod
    van, ezért a pontszámod 8. A kék játékos (a védő) 3-ast dob. Tehát öt inváziópontod van",
    the +2 earned as §7.5 says, by continuing twice ("Az invázió bónusz +1-gyel növekszik ...
    minden egyes alkalommal, amikor úgy döntesz, hogy folytatod"); §7.3 "Ha egy 4-est és egy
    3-ast dobsz, akkor a pontszámod 4": 4-3 against 4 is no better than a tie."""
    state = in_turn("e3-romans", ROMAN, board=6)
    stand(state, ROMAN, "italia")
    stand(state, BLUE, "balkans", "danubia")
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))
    roll(state, "4-3", 4)
    play(state, find(state, "Continue()"))
    roll(state, "2-1", 5)
    play(state, find(state, "Continue()"))
    assert state.force.dial == 2 and state.force.board == 3
    roll(state, "6-5", 3)
    assert state.armies["balkans"] == ROMAN and state.force.dial == 0
    assert state.overrun.points == 3, "5 points, 2 for the mountain"
