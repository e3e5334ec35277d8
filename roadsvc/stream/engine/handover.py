"""Where an authorized stream goes: to the engine (a signed URL the client is redirected to: the view's
channel, from the right message), or, when the engine cannot answer it exactly, to roadsvc's own stream
(the in-process hub, which reads the log).

roadsvc answers a stream itself when: it did not come through the engine (nginx marks the ones that
do with `X-Roadsvc-Engine`), it names several tables (no one channel carries exactly those), no
Redis or no engine secret is configured, or it resumes from an event the ledger cannot place: after
what the publisher has published, or older than the engine's buffer (the log answers it, then the live
events follow). A resume that missed an event published more than ROADSVC_ENGINE_SILENT_AFTER seconds
before found its channel silent: it names the channel to the publisher, which checks it (publisher.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Mapping

import redis

from roadsvc.stream.engine.channels import key_channel, session_channel, view_channel
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.signing import EngineUrls

log = logging.getLogger(__name__)
ENGINE_HEADER = "X-Roadsvc-Engine"


@dataclass(frozen=True, slots=True)
class Handover:
    ledger: Ledger
    prefix: str
    urls: EngineUrls

    def serves(self, tables: frozenset[int] | None, audiences: frozenset[str]) -> bool:
        """Whether the engine has a channel for this view (not for several tables: roadsvc holds those for good)."""
        return view_channel(self.prefix, tables, audiences) is not None

    def target(self, tables: frozenset[int] | None, audiences: frozenset[str], key_id: int,
               last_event_id: int | None, session_id: int | None = None) -> str | None:
        """The signed URL of the engine's stream (its channel, the key's channel or a signed-in page's session's,
        and the message to go on after), or None: roadsvc serves this stream."""
        channel = view_channel(self.prefix, tables, audiences)
        if channel is None:
            return None
        try:
            place = self.ledger.handover(channel, last_event_id)
            if place is not None and place.silent:  # the publisher checks the channel (docs/events.md)
                self.ledger.suspect(channel)
        except redis.RedisError:
            log.warning("engine ledger unavailable: the stream is served by roadsvc", exc_info=True)
            return None
        if place is None:
            return None
        grant = key_channel(self.prefix, key_id) if session_id is None else session_channel(self.prefix, session_id)
        return self.urls.url(place.name, grant, place.message_id)


def engine_handover(settings: Mapping[str, Any]) -> Handover | None:
    """The handover of a floor with Redis and an engine secret; None (and a warning: every stream is then
    roadsvc's own) without the secret."""
    if not settings["ENGINE_SECRET"]:
        log.warning("ROADSVC_ENGINE_SECRET is not set: roadsvc serves every stream itself, none goes to the engine")
        return None
    prefix = settings["ENGINE_PREFIX"]
    ledger = Ledger(settings["REDIS_URL"], prefix, keep=settings["ENGINE_LEDGER_KEEP"],
                    max_age=settings["ENGINE_LEDGER_MAX_AGE"], silent_after=settings["ENGINE_SILENT_AFTER"])
    urls = EngineUrls(settings["ENGINE_SECRET"], settings["ENGINE_URL_TTL"], settings["ENGINE_SUBSCRIBE_PATH"].rstrip("/"))
    return Handover(ledger, prefix, urls)
