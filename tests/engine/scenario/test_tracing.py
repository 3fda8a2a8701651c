"""Spaces proposed from a scanned board: areas between drawn lines, neighbours sharing borders."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely
from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from engine.scenario.adjacency import derive
from engine.scenario.model import Board, ConnectionKind, Space
from engine.scenario.problems import ScenarioError
from engine.scenario.tracing import TraceSettings, read_image, trace

WEST, EAST, SOUTH = (200, 150, 100), (120, 180, 90), (110, 150, 220)


def scan(path: Path) -> Path:
    """Three coloured lands inside a black frame, their borders drawn 3 px wide, on white paper."""
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.polygon([(10, 10), (150, 10), (140, 100), (10, 110)], fill=WEST)
    draw.polygon([(150, 10), (290, 10), (290, 120), (140, 100)], fill=EAST)
    draw.polygon([(10, 110), (140, 100), (290, 120), (290, 190), (10, 190)], fill=SOUTH)
    draw.line([(150, 10), (140, 100), (10, 110)], fill=(0, 0, 0), width=3)
    draw.line([(140, 100), (290, 120)], fill=(0, 0, 0), width=3)
    draw.rectangle([10, 10, 290, 190], outline=(0, 0, 0), width=3)
    draw.text((60, 50), "Gaul", fill=(0, 0, 0))  # a name printed on the map: a speck, no space
    image.save(path)
    return path


@pytest.fixture(scope="module")
def proposals(tmp_path_factory):
    return trace(read_image(scan(tmp_path_factory.mktemp("scan") / "scan.png")), scale=2.0)


def test_each_coloured_area_is_proposed_with_its_colour_and_the_paper_around_is_not(proposals):
    assert len(proposals) == 3
    colours = sorted(tuple(int(p.colour[i:i + 2], 16) for i in (1, 3, 5)) for p in proposals)
    for found, drawn in zip(colours, sorted([WEST, EAST, SOUTH]), strict=True):
        assert all(abs(a - b) <= 12 for a, b in zip(found, drawn, strict=True))  # the name's ink is in the mean
    west = min(proposals, key=lambda p: sum(abs(int(p.colour[i:i + 2], 16) - WEST[n])
                                            for n, i in enumerate((1, 3, 5))))
    x0, y0, x1, y1 = Polygon(west.polygon).bounds  # in board units: 2 per pixel
    assert (x0, y0) == pytest.approx((24, 24), abs=4) and (x1, y1) == pytest.approx((300, 220), abs=6)


def test_neighbours_share_their_border_vertices_so_adjacency_finds_them(proposals):
    shapes = [Polygon(p.polygon) for p in proposals]
    assert shapely.coverage_is_valid(shapes)  # no overlap, shared borders are the same segments
    for i in range(3):
        for j in range(i + 1, 3):
            assert shapes[i].boundary.intersection(shapes[j].boundary).length > 100
    spaces = [Space(f"s{i}", f"S{i}", polygon=p.polygon) for i, p in enumerate(proposals)]
    connections = derive(Board(600, 400, spaces=spaces))
    assert len(connections) == 3 and {c.kind for c in connections} == {ConnectionKind.LAND}


def test_a_part_of_the_picture_is_traced_alone(tmp_path):
    pixels = read_image(scan(tmp_path / "scan.png"))
    found = trace(pixels, TraceSettings(), part=(155, 15, 130, 80), scale=1.0)
    assert len(found) == 1 and found[0].colour.startswith("#7")  # the east only
    assert min(x for x, _ in found[0].polygon) >= 155 and max(x for x, _ in found[0].polygon) <= 285


def test_an_unreadable_image_is_refused_with_where(tmp_path):
    broken = tmp_path / "scan.png"
    broken.write_bytes(b"not a picture")
    with pytest.raises(ScenarioError) as caught:
        read_image(broken)
    assert caught.value.lines() == [f"{broken}: not a readable image (UnidentifiedImageError)"]
    with pytest.raises(ScenarioError) as caught:
        read_image(tmp_path / "missing.png")
    assert caught.value.lines() == [f"{tmp_path / 'missing.png'}: no such image"]
