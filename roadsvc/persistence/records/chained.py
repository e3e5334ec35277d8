"""What the record's chain binds (issue 43): every table of `Base.metadata`, every column of it, except the
short lists below (derived, cached or ephemeral data, each with its reason), and how a chained row is read.
A table added later is chained unless it is named here (tests/persistence/test_record_chain.py fails for a
table in neither list)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Sequence

from sqlalchemy import JSON, Column, Select, Table, bindparam, select
from sqlalchemy.orm import Session

from roadsvc.domain.records import row_key
from roadsvc.persistence.models import Base

EXCLUDED_TABLES: dict[str, str] = {
    "record_links": "the chain itself",
    "events": "the live event log: pruned by the jobs process; each change it announces is chained as the row itself",
    "page_sessions": "a signed-in page's cookie and idle time: ephemeral, not a record of play (key changes are chained)",
    "monitor_tallies": "the alert rules' working counters, restarted by the rules; the alerts they raise are chained",
}
EXCLUDED_COLUMNS: dict[str, dict[str, str]] = {
    "shoes": {"revision": "a cache key, bumped by every write of the shoe",
              "summary": "the lobby's cached summary of the hands (derived from the chained hands)",
              "updated_at": "the time of the last cache bump"},
    "tables": {"revision": "the lobby's cache key", "updated_at": "the time of the last cache bump"},
    "dabang_matches": {"revision": "a cache key, bumped by every move (the moves are chained)"},
    "dabang_tournaments": {"revision": "a cache key, bumped by every change of the bracket"},
    "play_accounts": {"p_value": "the account's p-value as last judged: derived from its chained tallies"},
    "shift_report_files": {"body": "a stored report's PDF bytes: bound by their SHA-256 (`sha256`, chained)"},
}


@dataclass(frozen=True)
class ChainedTable:
    name: str
    table: Table
    key: Column
    columns: tuple[Column, ...]  # the chained columns, the key among them
    key_index: int  # the key's place among them
    by_keys: Select  # the chained columns of the rows whose key is in :keys

    names: tuple[str, ...]  # their names

    attributes: tuple[str, ...] | None  # their ORM attribute names (None: no mapped class)
    defaults: dict[str, Any]  # a column's value when an INSERT leaves it out (None: NULL)
    generated: frozenset[str]  # columns whose value an INSERT that leaves them out makes (a callable, the server)
    documents: frozenset[str]  # JSON columns: a value as written is bound as it reads back

    def content(self, row: Any) -> dict[str, Any]:
        return dict(zip(self.names, row))

    def object_content(self, obj: Any) -> dict[str, Any]:
        """The chained columns of a persistent ORM object, as flushed (an expired attribute is loaded)."""
        return self._as_read({name: getattr(obj, attribute)
                              for name, attribute in zip(self.names, self.attributes or self.names)})

    def complete(self, values: dict[str, Any]) -> dict[str, Any]:
        return self._as_read({name: values[name] if name in values else self.defaults.get(name) for name in self.names})

    def _as_read(self, content: dict[str, Any]) -> dict[str, Any]:
        for name in self.documents:
            content[name] = as_read_back(content[name])
        return content


def as_read_back(document: Any) -> Any:
    """A JSON column's value as the database gives it back: the same value unless it holds what JSON
    changes (a tuple, a key that is not text), which then goes through JSON once."""
    return document if _plain(document) else json.loads(json.dumps(document))


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(type(key) is str and _plain(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    return value is None or type(value) in (str, int, float, bool)


def _chained(table: Table) -> ChainedTable:
    if len(table.primary_key.columns) != 1:
        raise ValueError(f"chained table {table.name} needs a one-column primary key")
    skipped = EXCLUDED_COLUMNS.get(table.name, {})
    columns = tuple(column for column in table.columns if column.name not in skipped)
    key = next(iter(table.primary_key.columns))
    by_keys = select(*columns).where(key.in_(bindparam("keys", expanding=True)))
    key_index = next(index for index, column in enumerate(columns) if column is key)
    defaults = {column.name: column.default.arg for column in columns
                if column.default is not None and column.default.is_scalar}
    generated = frozenset(column.name for column in columns if column.server_default is not None
                          or (column.default is not None and not column.default.is_scalar))
    documents = frozenset(column.name for column in columns if isinstance(column.type, JSON))
    return ChainedTable(table.name, table, key, columns, key_index, by_keys, tuple(c.name for c in columns),
                        _attribute_names(table, columns), defaults, generated, documents)


def _attribute_names(table: Table, columns: tuple[Column, ...]) -> tuple[str, ...] | None:
    mapper = next((m for m in Base.registry.mappers if m.local_table is table), None)
    if mapper is None:
        return None
    return tuple(mapper.get_property_by_column(column).key for column in columns)


@lru_cache(maxsize=1)
def chained_tables() -> dict[str, ChainedTable]:
    """Every chained table by name, in the metadata's order."""
    return {table.name: _chained(table) for table in Base.metadata.sorted_tables if table.name not in EXCLUDED_TABLES}


@lru_cache(maxsize=None)
def chained_attributes(mapper: Any) -> tuple[str, ...] | None:
    """The attribute names of a mapped class's chained columns (None: its table is not chained)."""
    chained = chained_tables().get(mapper.local_table.name)
    if chained is None:
        return None
    names = {column.name for column in chained.columns}
    return tuple(prop.key for prop in mapper.column_attrs if prop.columns[0].name in names)

def read_rows(session: Session, chained: ChainedTable, keys: Sequence[Any], chunk: int = 500) -> Iterator[Any]:
    """The chained columns of these rows, in the session's transaction (on its connection: a Core
    statement needs none of the ORM's per-execution work)."""
    conn = session.connection()
    for start in range(0, len(keys), chunk):
        yield from conn.execute(chained.by_keys, {"keys": list(keys[start:start + chunk])})


def all_rows(session: Session, chained: ChainedTable, batch: int = 20000) -> Iterator[tuple[str, dict[str, Any]]]:
    """(key, content) of every row of a chained table, by key, read in batches."""
    after = None
    while True:
        query = select(*chained.columns).order_by(chained.key).limit(batch)
        if after is not None:
            query = query.where(chained.key > after)
        rows = session.execute(query).all()
        index = chained.key_index
        for row in rows:
            yield row_key(row[index]), chained.content(row)
        if len(rows) < batch:
            return
        after = rows[-1][index]

