"""`roadsvc publish`'s loop: one publisher per floor at a time. Every `roadsvc publish` process (one per machine)
asks for the lease in Redis; the holder publishes (publisher.EnginePublisher) what each commit appends, keeps the
channels alive and checks the channels found silent, renewing the lease as the work goes; the others wait to take
over from the cursor (ledger.Ledger). A publisher that loses the lease, or whose database, Redis or engine fails,
waits to be elected again.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from typing import Any

from redis.exceptions import LockNotOwnedError

from roadsvc.services import events as event_log
from roadsvc.stream.engine.publisher import EnginePublisher

log = logging.getLogger(__name__)


class PublishingLoop:
    def __init__(self, publisher: EnginePublisher, fallback_check: float = 1.0):
        """`fallback_check`: the longest wait for a commit's wake-up before reading the log anyway."""
        self.publisher, self.fallback_check = publisher, fallback_check
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"  # the lease's value names it
        self._stop = threading.Event()

    def run(self) -> None:
        """Until stop(): wait for the lease; while holding it, publish what each commit appended."""
        publisher = self.publisher
        lease = publisher.ledger.lease(publisher.lease_seconds)
        while not self._stop.is_set():
            try:
                if not self.elect(lease):
                    self._stop.wait(publisher.lease_seconds / 5)
                    continue
                log.info("engine publisher %s: elected", self.owner)
                self._serve(lease)
            except LockNotOwnedError:  # another publisher took the lease: wait to be elected again
                log.warning("engine publisher %s: lost the lease", self.owner)
            except Exception:  # noqa: BLE001 - the database, Redis or the engine went away: say so, start again
                log.exception("engine publisher: failed; retrying in 1 s")
                _release(lease)
                self._stop.wait(1.0)
            finally:
                publisher.hold(None)
        _release(lease)

    def elect(self, lease: Any) -> bool:
        """Take the lease if it is free; its value then names this publisher (host:pid:tag, Ledger.holder)."""
        return bool(lease.acquire(blocking=False, token=self.owner))

    def stop(self) -> None:
        self._stop.set()
        self.publisher.db.wake_event_readers()

    def _serve(self, lease: Any) -> None:
        publisher = self.publisher
        publisher.take_over(lease)
        listener = publisher.db.event_listener()
        try:
            if listener is not None:
                listener.open()  # listening before reading: no commit falls between the two
            last_tick = float("-inf")
            ledger = publisher.ledger
            if ledger.published() is not None and ledger.pending() == 0:  # the predecessor was posting keep-alives (no
                publisher.keep_alive(event_log.table_ids(publisher.db))  # event is in a channel unnoted): these note every
                last_tick = publisher.clock()  # channel's newest message before an event could be taken for one
            while not self._stop.is_set():
                publisher.publish_pending()
                if publisher.clock() - last_tick >= publisher.keepalive / 3:
                    publisher.keep_alive(event_log.table_ids(publisher.db))
                    publisher.check_channels()
                    last_tick = publisher.clock()
                publisher.renew()
                wait = min(self.fallback_check, publisher.lease_seconds / 3)
                if listener is None:
                    self._stop.wait(min(wait, 0.05))
                else:
                    listener.wait(wait)
        finally:
            if listener is not None:
                listener.close()


def _release(lease: Any) -> None:
    try:
        lease.release()
    except Exception:  # noqa: BLE001 - not held (expired, or never taken)
        pass
