"""The studio's window comes up without what only a menu action needs (issue 27): the
balance runs, tracing (scikit-image, Pillow), SVG exchange, plots and spreadsheets are
imported when asked for. numpy and shapely stay: the map check runs as a file opens."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
ON_DEMAND = ("skimage", "PIL", "svgelements", "matplotlib", "openpyxl", "engine.balance", "studio.balance",
             "engine.scenario.tracing", "engine.scenario.svg", "engine.rulesets.")


def test_the_main_window_imports_nothing_a_menu_action_alone_needs():
    probe = "import json, sys, studio.main_window\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False,
                            timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-3000:]
    modules = json.loads(result.stdout.splitlines()[-1])
    assert [m for m in modules if m.startswith(ON_DEMAND) and m != "engine.rulesets.registry"] == []
