"""A minimal client of `epoch serve` on a pipe, with nothing but the standard library.

    client = EpochClient(["epoch", "serve"])
    game = client.call("open", scenario="scenarios/history-of-the-world.json", players=3)
    result = play_random_game(client, game["session"], seed=1)
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Sequence
from typing import Any


class EpochError(Exception):
    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error['code']}: {error['message']}")
        self.code = error["code"]
        self.data = error.get("data")


class EpochClient:
    """Sends one JSON-RPC request a line and reads one response a line."""

    def __init__(self, command: Sequence[str], **popen: Any) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8", bufsize=1, **popen)
        self.next_id = 0

    def call(self, method: str, **params: Any) -> Any:
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        response = json.loads(self.process.stdout.readline())
        if response.get("id") != self.next_id:
            raise RuntimeError(f"answer to another request: {response}")
        if "error" in response:
            raise EpochError(response["error"])
        return response["result"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


def play_random_game(client: EpochClient, session: str, seed: int, max_steps: int = 100_000) -> dict[str, Any]:
    """Each seat asks as itself and picks at random; chance is rolled by the engine."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        public = client.call("decision", session=session, seat=0)
        if public["kind"] == "end":
            return public
        if public["kind"] == "chance":
            client.call("apply", session=session, roll=True)
            continue
        seat = public["seat"]
        own = client.call("decision", session=session, seat=seat)
        action = rng.choice(own["actions"])
        client.call("apply", session=session, seat=seat, move=action["id"])
    raise RuntimeError(f"no end after {max_steps} steps")
