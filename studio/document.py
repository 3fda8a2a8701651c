"""One open scenario: its data, where it lives, and the undo stack every edit goes through.

Views never change the scenario themselves: they ask the document, which pushes an undo
command, and listen to its signals. A signal names the object that changed (a space, a card),
so a view updates that object's items and nothing else; when spaces or connections come and
go, the signal carries the very objects added and removed, so a view of a 5,000-space board
touches those few and never compares the whole list.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from engine.rulesets.registry import get_ruleset
from engine.scenario.assets import carry_assets
from engine.scenario.io import (
    save_scenario,
    scenario_from_data,
    scenario_text,
    scenario_to_data,
)
from engine.scenario.model import Scenario
from engine.scenario.paths import (
    after_rename,
    current_value,
    get_list,
    get_value,
    parse,
    set_value,
)
from engine.scenario.problems import Problem
from studio.commands import (
    AddItem,
    Group,
    MoveItem,
    RemoveItem,
    ReplaceItems,
    SetValues,
    items_replaced,
)

ITEM_LISTS = ("board.spaces", "board.connections")  # whose signals say which items came and went


class ScenarioDocument(QObject):
    changed = Signal(str)  # the path of every value or list that changed
    space_changed = Signal(str)  # a space's own values (its current id)
    space_renamed = Signal(str, str)  # old id, new id
    spaces_changed = Signal(list, list)  # the spaces added and the spaces removed (the objects)
    regions_changed = Signal()  # any region (its colour changes how spaces look)
    connections_changed = Signal(list, list)  # the connections added and removed (one changed in place: both)
    board_changed = Signal()  # the board's own values: size, background
    card_changed = Signal(str, str)  # deck id, card id
    deck_changed = Signal(str)  # a deck's own values or its list of cards
    decks_changed = Signal()  # decks added, removed or reordered
    path_changed = Signal()

    def __init__(self, scenario: Scenario, path: Path | None = None, base_dir: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.path = path
        self.base_dir = path.parent if path is not None else base_dir
        self.undo_stack = QUndoStack()  # owned by this object in Python, so it lives exactly as long
        self._group: list[QUndoCommand] | None = None

    # -- what it is ------------------------------------------------------------------------

    def name(self) -> str:
        return self.path.name if self.path is not None else f"Untitled ({self.scenario.meta.title})"

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def value(self, path: str) -> Any:
        return get_value(self.scenario, path)

    def text(self) -> str:
        """The canonical file text of the scenario as it stands."""
        return scenario_text(self.scenario, get_ruleset)

    def problems(self) -> list[Problem]:
        """Every problem the file would show if it were saved and opened now."""
        _, problems = scenario_from_data(scenario_to_data(self.scenario, get_ruleset), self.base_dir, get_ruleset)
        return problems

    # -- editing (each call is one undo step, or part of the current group) --------------

    def push(self, command: QUndoCommand) -> None:
        if self._group is not None:
            command.redo()
            self._group.append(command)
        else:
            self.undo_stack.push(command)

    def set_value(self, path: str, value: Any, text: str | None = None, merge_key: str | None = "edit") -> None:
        self.set_values({path: value}, text or f"Change {_field_name(path)}", merge_key)

    def set_values(self, values: Mapping[str, Any], text: str, merge_key: str | None = None) -> None:
        """Several values changed by one action (a shared vertex in every space that has it)."""
        changes = [(path, current_value(self.scenario, path), value) for path, value in values.items()]
        changes = [(path, old, new) for path, old, new in changes if old != new]
        if len(changes) == 1 and changes[0][0] in ITEM_LISTS:  # a merge's connections, all at once
            self.push(ReplaceItems(self, *changes[0], text))
        elif changes:
            self.push(SetValues(self, changes, text, merge_key))

    def add(self, list_path: str, item: Any, index: int | None = None, text: str | None = None) -> None:
        items = get_list(self.scenario, list_path)
        where = len(items) if index is None else index
        self.push(AddItem(self, list_path, where, item, text or f"Add {_item_name(item)}"))

    def remove(self, list_path: str, key: str, text: str | None = None) -> None:
        self.push(RemoveItem(self, list_path, key, text or f"Remove {key}"))

    def move(self, list_path: str, source: int, target: int, text: str = "Reorder") -> None:
        if source != target:
            self.push(MoveItem(self, list_path, source, target, text))

    @contextmanager
    def group(self, text: str) -> Iterator[None]:
        """Make every edit inside one undo step: ``with document.group("Split Gaul"): ...``.
        An error inside takes back what the group did and is raised again."""
        if self._group is not None:  # an inner group is part of the outer one
            yield
            return
        self._group = commands = []
        try:
            yield
        except BaseException:
            for command in reversed(commands):
                command.undo()
            raise
        finally:
            self._group = None
        if commands:
            self.undo_stack.push(Group(text, commands))

    # -- saving ----------------------------------------------------------------------------

    def save(self, path: Path | None = None) -> None:
        """Atomic and canonical (the engine's save), with the scenario's own files copied along
        when it moves to another folder; raises OSError and changes nothing then."""
        target = path or self.path
        if target is None:
            raise ValueError("an untitled scenario needs a path to be saved")
        if self.base_dir is not None:  # its background and art go where it goes
            carry_assets(self.scenario, get_ruleset, self.base_dir, target.parent)
        save_scenario(self.scenario, target, get_ruleset)
        self.undo_stack.setClean()
        if target != self.path:
            self.path, self.base_dir = target, target.parent
            self.path_changed.emit()

    # -- what the commands call ------------------------------------------------------------

    def apply_values(self, values: list[tuple[str, Any]]) -> None:
        """Write several values, then tell the views once per object changed: a corner shared
        by four spaces and their labels is four space changes, not eight."""
        written = []
        for path, value in values:
            old = set_value(self.scenario, path, value)
            new_path = after_rename(path, value)
            if new_path != path and path.startswith("board.spaces["):
                self.space_renamed.emit(old, value)
            written.append((new_path, old, value))
        told: set[tuple[str, ...]] = set()
        for path, old, value in written:
            if path in ITEM_LISTS or path.startswith("board.connections["):
                self._announce(path, told, *items_replaced(old, value))
            else:
                self._announce(path, told)

    def apply_items(self, list_path: str, items: list[Any], added: list[Any], removed: list[Any]) -> None:
        """Put ``items`` at ``list_path`` in place of the list there, which they differ from
        by ``added`` and ``removed``."""
        set_value(self.scenario, list_path, items)
        self._announce(list_path, None, added, removed)

    def apply_insert(self, list_path: str, index: int, item: Any) -> None:
        get_list(self.scenario, list_path).insert(index, item)
        self._announce(list_path, None, [item], [])

    def apply_remove(self, list_path: str, index: int) -> Any:
        item = get_list(self.scenario, list_path).pop(index)
        self._announce(list_path, None, [], [item])
        return item

    def _announce(self, path: str, told: set[tuple[str, ...]] | None = None, added: list[Any] | None = None,
                  removed: list[Any] | None = None) -> None:
        """Tell the views which object changed, by the first steps of the path (each object
        once per batch of values: ``told`` holds those already told). ``added`` and ``removed``
        are the items a list gained and lost, or the new and old item written at an item's path."""
        steps = parse(path)
        names = [name for _, name in steps]
        if names[:2] == ["board", "spaces"] and len(steps) > 2 and told is not None:
            if ("space", names[2]) in told:
                self.changed.emit(path)
                return
            told.add(("space", names[2]))
        if names[:2] == ["board", "spaces"]:
            if len(steps) > 2:
                self.space_changed.emit(get_value(self.scenario, _prefix(steps, 3)).id)
            else:
                self.spaces_changed.emit(added or [], removed or [])
        elif names[:2] == ["board", "regions"]:
            self.regions_changed.emit()
        elif names[:2] == ["board", "connections"]:
            if len(steps) > 3:  # a connection changed in place: drawn again
                connection = get_value(self.scenario, _prefix(steps, 3))
                self.connections_changed.emit([connection], [connection])
            else:
                self.connections_changed.emit(added or [], removed or [])
        elif names[:1] == ["board"]:
            self.board_changed.emit()
        elif names[:1] == ["decks"]:
            if len(steps) == 1:
                self.decks_changed.emit()
            elif len(steps) > 3 and names[2] == "cards":
                self.card_changed.emit(names[1], get_value(self.scenario, _prefix(steps, 4)).id)
            else:
                self.deck_changed.emit(get_value(self.scenario, _prefix(steps, 2)).id)
        self.changed.emit(path)


def _prefix(steps: list[tuple[str, str]], count: int) -> str:
    text = ""
    for kind, name in steps[:count]:
        text = f"{text}[{name}]" if kind == "key" else (f"{text}.{name}" if text else name)
    return text


def _field_name(path: str) -> str:
    return parse(path)[-1][1].replace("_", " ")


def _item_name(item: Any) -> str:
    return str(getattr(item, "name", None) or getattr(item, "id", None) or type(item).__name__.lower())
