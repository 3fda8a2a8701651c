"""History of the World: what each seat may see (engine contract, digest §5.3: secret picks)."""

from __future__ import annotations

from near_east import development, empire, found, place, turn_state

from engine.rulesets.history_of_the_world.view import picture


def test_hands_and_drafted_empires_are_secret_until_revealed():
    state = turn_state(empire("persians"), events=[development("weaponry", "attack_bonus")])
    state.hand[1] = ["weaponry"]
    state.drafted_empire[1] = "persians"
    state.queue = ["persians"]  # not yet called
    other, owner, designer = picture(state, 0), picture(state, 1), picture(state, None)
    assert other.panels[1].hand is None and other.panels[1].hand_size == 1
    assert other.panels[1].lines == ("empire: drafted, face down",)
    assert owner.panels[1].hand == ("Weaponry",) and owner.panels[1].lines == ("empire: Persians",)
    assert designer.panels[1].hand == ("Weaponry",)
    state.queue = []  # called and revealed
    assert picture(state, 0).panels[1].lines == ("empire: Persians",)


def test_the_board_shows_armies_buildings_and_discs_by_owner():
    state = turn_state(empire("assyrians", caravans=("empty_quarter",)))
    place(state, "levant", 2)
    state.forts.add("levant")
    found(state)
    pieces = {(p.space, p.kind, p.owner) for p in picture(state, 0).pieces}
    assert {("mesopotamia", "army", 0), ("mesopotamia", "capital", None), ("levant", "inactive army", 2),
            ("levant", "fort", None), ("empty_quarter", "caravan", 0)} <= pieces
    assert picture(state, 0).round == "Epoch I" and picture(state, 0).active_seat == 0
