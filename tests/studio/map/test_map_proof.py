"""The proof of the map editor (issue 16, item 12): a map drawn from nothing through the
editor's tools, undone and redone step by step to byte-identical text, saved, validated with
`epoch validate`, and played in the playtest view.

The game is Dice Race (the engine's test game, ``tests/tiny_ruleset.py``): every shipped game's
cards name the spaces of its own board, so none can be played on a new four-space map. Its
markers stand on the space whose id is ``t0``, so the drawn space renamed ``t0`` carries them.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from shapely.geometry import Polygon
from tiny_ruleset import BonusCard

from engine.cli import main as epoch
from engine.scenario import adjacency
from engine.scenario.model import Card, ConnectionKind, Deck, Region, SpaceKind
from studio.app import main as studio
from studio.new_scenario_dialog import BLANK

LEFT = Qt.MouseButton.LeftButton


def test_a_three_region_map_drawn_from_nothing_undoes_redoes_saves_validates_and_plays(
        qtbot, window, tmp_path, capsys):
    window.run_dialog = lambda dialog: dialog.choose(BLANK, ruleset_id="dice-race", title="Three Lands") or True
    window.actions.new_scenario.trigger()
    mode, document = window.map_mode, window.documents.document
    board = document.scenario.board
    assert board.spaces == [] and mode.document is document
    texts = [document.text()]  # the file's text after each undo step, from the empty board

    def done(steps: int = 1) -> None:
        """Each action was exactly one undo step; remember the text it left."""
        assert document.undo_stack.count() == len(texts) - 1 + steps
        texts.append(document.text())

    viewport = mode.view.viewport()
    mode.view.setFocus()
    mode.grid_action.trigger()  # a grid of 10 units: clicks land on round numbers
    assert mode.grid() == 10

    def at(x: float, y: float):
        return mode.view.mapFromScene(QPointF(x, y))

    def draw(*corners: tuple[float, float]) -> str:
        mode.tool_actions["draw"].trigger()
        for corner in corners:
            qtbot.mouseClick(viewport, LEFT, pos=at(*corner))
        qtbot.keyClick(mode.view, Qt.Key.Key_Return)
        done()
        return mode.selection[0]

    def drag(tool: str, *points: tuple[float, float]) -> None:
        mode.tool_actions[tool].trigger()
        qtbot.mousePress(viewport, LEFT, pos=at(*points[0]))
        for point in points[1:]:
            qtbot.mouseMove(viewport, at(*point))
        qtbot.mouseRelease(viewport, LEFT, pos=at(*points[-1]))

    def space(space_id: str):
        return board.space(space_id)

    # Draw: a west square, an east square whose corners are clicked a few units off the west
    # one's (snapping to its corners puts them there exactly, before the grid would), and a
    # sea below with a gap of 30 units.
    west = draw((100, 100), (500, 100), (500, 500), (100, 500))
    east = draw((504, 103), (900, 100), (900, 500), (503, 497))
    assert space(east).polygon[0] == (500.0, 100.0) and space(east).polygon[-1] == (500.0, 500.0)
    sea = draw((100, 530), (900, 530), (900, 900), (100, 900))
    document.set_value(f"board.spaces[{sea}].kind", SpaceKind.SEA)  # what the properties panel does
    done()

    # Split the west square near its left edge, merge its larger part with the east square,
    # then split that across: three lands side by side.
    drag("split", (250, 60), (250, 300), (250, 515))
    done()
    strip = next(space_id for space_id in mode.selection if space_id != west)
    assert Polygon(space(strip).polygon).area == 150 * 400
    mode.select([west, east])
    mode.merge_action.trigger()
    done()
    assert Polygon(space(west).polygon).area == 650 * 400 and east not in {s.id for s in board.spaces}
    drag("split", (600, 60), (600, 300), (600, 515))
    done()
    third = next(space_id for space_id in mode.selection if space_id != west)
    lands = [strip, west, third]
    assert sorted(Polygon(space(s).polygon).area for s in lands) == [150 * 400, 300 * 400, 350 * 400]

    # Paint three regions (the regions panel's document commands) and name the first land t0.
    for number, (land, colour) in enumerate(zip(lands, ("#c0392b", "#2e8b57", "#2f5fb3"))):
        document.add("board.regions", Region(f"realm-{number}", f"Realm {number}", colour))
        done()
        document.set_value(f"board.spaces[{land}].region", f"realm-{number}")
        done()
    document.set_value(f"board.spaces[{strip}].id", "t0")
    done()
    lands[0] = "t0"

    # Derive adjacency from the borders and accept it whole, then draw a strait by hand.
    derived = adjacency.derive(board)
    change = adjacency.diff(board, derived)
    document.set_value("board.connections", [*change.kept, *change.added], "Accept adjacency")
    done()
    pairs = {(frozenset((c.a, c.b)), c.kind) for c in board.connections}
    assert (frozenset(("t0", west)), ConnectionKind.LAND) in pairs
    assert (frozenset((west, third)), ConnectionKind.LAND) in pairs
    assert all((frozenset((land, sea)), ConnectionKind.SEA) in pairs for land in lands)
    assert (frozenset(("t0", third)), ConnectionKind.LAND) not in pairs
    mode.choose_kind(ConnectionKind.STRAIT)
    drag("connect", (170, 300), (500, 300), (750, 300))
    done()
    strait = board.connections[-1]
    assert (strait.a, strait.b, strait.kind, strait.props) == ("t0", third, ConnectionKind.STRAIT, {"manual": True})
    assert mode.board.drawn_connections() == sorted((c.a, c.b, c.kind) for c in board.connections)

    # Undo every step back to the empty board, then redo every step: at each the file's text
    # is byte for byte what it was, and the board drawn follows.
    stack = document.undo_stack
    for index in range(len(texts) - 1, 0, -1):
        window.actions.undo.trigger()
        assert document.text() == texts[index - 1], f"undo to step {index - 1}"
    assert board.spaces == [] and not mode.board.spaces
    for index in range(1, len(texts)):
        window.actions.redo.trigger()
        assert document.text() == texts[index], f"redo to step {index}"
    assert stack.index() == len(texts) - 1
    assert sorted(mode.board.spaces) == sorted(s.id for s in board.spaces)
    assert mode.board.drawn_connections() == sorted((c.a, c.b, c.kind) for c in board.connections)

    # Dice Race draws bonus cards: a deck for it, then save, validate and play.
    document.add("decks", Deck("bonus", "Bonus", [Card("b1", "One more", BonusCard(1)),
                                                  Card("b2", "Two more", BonusCard(2))]))
    target = tmp_path / "three-lands.json"
    window.ask_path = lambda *args, **kwargs: target
    assert window.save_as()
    assert target.read_text() == document.text() and not window.isWindowModified()
    assert epoch(["validate", str(target)]) == 0
    assert "ok" in capsys.readouterr().out
    picture = tmp_path / "three-lands.png"  # epoch-studio --screenshot OUT.png --mode map FILE
    assert studio(["--screenshot", str(picture), "--mode", "map", str(target)]) == 0
    assert QImage(str(picture)).width() > 0

    def two_bots(dialog) -> bool:  # Play ▸ Playtest This Scenario, filled in as a designer would
        dialog.players.setValue(2)
        for choice in dialog.controllers[:2]:
            choice.setCurrentIndex(choice.findData("random"))
        dialog.seed.setValue(7)
        return True

    window.run_dialog = two_bots
    window.actions.new_playtest.trigger()
    assert window.mode is window.playtest_mode
    playtest_board = window.playtest_mode.board
    assert sorted(playtest_board.spaces) == sorted(s.id for s in board.spaces)
    assert "t0" in playtest_board.drawn_markers()  # both seats' markers start on the drawn t0
    session = window.playtest.session
    for _ in range(6):
        window.actions.step.trigger()
    assert session.step.depth == 6  # six steps played by the bots and chance on the drawn map
