"""What a change on a large board repaints (issue 27): the part that changed, not the board.

An edit's frame costs what it repaints, so a moved space asks for the rectangles around it
(its outline, its name, the connections that moved with it) and nothing else; a zoom on a
large board draws its names where they were placed until the wheel pauses, then places them
afresh; a small board places its names at every zoom level at once, as before.
"""

from __future__ import annotations

import attrs
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from engine.scenario.model import (
    Board,
    Connection,
    Meta,
    Region,
    RulesetRef,
    Scenario,
    Space,
)
from studio.board.connections import ConnectionsItem
from studio.board.scene import BoardScene
from studio.board.spaces import MANY_SPACES
from studio.board.style import CONNECTION_STYLES
from studio.board.view import BoardView

CELL = 40.0


def lattice(columns: int, rows: int) -> Scenario:
    """Square cells whose neighbours share corners, each joined to its right and lower neighbour."""
    spaces, connections = [], []
    for j in range(rows):
        for i in range(columns):
            x, y = i * CELL, j * CELL
            spaces.append(Space(f"s{i}-{j}", f"Cell {i} {j}", region="r", polygon=[(x, y), (x + CELL, y),
                                (x + CELL, y + CELL), (x, y + CELL)], label=(x + CELL / 2, y + CELL / 2)))
            if i + 1 < columns:
                connections.append(Connection(f"s{i}-{j}", f"s{i + 1}-{j}"))
            if j + 1 < rows:
                connections.append(Connection(f"s{i}-{j}", f"s{i}-{j + 1}"))
    board = Board(columns * CELL, rows * CELL, None, [Region("r", "Region", "#c8d8a0")], spaces, connections)
    return Scenario(Meta("lattice"), RulesetRef("dice-race"), board, [], [], [])


def shown(qtbot, scenario: Scenario) -> tuple[BoardScene, BoardView]:
    """The board in a view zoomed in on its middle, painted once."""
    scene = BoardScene(scenario)
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.setScene(scene)
    view.show()
    qtbot.waitExposed(view)
    board = scenario.board
    view.fitInView(QRectF(board.width / 2 - 6 * CELL, board.height / 2 - 4 * CELL, 12 * CELL, 8 * CELL),
                   Qt.AspectRatioMode.KeepAspectRatio)
    view.fitted = False
    painted(view, view.viewport().update)
    # Qt repaints the whole view at the first change of an item after it is shown: one made
    # far from where the tests look.
    corner = scenario.board.spaces[0]
    painted(view, lambda: scene.refresh_space(attrs.evolve(corner, name="Corner")))
    return scene, view


class Paints(QObject):
    """The regions of the Paint events that reach a viewport."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[QRectF] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rects.append(QRectF(event.region().boundingRect()))
        return False


def painted(view: QGraphicsView, change) -> QRectF:
    """What the view repainted after ``change``: the painted part of its viewport, in scene
    coordinates (empty when nothing was painted)."""
    QApplication.processEvents()
    paints = Paints()
    view.viewport().installEventFilter(paints)
    change()
    for _ in range(20):
        QApplication.processEvents()
    view.viewport().removeEventFilter(paints)
    union = QRectF()
    for rect in paints.rects:
        union = union.united(view.mapToScene(rect.toRect()).boundingRect())
    return union


def test_a_moved_space_repaints_around_itself_not_the_whole_board(qtbot):
    scenario = lattice(48, 26)
    assert len(scenario.board.spaces) > MANY_SPACES
    scene, view = shown(qtbot, scenario)
    space = next(s for s in scenario.board.spaces if s.id == "s24-13")
    moved = attrs.evolve(space, polygon=[(x + 6, y + 4) for x, y in space.polygon],
                         label=(space.label[0] + 6, space.label[1] + 4))
    repainted = painted(view, lambda: scene.refresh_space(moved))
    assert not repainted.isEmpty(), "the move was not repainted"
    # The outline, the name and the four connections that moved: within a cell and a half of
    # the space, where the view shows twelve cells across.
    around = QRectF(24 * CELL, 13 * CELL, CELL, CELL).adjusted(-1.5 * CELL, -1.5 * CELL, 1.5 * CELL, 1.5 * CELL)
    assert around.contains(repainted), repainted


def test_a_connection_tile_repaints_the_lines_that_changed_not_the_tile(qtbot):
    scene = QGraphicsScene(0, 0, 1000, 500)
    colour, pen_style = CONNECTION_STYLES[next(iter(CONNECTION_STYLES))]
    item = ConnectionsItem(colour, pen_style, False, 4.0, 100.0)
    scene.addItem(item)
    lines = [(QPointF(x, 0), QPointF(x, 500)) for x in range(0, 1000, 50)]
    item.set_tile((0, 0), lines)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1100, 600)
    view.show()
    qtbot.waitExposed(view)
    painted(view, view.viewport().update)
    painted(view, lambda: item.set_tile((0, 0), [(QPointF(0, 0), QPointF(10, 500)), *lines[1:]]))  # Qt's first
    moved = [(QPointF(0, 0), QPointF(10, 500)), *lines[1:-1], (QPointF(950, 0), QPointF(940, 400))]
    repainted = painted(view, lambda: item.set_tile((0, 0), moved))
    assert not repainted.isEmpty() and repainted.left() > 920 and repainted.right() < 980, repainted


def test_a_zoomed_large_board_keeps_its_names_placed_until_the_wheel_pauses(qtbot):
    scene, view = shown(qtbot, lattice(48, 26))
    names = scene.names
    before = names._placed[0][0]
    view.zoom_in()
    view.viewport().repaint()
    assert names.zooming and names._placed[0][0] == before, "the names were placed afresh during the zoom"
    qtbot.waitUntil(lambda: not names.zooming, timeout=3000)
    view.viewport().repaint()
    assert names._placed[0][0] == round(view.transform().m11(), 6)


def test_a_small_board_places_its_names_at_every_zoom(qtbot):
    scene, view = shown(qtbot, lattice(12, 8))
    view.zoom_in()
    view.viewport().repaint()
    assert scene.names._placed[0][0] == round(view.transform().m11(), 6)
