"""The background image in the editor: copied beside the scenario, locked, traced."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from studio.map import trace_dialog
from studio.map.trace_dialog import TraceDialog


def scan(path: Path) -> Path:
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle([10, 10, 150, 190], fill=(200, 150, 100))
    draw.rectangle([150, 10, 290, 190], fill=(120, 180, 90))
    draw.line([(150, 10), (150, 190)], fill=(0, 0, 0), width=3)
    draw.rectangle([10, 10, 290, 190], outline=(0, 0, 0), width=3)
    image.save(path)
    return path


def test_a_chosen_image_is_copied_beside_the_scenario_and_shown_at_an_opacity(blank_saved, tmp_path):
    document = blank_saved.documents.document
    panel = blank_saved.map_mode.panels.background
    before = document.text()
    assert panel.choose(scan(tmp_path / "scan.png"))
    board = document.scenario.board
    assert board.background == "assets/scan.png" and document.undo_stack.count() == 1
    assert (document.base_dir / "assets" / "scan.png").read_bytes() == (tmp_path / "scan.png").read_bytes()
    assert blank_saved.map_mode.board.background_item is not None  # shown at once
    panel.opacity.setValue(40)
    assert blank_saved.map_mode.board.background_item.opacity() == pytest.approx(0.4)
    assert not [p for p in document.problems() if p.path.startswith("board.background")]  # the asset is there
    document.undo_stack.undo()
    assert document.text() == before


def test_a_locked_background_stays_and_an_unreadable_image_changes_nothing(blank_saved, tmp_path):
    document = blank_saved.documents.document
    panel = blank_saved.map_mode.panels.background
    messages = []
    panel.message.connect(messages.append)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"no picture")
    assert not panel.choose(broken)
    assert messages[-1].startswith(f"{broken}: not a readable image")
    assert document.scenario.board.background is None and document.undo_stack.count() == 0
    assert panel.choose(scan(tmp_path / "scan.png"))
    panel.locked.setChecked(True)
    assert not panel.choose(scan(tmp_path / "other.png")) and not panel.remove_button.isEnabled()
    assert document.scenario.board.background == "assets/scan.png"


def test_traced_proposals_become_spaces_in_one_step(blank_saved, tmp_path, qtbot):
    document = blank_saved.documents.document
    assert blank_saved.map_mode.panels.background.choose(scan(tmp_path / "scan.png"))
    dialog = TraceDialog(document)
    qtbot.addWidget(dialog)
    dialog.run()
    qtbot.waitUntil(lambda: not dialog.tracing())
    assert dialog.list.count() == 2
    dialog.list.item(1).setCheckState(dialog.list.item(1).checkState().Unchecked)  # discard the east
    assert dialog.apply() == 1
    spaces = document.scenario.board.spaces
    assert dialog.scale == pytest.approx(1000 / 300)  # the picture fitted into the 1000-unit board
    assert [space.id for space in spaces] == ["traced-1"] and max(x for x, _ in spaces[0].polygon) <= 152 * dialog.scale
    document.undo_stack.undo()
    assert document.scenario.board.spaces == []


def test_a_region_per_colour_groups_alike_areas_in_one_step(blank_saved, tmp_path, qtbot):
    """Three flat fills with no line between them, the outer two alike: two regions, one undo step."""
    image = Image.new("RGB", (300, 100), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for left, colour in [(10, (200, 150, 100)), (100, (120, 180, 90)), (190, (200, 150, 100))]:
        draw.rectangle([left, 10, left + 89, 90], fill=colour)
    image.save(tmp_path / "fills.png")
    document = blank_saved.documents.document
    assert blank_saved.map_mode.panels.background.choose(tmp_path / "fills.png")
    dialog = TraceDialog(document)
    qtbot.addWidget(dialog)
    assert dialog.tolerance.isEnabled() and not dialog.threshold.isEnabled()  # colour mode, the default
    dialog.regions.setChecked(True)
    dialog.run()
    qtbot.waitUntil(lambda: not dialog.tracing())
    assert dialog.list.count() == 3
    assert dialog.apply() == 3
    board = document.scenario.board
    assert [(region.id, region.name, region.colour) for region in board.regions][-2:] == [
        ("colour-1", "Colour 1", "#c89664"), ("colour-2", "Colour 2", "#78b45a")]
    by_x = sorted(board.spaces, key=lambda space: min(x for x, _ in space.polygon))
    assert [space.region for space in by_x] == ["colour-1", "colour-2", "colour-1"]
    assert document.undo_stack.count() == 2  # the background chosen, then the trace
    dialog.mode.setCurrentIndex(1)
    assert dialog.threshold.isEnabled() and not dialog.tolerance.isEnabled()


def test_trace_runs_off_the_ui_thread_shows_progress_and_stops_when_asked(blank_saved, tmp_path, qtbot, monkeypatch):
    """The trace waits at a gate here, so the dialog is seen live while it runs."""
    gate, seen = threading.Event(), []
    real = trace_dialog.trace

    def held(*args, **kwargs):
        gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(trace_dialog, "trace", held)
    assert blank_saved.map_mode.panels.background.choose(scan(tmp_path / "scan.png"))
    dialog = TraceDialog(blank_saved.documents.document)
    qtbot.addWidget(dialog)
    dialog.progress.valueChanged.connect(seen.append)
    dialog.run()
    qtbot.wait(50)  # the UI thread runs on while the trace waits
    assert dialog.tracing() and not dialog.run_button.isEnabled() and dialog.summary.text() == "Tracing…"
    assert not dialog.cancel_button.isHidden() and not dialog.progress.isHidden()
    gate.set()
    qtbot.waitUntil(lambda: not dialog.tracing())
    assert dialog.list.count() == 2 and max(seen) >= 90 and dialog.run_button.isEnabled()
    assert dialog.cancel_button.isHidden() and dialog.progress.isHidden()
    gate.clear()
    dialog.mode.setCurrentIndex(1)  # another run, stopped before it ends: the proposals stay
    dialog.run()
    dialog.cancel()
    gate.set()
    qtbot.waitUntil(lambda: not dialog.tracing())
    assert dialog.summary.text() == "Tracing stopped; the proposals listed are from before."
    assert dialog.list.count() == 2 and len(dialog.proposals) == 2
    gate.clear()
    dialog.run()  # closing the dialog stops a trace too
    dialog.reject()
    gate.set()
    qtbot.waitUntil(lambda: not dialog.tracing())
    assert dialog.summary.text() == "Tracing stopped; the proposals listed are from before."
