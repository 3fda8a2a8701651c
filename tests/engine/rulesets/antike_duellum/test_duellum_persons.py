"""Antike Duellum: person cards, compensation and the end of the game (digest §5.1, §5.3, §8).

Each test names the digest section or worked example it checks."""

from __future__ import annotations

from duellum import (
    BEIGE,
    BROWN,
    RULES,
    at,
    blank,
    city,
    conquer,
    decision,
    end_movement,
    new_game,
    play,
    put,
)

from engine.core.decision import Choice, End
from engine.rulesets.antike_duellum.persons import award, can_still_win


def cities(state, seat, n):
    """``n`` cities of the seat on the first free sites."""
    free = [site for site in state.tables.sites if site not in state.owner]
    for site in free[:n]:
        city(state, site, "marble", seat)


def end_turn(state) -> list[str]:
    """Phase 3 and the end of the turn, straight from the rondel step (a test shortcut)."""
    log = []
    state.turn.step = "end"
    RULES.advance(state, log)
    state.decision = None
    return [event.text for event in log]


def test_a_king_for_five_cities():
    """§8.1: 1 king for every 5 cities owned, awarded in phase 3."""
    state = new_game()
    cities(state, BROWN, 2)
    log = end_turn(state)
    assert "Rome gains King (king, 1 person)" in log
    assert "Carthage is owed 1 event card" in log


def test_kings_high_water_example():
    """§8.2 example: 10 cities give the 2nd king; dropping to 9 and returning to 10 gives none;
    only 15 cities give the 3rd."""
    state = new_game()
    blank(state)
    cities(state, BROWN, 10)
    assert award(state, BROWN, []) == 2
    lost = next(site for site, owner in state.owner.items() if owner == BROWN)
    state.owner[lost] = BEIGE
    assert award(state, BROWN, []) == 0
    state.owner[lost] = BROWN
    assert award(state, BROWN, []) == 0
    cities(state, BROWN, 5)
    assert award(state, BROWN, []) == 1


def test_persons_are_never_lost():
    """§8.2: cards once gained stay, even when the cities that earned them are conquered."""
    state = new_game()
    cities(state, BROWN, 2)
    end_turn(state)
    for site in [s for s, o in state.owner.items() if o == BROWN][:3]:
        state.owner[site] = BEIGE
    assert [state.tables.person_kind[c] for c in state.persons[BROWN]] == ["king"]


def test_a_citizen_for_three_temples():
    """§8.1, A6: 1 citizen for every 3 temples standing in your cities."""
    state = new_game()
    state.temples |= {"roma", "pisae"}
    assert award(state, BROWN, []) == 0
    state.temples.add("neapolis")
    assert award(state, BROWN, []) == 1


def test_a_scholar_for_each_technology_developed_first():
    """§8.1 and §6.4: the first developer earns a scholar at the end of the turn; the second none."""
    state = new_game()
    state.turn.scholars = 2
    assert award(state, BROWN, []) == 2


def test_navigator_example_four_galleys():
    """§8.1 and the rulebook's remark: 3 galleys in cityless seas (2 each) + 1 in a coastal
    region = 7 sea areas, a navigator. Only 1 per player (A4)."""
    state = new_game()
    for sea in ("mare-tyrrhenum", "mare-ligusticum", "mare-adriaticum"):
        put(state, BROWN, "galley", sea)
    assert award(state, BROWN, []) == 0
    put(state, BROWN, "galley", "roma")
    log = []
    assert award(state, BROWN, log) == 1 and "(navigator" in log[0].text
    for sea in ("mare-ionium", "mare-africum", "syrtis-minor", "oceanus"):
        put(state, BROWN, "galley", sea)
    assert award(state, BROWN, []) == 0


def test_the_navigator_is_counted_at_the_end_of_the_turn_after_every_battle():
    """§8.1, the original: 'Minden kör végén, az összes harc lejátszása után, meg kell számolni a
    birtokolt tengeri mezőket a navigátor kártya megszerzéséhez.' Brown holds 7 sea areas when
    DUELLUM begins (3 cityless seas at 2, Roma at 1), but its Roma galley sails into a Carthaginian
    galley and both sink: 6 at the end of the turn, no navigator."""
    state = new_game()
    for sea in ("mare-ligusticum", "mare-adriaticum", "mare-ionium"):
        put(state, BROWN, "galley", sea)
    put(state, BROWN, "galley", "roma")
    put(state, BEIGE, "galley", "mare-tyrrhenum")
    at(state, "DUELLUM")
    log = play(state, "Step(unit=galley,origin=roma,to=mare-tyrrhenum)")
    assert "battle in Mare Tyrrhenum: 1 galley of each side destroyed" in log
    log = end_movement(state)  # nothing to conquer or found: the turn ends by itself
    assert state.turn.seat == BEIGE  # Carthage's turn has begun
    assert not [line for line in log if "navigator" in line] and state.persons[BROWN] == []


def test_an_empty_stack_gives_nothing():
    """§8.1: persons are awarded only while cards of that type remain."""
    state = new_game()
    state.stacks["king"] = []
    cities(state, BROWN, 2)
    log = end_turn(state)
    assert not [line for line in log if "gains" in line or "owed" in line]


def test_compensation_one_card_per_person_gained():
    """§5.1 and §8.3: the opponent picks 1 event card from the display per person gained,
    the display refilled after each pick."""
    state = new_game()
    cities(state, BROWN, 2)
    state.turn.scholars = 1
    log = end_turn(state)
    assert "Carthage is owed 2 event cards" in log
    play(state, "PickEvent(card=ev-charity)")
    assert len(state.display) == 2 and len(decision(state).outcomes) == 22  # a refill first
    RULES.apply(state, decision(state).outcomes[0])
    choice = decision(state)
    assert isinstance(choice, Choice) and choice.seat == BEIGE and len(choice.actions) == 3


def test_nine_persons_win_at_once():
    """§5.3 and §8.3: the first to hold 9 person cards wins at once; no compensation follows."""
    state = new_game()
    state.persons[BROWN] = [state.stacks["scholar"].pop() for _ in range(5)] + \
        [state.stacks["general"].pop() for _ in range(3)]
    cities(state, BROWN, 2)
    log = end_turn(state)
    assert "Rome holds 9 persons and wins" in log
    end = decision(state)
    assert isinstance(end, End) and end.winners == (BROWN,) and end.scores == (9.0, 0.0)


def test_the_game_ends_when_nobody_can_reach_nine():
    """§5.3 has no other end; when no player can reach 9 persons any more (the stacks left cannot
    carry either), the game stops with the persons held as the result."""
    state = new_game()
    for kind in ("king", "citizen", "scholar", "general"):
        state.stacks[kind] = []
    state.persons[BROWN] = ["navigator-1"]
    state.stacks["navigator"] = ["navigator-2"]
    assert not can_still_win(state, BROWN) and not can_still_win(state, BEIGE)
    log = end_turn(state)
    assert "neither player can reach 9 persons any more: the game ends" in log
    end = decision(state)
    assert isinstance(end, End) and end.ranking == (BROWN, BEIGE)


def full_board(state) -> str:
    """Every site a city (Rome 20, Carthage 11) and all 12 temples standing, 10 of them
    Carthage's; 8 persons each, only a citizen and the 4 generals left in the stacks. Where
    random seats' longest games stand (every capped game of 200 seeds per board, issue 8).
    Returns a Carthaginian temple city Roman legions can enter."""
    blank(state)
    for number, site in enumerate(state.tables.sites):  # markers within their limits (§2)
        seat = BROWN if number < 20 else BEIGE
        city(state, site, ("marble", "iron", "gold")[number % 3], seat, temple=number in (0, 1) or number >= 21)
    take = {BROWN: {"king": 4, "scholar": 3, "navigator": 1}, BEIGE: {"king": 2, "scholar": 2, "citizen": 3, "navigator": 1}}
    for seat, kinds in take.items():
        state.persons[seat] = [state.stacks[kind].pop(0) for kind, n in kinds.items() for _ in range(n)]
    return next(site for site in state.tables.sites[21:] if state.tables.holds("legion", site))


def test_a_full_board_goes_on_until_a_temple_city_falls():
    """§5.3: 9 persons is the only end. With every site taken and every temple standing, no
    king or citizen can be earned by building, but the generals can still be won (§7.3), so
    the game goes on turn after turn; the conquest of a temple city wins it."""
    state = new_game()
    target = full_board(state)
    assert len(state.temples) == 12 and {k: len(v) for k, v in state.stacks.items() if v} == {"citizen": 1, "general": 4}
    assert can_still_win(state, BROWN) and can_still_win(state, BEIGE)
    log = end_turn(state)
    assert not [line for line in log if "gains" in line or "wins" in line]
    assert state.phase == "turn" and state.turn.seat == BEIGE and state.winner is None
    end_turn(state)  # Carthage's turn passes too
    put(state, BROWN, "legion", target, 3)  # a temple city with no defenders and no wall: defence 3
    at(state, "DUELLUM")
    end_movement(state)
    log = conquer(state, target)
    assert any(line.startswith("Rome gains") and line.endswith("(general, 9 persons)") for line in log)
    assert "Rome holds 9 persons and wins" in log
    assert isinstance(decision(state), End) and state.winner == BROWN
