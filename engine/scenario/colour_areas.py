"""A scan split into areas of one colour, for Trace's colour mode.

A coloured map separates its spaces by fill as often as by drawn lines, so a grey threshold
alone finds one area, the whole sheet. Here two neighbouring pixels belong to one area when
their colours differ by less than a tolerance in CIELAB (a perceptual space: a difference of
about 2.3 is the smallest a person sees), so slow shading of the paper stays one area while
the step from one fill to the next splits it. Joining neighbours, not clustering the palette,
keeps two countries of the same colour apart when a border lies between them. Drawn lines
and anti-aliased edges become areas of their own too; they are thin, so they are dropped
here, and the tracing grows its areas over them as over lines.
"""

from __future__ import annotations

import numpy
from scipy import ndimage
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from skimage import color


def colour_areas(pixels: numpy.ndarray, tolerance: float) -> numpy.ndarray:
    """Each pixel's area number (from 1): neighbours (left-right, up-down) whose CIELAB colours
    differ by less than ``tolerance`` share one."""
    lab = _lab(pixels)
    rows, cols = lab.shape[:2]
    index = numpy.arange(rows * cols, dtype=numpy.int64 if rows * cols >= 2**31 else numpy.int32).reshape(rows, cols)
    across = numpy.linalg.norm(lab[:, 1:] - lab[:, :-1], axis=2) < tolerance
    down = numpy.linalg.norm(lab[1:] - lab[:-1], axis=2) < tolerance
    starts = numpy.concatenate([index[:, :-1][across], index[:-1][down]])
    ends = numpy.concatenate([index[:, 1:][across], index[1:][down]])
    joined = coo_matrix((numpy.ones(len(starts), dtype=numpy.int8), (starts, ends)), shape=(rows * cols, rows * cols))
    _, labels = connected_components(joined, directed=False)
    return labels.reshape(rows, cols).astype(numpy.int32) + 1


def _lab(pixels: numpy.ndarray) -> numpy.ndarray:
    """The pixels in CIELAB, each distinct 8-bit colour converted once (a scan has far fewer
    colours than pixels: this is some three times faster than converting every pixel)."""
    levels = numpy.round(pixels * 255).astype(numpy.int32)
    packed = (levels[..., 0] << 16) | (levels[..., 1] << 8) | levels[..., 2]
    distinct, where = numpy.unique(packed, return_inverse=True)
    rgb = numpy.stack([distinct >> 16, (distinct >> 8) & 255, distinct & 255], axis=1) / 255
    return color.rgb2lab(rgb[numpy.newaxis])[0].astype(numpy.float32)[where.reshape(packed.shape)]


def drop_thin(areas: numpy.ndarray, width: float) -> None:
    """Set to 0 (no area) every area no wider than ``width`` pixels anywhere: a drawn line, a
    seam of anti-aliased pixels between two fills. An area's width is twice the distance from
    its innermost pixel to its edge, plus one."""
    inner = areas > 0
    inner[1:] &= areas[1:] == areas[:-1]
    inner[:-1] &= areas[:-1] == areas[1:]
    inner[:, 1:] &= areas[:, 1:] == areas[:, :-1]
    inner[:, :-1] &= areas[:, :-1] == areas[:, 1:]
    inner[[0, -1], :] = False  # the sheet's edge is an edge of the areas there
    inner[:, [0, -1]] = False
    depth = ndimage.distance_transform_edt(inner)
    deepest = ndimage.maximum(depth, areas, index=numpy.arange(areas.max() + 1))
    thin = 2 * numpy.asarray(deepest) + 1 <= width
    thin[0] = True
    areas[thin[areas]] = 0


def colour_groups(colours: list[str], tolerance: float) -> list[int]:
    """A group number (from 1) for each ``#rrggbb`` colour: colours less than ``tolerance``
    apart in CIELAB, directly or through others, share one (the spaces of one region are
    usually painted alike)."""
    if not colours:
        return []
    rgb = numpy.array([[int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)] for value in colours])
    lab = color.rgb2lab(rgb[numpy.newaxis])[0]
    close = numpy.linalg.norm(lab[:, numpy.newaxis] - lab[numpy.newaxis], axis=2) < tolerance
    _, labels = connected_components(close, directed=False)
    order: dict[int, int] = {}
    return [order.setdefault(int(label), len(order) + 1) for label in labels]
