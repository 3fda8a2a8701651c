"""The engine's and the studio's floors, the games' independence and the headless engine are
import-linter contracts in pyproject.toml; this runs them, and shows on a planted package that
each kind of breach is caught."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"]


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the contracts in ``root``'s pyproject.toml, importing from ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [*LINT, "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False,
    )


def test_the_engine_keeps_every_contract():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


def plant(root: Path, files: dict[str, str]) -> None:
    """A minimal engine and studio with this repository's contracts and the given modules."""
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    packages = ["engine", "studio", "engine/rulesets/game_a", "engine/rulesets/game_b", "engine/rulesets/shared"]
    packages += [f"engine/{p.name}" for p in (ROOT / "engine").iterdir() if (p / "__init__.py").exists()]
    packages += [f"studio/{p.name}" for p in (ROOT / "studio").iterdir() if (p / "__init__.py").exists()]
    for package in packages:
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / "__init__.py").write_text("")
    for package in ("engine", "studio"):
        for module in (ROOT / package).glob("*.py"):
            (root / package / module.name).write_text("")
    (root / "engine/rulesets/registry.py").write_text('SHIPPED = {"a": "engine.rulesets.game_a:A", "b": "engine.rulesets.game_b:B"}\n')
    for name, text in files.items():
        (root / name).write_text(text)


def test_a_clean_planted_engine_passes(tmp_path):
    plant(tmp_path, {"engine/play/session.py": "import engine.core\nimport engine.bots\nimport engine.rulesets.registry\n",
                     "engine/rulesets/game_a/map.py": "import engine.rulesets.shared\n"})
    result = lint(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_upward_import_breaks_the_floors(tmp_path):
    plant(tmp_path, {"engine/scenario/io.py": "from engine.rulesets import registry\n"})
    result = lint(tmp_path)
    assert result.returncode == 1
    assert "engine.scenario.io -> engine.rulesets.registry" in result.stdout


def test_the_core_may_not_reach_the_bots(tmp_path):
    plant(tmp_path, {"engine/core/session.py": "import engine.bots\n"})
    assert "engine.core.session -> engine.bots" in lint(tmp_path).stdout


def test_one_game_importing_another_breaks_their_independence(tmp_path):
    plant(tmp_path, {"engine/rulesets/game_a/rules.py": "from engine.rulesets.game_b import x\n"})
    result = lint(tmp_path)
    assert result.returncode == 1
    assert "engine.rulesets.game_a.rules -> engine.rulesets.game_b" in result.stdout


def test_a_registry_importing_a_game_breaks_the_independence(tmp_path):
    """The registry names the games as text and imports one when asked: importing them all
    at the top cost every command its start-up (issue 27)."""
    plant(tmp_path, {"engine/rulesets/registry.py": "import engine.rulesets.game_a\n"})
    result = lint(tmp_path)
    assert result.returncode == 1
    assert "engine.rulesets.registry -> engine.rulesets.game_a" in result.stdout


def test_qt_or_the_studio_in_the_engine_is_forbidden(tmp_path):
    plant(tmp_path, {"engine/core/picture.py": "import PySide6.QtCore\n",
                     "engine/scenario/model.py": "from studio import app\n"})
    out = lint(tmp_path).stdout
    assert "engine.core.picture -> PySide6" in out
    assert "engine.scenario.model -> studio" in out


def test_a_mode_importing_the_window_breaks_the_studios_floors(tmp_path):
    """A mode knows the window only through ``host.Window`` (issue 27): naming ``MainWindow``,
    even for a type, draws a circle."""
    plant(tmp_path, {"studio/modes/map_mode.py": "from studio.main_window import MainWindow\n",
                     "studio/commands.py": "import studio.document\n"})
    out = lint(tmp_path).stdout
    assert "studio.modes.map_mode -> studio.main_window" in out
    assert "studio.commands -> studio.document" in out
