"""A Server-Sent Events client for the reliability tests and bench/events.py.

HTTP/1.0 requests, so the server streams the body plainly (no chunked framing) and the
client reads it line by line; one blocking client (tests) and one asyncio reader (the
benchmark's thousands of streams in one process).
"""

from __future__ import annotations

import asyncio
import json
import socket
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class Event:
    id: int | None = None
    type: str | None = None
    data: dict | None = None
    comments: list[str] = field(default_factory=list)


def request_bytes(host: str, path: str, key: str, last_event_id: int | None = None) -> bytes:
    lines = [f"GET {path} HTTP/1.0", f"Host: {host}", f"Authorization: Bearer {key}", "Accept: text/event-stream"]
    if last_event_id is not None:
        lines.append(f"Last-Event-ID: {last_event_id}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def parse_block(lines: list[str]) -> Event:
    event = Event()
    for line in lines:
        if line.startswith(":"):
            event.comments.append(line[1:].strip())
        elif line.startswith("id: "):
            event.id = int(line[4:])
        elif line.startswith("event: "):
            event.type = line[7:]
        elif line.startswith("data: "):
            event.data = json.loads(line[6:])
    return event


class SseConnection:
    """One open stream (blocking): `status`, then `next()` gives each block as an Event."""

    def __init__(self, base: str, key: str, query: str = "", last_event_id: int | None = None, timeout: float = 10.0):
        parts = urlsplit(base)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        self.file = self.sock.makefile("rb")
        try:
            self.sock.sendall(request_bytes(parts.netloc, f"/api/v1/events{query}", key, last_event_id))
            self.status = int(self.file.readline().split()[1])
            while self.file.readline() not in (b"\r\n", b"\n", b""):
                pass
        except (OSError, IndexError, ValueError):
            self.close()
            raise ConnectionError("no answer from the stream") from None

    def next(self) -> Event:
        lines: list[str] = []
        while True:
            raw = self.file.readline()
            if not raw:
                raise ConnectionError("the stream ended")
            line = raw.decode().rstrip("\r\n")
            if line == "" and lines:
                return parse_block(lines)
            if line:
                lines.append(line)

    def close(self) -> None:
        self.file.close()
        self.sock.close()


async def open_async(host: str, port: int, key: str, query: str = "") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """An open stream whose headers and first block are read (asyncio, for the benchmark)."""
    reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
    writer.write(request_bytes(f"{host}:{port}", f"/api/v1/events{query}", key))
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    await reader.readuntil(b"\r\n\r\n")
    await reader.readuntil(b"\n\n")  # retry: and the opening comment
    return reader, writer
