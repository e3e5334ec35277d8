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
from json.encoder import encode_basestring as _string  # a JSON string, UTF-8 as it is (as ensure_ascii=False)
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


_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_AS_THEY_ARE = frozenset({int, str, bool, float, dict, list, type(None)})  # a column's JSON value as it is


STAMP = "%Y-%m-%dT%H:%M:%S.%fZ"  # a link's time: fixed width, so its text sorts as the time does


def stamp(at: datetime) -> str:
    """`at` as STAMP writes it (isoformat: strftime costs several times more)."""
    return at.astimezone(timezone.utc).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def parse_stamp(text: str) -> datetime:
    return datetime.strptime(text, STAMP).replace(tzinfo=timezone.utc)


def canonical_json(document: Any) -> str:
    """One text per value: sorted keys, no spaces, UTF-8 as it is."""
    return _ENCODE(document)


def canonical_row(row: Mapping[str, Any]) -> str:
    """The canonical JSON of a row: every chained column by name."""
    return _ENCODE({name: value if type(value) in _AS_THEY_ARE else canonical_value(value)
                    for name, value in row.items()})


def row_key(primary_key: Any) -> str:
    """A row's key as the chain names it: its primary key's value as text (a composite key as a JSON list)."""
    if isinstance(primary_key, (tuple, list)):
        return str(primary_key[0]) if len(primary_key) == 1 else canonical_json([canonical_value(v) for v in primary_key])
    return str(primary_key)


@dataclass(frozen=True, slots=True)
class Link:
    seq: int
    at: str  # UTC, as `stamp` writes it
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
    """canonical_json({"at", "key", "op", "seq", "table"}), written out (verify makes one per link)."""
    return f'{{"at":{_string(at)},"key":{_string(key)},"op":{_string(op)},"seq":{int(seq)},"table":{_string(table)}}}'


def link_digest(prev: str, header: str, row: str) -> str:
    """SHA-256(previous digest's bytes || header || "\\n" || row), as hex."""
    digest = hashlib.sha256(bytes.fromhex(prev))
    digest.update(f"{header}\n{row}".encode())
    return digest.hexdigest()


def make_links(prev: str, first_seq: int, at: datetime, changes: Iterable[tuple[str, str, str, str]]) -> list[Link]:
    """The links of one transaction's changes ((table, key, op, canonical row) each), in order, after `prev`."""
    when = stamp(at)
    links = []
    for seq, (table, key, op, row) in enumerate(changes, first_seq):
        digest = link_digest(prev, link_header(seq, when, table, key, op), row)
        links.append(Link(seq, when, table, key, op, row, prev, digest))
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
    walk = ChainWalk(anchor, first_seq)
    for link in links:
        yield from walk.follow(link)


class ChainWalk:
    """Follows links one by one from an anchor: the broken ones, and the newest link naming each record."""

    def __init__(self, anchor: str = GENESIS, first_seq: int | None = None):
        self.prev, self.expected_seq = anchor, first_seq
        self.count = 0
        self.ops: dict[str, int] = {}
        self.first_broken: BrokenLink | None = None
        self.newest: dict[str, dict[str, tuple[int, str, bytes]]] = {}  # table -> key -> (seq, op, row's hash)

    @property
    def head(self) -> tuple[int, str] | None:
        return None if not self.count else (self.expected_seq - 1, self.prev)

    def follow(self, link: Link) -> list[BrokenLink]:
        broken = []
        if self.expected_seq is not None and link.seq != self.expected_seq:
            broken.append(BrokenLink(link.seq, "sequence", str(self.expected_seq), str(link.seq)))
        if link.prev != self.prev:
            broken.append(BrokenLink(link.seq, "previous", self.prev, link.prev))
        computed = link.computed_digest()
        if computed != link.digest:
            broken.append(BrokenLink(link.seq, "digest", computed, link.digest))
        if broken and self.first_broken is None:
            self.first_broken = broken[0]
        self.prev, self.expected_seq = link.digest, link.seq + 1
        self.count += 1
        self.ops[link.op] = self.ops.get(link.op, 0) + 1
        self.newest.setdefault(link.table, {})[link.key] = (link.seq, link.op, row_hash(link.row))
        return broken

    def check_row(self, table: str, key: str, row: str) -> "Finding | None":
        """A record as found (its canonical row) against the newest link naming it; None when they agree.
        Each record is checked once: what is left unchecked is what `missing` reports."""
        newest = self.newest.get(table, {}).pop(key, None)
        if newest is None:
            return Finding(table, key, "unlinked", None, row)
        seq, op, committed = newest
        if op == DELETE:
            return Finding(table, key, "deleted_but_present", seq, row)
        if committed != row_hash(row):
            return Finding(table, key, "changed", seq, row)
        return None

    def missing(self, tables: Iterable[str] | None = None) -> Iterator["Finding"]:
        """Records the chain says exist (their newest link is not a delete) that were not found."""
        for table in (self.newest if tables is None else tables):
            for key, (seq, op, _) in self.newest.get(table, {}).items():
                if op != DELETE:
                    yield Finding(table, key, "missing", seq, None)


def row_hash(row: str) -> bytes:
    return hashlib.blake2b(row.encode(), digest_size=16).digest()


@dataclass(frozen=True, slots=True)
class Finding:
    """A record that is not as the chain committed it: `changed` (its fields differ), `missing` (the
    chain has it, the records do not), `unlinked` (no link names it: written behind the service's back),
    `deleted_but_present` (the chain deleted it). `seq`: the newest link naming it; `found`: its row as found."""

    table: str
    key: str
    what: str
    seq: int | None
    found: str | None

    def fields(self, committed_row: str | None) -> dict[str, tuple[Any, Any]]:
        """{field: (committed, found)} given the newest link's row."""
        committed = json.loads(committed_row) if committed_row else None
        return differing_fields(committed, json.loads(self.found) if self.found else None)


def differing_fields(committed: Mapping[str, Any] | None, found: Mapping[str, Any] | None) -> dict[str, tuple[Any, Any]]:
    """{field: (committed, found)} of every field whose value differs (a missing row: every field)."""
    committed, found = committed or {}, found or {}
    missing = object()
    fields = sorted(set(committed) | set(found))
    pairs = {name: (committed.get(name, missing), found.get(name, missing)) for name in fields}
    return {name: (None if a is missing else a, None if b is missing else b)
            for name, (a, b) in pairs.items() if a != b or (a is missing) != (b is missing)}
