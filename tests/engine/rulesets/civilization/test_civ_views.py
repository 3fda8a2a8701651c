"""What each seat sees (digest §12.4), and the golden views of the seeded 3-player game whose
first 300 steps are ``tests/golden/civilization.txt``: every 25 steps, the designer's and each
seat's picture, so a change to what is shown or hidden is a readable diff.
Rewrite with ``EPOCH_UPDATE_GOLDEN=1`` and read the diff before committing."""

from __future__ import annotations

import os
import random

from civ import ROOT, RULESET, SCENARIO, past_setup

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.picture import Picture
from engine.core.randomness import sample

GOLDEN = ROOT / "tests" / "golden" / "civilization-views.txt"


def describe(picture: Picture) -> list[str]:
    hidden = sum(m.hidden for m in picture.marks)
    lines = [f"  status: {picture.status} | hidden squares: {hidden} | pieces: {len(picture.pieces)}"]
    for panel in picture.panels:
        hand = "hidden" if panel.hand is None else ", ".join(panel.hand) or "-"
        lines.append(f"  {panel.name}: {panel.resources} hand({panel.hand_size}): {hand}")
        lines += [f"    {line}" for line in panel.lines]
    lines += [f"  {area.name}: {', '.join(area.cards)} (+{area.hidden} hidden)" for area in picture.areas]
    return lines


def views_text(players: int = 3, seed: int = 1, steps: int = 300) -> str:
    state = RULESET.start(SCENARIO, SCENARIO.seats[:players], SCENARIO.ruleset.options)
    rng = random.Random(f"{seed}:playthrough")  # the golden playthrough's generator
    lines = [f"# Civilization views: {players} players, seed {seed}, every 25 of the first {steps} steps"]
    for number in range(1, steps + 1):
        decision = RULESET.decision(state)
        if isinstance(decision, End):
            break
        move = BOTS["random"].choose(decision, rng) if not isinstance(decision, Chance) else sample(decision, rng)
        RULESET.apply(state, move)
        if number % 25 == 0:
            for seat in (None, *range(players)):
                lines.append(f"step {number}, seen by {'the designer' if seat is None else SCENARIO.seats[seat].name}")
                lines += describe(RULESET.view(state, seat))
    return "\n".join(lines) + "\n"


def test_the_seeded_game_shows_each_seat_what_it_showed_when_recorded():
    text = views_text()
    if os.environ.get("EPOCH_UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text(), f"the views differ from {GOLDEN}"


def test_face_down_tiles_are_hidden_until_explored():
    state = past_setup(4)
    marks = {m.space: m for m in RULESET.view(state, 0).marks}
    for slot, tile in state.slots.items():
        for square in state.tables.slot_squares[slot]:
            assert marks[square].hidden == (tile is None)


def test_hands_forces_and_markers_are_counts_for_the_other_seats():
    state = past_setup(3)
    state.players[0].events = ["ancient-01"]
    state.players[0].minors = ["hut-iron-1"]
    own, other = RULESET.view(state, 0).panels[0], RULESET.view(state, 1).panels[0]
    assert own.hand == ("Caravan",) and other.hand is None and other.hand_size == 1
    assert "(iron)" in " ".join(own.lines) and "iron" not in " ".join(other.lines)
    assert "infantry" in next(line for line in own.lines if line.startswith("standing"))
    count = f"standing forces: {len(state.players[0].forces)}"
    assert [line for line in other.lines if line.startswith("standing")] == [count]


def test_huts_and_villages_on_the_map_show_only_their_kind():
    state = past_setup(4)
    state.minors["sq-5-5"] = "village"
    pieces = [p for p in RULESET.view(state, 0).pieces if p.space == "sq-5-5"]
    assert [(p.kind, p.label) for p in pieces] == [("village", "")]
