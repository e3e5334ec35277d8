"""A reader of Server-Sent Events from a Flask test client's streamed response (the stream tests', and the
pages' tests reading the stream with a page's session)."""

from __future__ import annotations

import json


class Stream:
    """The events of one open stream, read block by block (comments and `retry:` kept)."""

    def __init__(self, response):
        self.response = response
        self.chunks = iter(response.response)
        self.buffer = b""

    def block(self) -> dict:
        while b"\n\n" not in self.buffer:
            self.buffer += next(self.chunks)
        raw, self.buffer = self.buffer.split(b"\n\n", 1)
        block: dict = {"comments": []}
        for line in raw.decode().split("\n"):
            name, _, value = line.partition(": ") if ": " in line else (line.rstrip(":"), "", "")
            if line.startswith(":"):
                block["comments"].append(line[1:].strip())
            elif name == "data":
                block["data"] = json.loads(value)
            else:
                block[name] = int(value) if name in ("id", "retry") else value
        return block

    def events(self, count: int, max_blocks: int = 400) -> list[dict]:
        """The next `count` events (keep-alives skipped); fails after `max_blocks` blocks."""
        found = []
        for _ in range(max_blocks):
            block = self.block()
            if "event" in block:
                found.append(block)
                if len(found) == count:
                    return found
        raise AssertionError(f"only {len(found)} of {count} events in {max_blocks} blocks")

    def quiet(self, blocks: int = 5) -> list[dict]:
        """The events among the next `blocks` blocks (expect none on a quiet stream)."""
        return [block for block in (self.block() for _ in range(blocks)) if "event" in block]

    def close(self) -> None:
        self.response.close()
