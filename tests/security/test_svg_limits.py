"""SVG import is bounded: the file's size, its elements, their nesting, one outline's length and
corners, finite corners on a drawing a board may be, ``<use>`` copies that multiply, and a time
that grows with the shape count rather than its square. Each is refused with a located problem,
never an exception, a hang or a board of infinite corners."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.scenario.problems import ScenarioError
from engine.scenario.svg import (
    MAX_CORNERS,
    MAX_OUTLINE_CHARS,
    MAX_SVG_BYTES,
    MAX_SVG_ELEMENTS,
    MAX_SVG_NESTING,
    read_svg,
)

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">'


def problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "map.svg"
    path.write_text(text)
    with pytest.raises(ScenarioError) as raised:
        read_svg(path)
    assert all(line.startswith(f"{path}: ") for line in raised.value.lines())
    return [str(problem) for problem in raised.value.problems]


def test_a_file_larger_than_a_map_is_refused_unread(tmp_path):
    padding = "<!--" + "x" * MAX_SVG_BYTES + "-->"
    text = f'{HEAD}{padding}<rect id="a" width="5" height="5"/></svg>'
    assert problems(tmp_path, text) == [
        f"cannot read the file: {len(text):,} bytes is more than the {MAX_SVG_BYTES:,} a drawing may have"]


def test_deep_nesting_is_a_problem_not_a_recursion_error(tmp_path):
    nested = "<g>" * 100_000 + '<rect id="a" width="5" height="5"/>' + "</g>" * 100_000
    assert problems(tmp_path, f"{HEAD}{nested}</svg>") == [f"elements nested more than {MAX_SVG_NESTING} deep"]


def test_too_many_elements_are_refused(tmp_path):
    assert problems(tmp_path, HEAD + "<g/>" * MAX_SVG_ELEMENTS + "</svg>") == [
        f"more than {MAX_SVG_ELEMENTS:,} elements"]


def test_an_outline_of_a_million_nodes_is_refused(tmp_path):
    million = "M0 0 " + " ".join(f"L{i % 997} {i % 991}" for i in range(1_000_000)) + " Z"
    assert problems(tmp_path, f'{HEAD}<path id="coast" d="{million}"/></svg>') == [
        f"#coast: an outline of more than {MAX_OUTLINE_CHARS:,} characters"]
    many = "M0 0 " + " ".join(f"L{i % 997} {i % 991 + 1}" for i in range(12_000)) + " Z"
    assert problems(tmp_path, f'{HEAD}<path id="coast" d="{many}"/></svg>') == [
        f"#coast: 12,001 corners, more than the {MAX_CORNERS:,} a space may have"]


def test_corners_are_finite_and_on_the_drawing(tmp_path):
    found = problems(tmp_path, f'{HEAD}<polygon id="inf" points="0,0 1e999,0 5,5"/>'
                               '<polygon id="far" points="0,0 50000,0 5,5"/><rect id="ok" width="5" height="5"/>'
                               "</svg>")
    assert len(found) == 2 and found[0].startswith("#inf: a corner at (") and found[0].endswith(
        ") is not a finite number")
    assert found[1] == "#far: the corner (50000, 0) lies far outside the 1000 x 1000 drawing"


def test_a_drawing_no_board_could_be_is_refused(tmp_path):
    assert problems(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="10">'
                              '<rect id="a" width="5" height="5"/></svg>') == [
        "a drawing of 1e+30 x 10 is no board: a board's width and height are from 1 to 1,000,000"]


def test_use_copies_that_multiply_are_not_expanded(tmp_path):
    """Ten levels of ten <use>s each would be 10^10 copies; uses make no space, so they are dropped."""
    levels = ['<rect id="l0" width="5" height="5"/>']
    levels += [f'<g id="l{n}">' + f'<use href="#l{n - 1}"/>' * 10 + "</g>" for n in range(1, 11)]
    path = tmp_path / "map.svg"
    path.write_text(f"{HEAD}<defs>{''.join(levels[1:])}</defs>{levels[0]}</svg>")
    started = time.perf_counter()
    drawn = read_svg(path)
    assert [space.id for space in drawn.spaces] == ["l0"] and time.perf_counter() - started < 10


def seconds(tmp_path: Path, count: int) -> float:
    rects = "".join(f'<rect id="r{i}" x="{i % 90 * 10}" y="{i // 90 % 90 * 10}" width="9" height="9"/>'
                    for i in range(count))
    path = tmp_path / f"rects-{count}.svg"
    path.write_text(f'{HEAD}<g id="land">{rects}</g></svg>')
    best = float("inf")
    for _ in range(2):
        # Processor time, not the clock's: the tests share the machine's cores with each other.
        started = time.process_time()
        assert len(read_svg(path).spaces) == count
        best = min(best, time.process_time() - started)
    return best


def test_import_time_grows_with_the_shape_count_not_its_square(tmp_path):
    """Eight times the shapes: about eight times the time (the old id lookup made it some 30)."""
    assert seconds(tmp_path, 8000) / seconds(tmp_path, 1000) < 14

