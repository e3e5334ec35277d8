"""PostgreSQL LISTEN on the event log's channel: the wake-up of every worker's stream hub.

`append_event` queues `pg_notify(channel, '')` in the write's transaction; PostgreSQL
delivers it at commit to every session listening on the channel, on every machine. The
notification carries nothing: the listener reads the new rows by id, so a notification
lost while reconnecting costs nothing but a moment (the hub also checks on a timer).
"""

from __future__ import annotations

from typing import Any

from roadsvc.persistence.availability import libpq_conninfo


class NotifyListener:
    """One autocommit psycopg connection LISTENing on `channel` (opened on first wait)."""

    def __init__(self, url: str, channel: str):
        self.conninfo = libpq_conninfo(url)  # several hosts too: the one that takes writes (docs/deployment.md)
        self.channel = channel
        self._conn: Any = None

    def wait(self, timeout: float) -> bool:
        """Block until a notification arrives (True) or `timeout` seconds pass (False).
        Several notifications that arrived together count as one wake-up."""
        conn = self._connection()
        woke = any(True for _ in conn.notifies(timeout=timeout, stop_after=1))
        if woke:
            for _ in conn.notifies(timeout=0.001):  # drain the ones already queued
                pass
        return woke

    def open(self) -> None:
        """LISTEN now: every commit after this returns wakes this listener."""
        self._connection()

    def _connection(self):
        if self._conn is None or self._conn.closed:
            import psycopg
            from psycopg import sql

            conn = psycopg.connect(self.conninfo, autocommit=True)
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            self._conn = conn
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
