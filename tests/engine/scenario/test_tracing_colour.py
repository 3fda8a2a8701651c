"""Trace's colour mode: flat-coloured areas found whole, outlined drawings as well as lines mode,
alike colours grouped as a region hint, and a trace that can be followed and stopped.

The pictures are drawn here (Pillow) from known polygons, and every proposal is measured
against the polygon it should be by its intersection over union (shapely)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy
import pytest
import shapely
from PIL import Image, ImageDraw, ImageFont
from shapely.geometry import Polygon, box

from engine.scenario.tracing import COLOUR, LINES, Cancelled, TraceSettings, trace

RED, BLUE, GREEN, YELLOW, PURPLE = (214, 69, 65), (66, 133, 244), (52, 168, 83), (251, 188, 5), (60, 40, 90)
APART = [  # five flat-coloured polygons on white paper, none touching
    ([(20, 20), (180, 30), (150, 150), (30, 130)], RED),
    ([(220, 20), (380, 40), (360, 120), (240, 140)], BLUE),
    ([(420, 30), (580, 20), (570, 160), (450, 140)], GREEN),
    ([(40, 200), (260, 180), (280, 380), (60, 370)], YELLOW),
    ([(320, 200), (560, 190), (580, 380), (300, 360), (400, 300)], PURPLE),
]
TILED = [  # five polygons tiling the sheet, meeting with no line between them
    ([(0, 0), (300, 0), (250, 200), (0, 220)], RED),
    ([(300, 0), (600, 0), (600, 180), (250, 200)], BLUE),
    ([(0, 220), (250, 200), (220, 400), (0, 400)], GREEN),
    ([(250, 200), (600, 180), (600, 260), (400, 400), (220, 400)], YELLOW),
    ([(600, 260), (600, 400), (400, 400)], PURPLE),
]


def picture(shapes, *, filled=True, outline=0, margin=0, scanned=False) -> numpy.ndarray:
    """The shapes drawn on a white sheet (moved ``margin`` pixels in), as RGB 0..1. ``scanned``:
    drawn four times larger and scaled down (soft, anti-aliased edges) with a little noise."""
    grain = 4 if scanned else 1
    side = (600 + 2 * margin) * grain, (400 + 2 * margin) * grain
    image = Image.new("RGB", side, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    moved = [[((x + margin) * grain, (y + margin) * grain) for x, y in corners] for corners, _ in shapes]
    for corners, (_, colour) in zip(moved, shapes, strict=True):
        if filled:
            draw.polygon(corners, fill=colour)
    for corners in moved if outline else []:
        draw.line([*corners, corners[0]], fill=(0, 0, 0), width=outline * grain, joint="curve")
    if scanned:
        image = image.resize((side[0] // grain, side[1] // grain), Image.Resampling.LANCZOS)
    pixels = numpy.asarray(image, dtype=float) / 255
    if scanned:
        pixels = numpy.clip(pixels + numpy.random.default_rng(31).normal(0, 3 / 255, pixels.shape), 0, 1)
    return pixels


def matched(proposals, shapes, margin=0) -> list[float]:
    """For each drawn polygon, the intersection over union of the proposal that fits it best."""
    found = [Polygon(proposal.polygon) for proposal in proposals]
    scores = []
    for corners, _ in shapes:
        drawn = Polygon([(x + margin, y + margin) for x, y in corners])
        scores.append(max(drawn.intersection(shape).area / drawn.union(shape).area for shape in found))
    return scores


def colour_of(proposal) -> tuple[int, ...]:
    return tuple(int(proposal.colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("scanned", [False, True])
@pytest.mark.parametrize("shapes", [APART, TILED], ids=["apart", "tiled"])
def test_every_flat_coloured_area_is_found_whole_and_nothing_else(shapes, scanned):
    proposals = trace(picture(shapes, scanned=scanned))
    assert len(proposals) == len(shapes)  # no extra space: not the paper, not an edge seam
    assert min(matched(proposals, shapes)) >= 0.9
    for proposal, (corners, colour) in zip(sorted(proposals, key=lambda p: Polygon(p.polygon).centroid.coords[0]),
                                           sorted(shapes, key=lambda s: Polygon(s[0]).centroid.coords[0]),
                                           strict=True):
        assert all(abs(a - b) <= 6 for a, b in zip(colour_of(proposal), colour, strict=True))


def test_lines_mode_finds_one_sheet_where_colour_mode_finds_the_areas():
    """What issue 31 found: by grey level alone, flat fills on white are one area, the whole sheet."""
    proposals = trace(picture(APART), TraceSettings(mode=LINES))
    assert len(proposals) == 1 and max(matched(proposals, APART)) < 0.2


def test_touching_areas_share_their_borders():
    shapes = [Polygon(proposal.polygon) for proposal in trace(picture(TILED))]
    assert shapely.coverage_is_valid(shapes)
    assert shapes[0].boundary.intersection(shapes[1].boundary).length > 150


@pytest.mark.parametrize("mode", [COLOUR, LINES])
@pytest.mark.parametrize("scanned", [False, True])
def test_an_outlined_drawing_is_traced_as_well_in_both_modes(mode, scanned):
    pixels = picture(TILED, filled=False, outline=3, margin=10, scanned=scanned)
    proposals = trace(pixels, TraceSettings(mode=mode))
    assert len(proposals) == len(TILED)
    assert min(matched(proposals, TILED, margin=10)) >= 0.95


def test_a_dark_fill_inside_outlines_is_a_space_in_colour_mode_only():
    """Lines mode takes the purple (darker than its grey threshold) for a line and loses it."""
    pixels = picture(TILED, outline=3, margin=10)
    assert min(matched(trace(pixels), TILED, margin=10)) >= 0.95
    assert len(trace(pixels, TraceSettings(mode=LINES))) == len(TILED) - 1


def test_alike_colours_share_a_group_the_region_hint():
    twins = [*APART[:4], (APART[4][0], RED)]  # the last area painted like the first
    proposals = trace(picture(twins))
    by_colour: dict[tuple[int, ...], set[int]] = {}
    for proposal in proposals:
        by_colour.setdefault(min((RED, BLUE, GREEN, YELLOW), key=lambda c: sum(
            abs(a - b) for a, b in zip(c, colour_of(proposal), strict=True))), set()).add(proposal.group)
    assert all(len(groups) == 1 for groups in by_colour.values())
    assert sorted(len(groups) for groups in by_colour.values()) == [1, 1, 1, 1]
    assert len({proposal.group for proposal in proposals}) == 4 and len(proposals) == 5


def test_smaller_areas_are_merged_into_their_neighbours():
    """A small blot inside an area, and one on a border, make no space of their own."""
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle([10, 10, 150, 190], fill=RED)
    draw.rectangle([151, 10, 290, 190], fill=BLUE)
    draw.ellipse([60, 60, 70, 70], fill=GREEN)  # about 80 pixels: under the smallest area
    draw.rectangle([146, 100, 155, 108], fill=YELLOW)
    proposals = trace(numpy.asarray(image, dtype=float) / 255, TraceSettings(min_area=200))
    assert len(proposals) == 2
    assert shapely.coverage_is_valid([Polygon(proposal.polygon) for proposal in proposals])
    union = shapely.union_all([Polygon(proposal.polygon) for proposal in proposals])
    assert union.geom_type == "Polygon" and not union.interiors  # no gap where the blots were
    assert union.area == pytest.approx(281 * 181, rel=0.002)


def test_progress_is_reported_in_order_and_a_false_answer_stops_the_trace():
    seen: list[float] = []
    assert len(trace(picture(APART), progress=lambda done: seen.append(done) or True)) == 5
    assert seen == sorted(seen) and seen[0] == 0.0 and len(seen) >= 5
    with pytest.raises(Cancelled):
        trace(picture(APART), progress=lambda done: done < 0.5)


FONT = Path(__file__).parents[3] / "assets" / "fonts" / "DejaVuSans.ttf"
OLIVE, PAPER = (163, 161, 74), (240, 234, 216)


def named(draw: ImageDraw.ImageDraw, where: tuple[float, float], name: str, size: int = 18) -> None:
    """A name as a map prints it: dark, anti-aliased, with a pale halo."""
    draw.text(where, name, font=ImageFont.truetype(str(FONT), size), anchor="mm", fill=(34, 34, 34),
              stroke_width=1, stroke_fill=PAPER)


def test_a_name_printed_across_a_narrow_space_neither_cuts_it_nor_joins_its_alike_neighbours():
    """The name's anti-aliased letters are a knot of colour steps from border to border; the
    space's halves are joined across it, but not to the neighbours of its colour beyond its lines."""
    image = Image.new("RGB", (400, 200), PAPER)
    draw = ImageDraw.Draw(image)
    cells = [(10, 10, 180, 190), (180, 10, 215, 190), (215, 10, 390, 190)]
    for left, top, right, bottom in cells:
        draw.rectangle([left, top, right - 1, bottom - 1], fill=OLIVE, outline=(51, 51, 51))
    named(draw, (197, 100), "Libya")  # wider than its space
    named(draw, (95, 60), "Carthage")
    proposals = trace(numpy.asarray(image, dtype=float) / 255)
    assert len(proposals) == 3
    assert min(matched(proposals, [(list(box(*cell).exterior.coords)[:-1], OLIVE) for cell in cells])) >= 0.95


def test_the_shipped_americas_with_their_names_are_found_whole():
    """History of the World's South America at half size, one colour, names over the spaces."""
    board = json.loads((Path(__file__).parents[3] / "scenarios" / "history-of-the-world.json").read_text())["board"]
    spaces = {space["id"]: space for space in board["spaces"]}
    shapes = [([(x / 2, y / 2) for x, y in spaces[name]["polygon"]], OLIVE)
              for name in ("brazil", "amazon", "andes", "pampas", "new-granada")]
    image = Image.new("RGB", (1000, 500), PAPER)
    draw = ImageDraw.Draw(image)
    for corners, colour in shapes:
        draw.polygon(corners, fill=colour, outline=(60, 60, 50))
    for (corners, _), name in zip(shapes, ("Brazil", "Amazon", "Andes", "Pampas", "New Granada"), strict=True):
        point = Polygon(corners).representative_point()
        named(draw, (point.x, point.y), name, 14)
    proposals = trace(numpy.asarray(image, dtype=float) / 255)
    assert len(proposals) == 5 and min(matched(proposals, shapes)) >= 0.9
