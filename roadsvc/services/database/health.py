"""Readiness: what must hold before a worker should get traffic.

The database answers, its schema is at the newest migration, and the CJK font the images
need is there. Each failed check gives a short reason that names no secret (no URL, no
path, no error text from the driver).
"""

from __future__ import annotations

from sqlalchemy import text

from roadsvc.persistence.engine import Database
from roadsvc.persistence.migrations import head_revision
from roadsvc.render import FontMissingError, check_font


def problems(db: Database) -> dict[str, str]:
    """{check: reason} of every failed check; empty when ready."""
    found: dict[str, str] = {}
    try:
        with db.connect() as conn:
            conn.execute(text("SELECT 1"))
            current = _current_revision(conn)
    except Exception:  # noqa: BLE001 - any failure to answer means not ready
        return {"database": "the database does not answer", **_font()}
    head = head_revision()
    if current != head:
        found["migrations"] = f"the schema is at {current or 'no revision'}, not {head}: run `roadsvc db upgrade`"
    return {**found, **_font()}


def _current_revision(conn) -> str | None:
    try:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # noqa: BLE001 - no alembic_version table: never migrated
        conn.rollback()
        return None


def _font() -> dict[str, str]:
    try:
        check_font()
    except (FontMissingError, OSError):
        return {"font": "the CJK font for road images is missing"}
    return {}
