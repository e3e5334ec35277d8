"""A look at the push engine for the floor monitor's pass (roadsvc.services.engine_watch): does each engine node
answer at its publisher location, and where is the publisher (its cursor and lease in the ledger)?"""

from __future__ import annotations

import http.client
from urllib.parse import quote, urlsplit

import redis

from roadsvc.services.engine_watch import EngineState
from roadsvc.stream.engine.ledger import Ledger

PROBE_CHANNEL = "health"  # never published to: a node answers 404 (no such channel), which is an answer


def node_answers(url: str, channel: str, timeout: float) -> bool:
    """Whether the node whose publisher location is `url` answers a channel's info (any answer below 500)."""
    node = urlsplit(url)
    connection = http.client.HTTPConnection(node.hostname, node.port or 80, timeout=timeout)
    try:
        connection.request("GET", node.path + quote(channel, safe=""), headers={"Accept": "text/json"})
        response = connection.getresponse()
        response.read()
        return response.status < 500
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def engine_state(urls: list[str], ledger: Ledger, prefix: str, timeout: float = 2.0) -> EngineState:
    unreachable = tuple(urlsplit(url).netloc for url in urls if not node_answers(url, prefix + PROBE_CHANNEL, timeout))
    try:
        published, publisher = ledger.published(), ledger.holder()
    except redis.RedisError:
        published, publisher = None, None
    else:
        published = 0 if published is None else published  # a floor whose publisher never started: all unpublished
    return EngineState(unreachable, len(urls), published, publisher)
