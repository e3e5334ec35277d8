"""The push engine and its publisher as the floor sees them (docs/monitoring.md, docs/events.md): the jobs
process's pass on the monitor's interval, where the engine is configured (ROADSVC_ENGINE_PUBLISH_URLS and
ROADSVC_REDIS_URL; the embedded default streams in-process and watches nothing here).

- `push_engine_unreachable`: an engine node has not answered its publisher location for ROADSVC_ENGINE_ALERT_AFTER
  seconds (every display on it is dark, or will be when its keep-alives stop).
- `publisher_behind`: a committed event has waited longer than that to be published to the engine (no publisher
  elected, one stuck, or its ledger in Redis not answering): the displays' tables stand still.

Each is raised at every table (the engine serves the whole floor; an alert belongs to a table), subject `table`,
critical, and resolves by itself at the first pass that sees the condition gone. A condition younger than the
threshold raises nothing (an nginx reload, a publisher's takeover within its lease) and resolves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from roadsvc.domain.monitoring import subjects
from roadsvc.domain.monitoring.registry import CRITICAL, Finding
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Table
from roadsvc.services import alerts
from roadsvc.services import events as event_log
from roadsvc.translations import N_

UNREACHABLE, BEHIND = "push_engine_unreachable", "publisher_behind"
RESOLVED_WHY = {UNREACHABLE: N_("the condition is gone: every push engine node answers again"),
                BEHIND: N_("the condition is gone: the publisher has published every committed event")}


@dataclass(frozen=True)
class EngineState:
    """What one look at the engine found: the nodes that did not answer (of how many), the publisher's cursor in
    its ledger (None: Redis did not answer) and the publisher holding the lease (None: none elected)."""

    unreachable: tuple[str, ...]
    nodes: int
    published: int | None
    publisher: str | None = None


@dataclass(frozen=True)
class EnginePass:
    raised_or_seen: int
    resolved: int
    findings: tuple[str, ...]  # the codes found this pass


class EngineWatch:
    """The pass's memory between passes: since when each condition has lasted (a jobs process restarted starts
    counting again: an alert then comes a threshold later, never earlier)."""

    def __init__(self, db: Database, after_seconds: float):
        self.db, self.after = db, after_seconds
        self.since: dict[str, datetime] = {}

    def check(self, state: EngineState, now: datetime) -> EnginePass:
        findings = {code: finding for code, finding in ((UNREACHABLE, self._unreachable(state, now)),
                                                        (BEHIND, self._behind(state, now))) if finding is not None}
        raised = self._raise(list(findings.values()), now)
        healthy = [code for code in (UNREACHABLE, BEHIND) if code not in self.since]
        return EnginePass(raised, self._resolve(healthy, now), tuple(findings))

    def _lasted(self, code: str, bad: bool, now: datetime) -> float | None:
        """Seconds the condition has lasted, once it has lasted the threshold (None: gone, or younger)."""
        if not bad:
            self.since.pop(code, None)
            return None
        lasted = (now - self.since.setdefault(code, now)).total_seconds()
        return lasted if lasted >= self.after else None

    def _unreachable(self, state: EngineState, now: datetime) -> Finding | None:
        lasted = self._lasted(UNREACHABLE, bool(state.unreachable), now)
        if lasted is None:
            return None
        return Finding(UNREACHABLE, CRITICAL, f"{len(state.unreachable)} of {state.nodes} push engine nodes have not "
                       f"answered for {lasted:.0f} s: {', '.join(state.unreachable)}",
                       {"unreachable": list(state.unreachable), "nodes": state.nodes, "seconds": round(lasted)})

    def _behind(self, state: EngineState, now: datetime) -> Finding | None:
        """The oldest committed event not yet published, once it has waited the threshold (the condition's age is
        its age: a commit may be older than this pass); or the ledger silent that long (nothing can be published)."""
        if state.published is None:
            waiting, lasted = None, self._lasted(BEHIND, True, now)
        else:
            waiting = event_log.oldest_after(self.db, state.published)
            age = (now - waiting[1]).total_seconds() if waiting is not None else 0.0
            if age < self.after:
                self.since.pop(BEHIND, None)
                return None
            self.since[BEHIND], lasted = waiting[1], age
        if lasted is None:
            return None
        details: dict[str, Any] = {"seconds": round(lasted), "publisher": state.publisher,
                                   "unpublished": waiting[0] if waiting else None, "ledger": state.published is not None}
        return Finding(BEHIND, CRITICAL, _behind_message(details), details)

    def _raise(self, findings: list[Finding], now: datetime) -> int:
        if not findings:
            return 0
        with self.db.read() as session:
            table_ids = session.scalars(select(Table.id).order_by(Table.id)).all()
        for table_id in table_ids:  # one transaction each: its locks, then the event log's (never one after it)
            with self.db.write() as session:
                for finding in findings:
                    alerts.record(session, table_id, subjects.TABLE, finding, now)
        return len(table_ids) * len(findings)

    def _resolve(self, codes: list[str], now: datetime) -> int:
        if not codes:
            return 0
        with self.db.read() as session:
            found = [(alert.id, alert.code) for alert in repo.active_alerts_with_codes(session, codes)]
        return sum(alerts.resolve_by_itself(self.db, alert_id, RESOLVED_WHY[code], now) for alert_id, code in found)


def _behind_message(details: dict[str, Any]) -> str:
    if not details["ledger"]:
        return f"the publisher's ledger (Redis) has not answered for {details['seconds']} s"
    who = details["publisher"] or "no publisher elected"
    return f"{details['unpublished']} committed events not published for {details['seconds']} s ({who})"
