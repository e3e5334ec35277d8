"""roadsvc's worker answering a connection that opens the event stream (roadsvc.stream.handshake),
over a real loopback connection, with the app itself: the stream is answered by the app (its key,
its table checks, its request id and headers), then detached; a refusal is the app's JSON error;
any other request is left unread for gunicorn."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from roadsvc.stream.handshake import environ_of, parse_head, serve_stream_request


class Connection:
    """A display's TCP connection to the worker, and the worker's end of it."""

    def __init__(self):
        with socket.create_server(("127.0.0.1", 0)) as listener:
            self.display = socket.create_connection(listener.getsockname())
            self.worker, self.address = listener.accept()
        self.display.settimeout(10)
        self.buffer = b""

    def serve(self, app, request: bytes) -> bool:
        """The display sends `request`; the worker serves the connection, then closes its own socket
        (as gevent's server does when a connection's handler returns)."""
        self.display.sendall(request)
        try:
            return serve_stream_request(app, self.worker, self.address)
        finally:
            self.worker.close()

    def head(self) -> tuple[int, dict[str, str]]:
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status, *lines = head.decode("latin-1").split("\r\n")
        return int(status.split()[1]), {name.lower(): value for name, value in (line.split(": ", 1) for line in lines)}

    def rest(self) -> bytes:
        """Everything up to the connection's end."""
        while chunk := self._recv():
            self.buffer += chunk
        return self.buffer

    def events(self, count: int) -> list[dict]:
        found = []
        while len(found) < count:
            while b"\n\n" not in self.buffer:
                self.buffer += self._recv()
            block, self.buffer = self.buffer.split(b"\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.decode().split("\n") if not line.startswith(":"))
            if "event" in fields:
                found.append({"id": int(fields["id"]), "event": fields["event"], "data": json.loads(fields["data"])})
        return found

    def _recv(self) -> bytes:
        return self.display.recv(65536)

    def close(self) -> None:
        """Both ends (a test that only built an environ from the worker's end leaves it open)."""
        self.display.close()
        self.worker.close()


@pytest.fixture
def connect():
    opened = []

    def open_() -> Connection:
        opened.append(Connection())
        return opened[-1]

    yield open_
    for connection in opened:
        connection.close()


def stream_request(key: str | None, query: str = "", extra: str = "") -> bytes:
    auth = f"Authorization: Bearer {key}\r\n" if key else ""
    return f"GET /api/v1/events{query} HTTP/1.1\r\nHost: roadsvc\r\n{auth}{extra}\r\n".encode()


def test_the_stream_is_answered_by_the_app_then_detached_and_its_events_reach_the_connection(app, api, connect):
    table = api.post("/api/v1/tables", {"name": "Live"}, role="pitboss").json["id"]
    shoe = api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8}, role="dealer").json["id"]
    connection = connect()
    assert connection.serve(app, stream_request(api.keys["display"], f"?table_id={table}",
                                                "X-Request-ID: display-7\r\n")) is True
    status, headers = connection.head()
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    assert headers["connection"] == "close" and "content-length" not in headers and "transfer-encoding" not in headers
    assert headers["x-request-id"] == "display-7" and headers["x-content-type-options"] == "nosniff"
    for number, result in ((1, "banker"), (2, "player"), (3, "tie")):
        response = api.post(f"/api/v1/tables/{table}/hands", {"shoe_id": shoe, "number": number, "result": result},
                            role="dealer")
        assert response.status_code == 201, response.json
    hands = connection.events(3)
    assert [(event["event"], event["data"]["number"], event["data"]["result"]) for event in hands] == [
        ("hand", 1, "banker"), ("hand", 2, "player"), ("hand", 3, "tie")]
    assert eventually(lambda: table in app.extensions["roadsvc.events"].waiting())  # its request long over


def eventually(condition, attempts: int = 200) -> bool:
    """Whether `condition` holds within a few seconds (the hub's thread parks a stream just after
    writing to it)."""
    for _ in range(attempts):
        if condition():
            return True
        threading.Event().wait(0.02)
    return False


def test_a_refused_stream_gets_the_apps_json_error_and_the_connection_closes(app, api, connect):
    connection = connect()
    assert connection.serve(app, stream_request(None)) is True
    status, headers = connection.head()
    body = connection.rest()
    assert status == 401 and int(headers["content-length"]) == len(body) and headers["connection"] == "close"
    assert json.loads(body)["code"] == "missing_key"
    connection = connect()
    assert connection.serve(app, stream_request(api.keys["display"], "?table_id=999")) is True
    status, _ = connection.head()
    assert status == 404 and json.loads(connection.rest())["code"] == "table_not_found"


def test_a_pit_bosss_stream_sees_the_operators_events_and_a_displays_never_does(app, api, connect):
    from roadsvc.persistence.events import NewEvent, append_events
    from roadsvc.services.events import OPERATORS

    table = api.post("/api/v1/tables", {"name": "Watched"}, role="pitboss").json["id"]
    display, pitboss = connect(), connect()
    display.serve(app, stream_request(api.keys["display"], f"?table_id={table}"))
    pitboss.serve(app, stream_request(api.keys["pitboss"], f"?table_id={table}"))
    assert display.head()[0] == pitboss.head()[0] == 200
    with app.extensions["roadsvc.db"].write() as session:
        append_events(session, [NewEvent("alert", table, data={"change": "raised"}, audience=OPERATORS),
                                NewEvent("table_changed", table, None, 2, {"name": "Watched"})])
    assert [event["event"] for event in pitboss.events(2)] == ["alert", "table_changed"]
    assert [event["event"] for event in display.events(1)] == ["table_changed"]


@pytest.mark.parametrize("request_bytes", [
    b"POST /api/v1/tables HTTP/1.1\r\nHost: roadsvc\r\nContent-Length: 2\r\n\r\n{}",
    b"GET /api/v1/tables HTTP/1.1\r\nHost: roadsvc\r\n\r\n",
    b"GET /api/v1/eventsX HTTP/1.1\r\nHost: roadsvc\r\n\r\n",
    b"GET /api/v1/events HTTP/1.1\r\nHost: roadsvc\r\nContent-Length: 5\r\n\r\nhello",
    b"GET /api/v1/events HTTP/1.1\r\nHost: roadsvc\r\nBad Name: x\r\n\r\n",
    b"GET /api/v1/events HTTP/1.1\r\nHost: roadsvc\r\n folded: x\r\n\r\n",
    b"GET /api/v1/events HTTP/2.0\r\nHost: roadsvc\r\n\r\n",
    b"OPTIONS /api/v1/events HTTP/1.1\r\nHost: roadsvc\r\n\r\n",
], ids=["post", "another-read", "another-path", "a-body", "a-bad-name", "folded", "http2", "preflight"])
def test_any_other_request_is_left_unread_for_gunicorn(app, connect, request_bytes):
    connection = connect()
    connection.display.sendall(request_bytes)
    assert serve_stream_request(app, connection.worker, connection.address) is False
    connection.worker.settimeout(5)
    received = b""
    while len(received) < len(request_bytes):
        received += connection.worker.recv(65536)
    assert received == request_bytes  # every byte still there for gunicorn's parser
    connection.worker.close()


def test_the_environ_is_gunicorns_headers_with_an_underscore_are_dropped_and_repeats_joined(connect):
    head = (b"GET /api/v1/events?table_id=3&table_id=4 HTTP/1.1\r\nHost: roadsvc\r\nX-Forwarded-For: 10.0.0.9\r\n"
            b"X_Forwarded_For: 6.6.6.6\r\nAccept: text/event-stream\r\nAccept: */*\r\nLast-Event-ID: 12\r\n\r\n")
    request = parse_head(head)
    assert request is not None and request.length == len(head)
    connection = connect()
    environ = environ_of(request, connection.worker, connection.address)
    assert environ["PATH_INFO"] == "/api/v1/events" and environ["QUERY_STRING"] == "table_id=3&table_id=4"
    assert environ["HTTP_X_FORWARDED_FOR"] == "10.0.0.9"  # the underscore spelling never passes for it
    assert environ["HTTP_ACCEPT"] == "text/event-stream,*/*" and environ["HTTP_LAST_EVENT_ID"] == "12"
    assert environ["REMOTE_ADDR"] == "127.0.0.1" and environ["SERVER_PORT"] == str(connection.worker.getsockname()[1])
    connection.worker.close()
