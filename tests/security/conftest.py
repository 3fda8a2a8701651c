"""The security tests' fixtures: a real server (``serving.py``) and the studio's window."""

from serving import root, ws_server  # noqa: F401  (fixtures)
from studio_window import (  # noqa: F401
    blank_saved,
    isolated_settings,
    settings,
    settings_file,
    window,
)
