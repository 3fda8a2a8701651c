"""Spaces proposed from a scanned board: its areas of colour, between drawn lines or fills.

Two modes split the scan into areas. Colour mode (the default) joins neighbouring pixels of
nearly the same colour (colour_areas, in CIELAB) and drops the thin areas, drawn lines and
anti-aliased seams: it finds flat-coloured countries that touch with no line between them,
and outlined drawings too. Lines mode takes pixels darker than a grey threshold as lines and
the rest as areas, for a pale, unevenly printed scan whose fills would break into patches.
Then, in both, areas smaller than the smallest area are merged into their neighbours (each
of their pixels goes to the nearest area), every area grows over the lines until it meets
its neighbours (so neighbours touch), and the area holding all others (the paper around) is
no space. In colour mode a printed name is a knot of colour steps too thick for a line: it
is merged into the nearest areas like a speck, and the halves of a space it cut are joined
again (joined_across_names). Each area's outline is traced along pixel edges, all outlines
are noded together into one coverage (shared borders become the very same segments), and the
coverage is simplified as a whole (GEOS's coverage simplification), so neighbours keep
sharing their border vertices after simplification. The result is proposals, each with its
mean colour and a group of alike colours (the hint of a region): the designer accepts, edits
or discards each.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy
import shapely
from attrs import frozen
from PIL import Image, UnidentifiedImageError
from scipy import ndimage
from shapely.geometry import Polygon
from shapely.ops import polygonize, unary_union
from skimage import color, measure

from engine.scenario.colour_areas import (
    colour_areas,
    colour_groups,
    drop_thin,
    joined_across_names,
)
from engine.scenario.image_limits import image_size
from engine.scenario.problems import Problem, ScenarioError

Point = tuple[float, float]


COLOUR, LINES = "colour", "lines"  # the modes: areas split by colour and lines, or by dark lines only


@frozen
class TraceSettings:
    threshold: float = 0.35  # lines mode: grey level (0 black, 1 white) below which a pixel is a drawn line
    line_width: int = 3  # pixels an area grows over the lines to meet its neighbours
    min_area: int = 200  # pixels: smaller areas are specks, not spaces, and their neighbours take them over
    simplify: float = 4.0  # how far simplification may go (coverage simplification: the side of
    # the smallest corner triangle kept, in pixels): 4 smooths the pixel stairs of a slanted line
    mode: str = COLOUR
    tolerance: float = 8.0  # colour mode: the CIELAB difference below which neighbouring pixels are one area


@frozen
class Proposal:
    polygon: list[Point]  # in board coordinates
    colour: str  # the area's mean colour, #rrggbb
    area: float  # in square board units
    group: int = 1  # the region hint: proposals of alike colours share a group (from 1)


class Cancelled(Exception):
    """The caller's progress callback asked to stop."""


def read_image(path: Path) -> numpy.ndarray:
    """The image as RGB floats 0..1; ScenarioError (located by the file) when it is no image
    or larger than MAX_IMAGE_PIXELS (read from its header, before anything is decoded)."""
    image_size(path)
    try:
        with Image.open(path) as image:
            return numpy.asarray(image.convert("RGB"), dtype=float) / 255.0
    except FileNotFoundError:
        raise ScenarioError([Problem("", "no such image")], str(path)) from None
    except MemoryError:
        raise ScenarioError([Problem("", "not enough memory to decode the image")], str(path)) from None
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError, SyntaxError) as error:
        raise ScenarioError([Problem("", f"not a readable image ({error.__class__.__name__})")], str(path)) from None


def trace(pixels: numpy.ndarray, settings: TraceSettings = TraceSettings(),
          part: tuple[int, int, int, int] | None = None, scale: float = 1.0,
          progress: Callable[[float], bool] | None = None) -> list[Proposal]:
    """Proposals from ``pixels`` (RGB 0..1), within ``part`` (left, top, width, height in pixels;
    None: all of it); ``scale`` board units per pixel (the background's own scale).
    ``progress`` is told the fraction done between steps; when it answers False the tracing
    stops with Cancelled."""

    def step(done: float) -> None:
        if progress is not None and not progress(done):
            raise Cancelled

    left, top = 0, 0
    if part is not None:
        left, top, width, height = part
        pixels = pixels[top:top + height, left:left + width]
    if pixels.shape[0] < 3 or pixels.shape[1] < 3:
        return []
    step(0.0)
    if settings.mode == LINES:
        found = measure.label(color.rgb2gray(pixels) > settings.threshold, connectivity=1)
    else:
        found = colour_areas(pixels, settings.tolerance)
        step(0.25)
        drop_thin(found, 2 * settings.line_width)
    speck = (numpy.bincount(found.ravel()) < settings.min_area)[found] & (found > 0)
    found[speck] = 0  # specks are no areas: their neighbours take them over
    step(0.35)
    names = None
    if settings.mode == COLOUR:  # a knot of colour steps too thick for a line: a printed name, a symbol
        depth = ndimage.distance_transform_edt(found == 0)
        names = (found == 0) & (depth > settings.line_width)
        speck |= names
        del depth
    areas = _grown(found, speck, settings.line_width)
    if names is not None:
        joined = joined_across_names(areas, found, names, pixels, settings.tolerance, 4 * settings.line_width)
        areas, found = joined[areas], joined[found]
    step(0.45)
    outlines = _outlines(areas)
    for label in _enclosing(outlines):  # the paper around the map, a sea around islands: no
        del outlines[label]  # single outline can be its space
        areas[areas == label] = 0
    if not outlines:
        return []
    step(0.6)
    labels = list(outlines)
    faces = _coverage([outlines[label] for label in labels], labels)
    step(0.8)
    simplified = shapely.coverage_simplify([faces[label] for label in labels], settings.simplify)
    step(0.9)
    # each area's mean colour as found, its lines and specks not in it; one pass, not one per area
    means = numpy.stack([ndimage.mean(pixels[..., channel], found, labels) for channel in range(3)], axis=1)
    kept = []
    for label, shape, mean in zip(labels, simplified, means, strict=True):
        shape = _largest(shape)
        if shape is None:
            continue
        corners = [(round((x + left) * scale, 1), round((y + top) * scale, 1)) for x, y in shape.exterior.coords[:-1]]
        if len(corners) < 3:
            continue
        kept.append((corners, "#" + "".join(f"{round(value * 255):02x}" for value in mean),
                     round(shape.area * scale * scale, 1)))
    groups = colour_groups([colour for _, colour, _ in kept], settings.tolerance)
    return [Proposal(corners, colour, area, group) for (corners, colour, area), group in zip(kept, groups, strict=True)]


def _grown(found: numpy.ndarray, speck: numpy.ndarray, reach: float) -> numpy.ndarray:
    """Every area grown over the pixels of no area: over the lines (and colour borders) as far
    as ``reach``, to meet its neighbours across them, and over the specks whole, each speck
    pixel going to its nearest area (a blot or a name on a border leaves no gap)."""
    if not found.any():
        return found.copy()
    distances, indices = ndimage.distance_transform_edt(found == 0, return_indices=True)
    return numpy.where((distances <= reach) | speck, found[tuple(indices)], 0)


def _outlines(areas: numpy.ndarray) -> dict[int, Polygon]:
    """Each area's outer outline along its pixel edges (x right, y down, in pixels)."""
    outlines = {}
    for region in measure.regionprops(areas):
        top, left = region.bbox[:2]
        mask = numpy.pad(region.image, 1).astype(float)
        contours = measure.find_contours(mask, 0.5)
        if not contours:
            continue
        ring = max(contours, key=len)
        shape = Polygon([(left + col - 0.5, top + row - 0.5) for row, col in ring]).buffer(0)
        shape = _largest(shape)
        if shape is not None:
            outlines[region.label] = shape
    return outlines


def _enclosing(outlines: dict[int, Polygon]) -> list[int]:
    """The areas whose outline holds another area inside it (a spatial index finds the pairs:
    a board of a thousand areas is not a million tests)."""
    labels = list(outlines)
    shapes = [outlines[label] for label in labels]
    holders, held = shapely.STRtree(shapes).query(shapely.buffer(shapes, 0.5), predicate="contains")
    return sorted({labels[holder] for holder, inner in zip(holders, held, strict=True) if holder != inner})


def _coverage(outlines: list[Polygon], labels: list[int]) -> dict[int, Polygon]:
    """The outlines noded together: every stretch of border two areas share becomes the same
    segments in both, as a coverage must have them. Each face goes to the outline it lies in
    (the innermost, if one lies in another's hole), found by geometry, not by the pixel under
    it: that pixel may lie in a hole of the area (a printed name, its letters too close to be
    specks) and belong to none."""
    faces = list(polygonize(unary_union([outline.exterior for outline in outlines])))
    if not faces:
        return dict(zip(labels, outlines, strict=True))
    inside, around = shapely.STRtree(outlines).query([face.representative_point() for face in faces],
                                                      predicate="within")
    owner: dict[int, int] = {}
    for face, outline in zip(inside.tolist(), around.tolist(), strict=True):
        if face not in owner or outlines[outline].area < outlines[owner[face]].area:
            owner[face] = outline
    parts: list[list[Polygon]] = [[] for _ in labels]
    for face, outline in owner.items():
        parts[outline].append(faces[face])
    return {label: _largest(unary_union(pieces)) or outlines[index]
            for index, (label, pieces) in enumerate(zip(labels, parts, strict=True))}


def _largest(shape: shapely.Geometry) -> Polygon | None:
    """The largest polygon of a shape, with its holes filled (a space has one outline)."""
    parts = [part for part in getattr(shape, "geoms", [shape]) if isinstance(part, Polygon) and not part.is_empty]
    if not parts:
        return None
    return Polygon(max(parts, key=lambda part: part.area).exterior)
