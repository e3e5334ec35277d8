"""The record's hash chain (issue 43): one row per change of a chained row, appended in the
change's own transaction (roadsvc.persistence.records). Never pruned, never updated.

`seq` is given by the writer (the head's + 1, under the append lock), so it has no gaps;
`row` is the canonical JSON of the row as committed ("null" for a delete); `prev` and `digest`
are hex SHA-256 digests (roadsvc.domain.records)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base


class RecordLink(Base):
    __tablename__ = "record_links"
    __table_args__ = (Index(None, "table_name", "row_key"), Index(None, "at"))

    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    at: Mapped[str] = mapped_column(String(27))  # UTC, fixed width (roadsvc.domain.records.stamp): hashed as stored
    table_name: Mapped[str] = mapped_column(String(64))
    row_key: Mapped[str] = mapped_column(String(64))
    op: Mapped[str] = mapped_column(String(8))
    row: Mapped[str] = mapped_column(Text)
    prev: Mapped[str] = mapped_column(String(64))
    digest: Mapped[str] = mapped_column(String(64))
