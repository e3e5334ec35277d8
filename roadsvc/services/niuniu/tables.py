"""A niuniu table inside a use case: found (404), of the right game (409 `wrong_game`), its settings."""

from __future__ import annotations

from typing import Any, Sequence

from sqlalchemy.orm import Session

from roadsvc.domain.games import NIUNIU
from roadsvc.domain.niuniu.settings import SECTION, NiuniuSettings, niuniu_settings
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.events import ALL, NewEvent, append_events
from roadsvc.persistence.models import Table
from roadsvc.services.errors import NotFound
from roadsvc.services.games import WrongGame

def niuniu_table(session: Session, table_id: int, for_update: bool = False) -> Table:
    table = repo.table(session, table_id, for_update)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if table.game != NIUNIU:  # the API checked it already (roadsvc.api.auth); the jobs and the CLI did not
        raise WrongGame(table_id, table.game)
    return table


def settings_of(table: Table) -> NiuniuSettings:
    """The table's `settings.niuniu` section, checked when it was written; the spec's defaults."""
    return niuniu_settings((table.settings or {}).get(SECTION))


def changed(session: Session, table_id: int, kind: str, data: dict[str, Any], audience: str = ALL,
            extra: Sequence[tuple[str, dict[str, Any]]] = ()) -> int:
    """Bump the table's revision and append the change's event, and any `extra` (kind, data) events it
    caused, by one statement (call last in the transaction)."""
    revision = repo.bump_table_revision(session, table_id)
    events = [NewEvent(kind, table_id, None, revision, data, audience)]
    events += [NewEvent(extra_kind, table_id, None, revision, extra_data) for extra_kind, extra_data in extra]
    append_events(session, events)
    return revision
