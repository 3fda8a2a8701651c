"""The map (digest §3, §6.1 b, §6.4): founding sites, exploring and turning tiles, movement
over water, city centres, huts, villages and enemy figures."""

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
    paint,
    past_setup,
    sq,
)

from engine.rulesets.civilization.actions import Explore, MoveFigures, Step, Stop
from engine.rulesets.civilization.start import city_site
from engine.rulesets.civilization.tables import TURNS, rotated_index


def open_map():
    state = past_setup(4)
    clear_map(state)
    blank_area(state, 4, 4, 8)
    return state


def test_6_1_b_a_site_needs_land_eight_visible_neighbours_and_room():
    state = open_map()
    assert city_site(state, sq(6, 6), 0)
    paint(state, sq(6, 6), "water")
    assert not city_site(state, sq(6, 6), 0)  # 1. not water
    state = open_map()
    del state.squares[sq(5, 5)]
    assert not city_site(state, sq(6, 6), 0)  # 2. next to a face-down square
    state = open_map()
    state.minors[sq(7, 7)] = "hut"
    assert not city_site(state, sq(6, 6), 0)  # 3. a hut in the neighbourhood


def test_6_1_b_own_figures_may_stand_around_enemy_figures_may_not():
    state = open_map()
    add_figure(state, 0, "army", sq(7, 6))
    assert city_site(state, sq(6, 6), 0)
    add_figure(state, 1, "scout", sq(5, 7))
    assert not city_site(state, sq(6, 6), 0)


def test_6_1_b_cities_are_at_least_three_squares_apart_diagonals_included():
    state = open_map()
    add_city(state, 1, sq(8, 8))
    assert not city_site(state, sq(6, 6), 0)  # two squares apart: outskirts would touch
    assert city_site(state, sq(5, 5), 0)  # three squares apart


def test_3_4_an_explored_tile_points_its_arrow_away_from_the_explorer():
    state = past_setup(2)
    t = state.tables
    slot = next(s for s, tile in state.slots.items()
                if tile is None and (t.slot_origin[s][0] - 1, t.slot_origin[s][1] + 1) in t.at)
    x0, y0 = t.slot_origin[slot]
    west = t.at[(x0 - 1, y0 + 1)]
    clear_map(state)
    paint(state, west)
    add_figure(state, 0, "army", west)
    state.phase, state.k, state.first = "movement", 0, 0
    edited(state)
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, MoveFigures)))
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Explore) and a.slot == slot))
    tile = min(state.tile_pool)
    force(state, tile)
    assert state.slots[slot] == tile
    printed = t.tiles[tile]
    squares = t.slot_squares[slot]
    assert state.squares[squares[3]] == printed[rotated_index(3, 0, TURNS["E"])] == printed[0]
    assert state.figures[0].square == west  # the explorer stays where it is


def moving_army(state, square, kind="army", seat=0):
    figure = add_figure(state, seat, kind, square)
    state.phase, state.k, state.first = "movement", 0, seat
    edited(state)
    RULESET.apply(state, MoveFigures(square, (figure.id,)))
    return figure


def test_6_4_water_is_closed_without_navigation():
    state = open_map()
    paint(state, sq(7, 6), "water")
    moving_army(state, sq(6, 6))
    steps = {a.square for a in choice(state).actions if isinstance(a, Step)}
    assert sq(7, 6) not in steps and sq(5, 6) in steps
    state.players[0].techs.append("navigation")
    edited(state)
    steps = {a.square for a in choice(state).actions if isinstance(a, Step)}
    assert sq(7, 6) in steps  # may enter, with a step left to leave it


def test_6_4_figures_pass_their_own_city_centre_but_do_not_stop_there():
    state = open_map()
    add_city(state, 0, sq(7, 6))
    moving_army(state, sq(6, 6))
    RULESET.apply(state, Step("E", sq(7, 6)))
    actions = choice(state).actions
    assert Stop() not in actions and Step("E", sq(8, 6)) in actions


def test_3_5_an_army_entering_a_hut_stops_and_takes_it_a_scout_may_not_enter():
    state = open_map()
    state.minors[sq(7, 6)] = "hut"
    moving_army(state, sq(6, 6), "scout")
    assert Step("E", sq(7, 6)) not in choice(state).actions
    state = open_map()
    state.minors[sq(7, 6)] = "hut"
    army = moving_army(state, sq(6, 6))
    RULESET.apply(state, Step("E", sq(7, 6)))
    assert army.moved and sq(7, 6) not in state.minors
    chance = RULESET.decision(state)
    assert chance.seen_by == (0,)  # only the finder looks at it
    RULESET.apply(state, chance.outcomes[0])
    assert len(state.players[0].minors) == 1


def test_6_4_enemy_scouts_alone_are_destroyed_and_looted():
    state = open_map()
    add_figure(state, 1, "scout", sq(7, 6))
    state.players[1].trade, state.players[1].culture = 5, 2
    moving_army(state, sq(6, 6))
    RULESET.apply(state, Step("E", sq(7, 6)))
    assert [f.owner for f in state.figures] == [0]
    loot = choice(state)
    assert loot.seat == 0 and {a.kind for a in loot.actions} == {"trade", "culture"}
    RULESET.apply(state, next(a for a in loot.actions if a.kind == "trade"))
    assert state.players[1].trade == 2


def test_6_4_figures_that_began_on_one_square_move_together_in_any_number():
    """§6.4 "Ha valamelyikőtöknek több bábuja ugyanazon a térképmezőn kezdi a mozgási fázist,
    ezek mozoghatnak együtt ... Persze az ugyanazon a térképmezőn lévő bábuknak nem kötelező
    közösen mozogniuk": of three armies (Masonry's stack limit 3), any one, any two or all three
    move; two move on together and the third stays."""
    state = open_map()
    state.players[0].techs.append("masonry")
    armies = [add_figure(state, 0, "army", sq(6, 6)) for _ in range(3)]
    state.phase, state.k, state.first = "movement", 0, 0
    edited(state)
    ids = sorted(a.figures for a in choice(state).actions if isinstance(a, MoveFigures))
    one, two, three = (a.id for a in armies)
    assert ids == sorted([(one,), (two,), (three,), (one, two), (one, three), (two, three), (one, two, three)])
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, MoveFigures) and a.figures == (one, three)))
    RULESET.apply(state, Step("E", sq(7, 6)))
    RULESET.apply(state, Stop())
    assert [f.square for f in armies] == [sq(7, 6), sq(6, 6), sq(7, 6)]
    assert [a.figures for a in choice(state).actions if isinstance(a, MoveFigures)] == [(two,)]


def test_6_4_a_group_move_names_its_own_figures_kinds_in_every_branch():
    """Moves are built once per table, and a playtest's branches share the table: figures made
    in two branches may have the same ids and other kinds. A group's label names the kinds of
    the figures that move ("move the army, scout on ... together"), in each branch its own."""
    trunk = open_map()
    trunk.players[0].techs.append("masonry")
    trunk.phase, trunk.k, trunk.first = "movement", 0, 0
    branch = RULESET.clone(trunk)
    labels = []
    for state, kinds in ((trunk, ("army", "scout", "army")), (branch, ("army", "army", "army"))):
        first, second, _ = (add_figure(state, 0, kind, sq(6, 6)) for kind in kinds)
        edited(state)
        pair = next(a for a in choice(state).actions
                    if isinstance(a, MoveFigures) and a.figures == (first.id, second.id))
        labels.append(pair.label)
    assert "army, scout" in labels[0] and "army, army" in labels[1], labels


def test_6_4_speed_is_2_and_horseback_riding_raises_it():
    """§6.4 "Minden bábu annyit léphet, amennyi civilizációja sebessége. Ez kezdetben 2, de
    bizonyos technológiák elsajátítása (mint például a lovaglásé) megnövelhetik"."""
    for techs, steps in (([], 2), (["horseback_riding"], 3)):
        state = open_map()
        state.players[0].techs = techs
        moving_army(state, sq(6, 6))
        for x in range(7, 7 + steps):
            RULESET.apply(state, Step("E", sq(x, 6)))
        army = state.figures[-1]
        assert army.square == sq(6 + steps, 6) and army.moved and not state.moving


def test_6_4_the_stack_limit_is_2_where_a_figure_stops():
    """§6.4 "egy térképmezőn egy civilizációnak legfeljebb annyi bábuja (serege és felderítője)
    lehet, amennyi a civilizáció mennyiségi korlátja ... ez kezdetben 2, azonban ... (mint
    például a kőművességgel) e korlát is megnövelhető": a third figure may not stop beside two
    (it may pass, A11), with Masonry it may."""
    for techs, allowed in (([], False), (["masonry"], True)):
        state = open_map()
        state.players[0].techs = techs
        add_figure(state, 0, "army", sq(7, 6))
        add_figure(state, 0, "scout", sq(7, 6))
        moving_army(state, sq(6, 6))
        RULESET.apply(state, Step("E", sq(7, 6)))
        assert (Stop() in choice(state).actions) is allowed
