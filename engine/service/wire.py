"""What the service sends: decisions, pictures, events and the history tree as plain JSON,
filtered for the seat that asks, so a seat never receives another seat's hidden cards."""

from __future__ import annotations

from typing import Any

import cattrs

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.picture import Picture

_converter = cattrs.Converter()


def decision_json(decision: Decision, seat: int | None, names: list[str]) -> dict[str, Any]:
    """``seat`` None is the designer, who sees everything. A seat sees the actions of its own
    choice only (another seat's labels may name that seat's hand) and a chance step's
    outcomes only when it learns the result."""
    if isinstance(decision, Choice):
        own = seat is None or seat == decision.seat
        return {
            "kind": "choice",
            "seat": decision.seat,
            "prompt": decision.prompt if own else f"waiting for {names[decision.seat]}",
            "actions": [
                {"id": action.id, "label": str(action), "spaces": list(action.spaces)}
                for action in decision.actions
            ] if own else None,
        }
    if isinstance(decision, Chance):
        seen = decision.visible_to(seat)
        return {
            "kind": "chance",
            "prompt": decision.prompt,
            "outcomes": [
                {"id": outcome.id, "value": outcome.value, "label": str(outcome)}
                for outcome in decision.outcomes
            ] if seat is None else None,
            "count": len(decision.outcomes),
            "weights": list(decision.weights) if decision.weights is not None and seat is None else None,
            "seen_by": None if decision.seen_by is None else list(decision.seen_by),
            "visible": seen,
        }
    return {
        "kind": "end",
        "scores": list(decision.scores),
        "ranking": list(decision.ranking),
        "winners": list(decision.winners),
    }


def events_json(events: tuple[Event, ...] | list[Event], seat: int | None) -> list[dict[str, Any]]:
    return [
        {"text": event.text, "public": event.seats is None}
        for event in events
        if event.visible_to(seat)
    ]


def picture_json(picture: Picture) -> dict[str, Any]:
    return _converter.unstructure(picture)
