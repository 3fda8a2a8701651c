"""A deck as a spreadsheet: out and back in unchanged, every bad cell located, a per-card diff."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from engine.cli import main
from engine.rulesets.registry import get_ruleset
from engine.scenario.card_sheet import (
    card_types_of,
    deck_table,
    import_sheet,
    read_sheet,
    write_sheet,
)
from engine.scenario.io import load_scenario, parse_json, read_text, scenario_text

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"


def _raw():
    return parse_json(read_text(HISTORY))[0]


def _types():
    return get_ruleset("history-of-the-world").card_type_map()


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
@pytest.mark.parametrize("deck", ["empires", "events", "region-tiles"])
def test_export_then_import_leaves_the_scenario_byte_identical(tmp_path, suffix, deck):
    raw = _raw()
    chosen = next(d for d in raw["decks"] if d["id"] == deck)
    header, rows = deck_table(chosen, card_types_of(_types(), chosen))
    sheet = tmp_path / f"deck{suffix}"
    write_sheet(sheet, header, rows)
    result = import_sheet(raw, deck, *read_sheet(sheet), _types(), HISTORY.parent, get_ruleset)
    assert result.problems == []
    assert result.changes == []
    assert scenario_text(result.scenario, get_ruleset) == HISTORY.read_text(encoding="utf-8")


def _edited_csv(tmp_path: Path, edit) -> Path:
    raw = _raw()
    chosen = next(d for d in raw["decks"] if d["id"] == "empires")
    header, rows = deck_table(chosen, card_types_of(_types(), chosen))
    edit(header, rows)
    sheet = tmp_path / "empires.csv"
    with sheet.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows([header, *rows])
    return sheet


def test_a_bad_cell_is_located_in_the_scenario_and_the_sheet(tmp_path):
    def edit(header, rows):
        rows[1][header.index("armies")] = "ten"
        rows[2][header.index("start_provinces")] = "crete, atlantis"

    result = import_sheet(_raw(), "empires", *read_sheet(_edited_csv(tmp_path, edit)), _types(), HISTORY.parent, get_ruleset)
    assert result.scenario is None
    messages = sorted(str(p) for p in result.problems)
    assert messages == [
        "decks[empires].cards[e1-egyptians].data.armies: expected a whole number, found text 'ten' (row 3, column I)",
        "decks[empires].cards[e1-minoans].data.start_provinces[1]: unknown space 'atlantis' (row 4, column J)",
    ]


def test_changes_are_listed_per_card_before_they_are_applied(tmp_path):
    def edit(header, rows):
        rows[0][header.index("name")] = "Sumer"
        rows[0][header.index("armies")] = "4"
        rows.append(list(rows[3]))
        rows[-1][0] = "e1-new"
        del rows[5]

    result = import_sheet(_raw(), "empires", *read_sheet(_edited_csv(tmp_path, edit)), _types(), HISTORY.parent, get_ruleset)
    assert result.problems == []
    assert [(c.card, c.kind, c.fields) for c in result.changes] == [
        ("e1-sumerians", "changed", ("data.armies", "name")),
        ("e1-new", "added", ()),
        ("e1-zhou-dynasty", "removed", ()),
    ]


def test_a_sheet_without_the_reserved_columns_or_with_unknown_ones_is_refused(tmp_path):
    sheet = tmp_path / "bad.csv"
    sheet.write_text("name,armies\nX,3\n", encoding="utf-8")
    result = import_sheet(_raw(), "empires", *read_sheet(sheet), _types(), HISTORY.parent, get_ruleset)
    assert [str(p) for p in result.problems] == ["the sheet needs the columns id, type in its first row"]
    sheet.write_text("id,name,type,colour\ne1-sumerians,Sumerians,empire,red\n", encoding="utf-8")
    result = import_sheet(_raw(), "empires", *read_sheet(sheet), _types(), HISTORY.parent, get_ruleset)
    assert [str(p) for p in result.problems] == ["column D (colour): not a field of this deck's cards"]


def test_the_cli_previews_then_applies(tmp_path, capsys):
    scenario = tmp_path / "world.json"
    shutil.copy(HISTORY, scenario)
    sheet = tmp_path / "empires.xlsx"
    assert main(["cards", "export", str(scenario), "--deck", "empires", "--out", str(sheet)]) == 0
    from openpyxl import load_workbook

    book = load_workbook(sheet)
    book.active["B2"] = "Sumer"
    book.save(sheet)
    capsys.readouterr()
    assert main(["cards", "import", str(scenario), str(sheet), "--deck", "empires"]) == 0
    assert "changed e1-sumerians: name" in capsys.readouterr().out
    assert scenario.read_bytes() == HISTORY.read_bytes()
    assert main(["cards", "import", str(scenario), str(sheet), "--deck", "empires", "--apply"]) == 0
    assert load_scenario(scenario, get_ruleset).deck("empires").cards[0].name == "Sumer"
    assert main(["cards", "export", str(scenario), "--deck", "dragons", "--out", str(sheet)]) == 1
    assert "no deck 'dragons'" in capsys.readouterr().err
