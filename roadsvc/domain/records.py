"""The record's hash chain (issue 43): the canonical form of a row and of a link, and how a link's
digest is computed and checked. Pure: the persistence layer stores links, the services read them.

A link binds one change of one row: its sequence number, time, table, key, what happened
(`insert`, `update`, `delete`, or `seal` for a row bound by `roadsvc records seal`) and the row's
canonical content as committed. Its digest is SHA-256(previous digest's 32 bytes || header || "\\n" || row),
where `header` is the canonical JSON of {seq, at, table, key, op} and `row` the canonical JSON of
the row (`null` for a delete). The first link's previous digest is GENESIS (64 zeros).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, datetime, timezone
from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping

GENESIS = "0" * 64
INSERT, UPDATE, DELETE, SEAL = "insert", "update", "delete", "seal"
OPS = (INSERT, UPDATE, DELETE, SEAL)


def canonical_value(value: Any) -> Any:
    """A column's value as JSON: datetimes as ISO 8601 in UTC, money (integer cents) as integers,
    Decimals that are whole as integers (others as text), bytes as hex; JSON documents as they are."""
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def canonical_json(document: Any) -> str:
    """One text per value: sorted keys, no spaces, UTF-8 as it is."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_row(row: Mapping[str, Any]) -> str:
    """The canonical JSON of a row: every chained column by name."""
    return canonical_json({name: canonical_value(value) for name, value in row.items()})


def row_key(primary_key: Any) -> str:
    """A row's key as the chain names it: its primary key's value as text (a composite key as a JSON list)."""
    if isinstance(primary_key, (tuple, list)):
        return str(primary_key[0]) if len(primary_key) == 1 else canonical_json([canonical_value(v) for v in primary_key])
    return str(primary_key)


@dataclass(frozen=True, slots=True)
class Link:
    seq: int
    at: str  # ISO UTC
    table: str
    key: str
    op: str
    row: str  # canonical JSON of the row; "null" for a delete
    prev: str  # hex digest of the link before
    digest: str  # hex

    def header(self) -> str:
        return link_header(self.seq, self.at, self.table, self.key, self.op)

    def computed_digest(self) -> str:
        return link_digest(self.prev, self.header(), self.row)

    def content(self) -> dict[str, Any] | None:
        return json.loads(self.row)

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "table": self.table, "key": self.key, "op": self.op,
                "row": self.row, "prev": self.prev, "digest": self.digest}


def link_header(seq: int, at: str, table: str, key: str, op: str) -> str:
    return canonical_json({"at": at, "key": key, "op": op, "seq": seq, "table": table})


def link_digest(prev: str, header: str, row: str) -> str:
    """SHA-256(previous digest's bytes || header || "\\n" || row), as hex."""
    digest = hashlib.sha256(bytes.fromhex(prev))
    digest.update(f"{header}\n{row}".encode())
    return digest.hexdigest()


def make_links(prev: str, first_seq: int, at: datetime, changes: Iterable[tuple[str, str, str, str]]) -> list[Link]:
    """The links of one transaction's changes ((table, key, op, canonical row) each), in order, after `prev`."""
    stamp = canonical_value(at)
    links = []
    for seq, (table, key, op, row) in enumerate(changes, first_seq):
        digest = link_digest(prev, link_header(seq, stamp, table, key, op), row)
        links.append(Link(seq, stamp, table, key, op, row, prev, digest))
        prev = digest
    return links


@dataclass(frozen=True, slots=True)
class BrokenLink:
    seq: int
    why: str  # "digest", "previous", "sequence"
    expected: str
    found: str

    def describe(self) -> str:
        return f"link {self.seq}: {self.why} expected {self.expected}, found {self.found}"


def broken_links(links: Iterable[Link], anchor: str = GENESIS, first_seq: int | None = None) -> Iterator[BrokenLink]:
    """Every link that does not follow from the one before (the first from `anchor`): a digest that
    is not the hash of its content, a previous digest that is not the one before's, a gap in the numbers."""
    prev, expected_seq = anchor, first_seq
    for link in links:
        if expected_seq is not None and link.seq != expected_seq:
            yield BrokenLink(link.seq, "sequence", str(expected_seq), str(link.seq))
        if link.prev != prev:
            yield BrokenLink(link.seq, "previous", prev, link.prev)
        computed = link.computed_digest()
        if computed != link.digest:
            yield BrokenLink(link.seq, "digest", computed, link.digest)
        prev, expected_seq = link.digest, link.seq + 1


def differing_fields(committed: Mapping[str, Any] | None, found: Mapping[str, Any] | None) -> dict[str, tuple[Any, Any]]:
    """{field: (committed, found)} of every field whose value differs (a missing row: every field)."""
    committed, found = committed or {}, found or {}
    missing = object()
    fields = sorted(set(committed) | set(found))
    pairs = {name: (committed.get(name, missing), found.get(name, missing)) for name in fields}
    return {name: (None if a is missing else a, None if b is missing else b)
            for name, (a, b) in pairs.items() if a != b or (a is missing) != (b is missing)}
