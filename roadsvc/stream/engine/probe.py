"""Whether an engine channel delivers, as a display would find it: the publisher's check of a channel that a
resuming stream found silent (docs/events.md, *A channel that delivers nothing*).

nchan can leave a channel so that no subscriber hears its messages, new ones included, while its publisher's
posts are stored (after an engine restart or a killed node, at thousands of streams). A probe subscribes to the
channel on every engine node, as a display does (a signed URL, from the next message), and is read once a
keep-alive interval has passed: the publisher keeps every channel from being quiet longer than that, so a
subscription that heard nothing on a node that is up is on a channel that delivers nothing.
"""

from __future__ import annotations

import logging
import selectors
import socket
import time
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import urlsplit

from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.signing import EngineUrls

log = logging.getLogger(__name__)
HEAD_END = b"\r\n\r\n"


@dataclass(slots=True)
class Listening:
    """A probe's subscriptions to one channel (named as the ledger names it), one a node whose engine took it (a
    node that did not has none), each with what it has read so far (the answer's head, at least)."""

    channel: str
    answers: dict[socket.socket, bytes] = field(default_factory=dict)


class ChannelProbe:
    def __init__(self, publish_urls: list[str], urls: EngineUrls, grant: str, grace: float = 0.2):
        """`publish_urls`: each node's publisher location (its subscriber location is on the same server);
        `urls`: signs the subscriptions as roadsvc signs a display's; `grant`: the probe's own key channel
        (nothing is posted to it); `grace`: how long subscribing, and judging, waits for the nodes (one wait for
        all the channels at once: the publisher waits that long at most)."""
        self.nodes = [(node.hostname, node.port or 80) for node in map(urlsplit, publish_urls)]
        self.urls, self.grant, self.grace = urls, grant, grace

    def listen(self, channels: dict[str, str]) -> list[Listening]:
        """Subscribe to each channel (channel -> its name in the engine) on every node that takes the subscription
        within the grace: its answer's head came, so the engine holds it and hears the channel's next message (a
        node down, or too busy to answer in time: its subscription tells nothing)."""
        waiting: dict[socket.socket, bytes | None] = {}  # connection -> its request, None once sent
        listening_of: dict[socket.socket, Listening] = {}
        listenings = []
        for channel, name in channels.items():
            request = f"GET {self.urls.url(name, self.grant, None)} HTTP/1.1\r\nHost: engine\r\n\r\n".encode()
            listening = Listening(channel)
            for host, port in self.nodes:
                connection = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
                connection.setblocking(False)
                connection.connect_ex((host, port))  # in progress: judged writable below
                waiting[connection], listening_of[connection] = request, listening
                listening.answers[connection] = b""
            listenings.append(listening)
        deadline = time.monotonic() + self.grace
        with selectors.DefaultSelector() as selector:  # (epoll: any descriptor's number)
            for connection in waiting:
                selector.register(connection, selectors.EVENT_WRITE)
            while waiting and (left := deadline - time.monotonic()) > 0:
                for key, _ in selector.select(left):
                    connection = key.fileobj
                    answers = listening_of[connection].answers
                    if (request := waiting[connection]) is not None:  # connected, or failed to
                        if self._sent(connection, request):
                            waiting[connection] = None
                            selector.modify(connection, selectors.EVENT_READ)
                            continue
                        closed = True
                    else:  # the answer's head, on its way
                        more, closed = _read_all(connection)
                        answers[connection] += more
                    if closed or HEAD_END in answers[connection]:
                        selector.unregister(connection)
                        del waiting[connection]
                        if closed:
                            _drop(listening_of[connection], connection)
        for connection in waiting:  # not answered within the grace
            _drop(listening_of[connection], connection)
        if waiting:
            log.warning("engine probe: %d subscriptions not taken within %g s", len(waiting), self.grace)
        return listenings

    @staticmethod
    def _sent(connection: socket.socket, request: bytes) -> bool:
        """The subscription's request sent on a connection that connected (False: it failed to)."""
        try:
            if connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                connection.send(request)  # a few hundred bytes to a new connection's empty buffer
                return True
        except OSError:
            pass
        return False

    def deaf(self, listenings: list[Listening]) -> list[str]:
        """The channels of `listenings` that a node's subscription heard nothing on since `listen`, after waiting up to
        the probe's grace (one wait for them all) for those that have not yet; each then closed. A subscription the
        node refused or ended, or never answered, tells nothing (a node restarted meanwhile): not deaf."""
        answers = {connection: answer for listening in listenings for connection, answer in listening.answers.items()}
        channel_of = {connection: listening.channel for listening in listenings for connection in listening.answers}
        ended: set[socket.socket] = set()
        deadline = time.monotonic() + self.grace
        with selectors.DefaultSelector() as selector:
            for connection in answers:
                selector.register(connection, selectors.EVENT_READ)
            ready = list(answers)  # read each once, then those the selector says have more
            while True:
                for connection in ready:
                    more, closed = _read_all(connection)
                    answers[connection] += more
                    if closed:
                        ended.add(connection)
                        selector.unregister(connection)
                silent = [c for c, answer in answers.items() if _silent(answer, c in ended, channel_of[c])]
                left = deadline - time.monotonic()
                if not silent or left <= 0:
                    break
                ready = [key.fileobj for key, _ in selector.select(left) if key.fileobj not in ended]
        for connection in answers:
            connection.close()
        return sorted({channel_of[connection] for connection in silent})


class Watch:
    """The channels under probe, at most `size` at a time: the channels resuming streams found silent (the ledger's
    suspects, the most named first), each subscribed to and judged once `interval` has passed (the publisher's
    keep-alive interval and a third: every channel had a message by then)."""

    def __init__(self, probe: ChannelProbe, ledger: Ledger, interval: float, size: int = 20):
        self.probe, self.ledger, self.interval, self.size = probe, ledger, interval, size
        self._probed: dict[str, tuple[float, Listening]] = {}  # channel -> (since when, its subscriptions)

    def deaf(self, now: float) -> list[str]:
        """The channels probed for the interval that delivered nothing (each judged once, then no longer probed)."""
        due = [channel for channel, (since, _) in self._probed.items() if now - since >= self.interval]
        return self.probe.deaf([self._probed.pop(channel)[1] for channel in due])

    def listen(self, now: float, name_of: Callable[[str], str]) -> None:
        """Subscribe to the next suspects, under their names in the engine (`name_of`), up to `size` under probe."""
        if len(self._probed) >= self.size:
            return
        named = {channel: name_of(channel) for channel in self.ledger.suspects(self.size - len(self._probed))
                 if channel not in self._probed}
        for listening in self.probe.listen(named):
            self._probed[listening.channel] = (now, listening)


def _drop(listening: Listening, connection: socket.socket) -> None:
    """A subscription that tells nothing (its node did not take it)."""
    connection.close()
    del listening.answers[connection]


def _silent(answer: bytes, ended: bool, channel: str) -> bool:
    """A subscription that is open, was answered 200 and has had no byte of a message."""
    head, found, body = answer.partition(HEAD_END)
    if not found or ended:
        return False
    if not head.startswith((b"HTTP/1.1 200", b"HTTP/1.0 200")):
        log.error("engine probe of %s refused: %r", channel, head.split(b"\r\n", 1)[0])
        return False
    return not body


def _read_all(connection: socket.socket) -> tuple[bytes, bool]:
    """What has arrived on a non-blocking socket, and whether the peer closed it."""
    chunks = []
    while True:
        try:
            chunk = connection.recv(65536)
        except (BlockingIOError, InterruptedError):
            return b"".join(chunks), False
        except OSError:
            return b"".join(chunks), True
        if not chunk:
            return b"".join(chunks), True
        chunks.append(chunk)
