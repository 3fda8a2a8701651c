"""The scenario's setup as the game itself starts it: the pieces an export puts on the board.

Both exports read the pieces from the ruleset's own Picture of the starting state (as the
studio draws it), so what a Tabletop Simulator table or a VASSAL module shows at start is
what the engine plays from, with each piece in its owner's colour.
"""

from __future__ import annotations

from attrs import frozen

from engine.core.picture import Piece
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario

NEUTRAL = "#9a9a9a"  # a piece of no seat
# Kinds drawn as a pawn (a figure that moves); every other kind is a block (a city, a marker).
PAWNS = ("army", "legion", "fleet", "ship", "galley", "unit", "worker", "soldier", "navigator", "leader")


@frozen
class Placed:
    """One piece of the setup: where it stands, what it is, whose, and its owner's colour."""

    piece: Piece
    owner: str  # the owning seat's name, or "" for a neutral piece
    colour: str  # #rrggbb
    pawn: bool


def setup_pieces(scenario: Scenario) -> list[Placed]:
    """The pieces of the starting state with as many seats as the scenario has (within the
    ruleset's range), on spaces of the board."""
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:max(ruleset.min_players, min(ruleset.max_players, len(scenario.seats)))]
    picture = ruleset.view(ruleset.start(scenario, seats, scenario.ruleset.options), None)
    spaces = {space.id for space in scenario.board.spaces}
    return [
        Placed(piece, "" if piece.owner is None else seats[piece.owner].name,
               NEUTRAL if piece.owner is None else seats[piece.owner].colour,
               any(word in piece.kind.lower() for word in PAWNS))
        for piece in picture.pieces if piece.space in spaces
    ]
