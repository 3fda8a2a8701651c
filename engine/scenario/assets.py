"""A scenario's own files (its background, card art, layout images) carried along when it is
saved into another folder, since the file names them relative to itself.

A scenario started before its first save keeps its files in a folder of its own; the first
save, like a Save As elsewhere, copies them beside the new file, so nothing it shows is left
behind and no reference breaks.
"""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

from engine.scenario.atomic import replacing
from engine.scenario.games import GameLookup
from engine.scenario.io import scenario_to_data
from engine.scenario.model import Scenario
from engine.scenario.references import asset_paths


def carry_assets(scenario: Scenario, games: GameLookup, source: Path, target: Path) -> list[str]:
    """Copy every asset the scenario names from the folder ``source`` into ``target`` (same
    relative paths) and return those copied. A file missing at the source stays a problem of
    the scenario; a different file already at the target is never overwritten: FileExistsError,
    before anything is copied."""
    if source.resolve() == target.resolve():
        return []
    ruleset = games(scenario.ruleset.id)
    names = asset_paths(scenario_to_data(scenario, games), ruleset.card_type_map() if ruleset else {})
    moves = [(source / name, target / name) for name in names if (source / name).is_file()]
    for old, new in moves:
        if new.exists() and not filecmp.cmp(old, new, shallow=False):
            raise FileExistsError(f"{new} already exists and is another file than the scenario's "
                                  f"{new.relative_to(target)}; choose another folder or move it away")
    copied = []
    for old, new in moves:
        if new.exists():
            continue
        new.parent.mkdir(parents=True, exist_ok=True)
        with replacing(new) as temporary:
            shutil.copyfile(old, temporary)
        copied.append(str(new.relative_to(target)))
    return copied
