"""A scan split into areas of one colour, for Trace's colour mode.

A coloured map separates its spaces by fill as often as by drawn lines, so a grey threshold
alone finds one area, the whole sheet. Here a border runs wherever two neighbouring pixels'
colours differ by a tolerance or more in CIELAB (a perceptual space: a difference of about
2.3 is the smallest a person sees), and the pixels between borders fall into connected areas
(scikit-image's labelling). Slow shading of the paper makes no border, the step from one
fill to the next does. Borders between neighbours, not a clustering of the palette, keep two
countries of the same colour apart when a line lies between them. A drawn line is an area of
its own, and so is a seam of anti-aliased pixels; they are thin, so they are dropped here,
and the tracing grows its areas over them and over the border pixels as over lines.
"""

from __future__ import annotations

import numpy
from scipy import ndimage
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from skimage import color, measure


def colour_areas(pixels: numpy.ndarray, tolerance: float) -> numpy.ndarray:
    """Each pixel's area number (from 1; 0 for none): where two neighbouring pixels' CIELAB
    colours differ by ``tolerance`` or more, the first of them (left, or above) is a border
    pixel, in no area; the other pixels fall into connected areas. Every neighbouring pair
    that differs has a border pixel, so two areas meet nowhere without a border between."""
    lab = _lab(pixels)
    limit = numpy.float32(tolerance) ** 2
    border = numpy.zeros(lab.shape[:2], dtype=bool)
    border[:, :-1] |= numpy.square(lab[:, 1:] - lab[:, :-1]).sum(axis=2) >= limit
    border[:-1] |= numpy.square(lab[1:] - lab[:-1]).sum(axis=2) >= limit
    return measure.label(~border, connectivity=1).astype(numpy.int32)


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


def joined_across_names(areas: numpy.ndarray, found: numpy.ndarray, names: numpy.ndarray, pixels: numpy.ndarray,
                        tolerance: float, least: int) -> numpy.ndarray:
    """A relabelling (old area number -> new) that joins alike-coloured areas which touch
    almost only inside ``names``. A printed name is a thick knot of colour steps, no area at
    all, and across a narrow space it cuts the space in two: the halves, grown into the knot,
    meet there over the name's length, where two spaces parted by a drawn line meet along the
    line. So two areas join when they touch over at least ``least`` pixel sides, four in five
    of them within two pixels of a name, and their mean colours (``found``: the areas before
    growing) are less than ``tolerance`` apart."""
    count = int(areas.max()) + 1
    if not names.any():
        return numpy.arange(count)
    zone = ndimage.binary_dilation(names, iterations=2)
    firsts, seconds, near = [], [], []
    for one, other, close in ((areas[:, :-1], areas[:, 1:], zone[:, :-1] | zone[:, 1:]),
                              (areas[:-1], areas[1:], zone[:-1] | zone[1:])):
        differ = (one != other) & (one > 0) & (other > 0)
        firsts.append(numpy.minimum(one, other)[differ])
        seconds.append(numpy.maximum(one, other)[differ])
        near.append(close[differ])
    pairs, where, touching = numpy.unique(numpy.concatenate(firsts).astype(numpy.int64) * count
                                          + numpy.concatenate(seconds), return_inverse=True, return_counts=True)
    inside = numpy.bincount(where, weights=numpy.concatenate(near), minlength=len(pairs))
    index = numpy.arange(count)
    with numpy.errstate(invalid="ignore"):  # a number no area has left: no mean
        means = numpy.stack([ndimage.mean(pixels[..., channel], found, index) for channel in range(3)], axis=1)
    lab = color.rgb2lab(numpy.nan_to_num(means)[numpy.newaxis])[0]
    first, second = pairs // count, pairs % count
    alike = numpy.linalg.norm(lab[first] - lab[second], axis=1) < tolerance
    joined = (touching >= least) & (inside * 5 >= touching * 4) & alike
    graph = coo_matrix((numpy.ones(int(joined.sum()), dtype=numpy.int8), (first[joined], second[joined])),
                       shape=(count, count))
    _, components = connected_components(graph, directed=False)
    mapping = components + 1
    mapping[0] = 0
    return mapping
