"""Import SVG's time against the number of shapes: it must grow with the count, not its square
(a duplicate-id check that rebuilt a set of every space so far made 12,000 rects take 11.7 s).

    python benchmarks/svg_import.py [SMALL] [--factor 8]

prints the best of two imports of SMALL and of FACTOR x SMALL rects and their ratio; linear
is about FACTOR, and the target is under 1.75 x FACTOR (a square would be FACTOR squared).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.scenario.svg import read_svg

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">'


def seconds(folder: Path, count: int) -> float:
    rects = "".join(f'<rect id="r{i}" x="{i % 90 * 10}" y="{i // 90 % 90 * 10}" width="9" height="9"/>'
                    for i in range(count))
    path = folder / f"rects-{count}.svg"
    path.write_text(f'{HEAD}<g id="land">{rects}</g></svg>')
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        assert len(read_svg(path).spaces) == count
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("small", type=int, nargs="?", default=1000)
    parser.add_argument("--factor", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        small, large = seconds(Path(folder), args.small), seconds(Path(folder), args.small * args.factor)
    ratio = large / small
    print(f"import {args.small} rects: {small * 1000:.0f} ms; {args.small * args.factor} rects: {large * 1000:.0f} ms")
    print(f"ratio {ratio:.1f} for {args.factor}x the shapes (linear {args.factor}, target < "
          f"{1.75 * args.factor:.0f}): {'met' if ratio < 1.75 * args.factor else 'MISSED'}")


if __name__ == "__main__":
    main()
