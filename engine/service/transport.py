"""The two ways to reach the service: lines on stdio, and messages on a local WebSocket."""

from __future__ import annotations

import asyncio
import sys
from typing import TextIO

from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService


def serve_stdio(service: EngineService, incoming: TextIO = sys.stdin, outgoing: TextIO = sys.stdout) -> None:
    """One request a line in, one response a line out, until the input ends."""
    for line in incoming:
        if not line.strip():
            continue
        answer = handle_line(line, service.dispatch)
        if answer is not None:
            outgoing.write(answer + "\n")
            outgoing.flush()


def serve_websocket(service: EngineService, host: str, port: int, ready: TextIO = sys.stderr) -> None:
    """Each WebSocket text message is one request line. Bound to localhost unless told."""
    from websockets.asyncio.server import serve

    async def answer(connection) -> None:
        async for message in connection:
            if not isinstance(message, str):
                continue
            reply = handle_line(message, service.dispatch)
            if reply is not None:
                await connection.send(reply)

    async def main() -> None:
        async with serve(answer, host, port) as server:
            bound = server.sockets[0].getsockname()[1]
            ready.write(f"epoch serve: listening on ws://{host}:{bound}\n")
            ready.flush()
            await server.serve_forever()

    asyncio.run(main())
