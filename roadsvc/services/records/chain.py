"""The record's hash chain for the other use cases (issue 43): its head and the links that bind records.

`chain_head` is what a stored final report prints (a printed report can be checked against the
database years later); `proofs` is what recall shows beside each game. Verifying, sealing and
exporting are in roadsvc.services.records.audit and .bundle.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Sequence

from sqlalchemy.orm import Session

from roadsvc.domain.records import parse_stamp, row_key
from roadsvc.persistence.records import reading
from roadsvc.persistence.engine import Database


@dataclass(frozen=True, slots=True)
class ChainHead:
    seq: int  # the newest link's sequence number (links are numbered from 1)
    digest: str  # its SHA-256, hex
    at: datetime  # when it was appended

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "digest": self.digest, "at": self.at.isoformat()}


@dataclass(frozen=True, slots=True)
class Proof:
    """A link binding one record: the record (table, key), what happened (insert, update, delete,
    seal), and the link's sequence number, digest, previous digest and time."""

    table: str
    key: str
    op: str
    seq: int
    digest: str
    prev: str
    at: str  # UTC, YYYY-MM-DDTHH:MM:SS.ffffffZ

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "key": self.key, "op": self.op, "seq": self.seq, "digest": self.digest,
                "prev": self.prev, "at": self.at}


def chain_head(db: Database | Session) -> ChainHead | None:
    """The newest link (None: the chain is empty)."""
    def read(session: Session) -> ChainHead | None:
        found = reading.head(session)
        return None if found is None else ChainHead(found.seq, found.digest, parse_stamp(found.at))

    if isinstance(db, Session):
        return read(db)
    with db.read() as session:
        return read(session)


def head_before(session: Session, refs: Iterable[tuple[str, Any]]) -> ChainHead | None:
    """The newest link before every link naming these records ((table, primary key) each): the head to print
    where they hold what is hidden now (a digest binds its link's row and, through `prev`, every row before it,
    so a link at or after one binding a hidden card would let its few values be found by trying each). The
    newest link where no link names them; None where nothing precedes them (or the chain is empty)."""
    first = first_naming(session, refs)
    if first is None:
        return chain_head(session)
    link = reading.link_at(session, first - 1) if first > 1 else None
    return None if link is None else ChainHead(link.seq, link.digest, parse_stamp(link.at))


def first_naming(session: Session, refs: Iterable[tuple[str, Any]]) -> int | None:
    """The sequence number of the oldest link naming one of these records ((table, primary key) each), or None."""
    wanted = list(dict.fromkeys((table, row_key(key)) for table, key in refs))
    return reading.first_seq_naming(session, wanted) if wanted else None


def proofs(db: Database | Session, refs: Iterable[tuple[str, Any]]) -> list[Proof]:
    """The links that bind these records ((table name, primary key) each), oldest first."""
    wanted: Sequence[tuple[str, str]] = list(dict.fromkeys((table, row_key(key)) for table, key in refs))
    if not wanted:
        return []

    def read(session: Session) -> list[Proof]:
        return [Proof(link.table, link.key, link.op, link.seq, link.digest, link.prev, link.at)
                for link in reading.links_naming(session, wanted)]

    if isinstance(db, Session):
        return read(db)
    with db.read() as session:
        return read(session)
