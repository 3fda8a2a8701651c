"""The engine stays headless: nothing under engine/ may import PySide6 or the studio."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).parents[1] / "engine"
FORBIDDEN = {"PySide6", "shiboken6", "studio"}


def imported_roots(source: str) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in {
            "__import__",
            "import_module",
        }:
            roots |= {arg.value.split(".")[0] for arg in node.args if isinstance(arg, ast.Constant)}
    return roots


def test_no_engine_module_imports_qt_or_the_studio():
    offenders = {
        str(path.relative_to(ENGINE.parent)): sorted(imported_roots(path.read_text()) & FORBIDDEN)
        for path in ENGINE.rglob("*.py")
    }
    assert {path: roots for path, roots in offenders.items() if roots} == {}


def test_the_check_catches_every_import_form():
    source = "import PySide6.QtCore\nfrom studio.app import main\nimportlib.import_module('shiboken6')\n"
    assert imported_roots(source) == {"PySide6", "studio", "shiboken6"}
