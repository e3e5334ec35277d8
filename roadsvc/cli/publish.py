"""`roadsvc publish`: the push engine's publisher (roadsvc.stream.engine.publisher). Run one on each
roadsvc machine beside `roadsvc serve`: they share a lease in Redis, one publishes, the others take
over within the lease (ROADSVC_ENGINE_LEASE seconds) when it stops. Needs ROADSVC_REDIS_URL and
ROADSVC_ENGINE_PUBLISH_URLS (each engine node's publisher location)."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.config import load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.stream.engine.channels import probe_channel
from roadsvc.stream.engine.lease import PublishingLoop
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.nchan import NchanClient
from roadsvc.stream.engine.probe import ChannelProbe
from roadsvc.stream.engine.publisher import EnginePublisher
from roadsvc.stream.engine.signing import EngineUrls

PUBLISH_LANES = 4  # an event's channels (its table's and the floor's, each with its operators') posted at once


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("publish", help="publish every committed event to the push engine (nginx + nchan)")
    parser.set_defaults(func=run_publish)


def run_publish(args: argparse.Namespace) -> int:
    settings = load_settings()
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    urls = [url.strip() for url in settings["ENGINE_PUBLISH_URLS"].split(",") if url.strip()]
    if not urls or not settings["REDIS_URL"]:
        print("roadsvc publish: set ROADSVC_ENGINE_PUBLISH_URLS and ROADSVC_REDIS_URL", file=sys.stderr)
        return REFUSED
    db = open_database()
    prefix = settings["ENGINE_PREFIX"]
    probe = None  # without the secret roadsvc serves every stream itself: no channel to check
    if settings["ENGINE_SECRET"]:
        signer = EngineUrls(settings["ENGINE_SECRET"], settings["ENGINE_URL_TTL"], settings["ENGINE_SUBSCRIBE_PATH"].rstrip("/"))
        probe = ChannelProbe(urls, signer, probe_channel(prefix))
    engine = NchanClient(urls, lanes=PUBLISH_LANES)
    ledger = Ledger(settings["REDIS_URL"], prefix, keep=settings["ENGINE_LEDGER_KEEP"], max_age=settings["ENGINE_LEDGER_MAX_AGE"])
    publisher = EnginePublisher(db, engine, ledger, prefix, keepalive=settings["EVENTS_KEEPALIVE"],
                                lease_seconds=settings["ENGINE_LEASE"], key_cache_ttl=settings["KEY_CACHE_TTL"],
                                url_ttl=settings["ENGINE_URL_TTL"], probe=probe)
    loop = PublishingLoop(publisher, fallback_check=settings["EVENTS_FALLBACK_CHECK"])
    signal.signal(signal.SIGTERM, lambda *_: loop.stop())
    try:
        loop.run()
    except KeyboardInterrupt:
        pass
    finally:
        db.dispose()
    return 0
