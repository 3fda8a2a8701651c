"""A headless simulation plays millions of moves whose log nobody reads, so a ruleset gives
its log lines as words made when read (``engine/core/text.py``): ``("{} takes {}", who, what)``,
never an f-string formatted at every step (issue 8: labels and log texts are built only when
something reads them)."""

from __future__ import annotations

import ast
from pathlib import Path

RULESETS = Path(__file__).resolve().parents[3] / "engine" / "rulesets"


def formatted_log_lines(path: Path) -> list[int]:
    """The lines where ``Event(...)`` is given text formatted on the spot."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Event" and node.args):
            continue
        text = node.args[0]
        if isinstance(text, ast.JoinedStr) and any(isinstance(part, ast.FormattedValue) for part in text.values):
            found.append(node.lineno)
    return found


def test_no_ruleset_formats_a_log_line_nobody_may_read():
    found = [f"{path.relative_to(RULESETS)}:{line}" for path in sorted(RULESETS.rglob("*.py"))
             for line in formatted_log_lines(path)]
    assert found == []


def test_the_check_finds_an_f_string_log_line(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text('log.append(Event(f"{who} takes {what}"))\nlog.append(Event(("{} takes {}", who, what)))\n')
    assert formatted_log_lines(source) == [1]
