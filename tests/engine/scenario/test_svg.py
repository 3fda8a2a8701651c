"""Boards to and from SVG: closed shapes become spaces, groups and layers regions; a shape that
is no space is skipped and listed, never refusing the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import SpaceKind
from engine.scenario.problems import ScenarioError
from engine.scenario.svg import board_svg, read_svg

WORLD = Path(__file__).parents[3] / "scenarios" / "history-of-the-world.json"

DRAWING = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="200" height="100" viewBox="0 0 200 100">
  <g id="layer1" inkscape:groupmode="layer" inkscape:label="The North" fill="#ff0000">
    <path id="gaul" d="M0 0 L50 0 L50 50 Z" transform="translate(10,0)"/>
    <polygon id="rhine" points="50,0 100,0 100,50 50,50"><title>Rhineland</title></polygon>
  </g>
  <rect id="sea" x="0" y="50" width="200" height="50" fill="#0000ff"/>
  <path id="bay" d="M120 0 C150 0 150 40 120 40 Z"/>
  <circle cx="5" cy="5" r="2"/>
</svg>
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.svg"
    path.write_text(text)
    return path


def test_shapes_become_spaces_and_layers_regions(tmp_path):
    drawn = read_svg(write(tmp_path, DRAWING))
    assert (drawn.width, drawn.height) == (200, 100)
    assert [(r.id, r.name, r.colour) for r in drawn.regions] == [("layer1", "The North", "#ff0000")]
    spaces = {space.id: space for space in drawn.spaces}
    assert list(spaces) == ["gaul", "rhine", "sea", "bay", "circle-5-5"]  # the circle named by its centre
    assert spaces["gaul"].polygon == [(10, 0), (60, 0), (60, 50)]  # the transform applied
    assert spaces["rhine"].name == "Rhineland" and spaces["rhine"].region == "layer1"
    assert spaces["sea"].region is None and spaces["sea"].kind == SpaceKind.LAND
    bay = spaces["bay"].polygon
    assert len(bay) > 4 and max(x for x, _ in bay) == pytest.approx(142.5)  # the curve flattened
    assert all(type(value) is float for point in bay for value in point)


def test_an_exported_board_imports_back_to_the_same_spaces_and_regions(tmp_path):
    board = load_scenario(WORLD, get_ruleset).board
    text = board_svg(board)
    assert text.count("<polygon") == len(board.spaces) and text.count("<line") == len(board.connections)
    drawn = read_svg(write(tmp_path, text))
    assert (drawn.width, drawn.height) == (board.width, board.height)
    assert [(r.id, r.name, r.colour) for r in drawn.regions] == [(r.id, r.name, r.colour) for r in board.regions]
    assert sorted((s.id, s.name, s.kind, s.region, [tuple(p) for p in s.polygon]) for s in drawn.spaces) == \
        sorted((s.id, s.name, s.kind, s.region, [tuple(p) for p in s.polygon]) for s in board.spaces)


@pytest.mark.parametrize(("text", "expected"), [
    ("<svg><path id='a' d='M0 0 L1 1'", "map.svg: line 1, column 5: not well-formed SVG (unclosed token)"),
    ("<html/>", "map.svg: the file's top element is <html>, not <svg>"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><text>Gaul</text></svg>",
     "map.svg: no rect, circle, ellipse, polygon, polyline or path: nothing to import"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><line id='rhine' x2='5' y2='5'/></svg>",
     "map.svg: #rhine: a line encloses no space"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0 L5 0 L5 5'/></svg>",
     "map.svg: <path> 1: an open path (its ends do not meet): it encloses no space"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><path id='gaul' d='M0 0 L5 0 L5 5 Z'/></svg>",
     "map.svg: #gaul: the board already has a space 'gaul'"),
])
def test_a_file_with_no_space_at_all_is_refused_with_where(tmp_path, text, expected):
    with pytest.raises(ScenarioError) as caught:
        read_svg(write(tmp_path, text), taken={"gaul"})
    assert [line.replace(str(tmp_path) + "/", "") for line in caught.value.lines()] == [expected]


EVERY_SHAPE = """<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
  <g id="north" fill="#336699">
    <rect x="0" y="0" width="100" height="100"/>
    <circle cx="150" cy="50" r="40"><title>Round Isle</title></circle>
    <ellipse id="oval" cx="250" cy="50" rx="45" ry="30"/>
    <polygon points="300,0 400,0 400,100"/>
    <polyline points="0,100 100,100 100,200 0,100"/>
    <path d="M100 100 L200 100 L200 200 Z"/>
  </g>
  <path id="coast" d="M200 100 L300 150 L400 100"/>
  <polyline points="300,100 400,200 300,200"/>
  <path d="M0 0 L5 5"/>
  <line x1="0" y1="0" x2="400" y2="200"/>
  <rect id="gaul" x="0" y="0" width="5" height="5"/>
  <rect id="oval" x="0" y="0" width="5" height="5"/>
  <defs><rect id="template" width="5" height="5"/></defs>
</svg>
"""


def test_every_closed_shape_is_a_space_and_the_others_are_listed_not_refused(tmp_path):
    drawn = read_svg(write(tmp_path, EVERY_SHAPE), taken={"gaul"})
    spaces = {space.id: space for space in drawn.spaces}
    assert [(space_id, space.name, space.region) for space_id, space in spaces.items()] == [
        ("rect-50-50", "Rect 50 50", "north"),
        ("round-isle", "Round Isle", "north"),  # its id from its label
        ("oval", "Oval", "north"),
        ("polygon-350-50", "Polygon 350 50", "north"),
        ("polyline-50-150", "Polyline 50 150", "north"),  # closed: its last corner is its first
        ("path-150-150", "Path 150 150", "north")]
    assert spaces["rect-50-50"].polygon == [(0, 0), (100, 0), (100, 100), (0, 100)]
    assert len(spaces["round-isle"].polygon) == 32 and max(x for x, _ in spaces["round-isle"].polygon) == 190
    assert len(spaces["oval"].polygon) == 32 and max(y for _, y in spaces["oval"].polygon) == 80
    assert [(r.id, r.colour) for r in drawn.regions] == [("north", "#336699")]
    assert [str(problem) for problem in drawn.skipped] == [
        "#coast: an open path (its ends do not meet): it encloses no space",
        "<polyline> 2: an open polyline (its ends do not meet): it encloses no space",
        "<path> 3: not an outline (2 distinct corners)",
        "<line> 1: a line encloses no space",
        "#gaul: the board already has a space 'gaul'",
        "#oval: a second shape would be space 'oval'"]


def test_shapes_with_no_id_are_named_by_label_or_place_and_numbered_on(tmp_path):
    square = '<rect x="0" y="0" width="10" height="10"/>'
    drawn = read_svg(write(tmp_path, f'<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">'
                                     f'{square * 3}<rect width="20" height="20"><title>***</title></rect>'
                                     f'<rect width="30" height="30"><title>Kis-Ázsia</title></rect></svg>'))
    assert [space.id for space in drawn.spaces] == ["rect-5-5", "rect-5-5-2", "rect-5-5-3", "rect-10-10",
                                                    "kis-azsia"]
    assert drawn.spaces[-1].name == "Kis-Ázsia"
    assert drawn.skipped == []


def test_a_number_the_file_writes_itself_does_not_mix_up_the_shapes(tmp_path):
    """The importer numbers the shapes in an attribute of its own; a file setting it on a group
    (which svgelements hands down to the shapes inside) cannot swap one shape for another."""
    drawn = read_svg(write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">'
                                     '<g id="land" data-epoch-import="0"><rect id="real" width="10" height="10"/>'
                                     '<a><rect id="link" width="40" height="40"/></a></g></svg>'))
    assert [(space.id, space.polygon) for space in drawn.spaces] == [("real", [(0, 0), (10, 0), (10, 10), (0, 10)])]


def test_a_missing_file_says_so(tmp_path):
    with pytest.raises(ScenarioError) as caught:
        read_svg(tmp_path / "nowhere.svg")
    assert caught.value.lines()[0].endswith("nowhere.svg: file not found")  # as a scenario says it


def refused(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(ScenarioError) as raised:
        read_svg(write(tmp_path, text))
    return [str(problem) for problem in raised.value.problems]


def test_entities_neither_multiply_nor_read_files(tmp_path):
    """XML's own bombs: expat refuses the amplification, and an external entity is never
    fetched (a guard: both hold since expat 2.4)."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg">'
    entities = '<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">' + "".join(
        f'<!ENTITY {name} "{f"&{previous};" * 16}">' for previous, name in zip("abcdef", "bcdefg", strict=True))
    bomb = refused(tmp_path, f"<!DOCTYPE svg [{entities}]>{svg}<title>&g;</title></svg>")
    assert len(bomb) == 1 and bomb[0].startswith("line 1, column ") and "amplification" in bomb[0]
    external = refused(tmp_path, f'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>{svg}<title>&x;</title></svg>')
    assert len(external) == 1 and external[0].endswith("not well-formed SVG (undefined entity &x;)")


def test_an_svg_of_another_namespace_is_no_drawing(tmp_path):
    """Found by fuzzing the importer: svgelements makes no drawing of it, and reading its size failed."""
    assert refused(tmp_path, '<svg xmlns="http://example.com/not-svg" width="10" height="10">'
                             '<rect id="a" width="5" height="5"/></svg>') == [
        "the file's <svg> is not an SVG drawing (its namespace is not http://www.w3.org/2000/svg)"]
