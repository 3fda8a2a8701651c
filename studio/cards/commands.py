"""`epoch cards pdf` and `epoch cards png`: card faces drawn with Qt, with no display.

The engine's command line knows nothing of Qt; the studio adds these commands to it
through the ``epoch.commands`` entry point, so `epoch` stays headless where the studio is
not installed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from engine.cli.progress import progress_bar, updater
from engine.export.names import FORCE_HELP, refuse_existing
from engine.scenario.atomic import replacing


def _application() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        _application.keep = QGuiApplication(sys.argv[:1])  # type: ignore[attr-defined]


def _deck(args: argparse.Namespace):
    from engine.rulesets.registry import get_ruleset
    from engine.scenario.io import load_scenario
    from studio.cards.output import cards_of

    scenario = load_scenario(args.scenario, get_ruleset)
    if not any(deck.id == args.deck for deck in scenario.decks):
        known = ", ".join(deck.id for deck in scenario.decks) or "none"
        raise ValueError(f"no deck {args.deck!r} in {args.scenario} (decks: {known})")
    ruleset = get_ruleset(scenario.ruleset.id)
    return scenario, cards_of(scenario, args.deck, ruleset.card_type_map())


def _report(problems) -> None:
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)


def _pdf(args: argparse.Namespace) -> int:
    # The command's own: the parser is built without them.
    from engine.core.text import plural
    from studio.cards.output import PrintSheet, write_pdf

    _application()
    scenario, placed = _deck(args)
    sheet = PrintSheet(paper=args.paper, margin=args.margin_mm, gap=args.gap_mm, bleed=args.bleed_mm,
                       crop_length=args.crop_mm, backs=args.backs, duplex_edge=args.duplex_edge)
    out = Path(args.out)
    refuse_existing([out], args.force)
    with replacing(out) as temporary, progress_bar(len(placed), "pdf", "card") as bar:
        pages, problems = write_pdf(scenario, placed, temporary, sheet, Path(args.scenario).parent,
                                    progress=updater(bar))
    _report(problems)
    print(f"wrote {out}: {plural(len(placed), 'card')} on {plural(pages, 'page')} ({args.paper})")
    return 0


def _png(args: argparse.Namespace) -> int:
    from studio.cards.output import write_pngs

    _application()
    scenario, placed = _deck(args)
    with progress_bar(len(placed), "png", "card") as bar:
        written, problems = write_pngs(scenario, placed, Path(args.out), args.dpi, Path(args.scenario).parent,
                                       args.force, updater(bar))
    _report(problems)
    print(f"wrote {len(written)} images into {args.out} at {args.dpi} dpi")
    return 0


def _sheets(args: argparse.Namespace) -> int:
    # The command's own: the parser is built without them.
    from engine.core.text import plural
    from studio.cards.output import write_deck_sheets

    _application()
    scenario, placed = _deck(args)
    if not placed:
        raise ValueError(f"deck {args.deck!r} has no cards")
    with progress_bar(len(placed), "sheets", "card") as bar:
        written, problems = write_deck_sheets(scenario, placed, Path(args.out), args.dpi,
                                              Path(args.scenario).parent, args.force, updater(bar))
    _report(problems)
    sheets = f"{len(written)} deck sheet" + ("s" if len(written) > 1 else "")
    print(f"wrote {sheets} of at most 10 x 7 cards ({plural(len(placed), 'card')}) into {args.out}")
    return 0


def register(groups: dict[str, argparse._SubParsersAction]) -> None:
    """Called by `epoch` with its command groups; adds the Qt-drawn card outputs."""
    cards = groups["cards"]
    pdf = cards.add_parser("pdf", help="a print-and-play PDF of a deck (drawn with Qt, no display needed)")
    pdf.add_argument("scenario", help="the scenario file (.json) whose deck is printed")
    pdf.add_argument("--deck", required=True, help="the deck's id")
    pdf.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    pdf.add_argument("--paper", choices=["a4", "letter"], default="a4", help="the paper size (default: a4)")
    pdf.add_argument("--bleed-mm", type=float, default=0.0,
                     help="background printed beyond each trim line (0: cards butt, for home printing)")
    pdf.add_argument("--margin-mm", type=float, default=6.0, help="blank paper around the cards, for crop marks")
    pdf.add_argument("--gap-mm", type=float, default=0.0, help="space between neighbouring cards")
    pdf.add_argument("--crop-mm", type=float, default=5.0, help="length of each crop mark")
    pdf.add_argument("--backs", action="store_true", help="a back page after each front page, for duplex")
    pdf.add_argument("--duplex-edge", choices=["long", "short"], default="long",
                     help="the edge the printer turns the paper on")
    pdf.add_argument("--force", action="store_true", help=FORCE_HELP)
    pdf.set_defaults(run=_pdf)
    png = cards.add_parser("png", help="a PNG per card of a deck")
    png.add_argument("scenario", help="the scenario file (.json) whose deck is drawn")
    png.add_argument("--deck", required=True, help="the deck's id")
    png.add_argument("--out", required=True, metavar="DIR", help="the folder the images go into")
    png.add_argument("--dpi", type=int, default=300, help="dots per inch of each image (default: 300)")
    png.add_argument("--force", action="store_true", help=FORCE_HELP)
    png.set_defaults(run=_png)
    sheets = cards.add_parser("sheets", help="a deck as sheets of at most 10 x 7 faces, for tabletop simulators")
    sheets.add_argument("scenario", help="the scenario file (.json) whose deck is drawn")
    sheets.add_argument("--deck", required=True, help="the deck's id")
    sheets.add_argument("--out", required=True, metavar="DIR", help="the folder the sheets go into")
    sheets.add_argument("--dpi", type=int, default=100,
                        help="dots per inch of each face (default: 100, a 10 x 7 sheet of poker cards "
                             "2500 x 2450 pixels)")
    sheets.add_argument("--force", action="store_true", help=FORCE_HELP)
    sheets.set_defaults(run=_sheets)
