"""Exports stay inside their folder and keep what is already there (issue 26, items 4 and 8).

Every file an export names after an id (card images, deck sheets, the Tabletop Simulator
save's sheets, the VASSAL module's images) goes through ``engine.export.names``; these tests
drive the commands a designer runs, on scenarios whose ids were written to escape.
"""

from __future__ import annotations

import json
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from PIL import Image

import engine.cli

ROOT = Path(__file__).resolve().parents[2]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
DICE_RACE = ROOT / "tests" / "data" / "dice-race.json"


@pytest.fixture
def cli(qapp, monkeypatch):
    """``epoch`` with the studio's card commands (png, sheets, pdf) registered as installed."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = declared["project"]["entry-points"]["epoch.commands"]["cards"]
    monkeypatch.setattr("importlib.metadata.entry_points",
                        lambda group: [EntryPoint("cards", target, group)] if group == "epoch.commands" else [])
    return engine.cli.main


def _with_deck_id(source: Path, old: str, new: str, folder: Path) -> Path:
    raw = json.loads(source.read_text(encoding="utf-8"))
    for deck in raw["decks"]:
        if deck["id"] == old:
            deck["id"] = new
    path = folder / "scenario.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _command(kind: str, scenario: Path, deck: str, out: Path) -> list[str]:
    return {
        "png": ["cards", "png", str(scenario), "--deck", deck, "--out", str(out), "--dpi", "20"],
        "sheets": ["cards", "sheets", str(scenario), "--deck", deck, "--out", str(out), "--dpi", "20"],
        "tts": ["export", "tts", str(scenario), str(out)],
    }[kind]


@pytest.mark.parametrize("kind", ["png", "sheets", "tts"])
def test_an_id_that_climbs_out_of_the_folder_is_refused_and_nothing_is_written(cli, tmp_path, capsys, kind):
    deck = "../../../x"
    scenario = _with_deck_id(HISTORY, "events", deck, tmp_path)
    out = tmp_path / "a" / "b" / "out"
    (out / "deck-..").mkdir(parents=True)  # Tabletop Simulator's name starts "deck-": give it a way up
    assert cli(_command(kind, scenario, deck, out)) == 1
    assert f"decks[{deck}]" in capsys.readouterr().err
    assert list(tmp_path.rglob("*.png")) == []


@pytest.mark.parametrize("kind", ["png", "tts"])
def test_an_id_with_a_slash_is_a_located_refusal_not_a_missing_folder(cli, tmp_path, capsys, kind):
    scenario = _with_deck_id(HISTORY, "events", "a/b", tmp_path)
    assert cli(_command(kind, scenario, "a/b", tmp_path / "out")) == 1
    error = capsys.readouterr().err
    assert "decks[a/b]" in error and "Errno" not in error


def _outputs(tmp_path: Path) -> dict[str, tuple[list[str], Path]]:
    """Each command that writes a file, and the file a second run would overwrite."""
    playtest = ROOT / "tests" / "data" / "playtests" / "dice-race.playtest.json"
    folder = tmp_path / "out"
    source = str(DICE_RACE)
    return {
        "tts": (["export", "tts", source, str(folder)], folder / "save.json"),
        "vassal": (["export", "vassal", source, str(tmp_path / "game.vmod")], tmp_path / "game.vmod"),
        "png": (["cards", "png", source, "--deck", "bonus", "--out", str(folder), "--dpi", "20"],
                folder / "bonus-b1.png"),
        "sheets": (["cards", "sheets", source, "--deck", "bonus", "--out", str(folder), "--dpi", "20"],
                   folder / "bonus-sheet-1.png"),
        "pdf": (["cards", "pdf", source, "--deck", "bonus", "--out", str(tmp_path / "bonus.pdf")],
                tmp_path / "bonus.pdf"),
        "spreadsheet": (["cards", "export", source, "--deck", "bonus", "--out", str(tmp_path / "bonus.csv")],
                        tmp_path / "bonus.csv"),
        "record": (["replay", str(playtest), "--jsonl", str(tmp_path / "game.jsonl")], tmp_path / "game.jsonl"),
    }


@pytest.mark.parametrize("kind", ["tts", "vassal", "png", "sheets", "pdf", "spreadsheet", "record"])
def test_an_existing_output_is_kept_unless_forced(cli, tmp_path, capsys, kind):
    command, output = _outputs(tmp_path)[kind]
    assert cli(command) == 0
    capsys.readouterr()
    output.write_bytes(b"the designer's own file")
    assert cli(command) == 1
    assert "--force" in capsys.readouterr().err
    assert output.read_bytes() == b"the designer's own file"
    assert cli([*command, "--force"]) == 0
    assert output.read_bytes() != b"the designer's own file"


@pytest.mark.parametrize("kind", ["tts", "vassal"])
def test_a_one_by_a_million_board_exports_a_bounded_image(tmp_path, kind):
    from engine.export.images import MAX_BOARD_PIXELS

    raw = json.loads(DICE_RACE.read_text(encoding="utf-8"))
    raw["board"]["width"], raw["board"]["height"] = 1, 1_000_000
    for space in raw["board"]["spaces"]:  # the track squeezed into the strip
        space["polygon"] = [[x / 1000, y] for x, y in space["polygon"]]
        space["label"] = [space["label"][0] / 1000, space["label"][1]]
    scenario = tmp_path / "strip.json"
    scenario.write_text(json.dumps(raw), encoding="utf-8")
    out = tmp_path / ("out" if kind == "tts" else "strip.vmod")
    assert engine.cli.main(["export", kind, str(scenario), str(out)]) == 0
    if kind == "tts":
        size = Image.open(out / "board.png").size
    else:
        import io
        import zipfile

        with zipfile.ZipFile(out) as archive:
            size = Image.open(io.BytesIO(archive.read("images/board.png"))).size
    assert max(size) <= MAX_BOARD_PIXELS


@pytest.mark.parametrize("kind", ["png", "vassal"])
def test_two_ids_that_make_one_file_name_are_refused(cli, tmp_path, capsys, kind):
    raw = json.loads(HISTORY.read_text(encoding="utf-8"))
    events = next(deck for deck in raw["decks"] if deck["id"] == "events")
    events["cards"][0]["id"], events["cards"][1]["id"] = "ev:1", "EV?1"  # one name, ev_1, on Windows or macOS
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(raw), encoding="utf-8")
    out = tmp_path / "out"
    command = (["cards", "png", str(scenario), "--deck", "events", "--out", str(out), "--dpi", "20"]
               if kind == "png" else ["export", "vassal", str(scenario), str(out)])
    assert cli(command) == 1
    assert "decks[events].cards[EV?1]: makes the file name" in capsys.readouterr().err
    assert not out.exists()
