"""The rulebook's special cases (Hungarian rulebook pages 9-11, digest §10), each set up as
the rulebook describes it: the Assyrians' Dreaded example carried into an overrun, the
Vikings' one Atlantic crossing, the fleet's die, France's founding, the United States'
Influence armies and Israel."""

from __future__ import annotations

from brief import RULESET, find, in_turn, new_game, outcome, play, stand

RED, BLUE = 0, 2
VIKING = RED


def roll(state, attack, defence) -> None:
    play(state, outcome(state, attack))
    play(state, outcome(state, defence))


def placed(state) -> set[str]:
    return {move.territory for move in RULESET.decision(state).actions if type(move).__name__ == "PlaceArmy"}


def test_dreaded_points_pay_for_an_overrun_assyrian_example_10_1():
    """Page 9's example "6-ost és 2-est dobnak; a védő 4-est dob, tehát az invázió sikeres. A
    Rettegett bónusz +1, tehát az Asszíriaiaknak így három inváziópontjuk van": Levant (open)
    costs one, and the two left overrun Blue's mountainous Anatolia next to it (§7.6)."""
    state = in_turn("e2-assyrians", RED)
    stand(state, RED, "arabian-peninsula")
    stand(state, BLUE, "levant", "anatolia")
    play(state, find(state, "PlaceArmy(territory=levant,surrender=False)"))
    roll(state, "6-2", 4)
    assert state.overrun.points == 2
    play(state, find(state, "Overrun(territory=anatolia)"))
    assert state.armies["anatolia"] == RED and state.overrun is None


def test_the_fleet_costs_a_die_only_when_it_is_used_7_2():
    """§7.2 "Amennyiben az egyik flottádat használtad az invázióhoz, akkor csökkentsd a kockáid
    számát eggyel" (A26): the Balkans, next to Italia by land and on the Mediterranean where the
    Romans' fleet is, are invaded by land with two dice."""
    state = in_turn("e3-romans", RED)
    stand(state, RED, "italia")
    state.fleets = {"mediterranean-sea"}
    stand(state, BLUE, "balkans")
    play(state, find(state, "PlaceArmy(territory=balkans,surrender=False)"))
    assert len(RULESET.decision(state).outcomes) == 36


def crossing(attack, defence):
    """The Vikings, from Scandinavia with an Atlantic fleet, invade Blue in Eastern Woodlands,
    next to Blue's Northern Lake Land."""
    state = in_turn("e4-vikings", VIKING)
    stand(state, VIKING, "scandinavia")
    state.fleets = {"north-atlantic-ocean"}
    stand(state, BLUE, "eastern-woodlands", "northern-lake-land")
    play(state, find(state, "PlaceArmy(territory=eastern-woodlands,surrender=False)"))
    roll(state, attack, defence)
    return state


def test_after_a_failed_crossing_no_second_viking_army_crosses_the_atlantic_10_2():
    """§10.2 "Csak egyetlen sereg uralhatja az Atlanti-óceánt a Vikingek fordulója során.
    Semmilyen más sereg nem kelhet át az Atlanti-óceánon, még akkor sem, ha egy invázió
    sikertelen": abandoned, the invasion leaves the New World closed; Iberia is still reached."""
    state = crossing(1, 6)
    play(state, find(state, "Abandon()"))
    targets = placed(state)
    assert not targets & {"eastern-woodlands", "northern-lake-land", "great-plains", "valley-of-mexico"}
    assert "iberia" in targets


def test_a_crossing_gives_no_overrun_however_many_points_10_2():
    """§10.2 "... vagy ha extra túlfutás pontokat szereznek": a 6 against a 1 across the
    Atlantic takes Eastern Woodlands, but its points carry no army on to Northern Lake Land; nor
    may the army that crossed expand by land (as the United States' Influence armies, "A
    Vikingek Jellemzőjéhez hasonlóan")."""
    state = crossing(6, 1)
    assert state.armies["eastern-woodlands"] == VIKING and state.overrun is None
    assert not placed(state) & {"northern-lake-land", "great-plains"}


def test_france_keeps_the_monument_in_gaul_at_founding_10_4():
    """§10.4 "Ehhez hasonlóan a Gallia kezdőterületen található alkotások sem fejlődnek vissza":
    founding in Gaul removes Blue's army and city there but not the monument."""
    state = new_game(4)
    state.epoch, state.phase, state.current = 6, "turn", RED
    state.held, state.announced, state.hands[RED] = {"e6-france": RED}, ["e6-france"], []
    stand(state, BLUE, "gaul")
    state.cities.add("gaul")
    state.monuments.add("gaul")
    RULESET.advance(state, [])
    assert state.armies["gaul"] == RED and "gaul" in state.monuments and "gaul" in state.capitals


def test_the_united_states_influence_armies_stand_but_do_not_expand_10_5():
    """§10.5 "a két Befolyás alatt álló sereg egyike sem terjeszkedhet (hacsak nincs kijátszva a
    Csillagászat Eseménykártya)": founded, the United States stand in Eastern Woodlands and in
    the two Influence territories; Yucatan, next to the Valley of Mexico only, is not offered."""
    state = new_game(4)
    state.epoch, state.phase, state.current = 6, "turn", RED
    state.held, state.announced, state.hands[RED] = {"e6-united-states": RED}, ["e6-united-states"], []
    RULESET.advance(state, [])
    force = state.force
    assert force.active == {"eastern-woodlands", "pacific-coast", "valley-of-mexico"}
    assert force.influence == {"pacific-coast", "valley-of-mexico"} and force.board == 8 - 3
    assert "yucatan" not in placed(state) and "great-plains" in placed(state)


def test_israel_is_the_one_kingdom_played_in_a_later_epoch_before_founding_10_6():
    """Page 10, Israel: "Ez az egyetlen Királyság, amelyik kijátszható a jelzett és az utána
    következő korszakokban is. Továbbra is egy játékos fordulójának a kezdetekor kell kijátszani":
    in epoch 3, before the Romans are founded, Israel places its city in Levant."""
    state = in_turn("e3-romans", RED)
    state.force = None
    state.hands[RED] = ["v1-israel", "v2-macedon"]
    state.decision = None
    moves = {move.id for move in RULESET.decision(state).actions}
    assert moves == {"PlayEvent(card=v1-israel)", "Found()"}, "Macedon, red of epoch 2, is no longer playable"
    play(state, find(state, "PlayEvent(card=v1-israel)"))
    assert "levant" in state.cities and state.armies["levant"] == RED
