"""The table a request is about, for a key bound to a table (roadsvc.api.auth): a path's `table_id`,
or the table of what the path names instead (a baccarat shoe's `shoe_id`, a 打棒 match's `match_id`).

A shoe or a match never moves to another table, so each process reads one's table once and keeps it
(bounded, least recently used out): after its first request, a bound key's request about a shoe or a
match costs a dictionary lookup, not a query. A name that finds nothing is not kept (it may exist later).
A new game with paths about something of its own registers it here: one entry of `SUBJECTS`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from roadsvc.persistence import dabang as dabang_rows
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.services.caches import LRU

Resolver = Callable[[Database, int], "int | None"]

# A path argument naming something that belongs to one table -> how to read that table.
SUBJECTS: Mapping[str, Resolver] = {"shoe_id": repo.shoe_table_id, "match_id": dabang_rows.match_table_id}


class TableScopes:
    """The table of a request's path arguments, each subject's table read once per process."""

    def __init__(self, db: Database, subjects: Mapping[str, Resolver] = SUBJECTS, max_entries: int = 65536):
        self.db = db
        self.subjects = subjects
        self.known: LRU[int] = LRU(max_entries)

    def table_of(self, view_args: Mapping[str, Any]) -> int | None:
        """The path's `table_id`, else the table of the first subject it names; None: a path about no
        table, or a subject that does not exist (the view answers 404, or a bound key 403)."""
        table_id = view_args.get("table_id")
        if table_id is not None:
            return table_id
        for name, resolve in self.subjects.items():
            subject = view_args.get(name)
            if subject is not None:
                return self._subject_table(name, subject, resolve)
        return None

    def _subject_table(self, name: str, subject: int, resolve: Resolver) -> int | None:
        table_id = self.known.get((name, subject))
        if table_id is None:
            table_id = resolve(self.db, subject)
            if table_id is not None:
                self.known.put((name, subject), table_id)
        return table_id
