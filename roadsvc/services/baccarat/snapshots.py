"""Road snapshots of a shoe, built from its hands and cached by (shoe id, revision).

The revision is read from the database on every request, and every write bumps it in
its own transaction, so a cached entry can never be served for a state it does not
describe: several worker processes each keep their own cache and stay correct. Entries
are the documents (typed roads, for the images, the floor and cropping to other widths)
and the JSON bytes of each (revision, columns) served (a 200 answer copies them out), in
bounded LRUs. The bytes are written by the `encode` the edge gives (the API's schemas):
once per (shoe, revision, columns), never on a cached read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from roadsvc.domain.baccarat.roads.good_roads import GoodRoadThresholds
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot, build_snapshot, crop_snapshot
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Shoe, Table
from roadsvc.services.caches import LRU
from roadsvc.services.errors import NotFound
from roadsvc.services.baccarat.stored_hands import stored_hand


@dataclass(frozen=True, slots=True)
class Document:
    """A shoe's roads at one revision, with its table and shoe (GET roads answers it)."""

    table: dict[str, Any]
    shoe: dict[str, Any]
    revision: int
    roads: RoadSnapshot


Encoder = Callable[[Document], bytes]


def thresholds_of(settings: dict[str, Any]) -> GoodRoadThresholds:
    return GoodRoadThresholds(**(settings or {}).get("good_roads", {}))


def shoe_summary(shoe: Shoe) -> dict[str, Any]:
    return {
        "id": shoe.id,
        "number": shoe.number,
        "status": shoe.status,
        "decks": shoe.decks,
        "burn_card": shoe.burn_card,
        "burn_count": shoe.burn_count,
        "last_hand": shoe.last_hand,
        "opened_at": shoe.opened_at.isoformat(),
        "closed_at": shoe.closed_at.isoformat() if shoe.closed_at else None,
    }


def table_summary(table: Table) -> dict[str, Any]:
    return {"id": table.id, "name": table.name, "rule_set": table.rule_set}


class SnapshotCache:
    """Snapshot documents and their JSON bytes, keyed by (shoe id, revision[, columns])."""

    def __init__(self, db: Database, encode: Encoder, max_entries: int = 1024):
        self.db = db
        self.encode = encode
        self.documents: LRU[Document] = LRU(max_entries, name="snapshot")
        self.bodies: LRU[bytes] = LRU(max_entries, name="snapshot_json")

    def cached_body(self, shoe_id: int, revision: int, columns: int | None) -> bytes | None:
        return self.bodies.get((shoe_id, revision, columns))

    def body(self, shoe_id: int, revision: int | None, columns: int | None = None) -> tuple[int, bytes]:
        """(revision, JSON bytes) of the shoe's roads, cropped to `columns` if given.

        `revision` is the one the caller just read; the answer's revision may be newer
        if a write landed in between (the body always matches the revision returned).
        """
        if revision is not None:
            cached = self.cached_body(shoe_id, revision, columns)
            if cached is not None:
                return revision, cached
        document = self.document(shoe_id, revision)
        revision = document.revision
        if columns is not None:
            document = replace(document, roads=crop_snapshot(document.roads, columns))
        body = self.encode(document)
        self.bodies.put((shoe_id, revision, columns), body)
        return revision, body

    def document(self, shoe_id: int, revision: int | None = None) -> Document:
        """The shoe's whole roads, with its table and shoe, at its current revision."""
        if revision is not None:
            cached = self.documents.get((shoe_id, revision))
            if cached is not None:
                return cached
        document = build_document(self.db, shoe_id)
        self.documents.put((shoe_id, document.revision), document)
        return document


def build_document(db: Database, shoe_id: int) -> Document:
    """Read the shoe, its table and its counted hands at one moment and build the roads."""
    with db.consistent_read() as session:
        found = repo.shoe_with_table(session, shoe_id)
        if found is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        shoe, table = found
        rows = repo.counted_hand_rows(session, shoe_id)
    hands = [stored_hand(row.data_json) for row in rows]
    roads = build_snapshot(hands, [row.number for row in rows], thresholds_of(table.settings))
    return Document(table_summary(table), shoe_summary(shoe), shoe.revision, roads)


def shoe_revision(db: Database, shoe_id: int) -> int:
    """The shoe's current revision: one indexed lookup (the 304 path)."""
    revision = repo.shoe_revision(db, shoe_id)
    if revision is None:
        raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
    return revision


def table_shoe_revision(db: Database, table_id: int) -> tuple[int, int]:
    """(shoe id, revision) of the table's current (newest) shoe: one indexed lookup."""
    row = repo.current_shoe_revision(db, table_id)
    if row is None and not repo.table_exists(db, table_id):
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if row is None:
        raise NotFound("no_shoe", f"table {table_id} has no shoe yet", "table_id")
    return row
