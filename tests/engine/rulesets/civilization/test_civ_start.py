"""The start of turn phase (digest §6.1, the rulebook's "1. KEZDŐFÁZIS"): founding cities within
the city limit, changing government through anarchy, and the learning game's end."""

from __future__ import annotations

from civ import (
    RULESET,
    add_city,
    add_figure,
    blank_area,
    choice,
    clear_map,
    edited,
    force,
    new_game,
    paint,
    past_setup,
    play_until,
    sq,
)

from engine.core.decision import End
from engine.rulesets.civilization.actions import Done, FoundCity, Produce, SetGovernment
from engine.rulesets.civilization.research import learn


def start_of(players: int = 4, **options):
    """Seat 0's start phase on an open map, its capital on sq-4-4 and a scout on a legal site."""
    state = past_setup(players, **options)
    clear_map(state)
    blank_area(state, 2, 2, 12)
    add_city(state, 0, sq(4, 4), capital=True)
    add_figure(state, 0, "scout", sq(10, 10))
    state.phase, state.k, state.first = "start", 0, 0
    edited(state)
    return state


def founds(state) -> list[str]:
    return [a.square for a in choice(state).actions if isinstance(a, FoundCity)]


def test_6_1_a_third_city_needs_irrigation():
    """§6.1 "az a játékos, akinek a maximálisan lehetségesnél (ez kettő, illetve az öntözés
    kifejlesztése után már három) kevesebb városa van, új várost ... alapíthat": with two cities
    the scout on a legal site is offered nothing; with Irrigation it may found the third."""
    state = start_of()
    add_city(state, 0, sq(4, 10))
    edited(state)
    assert founds(state) == []
    learn(state, 0, "irrigation", [])
    edited(state)
    assert founds(state) == [sq(10, 10)]


def test_6_1_founding_takes_the_scout_back_and_moves_own_figures_off():
    """§6.1: "a játékos a játéktábláról visszaveszi civilizációlapjához a felderítőjét, és a
    helyére felrakja egy városjelzőjét"; "Ha a térképmezőn ... a feláldozott felderítőn kívül
    volt még egy vagy több saját bábu, azok azonnal átkerülnek egy olyan szomszédos
    térképmezőre, ahova egyébként képesek lennének mozgásuk során eljutni"."""
    state = start_of()
    add_figure(state, 0, "army", sq(10, 10))
    scouts = state.players[0].scouts
    RULESET.apply(state, FoundCity(sq(10, 10)))
    assert any(c.square == sq(10, 10) and c.owner == 0 and not c.capital for c in state.cities)
    assert state.players[0].scouts == scouts + 1
    moves = choice(state).actions  # the army must leave the new city centre for a square around it
    assert sorted(a.square for a in moves) == sorted(state.tables.ring[sq(10, 10)])
    RULESET.apply(state, moves[0])
    assert [f.square for f in state.figures if f.owner == 0] == [moves[0].square]


def test_6_1_a_displaced_figure_reaches_a_diagonal_square_only_by_movement():
    """§6.1 "egy olyan szomszédos térképmezőre, ahova egyébként képesek lennének mozgásuk során
    eljutni": the rulebook's neighbours are the 8 around (exploring alone leaves out the
    diagonals, "átlósan nem számít annak"); a figure moves orthogonally, so the diagonal
    north-east square is reached only if the north or the east square may be passed: water
    (without Navigation) on both closes it, on one of them leaves the other way open."""
    state = start_of()
    add_figure(state, 0, "army", sq(10, 10))
    paint(state, sq(10, 9), "water")
    paint(state, sq(11, 10), "water")
    RULESET.apply(state, FoundCity(sq(10, 10)))
    squares = {a.square for a in choice(state).actions}
    assert sq(11, 9) not in squares
    assert {sq(9, 9), sq(11, 11), sq(9, 10), sq(10, 11)} <= squares
    assert not {sq(10, 9), sq(11, 10)} & squares  # an army does not end on water


def governments(state) -> list[str]:
    return sorted(a.government for a in choice(state).actions if isinstance(a, SetGovernment))


def test_6_1_a_government_learned_last_turn_is_taken_at_once():
    """§6.1 "Ha valamelyikőtök már kifejlesztett egy kormányzati formát (a fejlesztési fázisban),
    a következő forduló kezdőfázisában már használhatja is": Code of Laws (the Republic) learned
    in the last research phase is offered directly, and anarchy too."""
    state = start_of()
    state.turn = 5
    state.players[0].learned_governments["republic"] = 4
    edited(state)
    assert governments(state) == ["anarchy", "republic"]


def test_6_1_a_government_learned_earlier_goes_through_anarchy():
    """§6.1 "Ha ugyanis nem azonnal egy bizonyos kormányzati forma megismerése utáni forduló
    legelején akar valaki az új kormányzatra váltani, először át kell váltania az anarchiára"; "Ha
    viszont valaki úgy kezd e fázisba, hogy kormányzata anarchia, e fázisban bármely általa
    ismert kormányzati formára átválthat"."""
    state = start_of()
    state.turn = 6
    player = state.players[0]
    player.learned_governments["republic"] = 4
    edited(state)
    assert governments(state) == ["anarchy"]
    RULESET.apply(state, SetGovernment("anarchy"))
    assert governments(state) == []  # one change a start phase
    state.turn = 7
    edited(state)
    assert "republic" in governments(state) and player.government == "anarchy"


def test_6_1_under_anarchy_the_capital_takes_no_action():
    """§6.1: anarchy is a time "melyben a játékos nem hajthat végre akciót fővárosában"; another
    city acts as usual."""
    state = start_of()
    other = add_city(state, 0, sq(10, 4))
    state.players[0].government = "anarchy"
    state.phase = "city"
    for square in (sq(3, 3), sq(9, 3)):
        paint(state, square, "forest", production=8)
    edited(state)
    cities = {a.city for a in choice(state).actions if isinstance(a, Produce)}
    assert cities == {other.square}


def test_4_1_the_learning_game_ends_at_a_third_city_without_a_winner():
    """§4.1 (the rulebook's first-game rules): play "csak addig, míg valamelyikőtök meg nem
    alapítja harmadik városát. Ekkor a játék véget ér"; "A tanulójáték célja csupán az
    ismerkedés, így annak nincs sem győztese, sem vesztese"."""
    state = start_of(learning_game=True)
    add_city(state, 0, sq(4, 10))
    learn(state, 0, "irrigation", [])
    edited(state)
    RULESET.apply(state, FoundCity(sq(10, 10)))
    end = RULESET.decision(state)
    assert isinstance(end, End)
    assert end.winners == () and end.scores == (0.0, 0.0, 0.0, 0.0)
    assert "without a winner" in RULESET.view(state, None).status


def test_4_1_the_learning_game_goes_on_at_a_second_city():
    state = start_of(learning_game=True)
    RULESET.apply(state, FoundCity(sq(10, 10)))
    assert not isinstance(RULESET.decision(state), End)
    assert any(isinstance(a, Done) for a in choice(state).actions)


def test_6_1_rome_and_russia_also_know_despotism():
    """§6.1 "a játék elején még csak egyetlen kormányzatot ismertek, a zsarnokságot (kivéve
    Rómát és Oroszországot, mely civilizációk már ismernek egy másik kormányzati módot is, és
    azon kormányzat alatt kezdenek)": out of anarchy the Romans may go back to despotism, but
    not straight from the republic in the first turn (despotism was not learned in a research
    phase)."""
    state = new_game(4)
    force(state, "romans")  # seat 0's sheet
    play_until(state, lambda s: s.phase == "start")
    player = state.players[0]
    assert player.civ == "romans" and player.government == "republic"
    state.k, state.first = 0, 0
    edited(state)
    assert governments(state) == ["anarchy"]
    player.government, state.turn = "anarchy", 2
    edited(state)
    assert governments(state) == ["despotism", "republic"]
