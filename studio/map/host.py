"""What the map tools and panels need of the Map mode they work in (``MapHost``): the board,
the view, the editor and its overlay, the selection, snapping, and the window. They know the
mode only through it, so they never import ``modes/map_mode.py``, which builds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QDockWidget

    from studio.board.scene import BoardScene
    from studio.board.view import BoardView
    from studio.host import Window
    from studio.map.editing import MapEditor
    from studio.map.geometry import Point
    from studio.map.overlay import EditorOverlay

T = TypeVar("T")


class MapHost(Protocol):
    window: Window
    board: BoardScene | None
    view: BoardView
    editor: MapEditor | None
    overlay: EditorOverlay | None
    selection: list[str]
    docks: dict[str, QDockWidget]
    tool: object  # the tool in use (``tools.Tool``)

    def pixel(self) -> float:
        """Board units per screen pixel at the view's zoom."""

    def space_at(self, point: QPointF) -> str | None: ...

    def spaces_near(self, point: QPointF, reach: float | None = None) -> set[str]: ...

    def snapped(self, point: QPointF, ignore: frozenset[Point] = frozenset(),
                moving: frozenset[str] = frozenset()) -> Point: ...

    def show_snap(self, point: QPointF) -> None: ...

    def hide_snap(self) -> None: ...

    def overlay_changed(self, **marks: object) -> None: ...

    def select(self, space_ids: list[str]) -> None: ...

    def choose_corners(self, corners: set[tuple[str, int]]) -> None: ...

    def attempt(self, edit: Callable[[], T]) -> T | None:
        """Run an edit; one that cannot be done says why and changes nothing."""

    def split_along(self, line: list[Point]) -> None: ...

    def end_key_run(self) -> None: ...
