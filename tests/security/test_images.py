"""Pictures are bounded: a file whose header declares more than MAX_IMAGE_PIXELS is refused, with
its location and before anything is decoded, by Trace's reader, by Choose Image and by the Trace
action, each of which shows the refusal in a dialog."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from engine.scenario.image_limits import MAX_IMAGE_PIXELS, image_size
from engine.scenario.problems import ScenarioError
from engine.scenario.tracing import read_image
from studio.new_scenario_dialog import BLANK


def png_header(path: Path, width: int, height: int, whole: bool = False) -> Path:
    """A small PNG whose header declares ``width`` x ``height`` black pixels: their data cut
    short (only a reader that decodes before checking the size would notice), or ``whole``."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    packer = zlib.compressobj(9)
    row = b"\0" * (width * 3 + 1)
    pixels = b"".join(packer.compress(row) for _ in range(height if whole else 1)) + packer.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))
    return path


@pytest.mark.parametrize("side", [50_000, 12_000])  # Pillow's own bomb error; 3.2 GiB as floats
def test_an_image_over_the_pixel_limit_is_refused_from_its_header(tmp_path, side):
    path = png_header(tmp_path / "huge.png", side, side)
    with pytest.raises(ScenarioError) as raised:
        read_image(path)
    line = raised.value.lines()[0]
    assert line.startswith(str(path)) and "megapixels a picture may have" in line
    assert image_size(png_header(tmp_path / "fits.png", 4000, MAX_IMAGE_PIXELS // 4000)) == (4000, 10_000)


@pytest.fixture
def opened(qtbot, tmp_path):
    """A new, empty scenario saved in its own folder, open in the real window (settings kept
    in the test's folder, never the user's)."""
    from PySide6.QtCore import QSettings

    from studio.main_window import MainWindow
    from studio.questions import Answer
    from studio.settings import StudioSettings

    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(tmp_path / "qsettings"))
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(tmp_path / "qsettings"))
    window = MainWindow(StudioSettings(QSettings(str(tmp_path / "studio.ini"), QSettings.Format.IniFormat)))
    window.ask_unsaved = lambda name: Answer.DISCARD
    qtbot.addWidget(window)
    window.run_dialog = lambda dialog: dialog.choose(BLANK, ruleset_id="history-of-the-world") or True
    window.actions.new_scenario.trigger()
    path = tmp_path / "game" / "map.json"
    path.parent.mkdir()
    window.documents.document.save(path)
    return window


def test_choose_image_and_trace_refuse_a_huge_image_in_a_dialog(opened, tmp_path):
    document = opened.documents.document
    panels = opened.map_mode.panels
    huge = png_header(tmp_path / "huge.png", 50_000, 50_000)
    opened.ask_path = lambda *args, **kwargs: huge
    panels.choose_background()
    assert document.scenario.board.background is None and not (document.base_dir / "assets").exists()
    dialog = opened.problems_dialog
    assert dialog is not None and dialog.windowTitle() == "Choose Image"
    assert "megapixels" in dialog.lines()[0]
    # A huge picture put beside the scenario by hand: Trace refuses it in a dialog too.
    (document.base_dir / "assets").mkdir()
    png_header(document.base_dir / "assets" / "scan.png", 12_000, 12_000)
    document.set_value("board.background", "assets/scan.png", "Set background", merge_key=None)
    panels.trace_background()
    dialog = opened.problems_dialog
    assert dialog.windowTitle() == "Trace" and "megapixels" in dialog.lines()[0]


def test_the_board_does_not_decode_a_background_over_the_limit(opened, tmp_path):
    """45 megapixels: over the studio's limit, under Qt's own allocation limit, so only the
    header check keeps it from being decoded into the board."""
    document = opened.documents.document
    (document.base_dir / "assets").mkdir()
    png_header(document.base_dir / "assets" / "scan.png", 5000, 9000, whole=True)
    document.set_value("board.background", "assets/scan.png", "Set background", merge_key=None)
    opened.map_mode.panels._show_background()
    assert opened.map_mode.board.background_item is None

