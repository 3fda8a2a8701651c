"""How long the commands take to start: processor time of a fresh process, median of runs.

Targets (issue 27): `epoch --help` at most 0.25 s, `epoch validate` of a shipped scenario
0.5 s, `epoch serve`'s first answer (a `rulesets` request over stdio) 0.6 s, the studio's
window painted (`--screenshot` of History of the World, offscreen) 1.2 s.

Processor time (user + system, of the child and its children) is measured rather than
wall time, because the machine is shared: another engineer's tests slow the clock, not
the work. The serve figure is the whole process, asked once and closed at its answer.

    python benchmarks/startup.py [--repeat 10] [--only help,validate,serve,studio]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
EPOCH = [sys.executable, "-m", "engine.cli"]


def processor_time(run: Callable[[], None]) -> float:
    """Seconds of processor time spent by the processes ``run`` starts and waits for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def command(arguments: list[str]) -> Callable[[], None]:
    def run() -> None:
        subprocess.run(arguments, cwd=ROOT, env=ENV, capture_output=True, check=True, timeout=120)
    return run


def first_answer() -> None:
    """`epoch serve` started, asked for its rulesets, and closed once it has answered."""
    process = subprocess.Popen([*EPOCH, "serve"], cwd=ROOT, env=ENV, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, encoding="utf-8")
    request = {"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {}}
    process.stdin.write(json.dumps(request) + "\n")
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    process.stdin.close()
    process.wait(timeout=60)
    if not answer.get("result"):
        raise RuntimeError(f"epoch serve answered {answer}")


def screenshot(folder: Path) -> Callable[[], None]:
    return command([sys.executable, "-m", "studio.app", "--screenshot", str(folder / "window.png"),
                    str(ROOT / "scenarios" / "history-of-the-world.json")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs of each command (default: 10)")
    parser.add_argument("--only", default="help,validate,serve,studio", help="which commands, comma-separated")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            "help": ("epoch --help", command([*EPOCH, "--help"]), 0.25),
            "validate": ("epoch validate after-the-flood.json",
                         command([*EPOCH, "validate", "scenarios/after-the-flood.json"]), 0.5),
            "serve": ("epoch serve, first answer", first_answer, 0.6),
            "studio": ("epoch-studio --screenshot (HotW)", screenshot(Path(folder)), 1.2),
        }
        for key in arguments.only.split(","):
            name, run, target = commands[key]
            seconds = sorted(processor_time(run) for _ in range(arguments.repeat))
            median = statistics.median(seconds)
            verdict = "met" if median <= target else "MISSED"
            print(f"{name:<38} processor median {median:6.3f} s   min {seconds[0]:6.3f} s   "
                  f"max {seconds[-1]:6.3f} s   target <= {target:g} s: {verdict}", flush=True)


if __name__ == "__main__":
    main()
