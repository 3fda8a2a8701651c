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


def test_choose_image_and_trace_refuse_a_huge_image_in_a_dialog(blank_saved, tmp_path):
    document = blank_saved.documents.document
    panels = blank_saved.map_mode.panels
    huge = png_header(tmp_path / "huge.png", 50_000, 50_000)
    blank_saved.ask_path = lambda *args, **kwargs: huge
    panels.choose_background()
    assert document.scenario.board.background is None and not (document.base_dir / "assets").exists()
    dialog = blank_saved.problems_dialog
    assert dialog is not None and dialog.windowTitle() == "Choose Image"
    assert "megapixels" in dialog.lines()[0]
    # A huge picture put beside the scenario by hand: Trace refuses it in a dialog too.
    (document.base_dir / "assets").mkdir()
    png_header(document.base_dir / "assets" / "scan.png", 12_000, 12_000)
    document.set_value("board.background", "assets/scan.png", "Set background", merge_key=None)
    panels.trace_background()
    dialog = blank_saved.problems_dialog
    assert dialog.windowTitle() == "Trace" and "megapixels" in dialog.lines()[0]


def test_the_board_does_not_decode_a_background_over_the_limit(blank_saved, tmp_path):
    """45 megapixels: over the studio's limit, under Qt's own allocation limit, so only the
    header check keeps it from being decoded into the board."""
    document = blank_saved.documents.document
    (document.base_dir / "assets").mkdir()
    png_header(document.base_dir / "assets" / "scan.png", 5000, 9000, whole=True)
    document.set_value("board.background", "assets/scan.png", "Set background", merge_key=None)
    blank_saved.map_mode.panels._show_background()
    assert blank_saved.map_mode.board.background_item is None

