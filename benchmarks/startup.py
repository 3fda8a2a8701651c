"""How long the commands take to start: processor time of a fresh process, median of runs.

Targets (issue 27): `epoch --help` at most 0.25 s, `epoch validate` of a shipped scenario
0.5 s, `epoch serve`'s first answer (a `rulesets` request over stdio) 0.6 s, the studio's
window painted (`--screenshot` of History of the World, offscreen) 1.2 s.

Processor time (user + system, of the child and its children) is measured rather than
wall time, because the machine is shared: another engineer's tests slow the clock, not
the work. The serve figure is the whole process, asked once and closed at its answer.

By default the commands run as an installed copy does, with Python's bytecode cache (kept
in a temporary folder, filled by one unmeasured run of each command). ``--cold`` compiles
every module from source at every run instead, as under PYTHONDONTWRITEBYTECODE=1 (this
machine's shells, and the tests' subprocesses).

    python benchmarks/startup.py [--repeat 10] [--only help,validate,serve,studio] [--cold]
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
EPOCH = [sys.executable, "-m", "engine.cli"]
Env = dict[str, str]


def processor_time(run: Callable[[], None]) -> float:
    """Seconds of processor time spent by the processes ``run`` starts and waits for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def command(arguments: list[str], env: Env) -> Callable[[], None]:
    def run() -> None:
        subprocess.run(arguments, cwd=ROOT, env=env, capture_output=True, check=True, timeout=120)
    return run


def first_answer(env: Env) -> Callable[[], None]:
    """`epoch serve` started, asked for its rulesets, and closed once it has answered."""
    def run() -> None:
        process = subprocess.Popen([*EPOCH, "serve"], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True, encoding="utf-8")
        request = {"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {}}
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        process.stdin.close()
        process.wait(timeout=60)
        if not answer.get("result"):
            raise RuntimeError(f"epoch serve answered {answer}")
    return run


def environment(folder: Path, cold: bool) -> Env:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    if cold:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")  # the working tree is left as it was
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs of each command (default: 10)")
    parser.add_argument("--only", default="help,validate,serve,studio", help="which commands, comma-separated")
    parser.add_argument("--cold", action="store_true", help="no bytecode cache: every module compiled at every run")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = environment(folder, arguments.cold)
        commands = {
            "help": ("epoch --help", command([*EPOCH, "--help"], env), 0.25),
            "validate": ("epoch validate after-the-flood.json",
                         command([*EPOCH, "validate", "scenarios/after-the-flood.json"], env), 0.5),
            "serve": ("epoch serve, first answer", first_answer(env), 0.6),
            "studio": ("epoch-studio --screenshot (HotW)",
                       command([sys.executable, "-m", "studio.app", "--screenshot", str(folder / "window.png"),
                                str(ROOT / "scenarios" / "history-of-the-world.json")], env), 1.2),
        }
        print(f"processor time, {'no bytecode cache' if arguments.cold else 'bytecode cached'}, "
              f"{arguments.repeat} runs each", flush=True)
        for key in arguments.only.split(","):
            name, run, target = commands[key]
            if not arguments.cold:
                run()  # fills the bytecode cache
            seconds = sorted(processor_time(run) for _ in range(arguments.repeat))
            median = statistics.median(seconds)
            verdict = "met" if median <= target else "MISSED"
            print(f"{name:<38} median {median:6.3f} s   min {seconds[0]:6.3f} s   "
                  f"max {seconds[-1]:6.3f} s   target <= {target:g} s: {verdict}", flush=True)


if __name__ == "__main__":
    main()
