"""The undo commands every editor uses: set values, add, remove and move list items, groups.

Commands address values by path (``board.spaces[gaul].terrain``) and resolve the path each
time they run. Because the undo stack replays strictly in order, a path is always valid when
its command runs, even after a rename: a command made before it runs before it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QUndoCommand

from engine.scenario.paths import after_rename, get_list, index_in

if TYPE_CHECKING:
    from engine.scenario.model import Scenario

SET_VALUES_ID = 1


class Target(Protocol):
    """What a command changes: the document's scenario, through the writes that tell its views
    (``document.ScenarioDocument``, which pushes the commands, has them; commands never import it)."""

    scenario: Scenario

    def apply_values(self, values: list[tuple[str, Any]]) -> None: ...

    def apply_items(self, list_path: str, items: list[Any], added: list[Any], removed: list[Any]) -> None: ...

    def apply_insert(self, list_path: str, index: int, item: Any) -> None: ...

    def apply_remove(self, list_path: str, index: int) -> Any: ...


class SetValues(QUndoCommand):
    """New values at one or more paths, swapped with the old on undo.

    Consecutive commands with the same ``merge_key`` over the same paths become one undo step
    (typing in a field, one drag, a run of arrow-key nudges), as Tiled's ChangeValue does; a
    merged command whose values are back where they started disappears from the stack.
    """

    def __init__(self, document: Target, changes: Sequence[tuple[str, Any, Any]], text: str,
                 merge_key: str | None = None) -> None:
        super().__init__(text)
        self.document = document
        self.changes = list(changes)  # (path, old, new)
        self.merge_key = merge_key

    def id(self) -> int:
        return SET_VALUES_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetValues) or other.merge_key != self.merge_key:
            return False
        if [path for path, _, _ in other.changes] != [path for path, _, _ in self.changes]:
            return False
        self.changes = [(path, old, new) for (path, old, _), (_, _, new) in zip(self.changes, other.changes,
                                                                                 strict=True)]
        self.setObsolete(all(old == new for _, old, new in self.changes))
        return True

    def redo(self) -> None:
        self.document.apply_values([(path, new) for path, _, new in self.changes])

    def undo(self) -> None:
        self.document.apply_values([(after_rename(path, new), old) for path, old, new in reversed(self.changes)])


class ReplaceItems(QUndoCommand):
    """A whole list of spaces or connections replaced by another (a merge's connections, a
    deletion's). The items one has and the other lacks are found once, here, so an undo or
    redo tells the views just those: on 10,000 connections, comparing the lists costs more
    than the rest of a merge's undo."""

    def __init__(self, document: Target, list_path: str, old: list[Any], new: list[Any],
                 text: str) -> None:
        super().__init__(text)
        self.document, self.list_path, self.old, self.new = document, list_path, old, new
        self.added, self.removed = items_replaced(old, new)

    def redo(self) -> None:
        self.document.apply_items(self.list_path, self.new, self.added, self.removed)

    def undo(self) -> None:
        self.document.apply_items(self.list_path, self.old, self.removed, self.added)


def items_replaced(old: Any, new: Any) -> tuple[list[Any], list[Any]]:
    """The items written and the items taken out when ``new`` replaced ``old``: for two lists,
    those in one and not the other, by identity, in list order; for anything else, the new
    value and the old."""
    if not (isinstance(old, list) and isinstance(new, list)):
        return [new], [old]
    before, after = set(map(id, old)), set(map(id, new))
    return [item for item in new if id(item) not in before], [item for item in old if id(item) not in after]


class AddItem(QUndoCommand):
    """An item inserted into a list (a space, a region, a connection, a card)."""

    def __init__(self, document: Target, list_path: str, index: int, item: Any, text: str) -> None:
        super().__init__(text)
        self.document, self.list_path, self.index, self.item = document, list_path, index, item

    def redo(self) -> None:
        self.document.apply_insert(self.list_path, self.index, self.item)

    def undo(self) -> None:
        self.document.apply_remove(self.list_path, self.index)


class RemoveItem(QUndoCommand):
    """An item taken out of its list; undo puts the very same object back where it was."""

    def __init__(self, document: Target, list_path: str, key: str, text: str) -> None:
        super().__init__(text)
        self.document, self.list_path = document, list_path
        self.index = index_in(get_list(document.scenario, list_path), key, list_path)
        self.item: Any = None

    def redo(self) -> None:
        self.item = self.document.apply_remove(self.list_path, self.index)

    def undo(self) -> None:
        self.document.apply_insert(self.list_path, self.index, self.item)


class MoveItem(QUndoCommand):
    """An item moved to another place in its list (reordering cards or spaces)."""

    def __init__(self, document: Target, list_path: str, source: int, target: int, text: str) -> None:
        super().__init__(text)
        self.document, self.list_path, self.source, self.target = document, list_path, source, target

    def redo(self) -> None:
        self.document.apply_insert(self.list_path, self.target, self.document.apply_remove(self.list_path,
                                                                                           self.source))

    def undo(self) -> None:
        self.document.apply_insert(self.list_path, self.source, self.document.apply_remove(self.list_path,
                                                                                           self.target))


class Group(QUndoCommand):
    """Several commands that are one user action. They ran as they were made; the first redo
    (QUndoStack.push calls it) is therefore skipped."""

    def __init__(self, text: str, commands: list[QUndoCommand]) -> None:
        super().__init__(text)
        self.commands = commands
        self._ran = True

    def redo(self) -> None:
        if self._ran:
            self._ran = False
            return
        for command in self.commands:
            command.redo()

    def undo(self) -> None:
        for command in reversed(self.commands):
            command.undo()
