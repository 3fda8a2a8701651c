"""Whether Qt's X11 platform plugin can load, asked before the application is created.

Qt 6.5 and later need libraries a plain Debian or Ubuntu desktop may lack (libxcb-cursor0
above all). Without them Qt prints a plugin error and aborts the process, which tells a
designer nothing; loading each library the plugin links against first turns that into one
line naming what is missing and the command that installs it. The offscreen platform used
by ``--screenshot`` and the tests needs none of them.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Mapping

# Every library Qt 6's xcb plugin (libqxcb.so and libQt6XcbQpa) links against that is not part
# of a bare X11 client, with the Debian/Ubuntu package that provides it.
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def load_library(name: str) -> None:
    """Raises OSError when the dynamic linker cannot find ``name``."""
    ctypes.CDLL(name)


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will start on X11: on Linux, unless another platform is asked for, or the
    session is Wayland (where Qt 6 prefers its Wayland plugin)."""
    if not platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if asked:
        return asked == "xcb"
    return not (environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY"))


def missing_xcb_libraries() -> list[str]:
    missing = []
    for name in XCB_LIBRARIES:
        try:
            load_library(name)
        except OSError:
            missing.append(name)
    return missing


def platform_problem(environ: Mapping[str, str] | None = None) -> str:
    """One line saying which system libraries the desktop needs and how to install them,
    or "" when Qt can start."""
    environ = os.environ if environ is None else environ
    if not uses_xcb(environ):
        return ""
    missing = missing_xcb_libraries()
    if not missing:
        return ""
    packages = " ".join(XCB_LIBRARIES[name] for name in missing)
    return (f"epoch-studio: the Qt desktop (X11) needs system libraries that are missing: {', '.join(missing)}. "
            f"Install them with: sudo apt-get install {packages}")
