"""The publisher's HTTP client of the engine's publisher location (nchan_publisher): publish a
message to a channel (the answer names the engine's message id), delete a channel (its subscribers'
streams end). Several engine nodes may be given: a node that cannot be reached, or answers what is
not HTTP, is skipped for the next (its connection closed: a request it left unanswered would otherwise
stop the connection for good).

`publish_many` posts several channels' messages at once, one connection a lane (`lanes`): at 50,000
streams a node takes a while to answer each publish (it fans the message out first), and an event's
channels posted one after the other made the events queue behind the publisher's round trips
(docs/performance.md). The caller keeps each channel's order: one call's channels are distinct.

A node may die after storing a message (in the Redis the nodes share) and before answering: before
posting it again to the next node, the client asks that node for the channel's newest message, and a
newest one that is not the newest it published itself is the lost answer's (the publisher is the
channel's only writer): the message is not posted twice. Only a channel's first message from this
client cannot be told so (it knows no newest to compare with) and is posted again.
"""

from __future__ import annotations

import http.client
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import quote, urlsplit

log = logging.getLogger(__name__)


class EngineUnavailable(RuntimeError):
    """No engine node answered."""


@dataclass(frozen=True, slots=True)
class Published:
    message_id: str  # the engine's id of the message ("<time>:<tag>")
    messages: int  # how many messages the channel holds now


@dataclass
class _Lane:
    """One kept-alive connection to a node, and which node."""

    node: int = 0
    connection: http.client.HTTPConnection | None = field(default=None, repr=False)


class PublishesOneByOne:
    """`publish_many` as one `publish` after another."""

    def publish_many(self, items: list[tuple[str, bytes]], each: Callable[[], None] = lambda: None) -> list[Published]:
        """Each (channel, body) posted; the answers in order; `each()` after each post (the publisher's lease)."""
        return [_then(self.publish(channel, body), each) for channel, body in items]


class NchanClient(PublishesOneByOne):
    def __init__(self, urls: list[str], timeout: float = 5.0, lanes: int = 1):
        """`urls`: each node's publisher location, e.g. http://10.0.0.5/_engine/pub/ (the channel id follows);
        `lanes`: the connections `publish_many` posts over at once."""
        if not urls:
            raise ValueError("no engine URL")
        self.nodes = [urlsplit(url) for url in urls]
        self.timeout = timeout
        self._lanes = [_Lane() for _ in range(max(1, lanes))]
        self._pool = ThreadPoolExecutor(len(self._lanes) - 1, "roadsvc-publish-lane") if lanes > 1 else None
        self._newest: dict[str, str] = {}  # channel -> the engine's id of the newest message posted to it here

    def publish(self, channel: str, body: bytes) -> Published:
        return self._publish(self._lanes[0], channel, body)

    def publish_many(self, items: list[tuple[str, bytes]], each: Callable[[], None] = lambda: None) -> list[Published]:
        """Each (channel, body) posted, the lanes at once (this thread posts the first lane's); the answers in
        the items' order; `each()` in this thread only (the lease is this thread's), after each of its posts and
        once every lane is done. A lane that fails raises, once every lane is done."""
        if self._pool is None or len(items) < 2:
            return super().publish_many(items, each)
        count = len(self._lanes)
        others = [self._pool.submit(self._publish_lane, lane, items[index::count])
                  for index, lane in enumerate(self._lanes[1:len(items)], start=1)]
        try:
            mine = self._publish_lane(self._lanes[0], items[::count], each)
        finally:
            answers = [future.result() for future in others]  # (their failures raise here)
        each()
        lanes = [mine, *answers]
        return [lanes[index % count][index // count] for index in range(len(items))]

    def _publish_lane(self, lane: _Lane, items: list[tuple[str, bytes]],
                      each: Callable[[], None] = lambda: None) -> list[Published]:
        return [_then(self._publish(lane, channel, body), each) for channel, body in items]

    def _publish(self, lane: _Lane, channel: str, body: bytes) -> Published:
        status, answer = self._request(lane, "POST", channel, body)
        if status not in (200, 201, 202):
            raise EngineUnavailable(f"publishing to {channel}: HTTP {status} {answer[:200]!r}")
        published = _published(answer)
        self._newest[channel] = published.message_id
        return published

    def info(self, channel: str) -> Published | None:
        """The channel's newest message and how many it holds (None: no such channel)."""
        status, answer = self._request(self._lanes[0], "GET", channel, b"")
        if status == 404:
            return None
        if status != 200:
            raise EngineUnavailable(f"reading {channel}: HTTP {status} {answer[:200]!r}")
        return _published(answer)

    def delete(self, channel: str) -> bool:
        """Delete a channel: the engine ends its subscribers' streams. False: it had none."""
        status, answer = self._request(self._lanes[0], "DELETE", channel, b"")
        if status not in (200, 404):
            raise EngineUnavailable(f"deleting {channel}: HTTP {status} {answer[:200]!r}")
        return status == 200

    def close(self) -> None:
        for lane in self._lanes:
            _hang_up(lane)

    def _request(self, lane: _Lane, method: str, channel: str, body: bytes) -> tuple[int, bytes]:
        tried = False  # a node may have taken the request and died before answering
        for _ in range(len(self.nodes)):
            node = self.nodes[lane.node]
            try:
                if tried and method == "POST" and (landed := self._landed(node, channel)) is not None:
                    return landed
                tried = True
                return self._send(lane, node, method, channel, body)
            except (OSError, http.client.HTTPException) as error:  # refused, reset, timed out, garbled: the next node
                log.warning("engine node %s: %s; trying the next", node.netloc, error)
                _hang_up(lane)
                lane.node = (lane.node + 1) % len(self.nodes)
        raise EngineUnavailable(f"no engine node answered ({', '.join(node.netloc for node in self.nodes)})")

    def _send(self, lane: _Lane, node, method: str, channel: str, body: bytes) -> tuple[int, bytes]:
        for attempt in (1, 2):  # a kept-alive connection the node closed meanwhile: open a new one once
            if lane.connection is None:
                lane.connection = http.client.HTTPConnection(node.hostname, node.port or 80, timeout=self.timeout)
            try:
                lane.connection.request(method, node.path + quote(channel, safe=""), body=body,
                                        headers={"Accept": "text/json", "Content-Type": "text/event-stream"})
                response = lane.connection.getresponse()
                return response.status, response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                _hang_up(lane)
                if attempt == 2:  # (a kept-alive connection nginx closed while idle: it never read the request)
                    raise
                if method == "POST" and (landed := self._landed(node, channel)) is not None:
                    return landed  # (or a worker that died after storing it)
        raise AssertionError("unreachable")

    def _landed(self, node, channel: str) -> tuple[int, bytes] | None:
        """The channel's info as the answer of a POST whose answer was lost, when its newest message is not
        the newest this client published (the POST landed); None: it did not, or it cannot be told."""
        known = self._newest.get(channel)
        if known is None:
            return None
        connection = http.client.HTTPConnection(node.hostname, node.port or 80, timeout=self.timeout)
        try:
            connection.request("GET", node.path + quote(channel, safe=""), headers={"Accept": "text/json"})
            response = connection.getresponse()
            answer = response.read()
        finally:
            connection.close()
        if response.status != 200 or json.loads(answer).get("last_message_id") == known:
            return None
        log.warning("engine: a message to %s landed before its node died; not posted again", channel)
        return response.status, answer


def _then(answer: Published, each: Callable[[], None]) -> Published:
    each()
    return answer


def _hang_up(lane: _Lane) -> None:
    if lane.connection is not None:
        lane.connection.close()
        lane.connection = None


def _published(answer: bytes) -> Published:
    """A channel's info as nchan's publisher location answers it (text/json)."""
    info = json.loads(answer)
    return Published(info["last_message_id"], int(info["messages"]))
