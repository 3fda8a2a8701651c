"""Antike Duellum's evaluation for bots: worth is the way to 9 persons (§5.3, §8.1)."""

from __future__ import annotations

import itertools
import random

import pytest
from duellum import (
    BEIGE,
    BROWN,
    RULES,
    at,
    blank,
    box,
    city,
    decision,
    end_movement,
    goods,
    new_game,
    put,
)

from engine.bots.search import GreedyBot, SearchBot
from engine.core.bot import Table
from engine.rulesets.antike_duellum.evaluation import GOOD, UNIT, USEFUL, persons_due
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import RESOURCES, TEMPLES


def test_the_two_seats_see_the_same_position_from_opposite_sides():
    state = new_game()
    city(state, "roma", "gold", BROWN, temple=True)
    assert RULES.evaluate(state, BROWN) == -RULES.evaluate(state, BEIGE)


def test_a_person_outweighs_everything_short_of_one():
    """§5.3: persons win the game, so one more person beats any pile of goods and units."""
    state = new_game()
    rich = RULES.clone(state)
    goods(rich, BROWN, **{kind: USEFUL[kind] for kind in ("gold", "marble", "iron")}, coins=USEFUL["coins"])
    person = RULES.clone(state)
    person.persons[BROWN].append(person.stacks["scholar"].pop(0))
    assert RULES.evaluate(person, BROWN) > RULES.evaluate(rich, BROWN)


def test_every_city_is_a_fifth_of_a_king_the_fifth_included():
    """§8.1: a king for every 5 cities, earned at the turn's end: the fifth city's king is
    counted as earned at once, so no city is worth more than another and the bot has no
    reason to put off the fifth."""
    state = blank(new_game())
    free = list(state.tables.sites)
    worth = [RULES.evaluate(state, BROWN)]
    for site in free[:5]:
        city(state, site, "marble", BROWN)
        worth.append(RULES.evaluate(state, BROWN))
    steps = [after - before for before, after in itertools.pairwise(worth)]
    assert steps[0] > 0 and steps == pytest.approx([steps[0]] * 5)
    assert persons_due(state, BROWN) == 1 and state.persons[BROWN] == []


def test_goods_beyond_one_purchase_are_worth_nothing():
    """A greedy bot paid for hoarding would ride the production segments for ever."""
    state = new_game()
    goods(state, BROWN, marble=USEFUL["marble"])
    enough = RULES.evaluate(state, BROWN)
    goods(state, BROWN, marble=USEFUL["marble"] + 5)
    assert RULES.evaluate(state, BROWN) == enough


def test_the_greedy_bot_builds_a_temple_when_it_completes_a_citizen():
    """§8.1: a citizen for every 3 temples in one's cities. With two temples standing and the
    marble for a third, the one-ply bot builds it rather than walls or nothing."""
    state = blank(new_game())
    for site in list(state.tables.sites)[:3]:
        city(state, site, "marble", BROWN, temple=len(state.temples) < 2)
    goods(state, BROWN, marble=12)
    state.turn.step = "action"
    state.turn.action = "TEMPLUM"
    state.decision = None
    decision = RULES.decision(state)
    builds = [action for action in decision.actions if type(action).__name__ == "BuildTemple"]
    assert builds, decision.actions
    chosen = GreedyBot(Table(RULES, state)).choose(decision, random.Random(1))
    assert chosen in builds


def endgame(free: str = "tarraco", standing: int = TEMPLES, **options) -> DuellumState:
    """Every site but ``free`` a city of one seat or the other, ``standing`` temples built and
    every scholar taken: with all 12 temples standing the bank has none to build (§2: "If the
    bank has no temples, no temple can be built until one is destroyed"), so the persons left
    need units carried far."""
    state = blank(new_game(**options))
    taken = [site for site in state.tables.sites if site != free]
    for index, site in enumerate(taken):
        city(state, site, RESOURCES[index % 3], index % 2, temple=index < standing)
    scholars = state.stacks["scholar"]
    while scholars:
        state.persons[len(scholars) % 2].append(scholars.pop())
    return state


def legion_at(state: DuellumState, region: str) -> float:
    trial = RULES.clone(state)
    put(trial, BROWN, "legion", region)
    return RULES.evaluate(trial, BROWN)


def test_in_the_endgame_a_unit_nearer_a_free_site_is_worth_more():
    """§6.8: a city is founded on an empty city symbol in a region holding one of your units;
    §8.1: a king for every 5 cities. Once the temples and scholars are spent, the nearest
    free site (Tarraco) may be several DUELLUMs away: a legion one border nearer is worth
    more, the nearest on the site itself."""
    state = endgame()
    borders = {region: state.tables.distances["legion"][region]["tarraco"]
               for region in ("tarraco", "narbo", "massilia", "genua", "mediolanum")}
    assert list(borders.values()) == [0, 1, 2, 3, 4]
    worth = [legion_at(state, region) for region in borders]
    assert worth == sorted(worth, reverse=True) and len(set(worth)) == len(worth)


def test_in_the_endgame_the_greedy_bot_marches_towards_a_free_site():
    """§6.5: a legion crosses one red border per DUELLUM (no STRATA here). From Genua, three
    borders from Tarraco, the one-ply bot steps to Massilia, the way to the site."""
    state = endgame()
    put(state, BROWN, "legion", "genua")
    at(state, "DUELLUM")
    bot = GreedyBot(Table(RULES, state))
    chosen = {bot.choose(decision(state), random.Random(seed)).id for seed in range(8)}  # no tie drawn
    assert chosen == {"Step(unit=legion,origin=genua,to=massilia)"}


def legions_at(state: DuellumState, **regions: int) -> float:
    trial = RULES.clone(state)
    for region, n in regions.items():
        put(trial, BROWN, "legion", region, n)
    return RULES.evaluate(trial, BROWN)


def test_once_no_city_can_be_founded_units_gathering_on_an_enemy_temple_city_are_worth_more():
    """§7.3: a general for each temple destroyed, by conquering its city; §6.5: "a city falls
    when the attacker has at least as many units in its region as its defence value". With
    every site taken, Carthage's Massilia (a temple: defence 3) is the way to a person: three
    legions in its region are worth more than three one border off (Genua), and those more
    than three two off (Mediolanum). Six one border off are not enough against a defender who
    cannot recruit: only units in the region take the city."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    goods(state, BEIGE)  # no iron: no recruit can answer (§6.3)
    assert state.owner["massilia"] == BEIGE and "massilia" in state.temples
    inside, near, far = (legions_at(state, **{region: 3}) for region in ("massilia", "genua", "mediolanum"))
    assert inside > near > far > legions_at(state)
    assert inside > legions_at(state, genua=6) - 3 * UNIT


@pytest.mark.parametrize(("iron", "in_box"), [(0, 3), (6, 0), (6, 3), (2, 3)])
def test_units_gathering_on_a_temple_city_count_against_what_its_defender_can_recruit_there(iron, in_box):
    """§6.3: MILITIA puts up to 3 new units into a city with a temple, 2 iron each, from the
    recruitment box, and each adds 1 to its defence (§7.2). Three Roman legions in Massilia's
    region (a Carthaginian temple city, defence 3) take it only if Carthage does not answer
    first; three more a border off (Genua) are worth more than their own worth as units exactly
    as far as Carthage can still recruit there. Counting the defence alone, the bots gathered
    just enough, the defender recruited into the city each time, and a seeded game between two
    searching seats ran to the 2,000-turn cap."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    goods(state, BEIGE, iron=iron)
    box(state, BEIGE, legion=in_box, galley=0)
    gathered = legions_at(state, massilia=3, genua=3) - legions_at(state, massilia=3)
    if min(iron // 2, in_box):
        assert gathered > 3 * UNIT + 0.1
    else:
        assert gathered == pytest.approx(3 * UNIT)


def test_once_no_city_can_be_founded_the_greedy_bot_marches_on_an_enemy_temple_city():
    """§6.5: each legion crosses one red border per DUELLUM; from Genua the one-ply bot moves
    into Massilia's region (Carthage's temple city), not elsewhere."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    put(state, BROWN, "legion", "genua", 3)
    at(state, "DUELLUM")
    bot = GreedyBot(Table(RULES, state))
    chosen = {bot.choose(decision(state), random.Random(seed)).id for seed in range(8)}
    assert chosen == {"Step(unit=legion,origin=genua,to=massilia)"}


@pytest.mark.parametrize("hands_secret", [True, False])
def test_the_search_bot_conquers_an_enemy_temple_city_for_its_ninth_person(hands_secret):
    """§6.5: three Roman legions stand in Massilia's region (Carthage's temple city, defence
    3); §7.3: its conquest earns a general, Rome's ninth person (§5.3). While hands are secret
    (A21) every conquest opens Carthage's FORTRESS window (A7), a choice of Carthage's within
    Rome's turn: the search had stopped there and valued the conquest no more than ending the
    conquests, and it must still look through the window to the city's fall."""
    state = endgame(event_hands_secret=hands_secret)
    city(state, "tarraco", "gold", BEIGE)
    for seat in (BROWN, BEIGE):  # 8 persons each: neither lead is already a won game's
        while len(state.persons[seat]) < 8:
            state.persons[seat].append(next(stack for kind, stack in state.stacks.items() if stack and kind != "general").pop())
    put(state, BROWN, "legion", "massilia", 3)
    at(state, "DUELLUM")
    end_movement(state)
    conquest = decision(state).find("Conquer(city=massilia)")
    assert conquest is not None
    ending = decision(state).find("EndConquest()")
    for seed in range(4):
        bot = SearchBot().at(Table(RULES, RULES.clone(state), []))
        assert bot.choose(decision(state), random.Random(seed)) == conquest
        children = bot._root.children
        taken, declined = (children[move].reward / children[move].visits for move in (conquest, ending))
        assert taken > declined + 0.1


def test_the_greedy_bot_conquers_an_enemy_temple_city_behind_the_fortress_window():
    """§6.5, §7.3: three Roman legions in Massilia's region (a Carthaginian temple city, defence
    3) take it and earn a general. While hands are secret (A21) the declared conquest first opens
    Carthage's FORTRESS window (A7): one ply that stopped there saw no city fall, valued the
    conquest as ending the conquests and drew between them. Carthage's reply is now its own one
    ply, and the conquest is chosen every time."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    put(state, BROWN, "legion", "massilia", 3)
    at(state, "DUELLUM")
    end_movement(state)
    bot = GreedyBot(Table(RULES, state))
    chosen = {bot.choose(decision(state), random.Random(seed)).id for seed in range(8)}
    assert chosen == {"Conquer(city=massilia)"}


def test_a_seat_whose_next_king_no_founding_reaches_marches_on_a_temple_city_instead():
    """§8.1: a king for every 5 cities. Rome holds 15 cities and Tarraco is the one free site:
    its first king is in reach of a founding, so legions on Tarraco are worth more than in
    Carthage's temple city Massilia; holding 3 kings, its next needs 20 cities, only a
    conquest (§7.3) brings a person, and Massilia is worth more."""
    state = endgame()
    assert list(state.owner.values()).count(BROWN) == 15
    assert legions_at(state, tarraco=3) > legions_at(state, massilia=3)
    state.persons[BROWN] += [state.stacks["king"].pop() for _ in range(3)]
    assert legions_at(state, massilia=3) > legions_at(state, tarraco=3)


def test_once_no_city_can_be_founded_a_city_without_a_temple_is_worth_marching_on_too():
    """§6.5: any enemy city falls to as many units in its region as its defence; §8.1: it then
    counts towards the conqueror's next king. With every site taken and no general left to earn
    (§7.3), a Carthaginian city without a temple (defence 1) is the way to a person: a legion
    in its region is worth more than one a border off. Counting temple cities alone, a seat one
    city short of its last king sat 24 units against 24 for hundreds of turns."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    state.persons[BEIGE] += state.stacks["general"]
    state.stacks["general"] = []
    legion = state.tables.distances["legion"]
    plain = next(site for site, seat in state.owner.items() if seat == BEIGE and site not in state.temples
                 and site in legion)
    off = next(region for region, borders in legion.items() if borders.get(plain) == 1)
    assert legions_at(state, **{plain: 1}) > legions_at(state, **{off: 1})


def test_once_no_city_can_be_founded_a_temple_city_comes_before_a_city_without_one():
    """§7.3: conquering a temple city also earns a general while one is left: Massilia (a
    temple, defence 3) with three legions in its region is worth more than a Carthaginian city
    without a temple taken as easily."""
    state = endgame()
    city(state, "tarraco", "gold", BEIGE)
    plain = next(site for site, seat in state.owner.items() if seat == BEIGE and site not in state.temples
                 and site in state.tables.distances["legion"])
    assert legions_at(state, massilia=3) > legions_at(state, **{plain: 3})


@pytest.mark.parametrize("late", [True, False])
def test_in_the_endgame_the_iron_to_recruit_the_whole_box_is_worth_holding(late):
    """§6.3: MILITIA recruits from the box at 2 iron a unit. In the endgame the box's units are
    on their way to a conquest, so the iron for all six of them counts, and no more; before it,
    iron beyond two recruits counts nothing. Counting two recruits' iron alone, a seat holding
    96 gold and 6 galleys in its box never traded 3 for 2 to put them on the board, and its
    game between two searching seats ran 283 turns."""
    state = endgame(standing=TEMPLES if late else TEMPLES - 1)
    box(state, BROWN, legion=3, galley=3)
    worth = {}
    for iron in (USEFUL["iron"], 12, 16):
        goods(state, BROWN, iron=iron)
        worth[iron] = RULES.evaluate(state, BROWN)
    assert worth[16] == pytest.approx(worth[12])
    if late:
        assert worth[12] - worth[USEFUL["iron"]] == pytest.approx(GOOD * (12 - USEFUL["iron"]))
    else:
        assert worth[12] == pytest.approx(worth[USEFUL["iron"]])


def test_before_the_endgame_the_way_to_a_site_counts_nothing():
    """While a temple is left in the bank the evaluation is the one the bots always played
    (the way to a site a unit can reach this turn is seen by looking ahead)."""
    state = endgame(standing=TEMPLES - 1)
    assert legion_at(state, "massilia") == legion_at(state, "mediolanum")


def test_in_the_endgame_a_unit_bought_into_the_box_is_worth_more_than_hoarded_gold():
    """§6.4: a unit costs gold into the recruitment box, from which MILITIA puts it on the
    board (§6.3), on its way to a conquest (§6.5) or to 7 sea areas and a navigator (§8.1).
    Gold beyond one purchase buys nothing else, so in the endgame the one-ply bot at SCIENTIA,
    every technology its own, buys a unit, the navigator stack empty or not. Counting galleys
    for the navigator alone, a seat at 8 persons with 256 marble and 4 gold never bought the
    units a conquest needed (a seeded game ran 443 turns). Before the endgame a unit in the box
    counts nothing, as it always did."""
    state = endgame()
    state.techs[BROWN] = list(state.tables.techs)
    goods(state, BROWN, gold=20)
    box(state, BROWN, legion=0, galley=0)
    at(state, "SCIENTIA")
    units = {"Buy(unit=legion)", "Buy(unit=galley)"}
    for navigators in (True, False):
        if not navigators:
            state.persons[BEIGE] += state.stacks["navigator"]
            state.stacks["navigator"] = []
        bot = GreedyBot(Table(RULES, state))
        assert {bot.choose(decision(state), random.Random(seed)).id for seed in range(8)} <= units
    early = endgame(standing=TEMPLES - 1)
    goods(early, BROWN, gold=20)
    box(early, BROWN, legion=0, galley=0)
    at(early, "SCIENTIA")
    bought = RULES.clone(early)
    RULES.apply(bought, decision(bought).find("Buy(unit=galley)"))
    assert RULES.evaluate(bought, BROWN) == RULES.evaluate(early, BROWN)
