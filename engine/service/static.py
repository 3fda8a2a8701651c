"""`epoch serve --ws PORT --web PORT`: the example web client's own files over HTTP on localhost.

A page needs an origin the WebSocket admits and a browser that opens it without flags; a
file page (origin ``null``) works, but one command that serves the page and prints its
address is simpler to document. Only the regular files directly in examples/web are served,
looked up by name in a list made at start, so no request can name a path out of that folder.
"""

from __future__ import annotations

import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

WEB = Path(__file__).resolve().parents[2] / "examples" / "web"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".md": "text/plain; charset=utf-8"}


def web_files(folder: Path = WEB) -> dict[str, Path]:
    """``/name`` for each regular file of ``folder`` (no links, no subfolders), ``/`` the page."""
    if not (folder / "index.html").is_file():
        raise ValueError(f"--web: {folder} has no index.html (run from a checkout of Epoch Studio)")
    files = {f"/{p.name}": p for p in sorted(folder.iterdir())
             if p.is_file() and not p.is_symlink() and p.suffix in TYPES}
    return {"/": folder / "index.html", **files}


def serve_web(host: str, port: int, files: dict[str, Path] | None = None) -> ThreadingHTTPServer:
    """Start serving ``files`` on a daemon thread; the caller reads the bound port from the result."""
    table = files if files is not None else web_files()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = table.get(urlsplit(self.path).path)
            if path is None:
                self.send_error(HTTPStatus.NOT_FOUND, "not one of the web client's files")
                return
            body = path.read_bytes()
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", TYPES[path.suffix])
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the server's stderr is for its addresses and tokens."""

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
