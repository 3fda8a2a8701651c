"""``epoch validate``, ``info``, ``cards export|import``, ``export``, ``map adjacency`` and
``schema``: the commands that read a scenario and report on it or turn it into a file."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from engine.cli.progress import progress_bar, updater
from engine.core.text import plural
from engine.export.names import refuse_existing
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_draft, load_scenario, source_name
from engine.scenario.model import SpaceKind
from engine.scenario.problems import ScenarioError


def validate(args: argparse.Namespace) -> int:
    """Every file is checked, whatever the one before it did."""
    failed = False
    with progress_bar(len(args.files), "validate", "file") as bar:
        for file in args.files:
            try:
                load_scenario(file, get_ruleset)
                bar.write(f"{source_name(file)}: ok", file=sys.stdout)
            except ScenarioError as error:
                failed = True
                bar.write("\n".join(error.lines()), file=sys.stdout)
            except (OSError, ValueError, RuntimeError) as error:
                failed = True
                bar.write(f"{source_name(file)}: {error}", file=sys.stdout)
            bar.update()
    return 1 if failed else 0


def info(args: argparse.Namespace) -> int:
    """A draft is summarised too: what it has, and how many problems `validate` would list."""
    scenario, problems = load_draft(args.file, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    board = scenario.board
    kinds = Counter(space.kind.value for space in board.spaces)
    print(f"{scenario.meta.title} (version {scenario.meta.version})")
    if scenario.meta.author:
        print(f"by {scenario.meta.author}")
    if ruleset is None:
        print(f"ruleset: unknown [{scenario.ruleset.id}]")
    else:
        print(f"ruleset: {ruleset.title} [{ruleset.id}], {ruleset.min_players}-{ruleset.max_players} players")
    print(f"board: {len(board.regions)} regions, {len(board.spaces)} spaces "
          f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), {len(board.connections)} connections")
    for deck in scenario.decks:
        print(f"deck {deck.id}: {deck.name}, {len(deck.cards)} cards")
    print(f"seats: {', '.join(seat.name for seat in scenario.seats)}")
    print(f"provisional values: {len(scenario.meta.provisional)}")
    if problems:
        print(f"a draft: {plural(len(problems), 'problem')} (epoch validate lists them)")
    return 0


def cards_export(args: argparse.Namespace) -> int:
    from engine.scenario.card_sheet import card_types_of, deck_table, write_sheet
    from engine.scenario.io import parse_json, read_text

    scenario = load_scenario(args.scenario, get_ruleset)
    raw, _ = parse_json(read_text(Path(args.scenario)))
    deck = next((d for d in raw["decks"] if d["id"] == args.deck), None)
    if deck is None:
        raise ValueError(f"no deck {args.deck!r} in {args.scenario} (decks: {', '.join(d.id for d in scenario.decks)})")
    types = card_types_of(get_ruleset(scenario.ruleset.id).card_type_map(), deck)
    header, rows = deck_table(deck, types)
    refuse_existing([Path(args.out)], args.force)
    write_sheet(Path(args.out), header, rows)
    print(f"wrote {args.out}: {len(rows)} cards, {len(header)} columns")
    return 0


def cards_import(args: argparse.Namespace) -> int:
    from engine.scenario.card_sheet import import_sheet, read_sheet
    from engine.scenario.io import parse_json, read_text, save_scenario

    scenario = load_scenario(args.scenario, get_ruleset)
    raw, _ = parse_json(read_text(Path(args.scenario)))
    header, rows = read_sheet(Path(args.file))
    ruleset = get_ruleset(scenario.ruleset.id)
    result = import_sheet(raw, args.deck, header, rows, ruleset.card_type_map(), Path(args.scenario).parent,
                          get_ruleset)
    for problem in result.problems:
        print(f"{args.file}: {problem}")
    if result.problems:
        return 1
    for change in result.changes:
        fields = f": {', '.join(change.fields)}" if change.fields else ""
        print(f"  {change.kind} {change.card}{fields}")
    if not result.changes:
        print(f"{args.file}: no change to deck {args.deck}")
        return 0
    if not args.apply:
        print(f"{len(result.changes)} cards would change; nothing written (add --apply to write {args.scenario})")
        return 0
    save_scenario(result.scenario, args.scenario, get_ruleset)
    print(f"wrote {args.scenario}: {len(result.changes)} cards changed")
    return 0


def export(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, get_ruleset)
    if args.format == "tts":
        from engine.export.tabletop_simulator import export_tts

        with progress_bar(0, "tts", "image") as bar:
            path = export_tts(scenario, Path(args.out), args.base_url, args.force, updater(bar))
        print(f"wrote {path}")
    else:
        from engine.export.vassal import export_vassal

        with progress_bar(0, "vassal", "card") as bar:
            path = export_vassal(scenario, Path(args.out), args.force, updater(bar))
        print(f"wrote {path}")
    return 0


def schema(args: argparse.Namespace) -> int:
    from engine.play.playtest_file import playtest_schema, playtest_schema_files
    from engine.scenario.atomic import write_atomic
    from engine.scenario.schema import scenario_schema, schema_files, schema_text

    chosen = rulesets()
    if args.ruleset is not None:
        chosen = [ruleset for ruleset in chosen if ruleset.id == args.ruleset]
        if not chosen:
            raise ValueError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(r.id for r in rulesets())})")
    if args.write is None:
        print(schema_text(playtest_schema(chosen) if args.playtest else scenario_schema(chosen)), end="")
        return 0
    folder = Path(args.write)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{folder} is a file, not a folder to write the schemas into")
    folder.mkdir(parents=True, exist_ok=True)
    for name, schema in {**schema_files(chosen), **playtest_schema_files(chosen)}.items():
        write_atomic(Path(args.write) / name, schema_text(schema))
        print(f"wrote {Path(args.write) / name}")
    return 0


def _tolerances(values: list[str]) -> dict[str, float]:
    """``land-sea=30`` pairs; the kinds are put in the same order as the defaults'."""
    from engine.scenario.adjacency import TOLERANCE_MAX

    tolerances = {}
    for value in values:
        pair, _, number = value.partition("=")
        kinds = pair.split("-")
        try:
            tolerances["-".join(sorted(SpaceKind(kind).value for kind in kinds))] = float(number)
        except ValueError:
            raise ValueError(f"--tolerance {value}: expected KIND-KIND=PX, e.g. land-sea=30") from None
        if len(kinds) != 2:
            raise ValueError(f"--tolerance {value}: expected two kinds, e.g. land-sea=30")
        if not 0 <= float(number) <= TOLERANCE_MAX:  # NaN fails too
            raise ValueError(f"--tolerance {value}: a gap of 0 to {TOLERANCE_MAX:g} board units")
    return tolerances


def map_adjacency(args: argparse.Namespace) -> int:
    """Works on a map in progress: the borders are all it reads."""
    from engine.scenario import adjacency  # shapely and numpy, for this command alone

    scenario, _ = load_draft(args.scenario, get_ruleset)
    board = scenario.board
    tolerances = _tolerances(args.tolerance or [])
    with progress_bar(1, "adjacency", "pass") as bar:  # one vectorised pass: the bar says it runs, and when it ends
        found = adjacency.diff(board, adjacency.derive(board, tolerances))
        bar.update(1)
    groups = {"added": found.added, "removed": found.removed, "kept": found.kept}
    if args.json:
        print(json.dumps({name: [{"a": c.a, "b": c.b, "kind": c.kind.value, "manual": adjacency.is_manual(c)}
                                 for c in connections] for name, connections in groups.items()}, indent=2))
        return 0
    names = {space.id: space.name for space in board.spaces}
    for name, connections in groups.items():
        print(f"{name}: {len(connections)}")
        if name != "kept":
            for c in connections:
                print(f"  {c.kind.value}: {names.get(c.a, c.a)} – {names.get(c.b, c.b)}")
    return 0
