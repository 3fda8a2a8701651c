"""How large a picture the studio reads: one limit, checked from the file's header before decoding.

A PNG of a few hundred kilobytes can declare 50,000 x 50,000 pixels; decoding it (or tracing
it, at 24 bytes a pixel as RGB floats) would ask for gigabytes. Pillow and Qt both read the
size from the header without decoding, so every reader (Trace, Choose Image, the board's
background) asks ``image_size`` or compares its own reader's size with ``MAX_IMAGE_PIXELS``
first, and a picture over it is refused with a message saying so.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from engine.scenario.problems import Problem, ScenarioError
from engine.scenario.reading import FileMissing, Unreadable, check_regular

# 40 megapixels: a board scanned at 300 dpi over 68 x 42 cm. Traced as RGB floats it takes
# about 1 GiB; a picture twice as wide and high would not fit the machines the studio runs on.
MAX_IMAGE_PIXELS = 40_000_000
TRACED_BYTES_PER_PIXEL = 3 * 8  # RGB as 64-bit floats, what tracing decodes a picture into
# Such a picture stored uncompressed (a TIFF, a BMP) at 8 bytes a pixel, and then some.
MAX_IMAGE_BYTES = 8 * MAX_IMAGE_PIXELS


def too_large(width: int, height: int) -> str | None:
    """The message for a picture of ``width`` x ``height`` pixels over the limit, else None."""
    if width * height <= MAX_IMAGE_PIXELS:
        return None
    gib = width * height * TRACED_BYTES_PER_PIXEL / 2**30
    return (f"the image is {width:,} x {height:,} pixels ({width * height / 1e6:,.0f} megapixels, "
            f"{gib:,.1f} GiB decoded), more than the {MAX_IMAGE_PIXELS / 1e6:,.0f} megapixels a picture may have")


def image_size(path: Path) -> tuple[int, int]:
    """The picture's width and height read from its header, nothing decoded. ScenarioError,
    located by the file, when it is no readable picture or is larger than MAX_IMAGE_PIXELS.
    Pillow is imported here, not at the top: the studio's window asks only ``too_large``."""
    from PIL import Image, UnidentifiedImageError

    try:
        check_regular(path, MAX_IMAGE_BYTES, "a picture")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the size is checked below
            with Image.open(path) as image:
                width, height = image.size
    except (FileMissing, FileNotFoundError):
        raise ScenarioError([Problem("", "no such image")], str(path)) from None
    except Unreadable as error:
        raise ScenarioError([Problem("", str(error))], str(path)) from None
    except Image.DecompressionBombError:  # so large that Pillow itself refuses to open it
        raise ScenarioError([Problem("", f"the image is larger than the {MAX_IMAGE_PIXELS / 1e6:,.0f} megapixels a "
                                         "picture may have")], str(path)) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        raise ScenarioError([Problem("", f"not a readable image ({error.__class__.__name__})")], str(path)) from None
    message = too_large(width, height)
    if message:
        raise ScenarioError([Problem("", message)], str(path))
    return width, height
