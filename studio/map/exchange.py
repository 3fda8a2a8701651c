"""The map in and out of other files: import an SVG drawing, export the board as SVG or PNG.

An import adds the drawing's regions and spaces to the board as one undo step (a region
whose id the board already has is reused, not doubled), and sizes an empty board to the
drawing; the shapes that are no space are listed in its report. A drawing that cannot be
used, or has no space at all, lists its problems and changes nothing. Exports are
written beside the target and moved into place, so a failed export leaves no half file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from engine.scenario.atomic import replacing, write_atomic
from engine.scenario.problems import Problem, ScenarioError
from engine.scenario.svg import SvgMap, board_svg, read_svg
from studio.board.scene import BoardScene
from studio.document import ScenarioDocument


def import_svg(document: ScenarioDocument, path: Path) -> SvgMap:
    """Add the drawing's spaces and regions; what came in, and the shapes skipped as no space.
    ScenarioError (nothing changed) when the drawing cannot be used or has no space at all."""
    board = document.scenario.board
    drawn = read_svg(path, {space.id for space in board.spaces})
    known = {region.id for region in board.regions}
    with document.group(f"Import {path.name}"):
        if not board.spaces:
            document.set_values({"board.width": drawn.width, "board.height": drawn.height}, "Size the board")
        for region in drawn.regions:
            if region.id not in known:
                document.add("board.regions", region)
        for space in drawn.spaces:
            document.add("board.spaces", space)
    return drawn


def export_svg(document: ScenarioDocument, path: Path) -> None:
    write_atomic(path, board_svg(document.scenario.board))


def board_image(scene: BoardScene, width: int) -> QImage:
    """The board as the studio draws it, ``width`` pixels wide (the height keeps its shape)."""
    board = scene.board
    height = max(1, round(width * board.height / board.width)) if board.width else width
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, width, height), QRectF(0, 0, board.width, board.height),
                 Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def export_png(scene: BoardScene, path: Path, width: int) -> None:
    """Write the board as a PNG; ScenarioError when it cannot be written (nothing left behind)."""
    if not 16 <= width <= 20000:
        raise ScenarioError([Problem("", f"a width of {width} pixels is outside 16 to 20,000")], str(path))
    image = board_image(scene, width)
    with replacing(path) as temporary:
        if not image.save(str(temporary), "PNG"):
            raise ScenarioError([Problem("", "the image could not be written")], str(path))
