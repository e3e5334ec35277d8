"""Reading the record's chain (issue 43): its head, the links naming records, the links in order."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterator, Sequence

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session

from roadsvc.domain.records import Link, stamp
from roadsvc.persistence.models import RecordLink

_LINKS = RecordLink.__table__
_HEAD = select(_LINKS.c.seq, _LINKS.c.digest, _LINKS.c.at).order_by(_LINKS.c.seq.desc()).limit(1)


def head(session: Session) -> Any:
    """(seq, digest, at) of the newest link, or None."""
    return session.execute(_HEAD).first()


def _as_link(row: Any) -> Link:
    return Link(row.seq, row.at, row.table_name, row.row_key, row.op, row.row, row.prev, row.digest)


_LINK_COLUMNS = (_LINKS.c.seq, _LINKS.c.at, _LINKS.c.table_name, _LINKS.c.row_key, _LINKS.c.op, _LINKS.c.row,
                 _LINKS.c.prev, _LINKS.c.digest)


def links_naming(session: Session, refs: Sequence[tuple[str, str]]) -> list[Link]:
    """Every link naming one of these (table, key), oldest first."""
    found: list[Link] = []
    for start in range(0, len(refs), 200):
        query = select(*_LINK_COLUMNS).where(tuple_(_LINKS.c.table_name, _LINKS.c.row_key).in_(refs[start:start + 200]))
        found.extend(_as_link(row) for row in session.execute(query))
    return sorted(found, key=lambda link: link.seq)


def first_seq_naming(session: Session, refs: Sequence[tuple[str, str]]) -> int | None:
    """The oldest link naming one of these (table, key), or None."""
    found = [session.execute(select(func.min(_LINKS.c.seq)).where(
        tuple_(_LINKS.c.table_name, _LINKS.c.row_key).in_(refs[start:start + 200]))).scalar()
        for start in range(0, len(refs), 200)]
    return min((seq for seq in found if seq is not None), default=None)


def links(session: Session, first_seq: int = 1, last_seq: int | None = None, batch: int = 20000) -> Iterator[Link]:
    """The links from `first_seq` on (to `last_seq`), in order, read in batches."""
    after = first_seq - 1
    while True:
        query = select(*_LINK_COLUMNS).where(_LINKS.c.seq > after).order_by(_LINKS.c.seq).limit(batch)
        if last_seq is not None:
            query = query.where(_LINKS.c.seq <= last_seq)
        rows = session.execute(query).all()
        for row in rows:
            yield _as_link(row)
        if len(rows) < batch:
            return
        after = rows[-1].seq


def link_at(session: Session, seq: int) -> Link | None:
    row = session.execute(select(*_LINK_COLUMNS).where(_LINKS.c.seq == seq)).first()
    return None if row is None else _as_link(row)


def seq_range_between(session: Session, begins: datetime, ends: datetime) -> tuple[int, int] | None:
    """(first, last) seq of the links appended in [begins, ends), or None."""
    first, last = session.execute(select(func.min(_LINKS.c.seq), func.max(_LINKS.c.seq))
                                  .where(_LINKS.c.at >= stamp(begins), _LINKS.c.at < stamp(ends))).one()
    return None if first is None else (first, last)


def chain_is_empty(session: Session) -> bool:
    return head(session) is None

