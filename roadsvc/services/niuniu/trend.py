"""The trend road (走势) of a niuniu table: JSON and images, derived from the settled rounds, cached
by the table's revision (every write to the table's rounds bumps it in its transaction).

Only settled rounds enter the road, so no hidden card or type can reach it; a voided round leaves it.
"""

from __future__ import annotations

import json
from typing import Any

from roadsvc.domain.niuniu.trend import trend_road
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.render.niuniu import TrendParams, render_trend
from roadsvc.services.caches import LRU
from roadsvc.services.errors import NotFound
from roadsvc.services.niuniu.round_views import settled_round
from roadsvc.services.niuniu.tables import niuniu_table

TABLE_REVISION_SQL = "SELECT revision FROM tables WHERE id = ?"


def table_revision(db: Database, table_id: int) -> int:
    """The table's revision by one primary-key lookup (the 304 path); 404 for no table."""
    row = db.fetch_ints(TABLE_REVISION_SQL, table_id)
    if row is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return row[0]


def load_trend(db: Database, table_id: int) -> tuple[int, dict[str, Any]]:
    """(revision, road) read in one transaction, so the road matches its revision."""
    with db.consistent_read() as session:
        table = niuniu_table(session, table_id)
        rows = repo.settled_rounds(session, table_id)
        settled = [settled_round(row) for row in rows]
        return table.revision, {"table_id": table_id, "revision": table.revision, **trend_road(settled)}


class TrendCache:
    """Trend documents, their JSON bytes and their images, by (table id, revision[, form])."""

    def __init__(self, db: Database, max_entries: int = 256, image_bytes: int = 16 * 1024 * 1024):
        self.db = db
        self.documents: LRU[tuple[int, dict]] = LRU(max_entries, name="niuniu_trend")
        self.bodies: LRU[bytes] = LRU(max_entries, name="niuniu_trend_json")
        self.images: LRU[bytes] = LRU(image_bytes, cost=len, name="niuniu_trend_image")

    def document(self, table_id: int, revision: int) -> tuple[int, dict[str, Any]]:
        cached = self.documents.get((table_id, revision))
        if cached is not None:
            return cached
        loaded = load_trend(self.db, table_id)
        self.documents.put((table_id, loaded[0]), loaded)
        return loaded

    def body(self, table_id: int, revision: int) -> tuple[int, bytes]:
        cached = self.bodies.get((table_id, revision))
        if cached is not None:
            return revision, cached
        revision, road = self.document(table_id, revision)
        body = json.dumps(road, separators=(",", ":"), ensure_ascii=False).encode()
        self.bodies.put((table_id, revision), body)
        return revision, body

    def image(self, table_id: int, revision: int, fmt: str, params: TrendParams) -> tuple[int, bytes]:
        key = (table_id, revision, fmt, params.key())
        cached = self.images.get(key)
        if cached is not None:
            return revision, cached
        revision, road = self.document(table_id, revision)
        image = render_trend(road, fmt, params)
        self.images.put((table_id, revision, fmt, params.key()), image)
        return revision, image


EXTENSION = "roadsvc.niuniu.trend"


def app_trend_cache(extensions: dict, db: Database) -> TrendCache:
    """The app's trend cache (`app.extensions`), made by its first use (setdefault: two first uses keep one)."""
    return extensions.get(EXTENSION) or extensions.setdefault(EXTENSION, TrendCache(db))
