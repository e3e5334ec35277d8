"""A new connection whose first request opens the live event stream (GET /api/v1/events),
answered by roadsvc's gevent worker itself (roadsvc.stream.worker), so that the stream can then
be detached from the request (roadsvc.stream.detached).

Only a plain request is taken: a complete head that has arrived, a GET of the events path over
HTTP/1.1 or 1.0, well-formed header lines, no body. Anything else, and every connection whose
first request is something else, is left unread for gunicorn to serve as before.

The request itself is the app's, all of it: the WSGI app is called with the environ gunicorn
would build (headers with an underscore dropped, as gunicorn's `header_map` does), so the key,
the limits, the request id, the log line, the metrics and the security headers are those of any
request. When the app answers with an event stream, its head and first bytes are written and the
stream detached; any other answer (a 401, a 404, a 429) is written whole and the connection
closed. The response has no length and no chunks: the stream's body runs to the connection's end
(`Connection: close`).
"""

from __future__ import annotations

import io
import re
import socket
import sys
import time
from dataclasses import dataclass
from email.utils import formatdate
from typing import Any, Callable

from roadsvc.stream.detached import DetachedStream
from roadsvc.stream.sockets import detached_socket
from roadsvc.stream.sse import EventStream

EVENTS_PATH = b"/api/v1/events"
REQUEST_START = b"GET " + EVENTS_PATH
MAX_HEAD = 16_384
TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # a header name (RFC 9110)
PATIENCE = 1.0  # seconds a head may take to arrive whole before gunicorn is left to read it


@dataclass(frozen=True, slots=True)
class StreamRequest:
    target: str
    query: str
    version: str
    headers: tuple[tuple[str, str], ...]
    length: int  # of the head, in bytes


def serve_stream_request(app: Callable, connection: socket.socket, address: Any) -> bool:
    """Serve the connection's first request if it opens the event stream (then detached, or its
    refusal written); False, with nothing read, for gunicorn to serve."""
    head = peek_head(connection)
    request = parse_head(head) if head is not None else None
    if request is None:
        return False
    _receive(connection, request.length)
    status, headers, body = _call(app, environ_of(request, connection, address))
    if isinstance(body, EventStream) and status.startswith("200 "):
        connection.sendall(response_head(status, headers))
        for chunk in body.opening():
            connection.sendall(chunk)
        DetachedStream.of(body, detached_socket(connection)).attach()
    else:
        content = _drain(body)
        if not any(name.lower() == "content-length" for name, _ in headers):
            headers = [*headers, ("Content-Length", str(len(content)))]
        connection.sendall(response_head(status, headers) + content)
    return True


def peek_head(connection: socket.socket) -> bytes | None:
    """The request head waiting on the connection, left unread, if it may open the stream: None as
    soon as it cannot, or if it does not arrive whole within PATIENCE seconds."""
    waited, delay = 0.0, 0.001
    while True:
        data = connection.recv(MAX_HEAD, socket.MSG_PEEK)
        if not data or not (data.startswith(REQUEST_START) or REQUEST_START.startswith(data)):
            return None
        end = data.find(b"\r\n\r\n")
        if end >= 0:
            return data[:end + 4]
        if len(data) >= MAX_HEAD or waited >= PATIENCE:
            return None
        time.sleep(delay)  # gevent's sleep in the worker (monkey-patched)
        waited, delay = waited + delay, min(2 * delay, 0.05)


def parse_head(head: bytes) -> StreamRequest | None:
    """The head as a stream request, or None if it is anything but a plain GET of the events path."""
    request_line, *lines = head[:-4].split(b"\r\n")
    parts = request_line.split(b" ")
    if len(parts) != 3 or parts[2] not in (b"HTTP/1.1", b"HTTP/1.0"):
        return None
    path, _, query = parts[1].partition(b"?")
    if parts[0] != b"GET" or path != EVENTS_PATH:
        return None
    headers = []
    for line in lines:
        name, colon, value = line.partition(b":")
        if not colon or not TOKEN.fullmatch(name):
            return None  # obsolete line folding, spaces in a name, no colon: gunicorn's to refuse
        headers.append((name.decode("latin-1"), value.strip(b" \t").decode("latin-1")))
    if any(name.lower() in ("content-length", "transfer-encoding") and value not in ("", "0") for name, value in headers):
        return None
    return StreamRequest(parts[1].decode("latin-1"), query.decode("latin-1"), parts[2].decode("latin-1"),
                         tuple(headers), len(head))


def environ_of(request: StreamRequest, connection: socket.socket, address: Any) -> dict[str, Any]:
    """The request's WSGI environ, as gunicorn builds it."""
    server = connection.getsockname()
    remote = address if isinstance(address, tuple) else ("", 0)
    server = server if isinstance(server, tuple) else ("localhost", 0)
    environ = {
        "REQUEST_METHOD": "GET", "SCRIPT_NAME": "", "QUERY_STRING": request.query,
        "PATH_INFO": EVENTS_PATH.decode(), "RAW_URI": request.target,
        "SERVER_PROTOCOL": request.version, "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1]),
        "REMOTE_ADDR": str(remote[0]), "REMOTE_PORT": str(remote[1]), "SERVER_SOFTWARE": "roadsvc",
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    for name, value in request.headers:
        if "_" in name:
            continue  # gunicorn drops them: X_Forwarded_For must not pass for X-Forwarded-For
        key = name.upper().replace("-", "_")
        key = key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else "HTTP_" + key
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


def response_head(status: str, headers: list[tuple[str, str]]) -> bytes:
    lines = [f"HTTP/1.1 {status}", *(f"{name}: {value}" for name, value in headers),
             f"Date: {formatdate(usegmt=True)}", "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _call(app: Callable, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], Any]:
    started: list[Any] = []

    def start_response(status, headers, exc_info=None):
        if exc_info and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [status, list(headers)]
        return _no_write

    body = app(environ, start_response)
    if not started:  # a WSGI app may start its response at its body's first item
        body = [b"".join(body)]
    return started[0], started[1], body


def _no_write(data: bytes) -> None:
    raise RuntimeError("the write() callable is not supported")


def _drain(body: Any) -> bytes:
    try:
        return b"".join(body)
    finally:
        if hasattr(body, "close"):
            body.close()


def _receive(connection: socket.socket, length: int) -> None:
    """Read the head already peeked at."""
    while length > 0:
        data = connection.recv(length)
        if not data:
            raise ConnectionResetError("the connection closed during its request")
        length -= len(data)
