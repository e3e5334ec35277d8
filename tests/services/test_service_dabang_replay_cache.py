"""打棒's replay cache keys on the Database (its token), not on the database's URL: a schema emptied and filled
again (a test's, a restore) may hold a match with the same id, start and revision that is another match."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from roadsvc.persistence.engine import Database
from roadsvc.services import tables
from roadsvc.services.dabang.matches import create_match, get_match

START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)
PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}


def _first_match(url: str, minutes: int) -> dict:
    db = Database(url, synchronous="OFF")
    try:
        table = tables.create_table(db, "打棒 1", game="dabang")
        created = create_match(db, table.id, PLAYERS, minutes, now=START)
        return get_match(db, created["id"], now=START)
    finally:
        db.dispose()


def test_a_match_in_a_database_emptied_since_is_its_own_not_the_cached_earlier_one(postgres_schema):
    postgres_schema.empty()
    earlier = _first_match(postgres_schema.url, 90)
    postgres_schema.empty()  # match 1 again, started at the same moment, at the same revision
    later = _first_match(postgres_schema.url, 30)
    assert (earlier["id"], earlier["started_at"]) == (later["id"], later["started_at"])
    assert datetime.fromisoformat(earlier["ends_at"]) == START + timedelta(minutes=90)
    assert datetime.fromisoformat(later["ends_at"]) == START + timedelta(minutes=30)
