"""What a seat may see (§10.6, §12.5): the map, the gold track and the Resolution board are
public; held empire cards, event hands and bonus tokens only to their person (in the
2-player variant a person sees both their colours), and the epoch board as counts."""

from __future__ import annotations

from engine.core.picture import CardArea, Picture, Piece, SeatPanel
from engine.rulesets.brief_history_of_the_world.gold import TRACK
from engine.rulesets.brief_history_of_the_world.state import BriefState

PHASES = {"order": "setup", "epoch": "arrangement", "empire_pile": "arrangement", "event_pile": "arrangement",
          "draft": "distribution", "call": "empire turns", "turn": "empire turns", "aftermath": "aftermath",
          "bonus_draw": "aftermath", "bonus_pick": "aftermath", "over": "game over"}


def picture(state: BriefState, seat: int | None) -> Picture:
    names = state.tables.name
    variant = len(set(state.person)) != len(state.person)

    def owner(colour: int) -> tuple[int, str]:
        return state.person[colour], state.colours[colour] if variant else ""

    active = state.force.active if state.force else set()
    pieces: list[Piece] = []
    for territory, colour in sorted(state.armies.items()):
        who, label = owner(colour)
        pieces.append(Piece(territory, "army" if territory in active else "disbanded army", who, label=label))
    for kind, spaces in (("capital", state.capitals), ("city", state.cities), ("monument", state.monuments),
                         ("fort", state.forts), ("fleet", state.fleets)):
        pieces += [Piece(space, kind) for space in sorted(spaces)]
    for colour in range(len(state.colours)):
        if state.gold[colour] > 0:
            space = (state.gold[colour] - 1) % TRACK + 1
            who, _ = owner(colour)
            pieces.append(Piece(f"gold-{space}", "gold marker", who, label=f"{state.colours[colour]} {state.gold[colour]}"))
    for region, value in state.values.items():
        pieces.append(Piece(f"circle-{region}", "region value", count=value, label=str(value)))
    if state.force is not None:
        force = state.force
        who, _ = owner(force.colour)
        pieces.append(Piece("resolution-board", "army", who, count=force.board, label=names(force.card)))
        pieces.append(Piece(f"dial-{force.dial}", "dial"))
    panels = []
    for person in sorted(set(state.person)):
        mine = [c for c in range(len(state.colours)) if state.person[c] == person]
        sees = seat is None or seat == person
        hand = tuple(names(card) for c in mine for card in state.hands[c]) if sees else None
        lines = []
        for c in mine:
            held = [card for card, colour in state.held.items() if colour == c]
            shown = [names(card) for card in held if card in state.announced or sees]
            tokens = [str(state.tables.bonus[t]) for t in state.bonus[c]] if sees or state.phase == "over" else []
            lines.append(f"{state.colours[c]}: gold {state.gold[c]}, stock {state.stock[c]}"
                         + (f", empire {', '.join(shown)}" if shown else ", an empire card" if held else "")
                         + f", bonus tokens {len(state.bonus[c])}" + (f" ({', '.join(tokens)})" if tokens else ""))
        resources = {"stock": sum(state.stock[c] for c in mine), "bonus tokens": sum(len(state.bonus[c]) for c in mine)}
        panels.append(SeatPanel(seat=person, name=" and ".join(state.colours[c] for c in mine),
                                score=sum(state.gold[c] for c in mine), resources=resources, hand=hand,
                                hand_size=sum(len(state.hands[c]) for c in mine), lines=tuple(lines)))
    areas = [CardArea("Empires revealed this epoch", tuple(names(c) for c in state.announced))]
    if state.event_in_play is not None:
        areas.append(CardArea("Event in play", (names(state.event_in_play),)))
    if state.phase == "draft":
        areas.append(CardArea("Draft packets", hidden=len(state.empire_packet) + len(state.event_packet)))
    areas.append(CardArea("Discarded events", tuple(names(c) for c in state.discards)))
    epoch = f"Epoch {state.epoch}" if state.epoch else "Setup"
    acting = state.person[state.current] if state.phase == "turn" and state.current >= 0 else None
    status = f"{epoch}: {PHASES.get(state.phase, state.phase)}"
    if state.phase == "turn" and state.force is not None:
        status += f"; {state.colours[state.force.colour]} plays {names(state.force.card)}"
    return Picture(pieces=tuple(pieces), panels=tuple(panels), areas=tuple(areas), active_seat=acting,
                   round=epoch, status=status)
