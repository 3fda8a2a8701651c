"""The frame of an epoch set up as the rulebook lays it out (Hungarian rulebook, pages 3-4 and
9-10): setup, region values, the calling of the empires, the Aftermath's stack adjustment and
bonus tokens, and the winner. Each test names its digest section and quotes the sentence."""

from __future__ import annotations

from brief import RULESET, new_game, outcome, play

from engine.core.decision import Chance, Choice, End
from engine.rulesets.brief_history_of_the_world.gold import adjust_stacks

RED, GREEN, BLUE, YELLOW = 0, 1, 2, 3


def test_starting_gold_counts_clockwise_from_the_player_drawn_and_each_gets_leader_and_weaponry_4_4():
    """§4.4 "Az a játékos az Aranyszámláló 1 mezőjére helyezi az Aranyjelölőjét, a tőle balra
    ülő játékos a 2-re teszi": Blue drawn, Blue 1, Yellow 2, Red 3, Green 4. §4.5 "Minden
    játékos kap egy Vezető és egy Fegyverzet kártyát"; the other copies leave the game."""
    state = new_game(4)
    play(state, outcome(state, BLUE))
    assert state.gold == [3, 4, 1, 2]
    events = state.tables.events
    for hand in state.hands:
        assert sorted(events[card].starter for card in hand) == ["leader", "weaponry"]
    assert len({card for hand in state.hands for card in hand}) == 8


def test_each_epoch_draws_as_many_empire_and_event_cards_as_players_4_6():
    """§4.6 "Minden egyes korszakhoz vegyél ki a paklikból a játékosok számával megegyező számú
    lapot ... A megmaradt Birodalomkártyákat ki kell venni a játékból", the same for events;
    §5.3 "A körökben jelenleg található Térségértékeket dobd el": the epoch's own values only."""
    state = new_game(3)
    play(state, outcome(state, RED))
    assert state.values == state.tables.values[1]
    empires = RULESET.decision(state)
    assert isinstance(empires, Chance) and len(empires.outcomes) == 35, "3 of the epoch's 7 empire cards"
    play(state, empires.outcomes[0])
    play(state, RULESET.decision(state).outcomes[0])
    assert len(state.empire_packet) == len(state.event_packet) == 3


def called(held: dict[str, int]) -> tuple[list[str], object]:
    """Epoch 3 after the draft, the empire cards in ``held``; the empires are called until the
    first held one is founded (its holder has no red event, so it is founded at once)."""
    state = new_game(4)
    state.epoch, state.phase, state.held = 3, "call", dict(held)
    state.hands = [[] for _ in state.colours]
    state.values = dict(state.tables.values[3])
    state.bonus_pool = sorted(state.tables.bonus)
    state.decision = None
    log: list = []
    RULESET.advance(state, log)
    return [event.text for event in log], state


def test_the_empires_are_called_in_the_cards_order_and_an_empire_nobody_holds_is_passed_5_4():
    """§5.4 "Jelentsd be az első birodalmat a felsorolásból ... Amikor az a birodalom lejátszásra
    került, vagy ha senki sem választotta azt a birodalmat, akkor be kell jelenteni a listáról a
    következő birodalmat": epoch 3 lists the Romans, the Han, the Parthians...; with the Romans
    and the Parthians unheld, the Han come first, then the Huns after the Guptas."""
    log, state = called({"e3-huns": RED, "e3-han": GREEN, "e3-kushans": BLUE, "e3-goths": YELLOW})
    assert "Romans: nobody holds the card" in log
    assert state.current == GREEN and state.force.card == "e3-han"
    state.stock[GREEN] += state.force.board
    state.force.board, state.monuments_due, state.decision = 0, 0, None
    log = []
    RULESET.advance(state, log)
    texts = [event.text for event in log]
    assert "Parthians: nobody holds the card" in texts and state.force.card == "e3-kushans"


def test_the_epoch_ends_when_every_empire_has_been_called_5_4():
    """§5.4 "Az összes birodalom bejelentése után ... a korszak véget ér": with the last held
    empire played, the Aftermath comes (stacks, then the bonus tokens drawn)."""
    _, state = called({"e3-goths": RED})
    state.stock[RED] += state.force.board
    state.force.board, state.monuments_due, state.decision = 0, 0, None
    RULESET.advance(state, [])
    assert state.phase == "bonus_draw"


def test_two_stacks_the_lower_space_moves_first_5_5():
    """§5.5 "Minden olyan jelölő, amelyik egy másik tetején van, egyszerűen továbblép a
    következő üres mezőre ... Ha egynél több olyan mező is van, amelyiken több jelölő található,
    akkor mindig az alacsonyabb mezőszámúval kell lépni először": Green on Red at 10 moves to
    12 (11 is taken), then Yellow on Blue at 11 moves to 13."""
    state = new_game(4)
    state.gold, state.arrival = [10, 10, 11, 11], [1, 2, 3, 4]
    adjust_stacks(state, [])
    assert state.gold == [10, 12, 11, 13]


def aftermath(gold: list[int]):
    """The Aftermath of epoch 1 with the given gold and no stacks."""
    state = new_game(len(gold))
    state.epoch, state.phase, state.gold = 1, "aftermath", list(gold)
    state.arrival = list(range(len(gold)))
    state.bonus_pool = sorted(state.tables.bonus)
    state.decision = None
    RULESET.advance(state, [])
    return state


def test_bonus_tokens_richest_keeps_one_of_three_the_second_one_of_two_the_third_the_last_5_5():
    """§5.5 "A legtöbb aranyat gyűjtő játékos elvesz három Bónuszjelzőt, kiválaszt egyet, majd a
    maradék két jelzőt továbbadja a második legtöbb aranyat gyűjtőnek. Az a játékos kiválasztja
    az egyik jelzőt, a másikat pedig továbbadja a harmadik helyezettnek": Blue (most gold) sees
    the three drawn, Yellow the two left, Red the last; Green, fourth, none."""
    state = aftermath([20, 5, 40, 30])
    draw = RULESET.decision(state)
    assert isinstance(draw, Chance) and draw.seen_by == (BLUE,)
    values = {token: state.tables.bonus[token] for token in state.bonus_pool}
    tokens = sorted(values, key=values.get)
    small, middle, large = tokens[0], next(t for t in tokens if values[t] > values[tokens[0]]), tokens[-1]
    for token in (small, middle, large):
        play(state, next(o for o in RULESET.decision(state).outcomes if o.value == token))
    choice = RULESET.decision(state)
    assert isinstance(choice, Choice) and choice.seat == BLUE and len(choice.actions) == 3
    play(state, choice.find(f"TakeBonus(token={large})"))
    choice = RULESET.decision(state)
    assert choice.seat == YELLOW and len(choice.actions) == 2
    play(state, choice.find(f"TakeBonus(token={small})"))
    assert state.bonus == [[middle], [], [large], [small]] and state.epoch == 2, "then the next epoch"


def test_the_bonus_tokens_are_revealed_and_added_and_the_most_gold_wins_8_7():
    """§8.7 "minden játékos felfedi a saját Bónuszjelzőit és az összesített értékeiket hozzáadja
    az eddig gyűjtött aranyaihoz. A legtöbb arannyal rendelkező játékos nyeri a játékot": Green,
    behind on the track, wins with its tokens."""
    state = new_game(3)
    by_value = sorted(state.tables.bonus, key=state.tables.bonus.get)
    low, high = by_value[0], by_value[-1]
    worth = state.tables.bonus
    state.gold = [100, 100 - worth[high] + worth[low] + 1, 90]
    state.bonus = [[low], [high], []]
    state.phase, state.decision = "over", None
    end = RULESET.decision(state)
    assert isinstance(end, End) and end.winners == (GREEN,)
    assert end.scores == (100 + worth[low], 101 + worth[low], 90)
