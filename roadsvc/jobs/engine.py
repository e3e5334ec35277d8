"""The push engine's pass of the floor monitor (services.engine_watch), where the engine is configured: every
ROADSVC_MONITOR_INTERVAL seconds, each engine node's publisher location asked for a channel's info and the
publisher's cursor read from its ledger; `push_engine_unreachable` and `publisher_behind` raised, seen again or
resolved. `clock` gives "now" (tests set it); `look` the look at the engine (tests give their own)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Mapping

from roadsvc.jobs.monitor_passes import MonitorPassJob
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.engine_watch import EngineState, EngineWatch
from roadsvc.stream.engine.health import engine_state
from roadsvc.stream.engine.ledger import Ledger


def engine_configured(settings: Mapping[str, Any]) -> bool:
    """An engine to watch: its publisher locations and the ledger's Redis (the embedded default has neither)."""
    return bool(settings["ENGINE_PUBLISH_URLS"].strip() and settings["REDIS_URL"])


class EngineMonitorJob(MonitorPassJob):
    name, counted, noun = "engine monitor", "findings", "conditions"

    def __init__(self, db: Database, settings: Mapping[str, Any], clock: Callable[[], datetime] = utcnow,
                 look: Callable[[], EngineState] | None = None):
        super().__init__(db, clock)
        urls = [url.strip() for url in settings["ENGINE_PUBLISH_URLS"].split(",") if url.strip()]
        prefix = settings["ENGINE_PREFIX"]
        ledger = Ledger(settings["REDIS_URL"], prefix) if look is None else None
        self.look = look or (lambda: engine_state(urls, ledger, prefix))
        self.watch = EngineWatch(db, settings["ENGINE_ALERT_AFTER"])

    def check(self, db: Database, now: datetime) -> Any:  # type: ignore[override]
        return self.watch.check(self.look(), now)

    def summary(self, done: Any) -> str:
        return (f"{self.name}: {', '.join(done.findings) or 'healthy'}, {done.raised_or_seen} alerts raised or seen, "
                f"{done.resolved} resolved")
