"""The publisher's probe of a channel (roadsvc/stream/engine/probe.py) against engine nodes played by loopback
sockets: a subscription counts once the node has answered it (its head came), so a message posted after `listen`
returns is one it hears; a node that never answers within the grace tells nothing. The real engine:
tests/reliability/test_engine_streams.py."""

from __future__ import annotations

import socket
import threading
from contextlib import contextmanager
from typing import Iterator

from roadsvc.stream.engine.probe import ChannelProbe
from roadsvc.stream.engine.signing import EngineUrls

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n"
URLS = EngineUrls("probe-test-secret-0123", 5, "/_engine/sub")


class Node:
    """A node on a loopback port: each subscription it accepts is answered with HEAD once `answering` is set (until
    then it holds the request unanswered, as a node too busy to subscribe it); post() writes a message to every
    answered subscription."""

    def __init__(self, answering: bool):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.answering = threading.Event()
        if answering:
            self.answering.set()
        self.subscribers: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            request = b"x"
            while request and b"\r\n\r\n" not in request:
                request = connection.recv(4096)  # the probe's request comes whole: a few hundred bytes
            self.answering.wait()
            self.subscribers.append(connection)  # subscribed, then answered: as nchan does
            _send(connection, HEAD)

    def post(self, message: bytes) -> None:
        for connection in self.subscribers:
            _send(connection, message)

    def close(self) -> None:
        self.answering.set()
        self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() of its thread, which then ends
        self.thread.join(5)
        self.listener.close()
        for connection in self.subscribers:
            connection.close()


def _send(connection: socket.socket, data: bytes) -> None:
    try:
        connection.sendall(data)
    except OSError:  # the probe closed it (judged, or dropped)
        pass


@contextmanager
def node(answering: bool = True) -> Iterator[Node]:
    played = Node(answering)
    try:
        yield played
    finally:
        played.close()


def probe_of(*nodes: Node, grace: float = 5.0) -> ChannelProbe:
    return ChannelProbe([f"http://127.0.0.1:{each.port}/_engine/pub/" for each in nodes], URLS, "p.probe", grace=grace)


def test_listen_returns_once_each_node_answered_so_the_next_message_is_heard():
    with node() as first, node() as second:
        probe = probe_of(first, second)
        listening = probe.listen({"p.t1": "p.t1"})[0]
        assert list(listening.answers.values()) == [HEAD, HEAD]
        first.post(b"id: 7\n: keep-alive\n\n")  # posted right after listen: both nodes hold the subscription
        second.post(b"id: 7\n: keep-alive\n\n")
        assert probe.deaf([listening]) == []


def test_a_channel_a_node_answered_and_never_delivered_on_is_deaf():
    with node() as quiet:
        probe = probe_of(quiet, grace=0.2)
        listenings = probe.listen({"p.t1": "p.t1", "p.t2": "p.t2-3"})
        assert len(quiet.subscribers) == 2
        assert probe.deaf(listenings) == ["p.t1", "p.t2"]


def test_a_subscription_the_node_has_not_answered_within_the_grace_tells_nothing():
    with node(answering=False) as busy, node() as live:
        probe = probe_of(busy, live, grace=0.3)
        listening = probe.listen({"p.t1": "p.t1"})[0]
        assert list(listening.answers.values()) == [HEAD]  # the live node's alone
        busy.answering.set()  # answers now, and delivers nothing: it was not counted
        assert probe.deaf([listening]) == ["p.t1"]  # judged by the live node's subscription, which heard nothing
