"""Issue 25: what the card sheet and SVG exports write, their own importers read back, for any
value within the bounds the fields declare (hypothesis, a few dozen examples each).

Found so: a card named "=1+1" was written to XLSX as a formula and read back empty, and a
space named with U+FFFE (which the converter let through) made an SVG no XML parser reads."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.registry import get_ruleset
from engine.scenario.card_sheet import (
    card_types_of,
    deck_table,
    import_sheet,
    read_sheet,
    write_sheet,
)
from engine.scenario.converter import LARGEST_NUMBER, value_problem
from engine.scenario.io import parse_json, read_text
from engine.scenario.model import BOARD_LIMIT, Board, Region, Space, SpaceKind
from engine.scenario.svg import board_svg, read_svg

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
SMALL = settings(max_examples=30, deadline=None)

# Text a scenario may hold: whatever the converter's own check of text lets through (a line break
# and a tab, no other control character, no lone surrogate, no U+FFFE or U+FFFF).
# (Lists of characters: hypothesis's own text strategy never draws U+FFFE or U+FFFF.)
TEXT = st.lists(st.characters() | st.sampled_from(["\n", "\t", "\ufffe", "\uffff"]), max_size=40).map(
    lambda chars: "".join(char for char in chars if value_problem(char) is None))
# Texts a spreadsheet would take for something else: a formula, a number, a truth value.
SHEET_TEXT = TEXT | st.sampled_from(["=1+1", "=SUM(A1:A3)", "007", "1e5", "TRUE", " padded ", "None"]) \
    | TEXT.map(lambda text: "=" + text)
COUNTS = st.integers(0, LARGEST_NUMBER) | st.sampled_from([0, 1, LARGEST_NUMBER])


@SMALL
@given(name=SHEET_TEXT, text=SHEET_TEXT, amount=COUNTS, armies=COUNTS, later=st.booleans(), suffix=st.sampled_from([".csv", ".xlsx"]))
def test_a_deck_sheet_reads_back_as_the_deck_it_was_written_from(name, text, amount, armies, later, suffix):
    raw = parse_json(read_text(HISTORY))[0]
    deck = next(d for d in raw["decks"] if d["id"] == "events")
    card = next(c for c in deck["cards"] if c["data"].get("kind") == "development")
    card.update(name=name, text=text)
    card["data"].update(amount=amount, armies=armies, playable_later=later)
    types = get_ruleset("history-of-the-world").card_type_map()
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / f"events{suffix}"
        write_sheet(sheet, *deck_table(deck, card_types_of(types, deck)))
        result = import_sheet(copy.deepcopy(raw), "events", *read_sheet(sheet), types, HISTORY.parent, get_ruleset)
    assert result.problems == []
    assert result.changes == []


# Ids as scenarios write them; the importer makes any other id such a slug (Inkscape's ids).
_IDS = st.from_regex(r"[a-z]([a-z0-9_-]{0,10}[a-z0-9_])?", fullmatch=True).filter(
    lambda text: text not in ("names", "connections", "background"))


@st.composite
def boards(draw) -> Board:
    """A board of a few regions and spaces, each space an outline of corners at least a unit
    apart, anywhere within the declared board size."""
    width = draw(st.floats(1, BOARD_LIMIT))
    height = draw(st.floats(1, BOARD_LIMIT))
    ids = draw(st.lists(_IDS, min_size=1, max_size=6, unique=True))
    region_ids = draw(st.lists(_IDS.filter(lambda text: text not in ids), max_size=2, unique=True))
    regions = [Region(region_id, draw(TEXT.filter(str.strip))) for region_id in region_ids]
    spaces = []
    for space_id in ids:
        x, y = draw(st.floats(0, width - 1)), draw(st.floats(0, height - 1))
        size = draw(st.floats(1, max(1.0, min(width - x, height - y))))
        corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)][:draw(st.integers(3, 4))]
        spaces.append(Space(space_id, draw(TEXT.filter(str.strip)), draw(st.sampled_from(list(SpaceKind))),
                            draw(st.sampled_from([None, *region_ids])), polygon=corners))
    return Board(width=width, height=height, regions=regions, spaces=spaces)


@SMALL
@given(board=boards())
def test_an_exported_board_svg_imports_as_the_board(board):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.svg"
        path.write_text(board_svg(board), encoding="utf-8")
        drawn = read_svg(path)
    assert [(s.id, s.name, s.kind, s.region) for s in drawn.spaces] == sorted(
        [(s.id, s.name, s.kind, s.region) for s in board.spaces],
        key=lambda s: [r.id for r in board.regions].index(s[3]) if s[3] is not None else len(board.regions))
    assert [(r.id, r.name) for r in drawn.regions] == [(r.id, r.name) for r in board.regions
                                                       if any(s.region == r.id for s in board.spaces)]
