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


def request_bytes(host: str, path: str, key: str, last_event_id: int | None = None, keep_alive: bool = False) -> bytes:
    """An HTTP/1.0 request (a stream's body is then plain); `keep_alive`: HTTP/1.1, the connection kept for the
    next request (a redirect followed on it, as a browser does)."""
    version = "HTTP/1.1" if keep_alive else "HTTP/1.0"
    lines = [f"GET {path} {version}", f"Host: {host}", f"Authorization: Bearer {key}", "Accept: text/event-stream"]
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


REDIRECTS = (301, 302, 303, 307, 308)


class SseConnection:
    """One open stream (blocking): `status`, then `next()` gives each block as an Event. A redirect is
    followed as EventSource follows it (the same key and Last-Event-ID, on a new connection: HTTP/1.0):
    `redirected_to` is the last Location (None: the stream was answered where it was asked for)."""

    def __init__(self, base: str, key: str, query: str = "", last_event_id: int | None = None, timeout: float = 10.0,
                 follow: bool = True):
        parts = urlsplit(base)
        self.redirected_to: str | None = None
        self.headers: dict[str, str] = {}
        path = f"/api/v1/events{query}"
        for _ in range(5):
            self._request(parts.hostname, parts.port, parts.netloc, path, key, last_event_id, timeout)
            if not follow or self.status not in REDIRECTS or "location" not in self.headers:
                return
            self.close()
            target = urlsplit(self.headers["location"])
            if target.netloc:  # an absolute Location: that host
                parts = target
            path = target.path + (f"?{target.query}" if target.query else "")
            self.redirected_to = path
        raise ConnectionError("too many redirects")

    def _request(self, host: str, port: int, netloc: str, path: str, key: str, last_event_id: int | None,
                 timeout: float) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.file = self.sock.makefile("rb")
        try:
            self.sock.sendall(request_bytes(netloc, path, key, last_event_id))
            self.status = int(self.file.readline().split()[1])
            self.headers = {}
            while (line := self.file.readline()) not in (b"\r\n", b"\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                self.headers[name.strip().lower()] = value.strip()
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
