"""Full redraw and hit-test time of a generated 5,000-space board in the studio's board scene.

Targets: a full redraw (the board rendered to a 1600 x 900 image, with markers on a fifth of
the spaces) under 50 ms, whole or zoomed in so that names and connections show, and finding
the space under a point under 50 µs.

    QT_QPA_PLATFORM=offscreen python benchmarks/studio_board.py [SPACES]
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from _support import report, timings
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from engine.core.picture import Picture, Piece
from engine.scenario.model import (
    Board,
    Connection,
    ConnectionKind,
    Meta,
    Region,
    RulesetRef,
    Scenario,
    Seat,
    Space,
    SpaceKind,
)
from studio.board.scene import BoardScene

CELL = 40.0
KINDS = (ConnectionKind.LAND, ConnectionKind.LAND, ConnectionKind.SEA, ConnectionKind.STRAIT, ConnectionKind.ARROW)


def generated_board(count: int, rng: random.Random) -> Scenario:
    """A grid of jittered hexagon-like cells, neighbours connected right and down."""
    columns = math.ceil(math.sqrt(count * 2))
    rows = math.ceil(count / columns)
    regions = [Region(f"r{i}", f"Region {i}", f"#{rng.randrange(0x505050, 0xf0f0f0):06x}") for i in range(24)]
    spaces = []
    for number in range(count):
        column, row = number % columns, number // columns
        cx, cy = (column + 0.5) * CELL, (row + 0.5) * CELL
        corners = [(cx + CELL * 0.5 * math.cos(a) * rng.uniform(0.85, 1.0),
                    cy + CELL * 0.5 * math.sin(a) * rng.uniform(0.85, 1.0))
                   for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))]
        kind = SpaceKind.SEA if rng.random() < 0.15 else SpaceKind.LAND
        spaces.append(Space(f"s{number}", f"Space {number}", kind, regions[(column // 8 + row // 8) % 24].id,
                            polygon=corners, label=(cx, cy)))
    connections = []
    for number in range(count):
        column = number % columns
        for other in (number + 1 if column + 1 < columns else None, number + columns):
            if other is not None and other < count:
                connections.append(Connection(f"s{number}", f"s{other}", rng.choice(KINDS)))
    board = Board(columns * CELL, rows * CELL, None, regions, spaces, connections)
    seats = [Seat(f"p{i}", f"Player {i}", colour) for i, colour in enumerate(("#c0392b", "#2e8b57", "#2f5fb3"))]
    return Scenario(Meta("generated"), RulesetRef("none"), board, [], seats, [])


def render(scene: BoardScene, image: QImage, source: QRectF) -> None:
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(image.rect()), source)
    painter.end()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    app = QApplication.instance() or QApplication([])
    rng = random.Random(5)
    scenario = generated_board(count, rng)
    started = time.perf_counter()
    scene = BoardScene(scenario)
    print(f"studio board benchmark: {count:,} spaces, {len(scenario.board.connections):,} connections; "
          f"scene built in {(time.perf_counter() - started) * 1000:.0f} ms")
    pieces = tuple(Piece(space.id, rng.choice(("army", "city", "fort")), rng.choice((0, 1, 2, None)),
                         rng.randint(1, 4)) for space in scenario.board.spaces[::5])
    scene.show_picture(Picture(pieces=pieces), scenario.seats)
    image = QImage(1600, 900, QImage.Format.Format_ARGB32_Premultiplied)
    whole = scene.sceneRect()
    render(scene, image, whole)  # warm the font and glyph caches, as a window that is already open has
    report("full redraw, whole board", timings(lambda: render(scene, image, whole), 20), 0.050)
    # Zoomed in far enough that names and connections are drawn too (level of detail).
    part = QRectF(whole.x(), whole.y(), whole.width() / 4, whole.height() / 4)
    render(scene, image, part)
    report("full redraw, zoomed in 4x", timings(lambda: render(scene, image, part), 20), 0.050)
    app.processEvents()

    width, height = scenario.board.width, scenario.board.height
    points = [QPointF(rng.uniform(0, width), rng.uniform(0, height)) for _ in range(20_000)]
    seconds = timings(lambda: [scene.space_at(point) for point in points], 5)
    per_hit = statistics.median(seconds) / len(points)
    verdict = "met" if per_hit < 50e-6 else "MISSED"
    print(f"{'hit test (space index)':<34} median {per_hit * 1e6:8.3f} µs per point  target < 50 µs: {verdict}")
    sample = points[:2_000]
    seconds = timings(lambda: [scene.items(point) for point in sample], 3)
    print(f"{'  for comparison: scene.items()':<34} median {statistics.median(seconds) / len(sample) * 1e6:8.3f} µs"
          " per point")


if __name__ == "__main__":
    main()
