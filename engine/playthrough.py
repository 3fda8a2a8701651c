"""Golden playthroughs: a seeded game written as text, step by step, so that any change to
a ruleset shows up as a readable diff of a checked-in file (after OpenSpiel's playthroughs).

After each step, one line per seat says what that seat sees, so that a card shown to the
wrong seat shows up in the diff too."""

from __future__ import annotations

import random
from itertools import islice

from engine.bots import BOTS
from engine.core.decision import Choice, End
from engine.core.picture import Picture, Piece
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario


def playthrough(scenario: Scenario, players: int, seed: int, steps: int) -> str:
    """Each decision with every legal move, the move taken by the random bot or chance, the
    log (the designer's, so hidden cards are written too), and then each seat's view."""
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    state = ruleset.start(scenario, seats, scenario.ruleset.options)
    bots = [BOTS["random"]] * players
    lines = [f"# {scenario.meta.title}: {players} players, seed {seed}, first {steps} steps", ""]
    taken = 0
    for number, step in enumerate(islice(drive(ruleset, state, bots, random.Random(f"{seed}:playthrough")), steps), 1):
        decision = step.decision
        if isinstance(decision, Choice):
            lines.append(f"{number}. {seats[decision.seat].name}: {decision.prompt}")
            lines += [f"   - {action.id}  {action.label}" for action in decision.actions]
        else:
            outcomes = " ".join(str(outcome.value) for outcome in decision.outcomes)
            lines.append(f"{number}. chance: {decision.prompt} [{outcomes}]")
        lines.append(f"   > {step.move.id}")
        lines += [f"   | {event.text}" for event in step.log]
        designer = ruleset.view(state, None)
        lines += [f"   @{seats[seat].name}: {seen_by(ruleset.view(state, seat), designer)}" for seat in range(players)]
        taken = number
    end = ruleset.decision(state)
    if taken < steps and isinstance(end, End):
        names = [seat.name for seat in seats]
        lines.append("end: " + ", ".join(f"{names[s]} {end.scores[s]:g}" for s in end.ranking)
                     + f"; {end.verdict(names)}")
    return "\n".join(lines) + "\n"


def seen_by(picture: Picture, designer: Picture) -> str:
    """A seat's view in one line: every seat's score and hand (or how many cards it holds
    unseen), the card areas, the spaces hidden from it and the pieces it sees otherwise than
    the designer does. The rest of the board is the designer's and is told by the log."""
    parts = []
    for panel in picture.panels:
        if panel.hand is not None:
            held = f" [{', '.join(panel.hand)}]"
        else:  # a game without hands shows none
            held = "" if panel.hand_size is None else f" ({panel.hand_size} unseen)"
        parts.append(f"{panel.name} {panel.score:g}{held}")
    for area in picture.areas:
        parts.append(f"{area.name}: [{', '.join(area.cards)}]" + (f" +{area.hidden} face down" if area.hidden else ""))
    hidden = [mark.space for mark in picture.marks if mark.hidden]
    if hidden:
        parts.append(f"hidden: {', '.join(hidden)}")
    if picture.pieces != designer.pieces:
        own, all_seeing = set(picture.pieces), set(designer.pieces)
        parts += [f"sees {_piece(p)}" for p in picture.pieces if p not in all_seeing]
        parts += [f"misses {_piece(p)}" for p in designer.pieces if p not in own]
    return "; ".join(parts)


def _piece(piece: Piece) -> str:
    owner = "" if piece.owner is None else f" of seat {piece.owner + 1}"
    return f"{piece.count} {piece.kind}{owner} on {piece.space}"
