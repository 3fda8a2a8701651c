"""The rulebook's own situations on the shipped scenario: its map examples, its special cases
("cannot", "only if", limits, ties) and its end of game. Each test quotes the Hungarian
original's sentence it checks (OCR accents restored where they garble a word)."""

from __future__ import annotations

import pytest
from real_board import RULES, game, in_epoch, move_ids, play, put, roll

from engine.core.decision import End
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import epoch, scoring, turn
from engine.rulesets.history_of_the_world.state import Turn
from engine.rulesets.history_of_the_world.tables import CAPITALS_AND_CITIES, Empire


def playing(empire: str, seat: int = 0, players: int = 3, hand=(), **options):
    """Seat ``seat`` has revealed ``empire`` (a card of the scenario or an ``Empire``) in its epoch."""
    state = game(players, **options)
    if isinstance(empire, Empire):
        state.tables.empires[empire.id] = empire
        empire = empire.id
    in_epoch(state, state.tables.empires[empire].epoch)
    state.score = [10 * (n + 1) for n in range(players)]
    state.drafted_empire[seat] = empire
    state.hand[seat] = list(hand)
    state.turn = Turn(seat=seat, empire=empire, card=empire)
    return state


def founded(empire, seat: int = 0, **options):
    state = playing(empire, seat, **options)
    turn.found(state, [])
    return state


def by_disc(state) -> set[str]:
    return {m.target for m in RULES.decision(state).actions if isinstance(m, a.Conquer) and m.via != "land"}


def explorer(start: str, fleets=(), caravans=()) -> Empire:
    return Empire("explorers", "Explorers", 1, 9, 5, (start,), True, tuple(fleets), tuple(caravans), "")


def test_north_sea_fleet_example():
    """Flották és karavánok, példa: "Északi-tenger: A piros játékos (a Rajna-vidéken) a flottája
    segítségével meghódíthatja Ibériát, Galliát, Britanniát, Alemanniát, Skandináviát és a Volga
    vidékét.\""""
    state = founded(explorer("rhineland", fleets=["north-sea"]))
    assert by_disc(state) == {"iberia", "gaul", "britannia", "alemannia", "scandinavia", "volga"}


def test_himalaya_caravan_example():
    """Példa: "Himalája: A zöld játékos (a Tarim-medencében) a karaván segítségével meghódíthatja
    Turánt, Weit, Szecsuánt, Iravadit, Bengáliát, Gangeszt és a Hindukust.\""""
    state = founded(explorer("tarim-basin", caravans=["himalayas"]))
    assert by_disc(state) == {"turan", "wei", "sichuan", "irrawaddy", "bengal", "ganges", "hindu-kush"}


def test_indian_ocean_fleet_example_reaches_the_arabian_sea_too():
    """Példa: "Indiai-óceán: A kék játékos (az Arab-félszigeten) meghódíthatja flottájával a
    Déli-fokot, Afrika szarvát, Núbiát, a Nílus vidékét, a Ghátokat és Ausztráliát; továbbá (az
    Arab-tengeren keresztül) Tigrist, Zagroszt, a Perzsa-fennsíkot, az Indus vidékét és a
    Dekkán-fennsíkot" - "Ha egy birodalomnak flottája van valamelyik óceánon, akkor úgy kell
    tekinteni, hogy vannak flottái az óceánnal szomszédos összes tengeren is.\""""
    state = founded(explorer("arabian-peninsula", fleets=["indian-ocean"]))
    assert by_disc(state) == {"the-cape", "horn-of-africa", "nubia", "nile", "ghats", "australia",
                              "tigris", "zagros", "persian-plateau", "indus", "deccan-plateau"}


def test_no_fleet_between_northern_lake_land_and_siberia():
    """Pontosítások a játéktábla kapcsán: "Flotta nem állhat az Északi-tóvidék és Szibéria
    között." A fleet development played in Siberia may not use that strait."""
    state = founded(explorer("siberia"), hand=["ev4-navigation"])
    play(state, a.PlayDevelopment("ev4-navigation"))
    offered = {m.space for m in RULES.decision(state).actions if isinstance(m, a.Target)}
    assert offered and "bering-strait" not in offered
    assert "northern-lake-land" not in {m.target for m in RULES.decision(state).actions if isinstance(m, a.Conquer)}


def test_epoch_one_region_tiles():
    """Egy korszak kezdete, "Az 1. korszak régiólapkáinak lerakása: Észak-Afrika, Dél-Európa,
    Közel-Kelet, India, Kína"; the points side up."""
    state = game(3)
    epoch.start_epoch(state, [])
    assert set(state.tiles) == {"north-africa", "southern-europe", "near-east", "india", "china"}


def test_a_new_tile_replaces_the_old_one_on_its_name_plate():
    """A régiólapkák frissítése: "Ha van már lapka a megfelelő névtáblán, ezt a régi lapkát
    tegyétek vissza a dobozba, és cseréljétek ki az újra." China II replaces China I in epoch II;
    India I, with no epoch II tile, stays."""
    state = game(3)
    epoch.start_epoch(state, [])
    epoch.start_epoch(state, [])
    assert state.tiles["china"] == "t2-china" and state.tiles["india"] == "t1-india"


def test_a_region_without_a_tile_can_be_held_but_scores_nothing():
    """Régiók pontozása: "Ezekben a régiókban ennek ellenére elfoglalhatsz tartományokat, de nem
    hoznak pontokat, amíg a megfelelő régiólapka nem kerül a táblára." Three armies in Northern
    Europe in epoch I score nothing; a city there still scores (buildings are not regions)."""
    state = in_epoch(game(3))
    put(state, 0, "britannia", "gaul", "rhineland")
    state.cities.add("gaul")
    assert scoring.turn_points(state, 0) == (0, 1)


def test_dominance_needs_more_armies_than_each_opponent():
    """Erőfölény: "Ha legalább 2 sereged van a régióban és több sereged van ott, mint
    (játékosonként) bármelyik másik ellenfelednek": two against two is presence for both; a
    third army gives dominance, though the two opponents together have as many."""
    state = in_epoch(game(3))
    put(state, 0, "mesopotamia", "tigris")
    put(state, 1, "levant", "anatolia")
    assert scoring.region_points(state, 0, "near-east") == scoring.region_points(state, 1, "near-east") == 3
    put(state, 0, "zagros")
    put(state, 2, "arabian-peninsula")
    assert scoring.region_points(state, 0, "near-east") == 6


def test_control_needs_three_and_no_opposing_army_at_all():
    """Fennhatóság (Rövid áttekintés): "Legalább három sereg a régióban, és egyetlen másik
    játékosnak sincs serege a régióban"; the worked example agrees: three Assyrian armies in the
    Near East beside one of Gergő's score dominance (6), not control. Only the highest level
    counts: "nem kapsz pontokat az ottani jelenlétedért is"."""
    state = in_epoch(game(3))
    put(state, 0, "mesopotamia", "tigris", "zagros")
    put(state, 1, "levant")
    assert scoring.region_points(state, 0, "near-east") == 6
    del state.armies["levant"]
    assert scoring.region_points(state, 0, "near-east") == 9


def test_buildings_score_wherever_your_old_armies_stand():
    """Építmények pontozása: "Számítsd ki az általad (most és korábban) elfoglalt tartományokért
    járó pontokat": capital 2, city 1, monument 1, a fort nothing; for the army's owner only."""
    state = in_epoch(game(3))
    put(state, 0, "nile", "levant", "crete")
    put(state, 1, "mesopotamia")
    state.capitals |= {"nile", "mesopotamia"}
    state.monuments |= {"nile", "mesopotamia"}
    state.cities.add("levant")
    state.forts.add("crete")
    assert scoring.turn_points(state, 0)[1] == 2 + 1 + 1
    assert scoring.turn_points(state, 1)[1] == 3


def battle_at(target: str, empire="e1-hittites", **options):
    """The empire founded, with an inactive army of seat 1 on ``target`` and the attack made."""
    state = playing(empire, **options)
    put(state, 1, target)
    turn.found(state, [])
    play(state, a.Conquer(target, "land"))
    return state


def test_a_fort_alone_is_removed_by_a_won_battle():
    """Építmények lerombolása: "Egy győzelem vagy döntetlen a csatában eltávolít egy
    erődítményt is ebből a tartományból, ha van ott ilyen. Ez akkor is megtörténik, ha nem
    romboltál építményt." The fort's second die is rolled ("egy helyett kettő kockával")."""
    state = playing("e1-hittites")
    put(state, 1, "levant")
    state.forts.add("levant")
    turn.found(state, [])
    play(state, a.Conquer("levant", "land"))
    assert state.turn.battle.defence_dice == 2
    roll(state, "6-1", "2-3")
    assert state.armies["levant"] == 0 and "levant" not in state.forts


def test_a_looter_scores_nothing_for_a_fort():
    """Fosztogatók: a point "ha építményt rombolsz"; "az erődítmények nem számítanak
    építménynek". The Vedics (torch) take a fortified Indus without a building: no point."""
    state = playing("e1-vedics")
    put(state, 1, "indus")
    state.forts.add("indus")
    turn.found(state, [])
    play(state, a.Conquer("indus", "land"))
    roll(state, "6-1", "2-3")
    assert "indus" not in state.forts and state.score[0] == 10


def test_a_looter_scores_for_a_tie_too_and_the_track_tie_rule_applies_at_once():
    """Fosztogatók: "egy (győztes vagy döntetlenre végződő) csata után, ha építményt rombolsz,
    azonnal kapsz egy pontot ... Ne felejtsd, veszítesz vagy kapsz egy pontot, ha a pontjelződ
    olyan mezőre kerülne, amelyen valamelyik másik játékos pontjelzője áll." The Vedics tie at
    the Indus (a city there is removed): 10 + 1 = 11 lands on P2's 11, so P1 decides at once."""
    state = playing("e1-vedics")
    state.score = [10, 11, 30]
    put(state, 1, "indus")
    state.cities.add("indus")
    turn.found(state, [])
    play(state, a.Conquer("indus", "land"))
    roll(state, "4-1", 4)
    assert "indus" not in state.armies and "indus" not in state.cities
    decision = RULES.decision(state)
    assert decision.seat == 0 and move_ids(state) == ["ScoreDirection(up=True)", "ScoreDirection(up=False)"]
    play(state, a.ScoreDirection(True))
    assert state.score[:2] == [12, 11]


def test_a_city_falls_before_a_monument():
    """Építmények lerombolása, fontossági sorrend: "1. Főváros ... 2. Város: vedd le ezt a
    várost ... 3. Emlékmű": a province with a city and a monument loses only its city."""
    state = battle_at("levant")
    state.cities.add("levant")
    state.monuments.add("levant")
    roll(state, "6-1", 2)
    assert "levant" not in state.cities and "levant" in state.monuments


def test_every_defender_effect_applies_together():
    """Védő hatások: "Ezek közül a hatások közül bármennyi érvényesülhet": Zagros is a mountain
    (+1), fortified (two dice) and attacked by fleet over the Arabian Sea (one reroll)."""
    state = playing(explorer("arabian-peninsula", fleets=["indian-ocean"]))
    put(state, 1, "zagros")
    state.forts.add("zagros")
    turn.found(state, [])
    play(state, a.Conquer("zagros", "fleet"))
    roll(state, "4-1", "2-4")
    battle = state.turn.battle
    assert (battle.defence_dice, battle.defence_rerolls) == (2, 1)
    decision = RULES.decision(state)
    assert decision.seat == 1 and move_ids(state) == ["Reroll(die=0)", "Reroll(die=1)", "Pass()"]
    play(state, a.Pass())
    assert state.turn.battle.lost  # 4 against 4 + 1 for the mountain


def test_no_capital_is_placed_when_the_box_has_none_left():
    """Elemszámok korlátai: "Abban a ritka esetben, ha a játékosnak egy építményt vagy
    erődítményt kellene építenie, és a készletben már nincs ilyen, a játékos nem építi meg az
    építményt." All 24 capital/city pieces are on the board: the Hittites found without one."""
    state = playing("e1-hittites")
    state.cities |= {f"elsewhere{n}" for n in range(CAPITALS_AND_CITIES)}
    turn.found(state, [])
    assert state.armies["anatolia"] == 0 and "anatolia" not in state.capitals


def test_the_mesoamericans_found_on_both_start_provinces():
    """Birodalomkártyák: "Mezoamerikaiak: ... Helyezz egy fővárost és egy sereget mindkét
    kezdőtartományba, majd bővítsd a birodalmadat a megmaradó két seregeddel.\""""
    state = founded("e4-mesoamericans")
    assert state.active == {"valley-of-mexico", "andes"} == state.capitals
    assert state.turn.card_armies == 2


def test_a_kingdom_with_the_city_icon_is_founded_with_a_city():
    """Királyságok: "Némelyik királyságot főváros helyett várossal kell megalapítani. Ezt mutatja
    a kártya jobb alsó sarkában a városikon." The Phoenicians (city icon) in Levant, with their
    fleet, before the Hittites; no development may be played meanwhile."""
    state = playing("e1-hittites", hand=["ev1-weaponry"])
    state.turn.kingdom, state.turn.step = "ev1-phoenicians", "kingdom"
    play(state, a.PlayKingdom())
    assert state.cities == {"levant"} and state.capitals == set() and state.turn.fleets == ["mediterranean-sea"]
    assert "PlayDevelopment(card=ev1-weaponry)" not in move_ids(state)
    play(state, a.EndConquest())  # step 6 for the kingdom: its armies lie down, its fleet goes
    assert state.turn.card == "e1-hittites" and state.active == {"anatolia"} and state.turn.fleets == []
    assert state.armies["levant"] == 0 and state.score[0] == 10  # no scoring after a kingdom
    assert "PlayDevelopment(card=ev1-weaponry)" in move_ids(state)


@pytest.mark.parametrize("last_epoch", [4, 5])
def test_the_game_ends_after_epoch_five_and_the_most_points_win(last_epoch):
    """A játék vége: "Az V. korszak végével a játék véget ér. A játékosok összehasonlítják a végső
    pontszámaikat, és az a játékos győz, aki a legtöbb pontot gyűjtötte." After epoch IV the
    next epoch begins instead."""
    state = in_epoch(game(3), last_epoch)
    state.score = [41, 57, 39]
    log = []
    RULES.advance(state, log)
    if last_epoch == 4:
        assert state.epoch == 5 and state.phase != "over"
        return
    decision = RULES.decision(state)
    assert isinstance(decision, End) and decision.ranking[0] == 1
    assert "the game is over" in [event.text for event in log]


def test_the_shipped_tiles_last_exactly_until_their_region_s_next_tile():
    """A régiólapkák frissítése: "A lapka előlapja azt mutatja, hogy mennyi korszakon keresztül
    marad játékban ez a lapka" - and a new tile replaces the old one. On the shipped tiles the
    two readings of ambiguity A11 agree: every printed lifetime ends where the region's next
    tile arrives or the game ends, so each epoch's board holds the same tiles either way."""
    kept, expiring = game(3), game(3, tile_lifetime_expires=True)
    for _ in range(5):
        epoch.start_epoch(kept, [])
        epoch.start_epoch(expiring, [])
        assert kept.tiles == expiring.tiles


def test_the_empire_s_ability_does_not_help_its_kingdom():
    """Királyságok: "A birodalmad hatása ... nem vonatkozik a királyságodra." Kush (Nubia, a
    resource province) before the Egyptians: one icon builds no monument for the kingdom, and
    the Egyptians' Pyramids (a monument per icon) are not offered to it."""
    state = playing("e1-egyptians")
    state.turn.kingdom, state.turn.step = "ev1-kush", "kingdom"
    play(state, a.PlayKingdom())
    assert state.turn.card == "ev1-kush" and state.active == {"nubia"}
    log = RULES.apply(state, a.EndConquest())
    assert not any("Pyramids" in event.text for event in log)
    assert "nubia" not in state.monuments and state.turn.card == "e1-egyptians"


def test_stepping_stones_join_provinces_across_water():
    """Hódítás: "Két tartomány szomszédosnak számít, ha közös fekete határvonaluk van, vagy ha
    egy tengerszoros gázlókövei kötik össze őket." The Hittites in Anatolia reach the Balkans
    over the stepping stones, by land, with no fleet; the defender gets no Sea reroll."""
    state = playing("e1-hittites")
    put(state, 1, "balkans")
    turn.found(state, [])
    assert {m.id for m in RULES.decision(state).actions if isinstance(m, a.Conquer)} == {
        "Conquer(target=balkans,via=land)", "Conquer(target=levant,via=land)",
        "Conquer(target=mesopotamia,via=land)", "Conquer(target=caucasus,via=land)"}
    play(state, a.Conquer("balkans", "land"))
    roll(state, "2-1", 5)
    assert state.turn.battle.defence_rerolls == 0 and state.turn.battle.lost  # 2 against 5 + 1 (mountain)
