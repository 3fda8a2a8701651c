"""The two ways to reach the service: lines on stdio, and messages on a local WebSocket.

Stdio is the user's own process, so it is the designer. A WebSocket can be reached by any
page in the user's browser, so it admits only the origins the user allowed and a client
that shows one of the tokens printed at start; each connection has sessions of its own,
freed when it closes or falls idle (docs/security.md).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import sys
from collections.abc import Iterator, Sequence
from http import HTTPStatus
from typing import BinaryIO, TextIO
from urllib.parse import parse_qs, urlsplit

from engine.service.folder import Folder
from engine.service.jsonrpc import MAX_REQUEST_BYTES, handle_line, too_large
from engine.service.methods import EngineService

MAX_CONNECTIONS = 8
IDLE_SECONDS = 30 * 60
# What a browser sends for a page opened from a file (the shipped examples/web), and what a
# client outside a browser sends: nothing.
# The web client's page (--web) is served on localhost only, whatever --host says.
WEB_HOST = "127.0.0.1"
DEFAULT_ORIGINS: tuple[str | None, ...] = (None, "null")


def _lines(incoming: BinaryIO, limit: int) -> Iterator[bytes | None]:
    """Each line of at most ``limit`` bytes; None for a longer one, which is skipped, not kept."""
    while line := incoming.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := incoming.readline(1 << 16)) and not rest.endswith(b"\n"):
                pass
            yield None
        else:
            yield line


def serve_stdio(service: EngineService, incoming: BinaryIO | None = None, outgoing: TextIO | None = None) -> None:
    """One request a line in, one response a line out, until the input ends."""
    incoming = incoming or sys.stdin.buffer
    outgoing = outgoing or sys.stdout
    for line in _lines(incoming, MAX_REQUEST_BYTES):
        if line is not None and not line.strip():
            continue
        answer = too_large() if line is None else handle_line(line, service.dispatch)
        if answer is not None:
            outgoing.write(answer + "\n")
            outgoing.flush()


class Tokens:
    """The secrets a WebSocket client shows as ``?token=``: the designer's sees everything,
    a player's must name a seat in every question and may not save, load or travel."""

    def __init__(self) -> None:
        self.designer = secrets.token_urlsafe(24)
        self.player = secrets.token_urlsafe(24)

    def role(self, path: str) -> bool | None:
        """True for the designer, False for a player, None for no valid token."""
        shown = parse_qs(urlsplit(path).query).get("token", [""])[0]
        if hmac.compare_digest(shown.encode(), self.designer.encode()):
            return True
        if hmac.compare_digest(shown.encode(), self.player.encode()):
            return False
        return None


def serve_websocket(folder: Folder, host: str, port: int, tokens: Tokens, *,
                    origins: Sequence[str | None] = DEFAULT_ORIGINS, idle: float = IDLE_SECONDS,
                    ready: TextIO = sys.stderr, web: int | None = None) -> None:
    """Each WebSocket text message is one request line. Bound to localhost unless told.
    ``web``: also serve the example web client on that localhost port, its origin admitted."""
    from websockets.asyncio.server import serve
    from websockets.exceptions import ConnectionClosed

    open_connections = set()

    def admit(connection, request):
        connection.designer = tokens.role(request.path)
        if connection.designer is None:
            return connection.respond(HTTPStatus.UNAUTHORIZED, "epoch serve: show the token it printed (?token=)\n")
        return None

    async def answer(connection) -> None:
        if len(open_connections) >= MAX_CONNECTIONS:
            await connection.close(1013, f"{MAX_CONNECTIONS} connections are open, the most the server takes")
            return
        open_connections.add(connection)
        service = EngineService(folder=folder, designer=connection.designer)
        try:
            while True:
                message = await asyncio.wait_for(connection.recv(), idle)
                reply = handle_line(message, service.dispatch)
                if reply is not None:
                    await connection.send(reply)
        except TimeoutError:
            await connection.close(1000, f"idle for {idle:g} seconds: its sessions are closed")
        except ConnectionClosed:
            pass
        finally:
            service.sessions.clear()
            open_connections.discard(connection)

    page = None
    if web is not None:
        from engine.service.static import serve_web

        page = serve_web(WEB_HOST, web)
        bound_web = page.server_address[1]
        origins = [*origins, f"http://{WEB_HOST}:{bound_web}", f"http://localhost:{bound_web}"]

    async def main() -> None:
        async with serve(answer, host, port, origins=list(origins), process_request=admit,
                         max_size=MAX_REQUEST_BYTES) as server:
            bound = server.sockets[0].getsockname()[1]
            address = f"ws://{host}:{bound}"
            ready.write(f"epoch serve: listening on {address} in {folder.root}\n"
                        f"epoch serve: designer: {address}/?token={tokens.designer}\n"
                        f"epoch serve: player (asks as a seat only): {address}/?token={tokens.player}\n")
            if page is not None:
                ready.write(f"epoch serve: web client: http://{WEB_HOST}:{page.server_address[1]}/"
                            f"?ws={address}&token={tokens.designer}\n")
            ready.flush()
            await server.serve_forever()

    try:
        asyncio.run(main())
    finally:
        if page is not None:
            page.shutdown()
