"""Warming a serving worker's write path at start, so the first posts after a deploy do not
hold the write lock while the process builds what every later post reuses.

Two things were built by the first post in each worker, inside its write transaction (on
SQLite with the one write lock held, so every table's post waited behind it; on PostgreSQL
with the event log's append lock held): the exact banker share of a shoe of `decks` decks
that the floor monitor's improbable-results rule reads (counted over every ordered six-card
dealing: 0.3-0.9 s of CPU), and SQLAlchemy's compiled form of each of the post's
statements (a cache of the app's engine, filled as each statement first runs).

`warm_write_path(db)` builds the first for every shoe size and fills the second by
rehearsing real posts: a scratch table and shoe, a few dealt hands posted through the
post's own code (`services.hands.post_in`), in one write transaction that is then rolled
back, so nothing is stored, no event is sent and no id is kept. wsgi.py runs it once per
worker, before gunicorn's post_worker_init freezes the worker's heap (roadsvc.heap), so
what it built also sits in the frozen generation.

The live posts do not wait for a rehearsal on PostgreSQL: its appends take an advisory lock of
their own (REHEARSAL_LOCK, a bound value of the same statements), not the event log's, which a
rehearsal held until its rollback: every post of the floor waited for each worker a deploy
started, and longer for a server at a low CPU weight (bench/stream_storms.py's deploy). On
SQLite a rehearsal holds the one write lock throughout: a server that takes no posts (the
push engine's, docs/deployment.md) skips it (ROADSVC_WARM_WRITE_PATH=false).
"""

from __future__ import annotations

import logging
import os
import random
import time
import uuid
from contextlib import suppress

from roadsvc.domain.baccarat.dealing.shoe import DEFAULT_DECKS, MAX_DECKS, deal_shoe
from roadsvc.domain.baccarat.monitoring.probability import banker_share
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import APPEND_LOCK, APPEND_LOCK_INFO
from roadsvc.persistence.models import Shoe, Table
from roadsvc.services.baccarat.hands import post_in

REHEARSAL_SEED = 17
REHEARSAL_HANDS = 12  # enough for ties, pairs, a second column and a good road to start
REHEARSAL_LOCK = APPEND_LOCK + 1  # the rehearsals' appends' advisory lock (PostgreSQL): never the event log's


log = logging.getLogger(__name__)


class _RolledBack(Exception):
    """Raised at the end of the rehearsal so that its transaction rolls back."""


def warm_write_path(db: Database) -> bool:
    """Build the post path's tables for every shoe size, then rehearse posts (rolled back).

    Never fatal: a worker that cannot rehearse (the database unreachable for a moment) logs
    why and serves anyway, its first posts cold. True if the rehearsal ran."""
    started = time.perf_counter()
    for decks in range(1, MAX_DECKS + 1):
        banker_share(decks)
    try:
        rehearse_posts(db)
    except Exception:  # noqa: BLE001 - a warm-up must never keep a worker from serving
        log.warning("the write path could not be warmed; the first posts of this worker will be slower",
                    exc_info=True)
        return False
    log.info("roadsvc process %d: write path warmed in %.0f ms (%d rehearsed posts, rolled back)", os.getpid(),
             (time.perf_counter() - started) * 1000, REHEARSAL_HANDS)
    return True


def rehearse_posts(db: Database) -> None:
    """Post dealt hands at a scratch table and shoe in one write transaction, then roll it back."""
    hands = deal_shoe(random.Random(REHEARSAL_SEED), DEFAULT_DECKS).hands[:REHEARSAL_HANDS]
    with suppress(_RolledBack), db.write() as session:
        session.info[APPEND_LOCK_INFO] = REHEARSAL_LOCK
        table = Table(name=f"roadsvc warm-up {uuid.uuid4().hex}", rule_set="classic", settings={})
        session.add(table)
        session.flush()
        shoe = Shoe(table_id=table.id, number=1, decks=DEFAULT_DECKS)
        session.add(shoe)
        session.flush()
        for number, hand in enumerate(hands, start=1):
            post_in(session, table.id, hand, number, shoe.id, rules=True)
        raise _RolledBack
