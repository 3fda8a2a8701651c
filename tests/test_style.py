"""The code follows ruff's default rules (with the project's settings in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_ruff_finds_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--output-format", "concise", "."],
        check=False,
        cwd=Path(__file__).parents[1],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
