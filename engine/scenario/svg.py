"""A board to and from SVG, the format designers draw maps in (Inkscape, Illustrator).

Import: every closed shape, ``rect``, ``circle``, ``ellipse``, ``polygon``, closed ``polyline``
or ``path``, becomes a space (its curves flattened, its transforms applied: svgelements does
the geometry). Its id is the shape's id, or else made from its label (Inkscape's, or its
``<title>``), or else from its kind and where its centre is (``circle-120-45``). The group or
Inkscape layer it sits in becomes its region, named by the layer's label, coloured by its
fill. A shape that cannot be a space (a line, an open path or polyline, fewer than three corners, an
id the board has, a limit passed) is skipped and listed in the import's report with where
it is; the rest come in. A file that cannot be read, or passes a limit as a whole, is
reported and nothing is imported. Export: a clean SVG of the board, a layer per region holding
its spaces as polygons with their ids, the names as text and the connections as lines, which
imports back to the same spaces and regions.

Every drawing is bounded before svgelements sees it: its size in bytes, its element count,
its nesting and the length of one shape's outline are checked on the plain XML tree (built
without recursion), ``<use>`` copies (which could multiply a small file a billionfold, and
make no space) are dropped, and every corner must be a finite number on the drawing, whose
size must be one a scenario's board may have. Import time grows with the shape count, not
its square.
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape, quoteattr

import svgelements
from attrs import define

from engine.scenario.model import BOARD_LIMIT, Board, Region, Space, SpaceKind
from engine.scenario.problems import Problem, ScenarioError
from engine.scenario.reading import Unreadable, read_regular

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
SHAPES = {"path", "polygon", "polyline", "rect", "circle", "ellipse", "line"}  # a line is listed as no space
KEY = "data-epoch-import"  # the number each shape is given on the XML tree, to find it again in svgelements
CURVE_STEPS = 8  # points per curved segment
NOT_SPACES = {"connections", "names"}  # groups an exported file adds beside the regions
KINDS = {kind.value for kind in SpaceKind}
# A map of thousands of spaces drawn in Inkscape is a few megabytes; 200 MB is no map.
MAX_SVG_BYTES = 16 * 1024 * 1024
MAX_SVG_ELEMENTS = 200_000  # every element of the file, shapes, groups and text alike
MAX_SVG_NESTING = 64  # groups in groups: deeper than any drawing; beyond it recursion gives out
MAX_OUTLINE_CHARS = 400_000  # one shape's d or points: some 20,000 corners
MAX_CORNERS = 10_000  # of one space, curves flattened


@define
class SvgMap:
    """What an SVG file holds, as the board's own things."""

    width: float
    height: float
    regions: list[Region]
    spaces: list[Space]
    skipped: list[Problem]  # the shapes that are no space, each with where it is and why


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")


def _label(element: ElementTree.Element) -> str | None:
    title = next((child.text for child in element if _local(child.tag) == "title" and child.text), None)
    return element.get(f"{INKSCAPE}label") or title


@define
class _Drawn:
    """A shape of the XML tree: where it is, and the innermost group with an id around it."""

    element: ElementTree.Element
    group: ElementTree.Element | None
    where: str  # "#id", or "<circle> 3" (the third circle) for a shape with no id


def _structure(root: ElementTree.Element) -> list[_Drawn]:
    """Every shape outside definitions, in the file's order, each numbered with KEY on the tree."""
    found: list[_Drawn] = []
    counts: dict[str, int] = {}

    def walk(element: ElementTree.Element, group: ElementTree.Element | None) -> None:
        for child in element:
            name = _local(child.tag)
            if name == "g":
                if child.get("id") in NOT_SPACES:
                    continue
                walk(child, child if child.get("id") else group)
            elif name in SHAPES:
                counts[name] = counts.get(name, 0) + 1
                child.set(KEY, str(len(found)))
                found.append(_Drawn(child, group, f"#{child.get('id')}" if child.get("id")
                                    else f"<{name}> {counts[name]}"))

    for element in root.iter():  # a number the file wrote itself would be taken for one of these
        element.attrib.pop(KEY, None)
    walk(root, None)
    return found


def _outline(shape: svgelements.Shape, kind: str) -> list[tuple[float, float]]:
    """The corners of a shape's first outline, curves flattened, transforms applied; ValueError
    when it is open (its ends do not meet) or has fewer than three corners."""
    path = svgelements.Path(shape)
    path.reify()
    points: list[tuple[float, float]] = []
    closed = False
    for segment in path.segments():
        if isinstance(segment, svgelements.Move):
            if points:
                break  # a second outline (a hole or an island) is not part of a space
            points.append((segment.end.x, segment.end.y))
        elif isinstance(segment, svgelements.Close):
            closed = True
            break
        elif isinstance(segment, svgelements.Line):
            points.append((segment.end.x, segment.end.y))
        else:
            for step in range(1, CURVE_STEPS + 1):
                point = segment.point(step / CURVE_STEPS)
                points.append((point.x, point.y))
    corners: list[tuple[float, float]] = []
    for x, y in points:
        corner = (round(float(x), 1), round(float(y), 1))
        if not corners or corners[-1] != corner:
            corners.append(corner)
    if len(corners) > 1 and corners[0] == corners[-1]:
        corners.pop()
        closed = True
    if kind == "line":
        raise ValueError("a line encloses no space")
    if len(corners) < 3:
        raise ValueError(f"not an outline ({len(corners)} distinct corners)")
    if not closed:
        raise ValueError(f"an open {kind} (its ends do not meet): it encloses no space")
    return corners


def _read(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_SVG_BYTES (a pipe or a device is refused
    before any byte is read)."""
    return read_regular(path, MAX_SVG_BYTES, "a drawing")


def _bounds_problem(root: ElementTree.Element) -> Problem | None:
    """The first limit the XML tree passes (elements, nesting, an outline's length); every
    ``<use>`` is dropped on the way. Walked with a list, not recursion."""
    count = 0
    level = [root]
    for depth in range(MAX_SVG_NESTING + 1):
        if not level:
            return None
        if depth == MAX_SVG_NESTING:
            return Problem("", f"elements nested more than {MAX_SVG_NESTING} deep")
        count += len(level)
        if count > MAX_SVG_ELEMENTS:
            return Problem("", f"more than {MAX_SVG_ELEMENTS:,} elements")
        for element in level:
            for name in ("d", "points"):
                if len(element.get(name, "")) > MAX_OUTLINE_CHARS:
                    where = f"#{element.get('id')}" if element.get("id") else f"<{_local(element.tag)}>"
                    return Problem(where, f"an outline of more than {MAX_OUTLINE_CHARS:,} characters")
            for child in [child for child in element if _local(child.tag) == "use"]:
                element.remove(child)
        level = [child for element in level for child in element]
    return None


def _size_problem(width: float, height: float) -> Problem | None:
    if all(math.isfinite(value) and 1 <= value <= BOARD_LIMIT for value in (width, height)):
        return None
    return Problem("", f"a drawing of {width:g} x {height:g} is no board: a board's width and height are "
                       f"from 1 to {BOARD_LIMIT:,}")


def _check_corners(corners: list[tuple[float, float]], width: float, height: float) -> None:
    """ValueError when an outline has more corners than a space may, or one that is no finite
    number or lies far off the drawing (more than its size away, as a scenario's board allows)."""
    if len(corners) > MAX_CORNERS:
        raise ValueError(f"{len(corners):,} corners, more than the {MAX_CORNERS:,} a space may have")
    for x, y in corners:
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(f"a corner at ({x:g}, {y:g}) is not a finite number")
        if not (-width <= x <= 2 * width and -height <= y <= 2 * height):
            raise ValueError(f"the corner ({x:g}, {y:g}) lies far outside the {width:g} x {height:g} drawing")


def read_svg(path: Path, taken: set[str] = frozenset()) -> SvgMap:
    """The spaces and regions an SVG file draws, with the shapes skipped as no space (listed,
    located by the file and the shape). ScenarioError when the file cannot be read or passes
    a limit, or no shape can be a space (``taken``: ids the board already has)."""
    source = str(path)
    try:
        root = ElementTree.fromstring(_read(path))
        if _local(root.tag) != "svg":
            raise ScenarioError([Problem("", f"the file's top element is <{_local(root.tag)}>, not <svg>")], source)
        limit = _bounds_problem(root)
        if limit is not None:
            raise ScenarioError([limit], source)
        drawn = _structure(root)
        document = svgelements.SVG.parse(io.BytesIO(ElementTree.tostring(root)), reify=True)
    except Unreadable as error:
        raise ScenarioError([Problem("", str(error))], source) from None
    except OSError as error:
        raise ScenarioError([Problem("", f"cannot read the file: {error.strerror or error}")], source) from None
    except ElementTree.ParseError as error:
        line, column = error.position
        reason = str(error).split(":", 1)[0]
        raise ScenarioError([Problem(f"line {line}, column {column}", f"not well-formed SVG ({reason})")],
                            source) from None
    except (ValueError, TypeError, IndexError, OverflowError, ZeroDivisionError) as error:
        raise ScenarioError([Problem("", f"not readable as SVG: {error}")], source) from None
    except (RecursionError, MemoryError) as error:
        raise ScenarioError([Problem("", f"not readable as SVG ({error.__class__.__name__})")], source) from None
    if not isinstance(document, svgelements.SVG):  # an <svg> of another namespace
        raise ScenarioError([Problem("", "the file's <svg> is not an SVG drawing (its namespace is not "
                                         "http://www.w3.org/2000/svg)")], source)
    width, height = float(document.width or 1000), float(document.height or 1000)
    size = _size_problem(width, height)
    if size is not None:
        raise ScenarioError([size], source)
    shapes = {element.values[KEY]: element for element in document.elements()
              if isinstance(element, svgelements.Shape) and KEY in element.values}
    skipped: list[Problem] = []
    regions: dict[str, Region] = {}
    spaces: list[Space] = []
    made: set[str] = set()  # the spaces' ids so far: looked up per shape, so kept as a set
    for key, shape in enumerate(drawn):
        element, kind = shape.element, _local(shape.element.tag)
        try:
            corners = _outline(shapes[str(key)], kind)
            _check_corners(corners, width, height)
        except (KeyError, ValueError, ZeroDivisionError, OverflowError, MemoryError) as error:
            skipped.append(Problem(shape.where, str(error) if isinstance(error, ValueError)
                                   else "its outline cannot be read"))
            continue
        space_id = _space_id(element, kind, corners, made)
        if space_id in taken:
            skipped.append(Problem(shape.where, f"the board already has a space '{space_id}'"))
            continue
        if space_id in made:
            skipped.append(Problem(shape.where, f"a second shape would be space '{space_id}'"))
            continue
        made.add(space_id)
        region_id = None
        if shape.group is not None:
            region_id = _slug(shape.group.get("id"))
            if region_id not in regions:
                colour = shapes[str(key)].fill
                regions[region_id] = Region(region_id, _label(shape.group) or shape.group.get("id"),
                                            colour.hex[:7] if colour is not None and colour.value is not None
                                            else "#c8b78a")
        kind_name = element.get("data-kind", "land")
        spaces.append(Space(space_id, _label(element) or space_id.replace("-", " ").replace("_", " ").title(),
                            SpaceKind(kind_name) if kind_name in KINDS else SpaceKind.LAND, region_id,
                            polygon=corners))
    if not spaces:
        raise ScenarioError(skipped or [Problem("", "no rect, circle, ellipse, polygon, polyline or path: "
                                                       "nothing to import")], source)
    return SvgMap(width, height, list(regions.values()), spaces, skipped)


def _space_id(element: ElementTree.Element, kind: str, corners: list[tuple[float, float]], made: set[str]) -> str:
    """The shape's id as a space's; with none, one made from its label or else from its kind and
    centre, numbered on (``-2``, ``-3``) past the ids this import has ``made``."""
    if element.get("id") and _slug(element.get("id")):
        return _slug(element.get("id"))
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    label = unicodedata.normalize("NFKD", _label(element) or "").encode("ascii", "ignore").decode()  # Á -> A
    wanted = _slug(label).lower() or f"{kind}-{(min(xs) + max(xs)) / 2:.0f}-{(min(ys) + max(ys)) / 2:.0f}"
    number, space_id = 1, wanted
    while space_id in made:
        number += 1
        space_id = f"{wanted}-{number}"
    return space_id


def board_svg(board: Board) -> str:
    """A clean SVG of the board: a layer per region with its spaces (polygons with their ids and
    kinds), spaces of no region at the top level, then the names and the connections."""
    inkscape = "http://www.inkscape.org/namespaces/inkscape"
    lines = [(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{inkscape}" '
             f'width="{board.width:g}" height="{board.height:g}" viewBox="0 0 {board.width:g} {board.height:g}">')]
    if board.background:
        lines.append(f'  <image id="background" href={quoteattr(board.background)} x="0" y="0" '
                     f'width="{board.width:g}" height="{board.height:g}"/>')

    def polygon(space: Space, fill: str) -> str:
        points = " ".join(f"{x:g},{y:g}" for x, y in space.polygon)
        return (f'<polygon id={quoteattr(space.id)} inkscape:label={quoteattr(space.name)} '
                f'data-kind="{space.kind.value}" points="{points}" fill="{fill}" stroke="#333333"/>')

    water = {SpaceKind.SEA: "#9ec3e6", SpaceKind.OCEAN: "#7eaad6"}
    drawn = [space for space in board.spaces if len(space.polygon) >= 3]
    known = {region.id for region in board.regions}
    for region in board.regions:
        members = [space for space in drawn if space.region == region.id]
        lines.append(f'  <g id={quoteattr(region.id)} inkscape:groupmode="layer" '
                     f'inkscape:label={quoteattr(region.name)}>')
        lines += [f"    {polygon(space, region.colour)}" for space in members]
        lines.append("  </g>")
    lines += [f"  {polygon(space, water.get(space.kind, '#e8e0c8'))}" for space in drawn
              if space.region not in known]
    centres = {space.id: space.label or _centre(space) for space in drawn}
    lines.append('  <g id="names" font-family="DejaVu Sans" font-size="10" text-anchor="middle">')
    lines += [f'    <text x="{centres[space.id][0]:g}" y="{centres[space.id][1]:g}">{escape(space.name)}</text>'
              for space in drawn]
    lines.append("  </g>")
    lines.append('  <g id="connections" stroke="#444444" stroke-width="1">')
    for connection in board.connections:
        if connection.a in centres and connection.b in centres:
            (x1, y1), (x2, y2) = centres[connection.a], centres[connection.b]
            lines.append(f'    <line id={quoteattr(f"{connection.a}--{connection.b}--{connection.kind.value}")} '
                         f'data-kind="{connection.kind.value}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>')
    lines.append("  </g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _centre(space: Space) -> tuple[float, float]:
    xs, ys = [x for x, _ in space.polygon], [y for _, y in space.polygon]
    return round((min(xs) + max(xs)) / 2, 1), round((min(ys) + max(ys)) / 2, 1)
