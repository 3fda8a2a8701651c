"""The board view: drawing by kind, the picture's markers, hit tests, hover, zoom and pan."""

from __future__ import annotations

import random

import attrs
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QToolTip,
)

from engine.core.picture import Picture, Piece, SpaceMark
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Connection, ConnectionKind
from studio.board import spaces, style
from studio.board.connections import ConnectionsItem
from studio.board.legend import Legend
from studio.board.scene import BoardScene
from studio.board.spaces import SpaceItem, SpacesLayer
from studio.board.view import BoardView


def test_the_index_finds_the_same_space_as_the_polygons(qtbot, hotw_path):
    scene = BoardScene(load_scenario(hotw_path, get_ruleset))
    rng = random.Random(3)
    for _ in range(3000):
        point = QPointF(rng.uniform(0, scene.board.width), rng.uniform(0, scene.board.height))
        inside = [space_id for space_id, item in scene.spaces.items()
                  if item.polygon().containsPoint(point, Qt.FillRule.OddEvenFill)]
        assert scene.space_at(point) == (inside[-1] if inside else None)
    for space in scene.board.spaces:
        assert scene.space_at(scene.centres[space.id]) == space.id, space.id


def test_connections_are_drawn_by_kind_with_arrowheads_for_one_way(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    board = scenario.board
    one_way = Connection(board.spaces[0].id, board.spaces[1].id, ConnectionKind.ARROW)
    scenario = attrs.evolve(scenario, board=attrs.evolve(board, connections=[*board.connections, one_way]))
    scene = BoardScene(scenario)
    layers = [item for item in scene.items() if isinstance(item, ConnectionsItem)]
    assert len(layers) == 4  # land, sea, strait, arrow
    arrow = next(layer for layer in layers if layer._brush.style() != Qt.BrushStyle.NoBrush)
    assert arrow._pen.style() == Qt.PenStyle.SolidLine
    assert {layer._pen.style() for layer in layers} >= {Qt.PenStyle.DashLine, Qt.PenStyle.DotLine}


def test_a_background_image_is_drawn_under_translucent_spaces(qtbot, hotw_path, tmp_path):
    image = QImage(200, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("#884422"))
    image.save(str(tmp_path / "map.png"))
    scenario = load_scenario(hotw_path, get_ruleset)
    scenario = attrs.evolve(scenario, board=attrs.evolve(scenario.board, background="map.png"))
    scene = BoardScene(scenario, tmp_path)
    pixmaps = [item for item in scene.items() if isinstance(item, QGraphicsPixmapItem)]
    assert len(pixmaps) == 1 and pixmaps[0].sceneBoundingRect().width() == scenario.board.width
    assert all(item.base_fill.alpha() < 255 for item in scene.spaces.values())


def test_the_picture_puts_markers_and_marks_on_spaces(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    scene = BoardScene(scenario)
    picture = Picture(
        pieces=(Piece("gaul", "army", 0, 3), Piece("gaul", "capital"), Piece("iberia", "inactive army", 2)),
        marks=(SpaceMark("italia", hidden=True, label="face down"), SpaceMark("nile", fill="#000000")),
    )
    scene.show_picture(picture, scenario.seats)
    assert scene.drawn_markers() == {
        "gaul": (("A 3", "#c0392b"), ("C", "#f7f3e8")),
        "iberia": (("IA", "#2f5fb3"),),
        "italia": (("face down", "#ffffff"),),
    }
    assert scene.spaces["italia"].hatched and scene.spaces["nile"].brush().color() == QColor("#000000")
    assert "3 × Red army" in scene.tooltip("gaul") and "region: Northern Europe" in scene.tooltip("gaul")
    scene.show_picture(Picture(), scenario.seats)
    assert scene.drawn_markers() == {} and not scene.spaces["italia"].hatched
    assert scene.spaces["nile"].brush().color() == scene.spaces["nile"].base_fill
    assert "army" not in scene.tooltip("gaul")


def test_legend_abbreviations_are_unique_and_stable():
    legend = Legend()
    kinds = ["army", "inactive army", "capital", "city", "fort", "fleet", "caravan", "monument", "marker", "cat"]
    shorts = [legend.short(kind) for kind in kinds]
    assert len(set(shorts)) == len(kinds)
    assert shorts[:4] == ["A", "IA", "C", "Ci"]
    assert [legend.short(kind) for kind in reversed(kinds)] == shorts[::-1]
    assert legend.entries()[0] == ("A", "army")


def test_the_legend_names_kinds_in_the_order_the_picture_gives_them(qtbot, hotw_path):
    """Kinds sharing their first letters ("cavalry", "catapult", "castle") get "C", "Ca"...
    by which comes first; that must be the picture's order, not a set's, which changes with
    every run's hash seed."""
    scenario = load_scenario(hotw_path, get_ruleset)
    spaces = [space.id for space in scenario.board.spaces[:12]]
    kinds = ["cavalry", "catapult", "castle", "caravan", "camp", "cart"]
    for shift in range(3):
        scene = BoardScene(scenario)
        order = kinds[shift:] + kinds[:shift]
        pieces = tuple(Piece(space, kind) for space, kind in zip(spaces, order * 2))
        scene.show_picture(Picture(pieces=pieces), scenario.seats)
        assert [kind for _, kind in scene.legend.entries()] == order


def test_markers_keep_their_size_on_screen_at_every_zoom(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    scene = BoardScene(scenario)
    scene.show_picture(Picture(pieces=(Piece("gaul", "army", 0),)), scenario.seats)

    def red_pixels(scale: float) -> int:
        image = QImage(400, 400, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        centre = scene.centres["gaul"]
        painter = QPainter(image)
        size = 400 / scale
        scene.render(painter, source=QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size))
        painter.end()
        return sum(1 for x in range(400) for y in range(0, 400, 2) if image.pixelColor(x, y) == QColor("#c0392b"))

    assert abs(red_pixels(1.0) - red_pixels(4.0)) < 0.2 * red_pixels(1.0)


def test_hover_lights_a_space_and_the_status_bar_tells_it(window, qtbot, hotw_path):
    window.open(hotw_path)
    view = window.view
    point = view.mapFromScene(window.board.centres["gaul"])
    qtbot.mouseMove(view.viewport(), QPoint(2, 2))  # the cursor may still be there from another test
    qtbot.mouseMove(view.viewport(), point)
    assert window.board.spaces["gaul"].hovered
    assert window.hover_info.text().startswith("Gaul land · gaul · region: Northern Europe")
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point)))
    assert QToolTip.text().startswith("<b>Gaul</b>")
    qtbot.mouseMove(view.viewport(), view.mapFromScene(window.board.centres["iberia"]))
    assert not window.board.spaces["gaul"].hovered and window.board.spaces["iberia"].hovered


def test_wheel_zooms_dragging_pans_and_fit_restores(qtbot, hotw_path):
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.setScene(BoardScene(load_scenario(hotw_path, get_ruleset)))
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    fitted = view.transform().m11()
    view.zoom_in()
    view.zoom_in()
    assert view.transform().m11() > fitted * 1.5 and not view.fitted
    clicks = []
    view.space_clicked.connect(lambda space, where: clicks.append(space))
    before = view.horizontalScrollBar().value()
    start = QPoint(400, 250)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), start - QPoint(20 * step, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start - QPoint(100, 0))
    assert view.horizontalScrollBar().value() > before and clicks == []
    for _ in range(40):
        view.zoom_out()
    assert view.transform().m11() >= fitted * 0.49  # zooming out stops at half the fitted size
    view.fit()
    assert view.transform().m11() == fitted and view.fitted
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(view.scene().centres["gaul"]))
    assert clicks == ["gaul"]


def rendered(scene: BoardScene, width: int = 900, height: int = 600, source: QRectF | None = None) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(image.rect()), source or scene.sceneRect())
    painter.end()
    return image


def differing(a: QImage, b: QImage, by: int) -> float:
    """The share of pixels whose colour differs by more than ``by`` in some channel."""
    counted = total = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            one, other = a.pixelColor(x, y), b.pixelColor(x, y)
            total += 1
            counted += max(abs(one.red() - other.red()), abs(one.green() - other.green()),
                           abs(one.blue() - other.blue())) > by
    return counted / total


def painted_by_items(scene: BoardScene) -> None:
    """Every space paints itself, as before the spaces layer: the look to match."""
    scene.spaces_layer.setVisible(False)
    for item in scene.spaces.values():
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)


def test_the_spaces_layer_draws_each_space_as_its_own_item_would(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    scene = BoardScene(scenario)
    scene.show_picture(Picture(marks=(SpaceMark("nile", fill="#000000"), SpaceMark("italia", hidden=True))),
                       scenario.seats)
    scene.set_targets(["gaul", "iberia"])
    centre = scene.centres["gaul"]
    closer = QRectF(centre.x() - 150, centre.y() - 100, 300, 200)
    layered = [rendered(scene), rendered(scene, source=closer)]
    assert scene.spaces["nile"].plain_look() and not scene.spaces["gaul"].plain_look()  # ringed
    painted_by_items(scene)
    assert [differing(one, other, 0) for one, other in zip(layered, [rendered(scene), rendered(scene, source=closer)])] \
        == [0.0, 0.0]


def test_a_crowded_view_paints_the_spaces_a_colour_at_a_time_with_the_same_look(qtbot, hotw_path, monkeypatch):
    """Past ``MANY_SPACES`` in view the fills go down unsmoothed under smoothed outlines: on
    screen the same board, the odd edge pixel a shade apart."""
    scenario = load_scenario(hotw_path, get_ruleset)
    scene = BoardScene(scenario)
    exact = rendered(scene)
    monkeypatch.setattr(spaces, "MANY_SPACES", 10)
    scene.spaces_layer.update()
    at_once = rendered(scene)
    assert differing(exact, at_once, 8) > 0  # the one-pass drawing was used
    assert differing(exact, at_once, 48) < 0.002
    scene.set_hovered("gaul")  # its colour's path is made again without it, and with it after
    assert differing(at_once, rendered(scene), 8) > 0
    scene.set_hovered("")
    assert differing(at_once, rendered(scene), 0) == 0


def test_the_spaces_layer_follows_looks_edits_and_removals(qtbot, hotw_path):
    scenario = load_scenario(hotw_path, get_ruleset)
    scene = BoardScene(scenario)
    for item in scene.items():
        if not isinstance(item, (SpaceItem, SpacesLayer, QGraphicsRectItem)):
            item.setVisible(False)  # the space's name and connections, where its colour is looked at
    gaul = scene.centres["gaul"]
    scale = 900 / scene.sceneRect().width()

    def colour_at(point: QPointF) -> int:
        image = rendered(scene, 900, round(scene.sceneRect().height() * scale))
        return image.pixel(round((point.x() - scene.sceneRect().x()) * scale),
                           round((point.y() - scene.sceneRect().y()) * scale))

    fill = scene.spaces["gaul"].base_fill
    assert colour_at(gaul) == fill.rgb()
    scene.set_hovered("gaul")  # lit: the item paints itself, lighter, above the layer
    assert not scene.spaces["gaul"].plain_look() and colour_at(gaul) == fill.lighter(118).rgb()
    scene.set_hovered("")
    assert scene.spaces["gaul"].plain_look() and colour_at(gaul) == fill.rgb()
    space = next(space for space in scenario.board.spaces if space.id == "gaul")
    space.polygon = [(x + 1000, y) for x, y in space.polygon]  # off to the right of the board
    space.label = None
    scene.refresh_space(space)
    assert colour_at(gaul) == style.BOARD.rgb()
    scene.sync_spaces([], [space])
    assert "gaul" not in scene.spaces and colour_at(gaul) == style.BOARD.rgb()
