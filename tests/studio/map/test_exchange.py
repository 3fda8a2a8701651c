"""SVG in and out of the editor, and the board as a PNG, through the window's actions."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from engine.rulesets.registry import get_ruleset
from engine.scenario.starters import blank
from studio.document import ScenarioDocument
from studio.map.exchange import export_png, import_svg

DRAWING = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="300" height="200" viewBox="0 0 300 200">
  <g id="west" inkscape:groupmode="layer" inkscape:label="The West" fill="#cc8844">
    <polygon id="gaul" points="0,0 100,0 100,100 0,100"/>
    <polygon id="iberia" points="0,100 100,100 100,200 0,200"/>
  </g>
  <path id="sea" d="M100 0 L300 0 L300 200 L100 200 Z" data-kind="sea"/>
</svg>
"""


def test_an_imported_drawing_is_one_undo_step_and_fills_an_empty_board(qtbot, tmp_path):
    document = ScenarioDocument(blank("history-of-the-world", get_ruleset), base_dir=tmp_path)
    before = document.text()
    drawing = tmp_path / "west.svg"
    drawing.write_text(DRAWING)
    drawn = import_svg(document, drawing)
    assert len(drawn.spaces) == 3 and drawn.skipped == []
    board = document.scenario.board
    assert (board.width, board.height) == (300, 200)
    assert [(s.id, s.kind.value, s.region) for s in board.spaces] == [("gaul", "land", "west"),
                                                                         ("iberia", "land", "west"),
                                                                         ("sea", "sea", None)]
    assert [(r.id, r.name, r.colour) for r in board.regions] == [("west", "The West", "#cc8844")]
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.text() == before


def test_a_broken_drawing_lists_its_problems_and_changes_nothing(window, hotw_path, tmp_path):
    assert window.open(hotw_path)
    document = window.documents.document
    before = document.text()
    drawing = tmp_path / "broken.svg"
    drawing.write_text(DRAWING.replace("</g>", ""))  # the layer is never closed
    window.ask_path = lambda *args, **kwargs: drawing
    window.map_mode.panels.import_svg_action.trigger()
    assert window.problems_dialog is not None
    table = window.problems_dialog.table
    rows = [(table.topLevelItem(i).text(0), table.topLevelItem(i).text(1)) for i in range(table.topLevelItemCount())]
    assert rows == [("line 8, column 2", "not well-formed SVG (mismatched tag)")]
    drawing.write_text(DRAWING.replace('<path id="sea"', '<path id="gaul"'))  # every id on the board already
    window.map_mode.panels.import_svg_action.trigger()
    table = window.problems_dialog.table
    assert window.problems_dialog.summary.text() == "broken.svg was not imported:"
    assert [table.topLevelItem(i).text(1) for i in range(table.topLevelItemCount())] == [
        "the board already has a space 'gaul'", "the board already has a space 'iberia'",
        "the board already has a space 'gaul'"]
    assert document.text() == before and document.undo_stack.count() == 0


def test_shapes_that_are_no_space_are_listed_and_the_rest_imported(window, hotw_path, tmp_path):
    assert window.open(hotw_path)
    document = window.documents.document
    drawing = tmp_path / "more.svg"
    drawing.write_text(DRAWING.replace('Z" data-kind', '" data-kind'))  # the sea's path left open
    window.ask_path = lambda *args, **kwargs: drawing
    window.map_mode.panels.import_svg_action.trigger()
    assert document.undo_stack.count() == 0  # gaul and iberia are on the board, the sea is open: nothing
    drawing.write_text(DRAWING.replace('Z" data-kind', '" data-kind').replace("gaul", "aquitania"))
    window.map_mode.panels.import_svg_action.trigger()
    assert [space.id for space in document.scenario.board.spaces][-1] == "aquitania"
    assert document.undo_stack.count() == 1
    dialog = window.problems_dialog
    assert dialog.summary.text() == "1 space imported from more.svg; these shapes are no space and were skipped:"
    assert [(dialog.table.topLevelItem(i).text(0), dialog.table.topLevelItem(i).text(1))
            for i in range(dialog.table.topLevelItemCount())] == [
        ("#iberia", "the board already has a space 'iberia'"),
        ("#sea", "an open path (its ends do not meet): it encloses no space")]
    assert window.statusBar().currentMessage() == "1 space imported from more.svg, 2 shapes skipped"


def test_the_board_exports_as_svg_and_as_a_png_of_the_chosen_width(window, hotw_path, tmp_path):
    assert window.open(hotw_path)
    out = tmp_path / "board.svg"
    window.ask_path = lambda *args, **kwargs: out
    window.map_mode.panels.export_svg_action.trigger()
    assert out.read_text().count("<polygon") == len(window.documents.document.scenario.board.spaces)
    picture = tmp_path / "board.png"
    export_png(window.map_mode.board, picture, 1000)
    image = QImage(str(picture))
    assert (image.width(), image.height()) == (1000, 500)  # the board is 2000 x 1000
    assert image.pixelColor(500, 250).name() != "#ffffff"  # the map is drawn, not a blank sheet
    assert sorted(Path(tmp_path).glob("*.*g")) == [picture, out]  # nothing left beside
