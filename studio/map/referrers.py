"""What a designer is told about the cards and placements naming a space about to be deleted."""

from __future__ import annotations

from engine.scenario.paths import PathError, parse
from engine.scenario.references import Referrer
from studio.document import ScenarioDocument


def who_refers(document: ScenarioDocument, referrer: Referrer) -> str:
    """The card or placement holding the reference, and the field, in the designer's words."""
    steps = [name for _, name in parse(referrer.path)]
    try:
        if steps[:1] == ["decks"] and len(steps) >= 4 and steps[2] == "cards":
            card = document.value(f"decks[{steps[1]}].cards[{steps[3]}]")
            return f"Card {card.name or card.id} ({steps[1]}), {referrer.label.lower()}"
        if steps[:1] == ["setup"] and len(steps) >= 2:
            placement = document.value(f"setup[{steps[1]}]")
            owner = f" of {placement.owner}" if placement.owner else ""
            return f"Setup, {placement.piece}{owner} on {placement.space}"
    except PathError:
        pass
    return f"{referrer.path} ({referrer.label.lower()})"


def fate(referrer: Referrer) -> str:
    """What deleting the space does to this reference."""
    if referrer.path.startswith("setup["):
        return "the placement is removed"
    if isinstance(referrer.value, list):
        return f"{', '.join(referrer.names)} taken off the list"
    if referrer.optional:
        return "left empty"
    return "required: stays, to be pointed at another space"
