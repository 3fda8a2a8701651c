"""Option sweeps: the same seeded games under several values of ruleset options and scenario
values, and which of them move balance most.

A variant is a set of ``--set`` changes (``engine/scenario/overrides.py``): a ruleset option
(``coin_supply``), an empire card's armies (``decks[empires].cards[e1-sumerians].data.armies``),
a technology's price. ``--vary`` gives a path several values and the variants are every
combination; ``provisional_varies`` proposes, for each single number the scenario lists in
``meta.provisional``, the guess one step down and one step up. Every variant plays the same
game seeds, so a difference between variants is the change, not the dice.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from engine.balance.bootstrap import Difference, Shares, paired_difference, shares
from engine.balance.figures import GameRecord
from engine.balance.run import Plan, load_planned, run
from engine.balance.summary import Summary, csv_text, summarise
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, scenario_to_data
from engine.scenario.locate import quoted
from engine.scenario.overrides import parse_assignment
from engine.scenario.problems import ScenarioError

Overrides = tuple[tuple[str, Any], ...]


# Each variant plays every game of the plan: past this a sweep is a week's run (or a typo).
MOST_VARIANTS = 256


def parse_vary(text: str) -> tuple[str, tuple[Any, ...]]:
    """``PATH=V1,V2,...``: each value JSON where it reads as JSON (``[1, 2]`` stays one
    value), else text."""
    path, equals, values = text.partition("=")
    if not equals or not path.strip() or not values.strip():
        raise ValueError(f"--vary {quoted(text)}: write PATH=V1,V2,..., e.g. coin_supply=0,10,20")
    try:
        parsed = json.loads(f"[{values}]")
    except (ValueError, RecursionError):
        parsed = [parse_assignment(f"{path}={value}")[1] for value in _split(values)]
    if len(parsed) < 2:
        raise ValueError(f"--vary {quoted(text)}: give at least two values to compare, separated by commas")
    return path.strip(), tuple(parsed)


def _split(values: str) -> list[str]:
    """Values at the top level of a comma-separated list (commas inside [] or {} stay)."""
    parts, depth, current = [], 0, ""
    for character in values:
        if character == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += character in "[{"
        depth -= character in "]}"
        current += character
    return [*parts, current.strip()]


def grid(varies: Sequence[tuple[str, Sequence[Any]]], fixed: Overrides = ()) -> list[Overrides]:
    """Every combination of the varied values, each after the fixed ``--set`` changes."""
    paths = [path for path, _ in varies]
    return [fixed + tuple(zip(paths, values, strict=True))
            for values in itertools.product(*(values for _, values in varies))]


def one_at_a_time(varies: Sequence[tuple[str, Sequence[Any]]], fixed: Overrides = ()) -> list[Overrides]:
    """The file as it is, then each path at each of its values with every other path as the
    file has it: for many paths, where a full grid would be too many games."""
    return [fixed, *(fixed + ((path, value),) for path, values in varies for value in values)]


_WILDCARD = re.compile(r"\[\*\]")
_PART = re.compile(r"\.?([^.\[\]]+)|\[([^\[\]]*)\]")


def value_at(data: Any, path: str) -> Any:
    """The value a path names in a scenario as JSON data (``board.spaces[gaul].props.wall``:
    list items by id or number); KeyError when it names nothing."""
    value = data
    for match in _PART.finditer(path):
        key = match.group(1) if match.group(1) is not None else match.group(2)
        if isinstance(value, list):
            found = [item for item in value if isinstance(item, dict) and item.get("id") == key]
            if not found and not (key.isdigit() and int(key) < len(value)):
                raise KeyError(key)
            value = found[0] if found else value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            raise KeyError(key)
    return value


def provisional_varies(scenario_path: str, step: float) -> tuple[list[tuple[str, tuple[Any, ...]]], list[str]]:
    """For every ``meta.provisional`` entry that names one number: its value one ``step``
    down and one up (whole numbers stay whole, none below 0). The entries skipped, each with
    why, come second: a wildcard, a whole list or object, text, a flag."""
    scenario = load_scenario(scenario_path, get_ruleset)
    data = scenario_to_data(scenario, get_ruleset)  # the ruleset's defaults filled in
    varies, skipped, seen = [], [], set()
    for entry in scenario.meta.provisional:
        path = entry.path
        if path in seen:
            continue
        seen.add(path)
        if _WILDCARD.search(path):
            skipped.append(f"{path}: names many values")
            continue
        try:
            value = value_at(data, path)
        except KeyError:
            skipped.append(f"{path}: names nothing in the scenario")
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            skipped.append(f"{path}: not a single number")
            continue
        delta = max(1, round(step)) if isinstance(value, int) else step
        lower = max(0, value - delta)
        varies.append((path, tuple(v for v in (lower, value + delta) if v != value)))
    return varies, skipped


@frozen
class VariantResult:
    overrides: Overrides
    summary: Summary | None  # None when the variant was refused
    problem: str = ""  # why the scenario refused the variant
    records: tuple[GameRecord, ...] = ()  # its games, each to open as a playtest at its seed

    def label(self, fixed: Overrides = ()) -> str:
        changed = [f"{path}={json.dumps(value)}" for path, value in self.overrides if (path, value) not in fixed]
        return ", ".join(changed) or "as the file is"


def sweep(base: Plan, variants: Sequence[Overrides], seats: Sequence[str], delta: float = 0.1,
          executor: Executor | None = None, results: Path | None = None, chunk: int = 20,
          progress: Callable[[int, int, int], None] | None = None,
          cancelled: Callable[[], bool] = lambda: False, seconds: float | None = None,
          in_flight: int = 4) -> list[VariantResult]:
    """Play ``base``'s games under every variant; a variant the scenario refuses is reported
    with its problems and plays nothing; chunks are sized as ``run`` sizes them. ``results`` is a folder holding one results file per
    variant, so a killed sweep resumes where it stopped. ``progress(variant, done, total)``.
    Once ``cancelled()``, the variant under way stops after its chunks under way and keeps
    the games it played (a variant that played none is left out) and no further variant
    starts."""
    if len(variants) > MOST_VARIANTS:
        raise ValueError(f"{len(variants):,} variants: a sweep plays at most {MOST_VARIANTS}; vary fewer values "
                         "at once, or one path at a time")
    if results is not None:
        results.mkdir(parents=True, exist_ok=True)
    out = []
    for number, overrides in enumerate(variants):
        plan = attrs.evolve(base, overrides=overrides)
        try:
            load_planned(plan)
        except ScenarioError as error:
            out.append(VariantResult(overrides, None, "; ".join(str(problem) for problem in error.problems)))
            continue
        file = None if results is None else results / f"variant-{number}.jsonl"
        report = None if progress is None else (lambda done, total, number=number: progress(number, done, total))
        records = run(plan, executor, file, chunk, report, cancelled, seconds, in_flight)
        if records:
            out.append(VariantResult(overrides, summarise(records, seats, delta), records=tuple(records)))
        if cancelled():
            break
    return out


@frozen
class Influence:
    """How far one varied path moved Balance: the spread of the mean Balance over its values,
    and the difference between its highest and lowest value's Balance on the same seeds with
    a paired bootstrap interval, which says whether the spread is beyond noise."""

    path: str
    provisional: bool
    swing: float
    balance_by_value: tuple[tuple[Any, float], ...]
    difference: Difference | None = None  # None when a value's games were not kept

    @property
    def distinguishable(self) -> bool:
        return self.difference is not None and self.difference.distinguishable


def _listed(path: str, provisional: Sequence[str]) -> bool:
    """The path is a provisional entry, lies inside one, or matches one's wildcard; a bare
    name is the ruleset option of that name, as ``--set`` reads it."""
    if "." not in path and "[" not in path:
        path = f"ruleset.options.{path}"
    for entry in provisional:
        pattern = re.escape(entry).replace(r"\[\*\]", r"\[[^\]]+\]")
        if re.fullmatch(pattern, path) or re.match(pattern + r"[.\[]", path):
            return True
    return False


def influence(results: Sequence[VariantResult], provisional: Sequence[str], fixed: Overrides = ()) -> list[Influence]:
    """Every varied path ranked by how far it moved Balance: for each of its values the mean
    Balance of the variants holding it (a variant without the path plays the file's own
    value), then the spread of those means; the paths whose paired difference is beyond noise
    first, the largest first, then the rest ("not distinguishable"), also the largest first."""
    played = [r for r in results if r.summary is not None]
    paths = list(dict.fromkeys(path for r in played for path, _ in r.overrides if (path, _) not in fixed))
    ranked = []
    for path in paths:
        by_value: dict[str, list[VariantResult]] = {}
        for result in played:
            value = dict(result.overrides).get(path, "as the file is")
            by_value.setdefault(json.dumps(value), []).append(result)
        means = {key: statistics.fmean(r.summary.balance for r in group) for key, group in by_value.items()}
        highest, lowest = max(means, key=means.get), min(means, key=means.get)
        swing = means[highest] - means[lowest]
        difference = _paired(by_value[highest], by_value[lowest]) if highest != lowest else None
        ranked.append(Influence(path, _listed(path, provisional), swing,
                                tuple((json.loads(key), mean) for key, mean in means.items()), difference))
    return sorted(ranked, key=lambda item: (not item.distinguishable, -item.swing))


def _paired(high: Sequence[VariantResult], low: Sequence[VariantResult]) -> Difference | None:
    """Balance under one value minus under another, game by game on the seeds both played."""
    players = high[0].summary.players

    def by_index(group: Sequence[VariantResult]) -> dict[int, list[Shares]]:
        games: dict[int, list[Shares]] = {}
        for result in group:
            for record in result.records:
                games.setdefault(record.index, []).append(shares(record, players))
        return games

    a, b = by_index(high), by_index(low)
    common = sorted(set(a) & set(b))
    if not common:
        return None
    return paired_difference([a[i] for i in common], [b[i] for i in common], players)


def table(results: Sequence[VariantResult], fixed: Overrides = ()) -> str:
    """Lines per variant: Balance, the first player's win rate, capped; length; each seat's win rate."""
    lines = []
    for number, result in enumerate(results):
        lines.append(f"{number:>3}. {result.label(fixed)}")
        if result.summary is None:
            lines.append(f"     refused: {result.problem}")
            continue
        s = result.summary
        lines.append(f"     Balance {s.balance:.3f} {s.balance_interval}; first player {s.position_win[0].short()}; "
                     f"{len(s.capped)} capped of {s.games}")
        lines.append(f"     length in turns {s.turns}")
        lines.append("     " + "; ".join(f"{seat} {rate.short()}" for seat, rate in zip(s.seats, s.seat_win)))
    return "\n".join(lines)


def ranking_text(ranked: Sequence[Influence]) -> str:
    lines = [("what moved Balance most (spread of the mean Balance over a path's values; then the highest value's "
              "Balance less the lowest's on the same seeds, with its paired bootstrap 95% interval):")]
    for item in ranked:
        values = ", ".join(f"{json.dumps(value)}: {mean:.3f}" for value, mean in item.balance_by_value)
        mark = " (provisional)" if item.provisional else ""
        lines.append(f"  {item.swing:.3f}  {item.path}{mark}  [{values}]  {verdict(item)}")
    return "\n".join(lines)


def verdict(item: Influence) -> str:
    """The paired difference in words: beyond noise, or not distinguishable from it."""
    difference = item.difference
    if difference is None:
        return "not distinguishable: no seeds played under both"
    said = f"difference {difference.value:+.3f} {difference.interval} over {difference.pairs} seeds"
    return said if difference.distinguishable else f"not distinguishable ({said})"


def as_data(results: Sequence[VariantResult], ranked: Sequence[Influence], fixed: Overrides = ()) -> dict[str, Any]:
    return {
        "variants": [{"overrides": [list(pair) for pair in r.overrides], "label": r.label(fixed),
                      "figures": r.summary.as_data() if r.summary else None, "refused": r.problem or None}
                     for r in results],
        "ranking": [{"path": i.path, "provisional": i.provisional, "swing": i.swing,
                     "balance_by_value": [list(pair) for pair in i.balance_by_value],
                     "distinguishable": i.distinguishable,
                     "difference": None if i.difference is None else {
                         "value": i.difference.value, "low": i.difference.interval.low,
                         "high": i.difference.interval.high, "seeds": i.difference.pairs}} for i in ranked],
    }


def csv_rows(results: Sequence[VariantResult], ranked: Sequence[Influence], fixed: Overrides = ()) -> str:
    """Every variant's figures as ``simulate --csv`` writes them, each row led by the variant's
    number and label; then a row per ranked path with its paired difference."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["variant", "label", "figure", "subject", "value", "low", "high", "count"])
    for number, result in enumerate(results):
        if result.summary is None:
            writer.writerow([number, result.label(fixed), "refused", "", result.problem, "", "", ""])
            continue
        for row in list(csv.reader(io.StringIO(csv_text(result.summary))))[1:]:
            writer.writerow([number, result.label(fixed), *row])
    for item in ranked:
        difference = item.difference
        low, high, pairs = ("", "", "") if difference is None else (
            f"{difference.interval.low:.6f}", f"{difference.interval.high:.6f}", difference.pairs)
        writer.writerow(["", "", "balance_difference" if item.distinguishable else "balance_difference_noise",
                         item.path, "" if difference is None else f"{difference.value:.6f}", low, high, pairs])
    return buffer.getvalue()
