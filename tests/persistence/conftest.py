"""Persistence tests run against SQLite and PostgreSQL (fixtures in tests/dbsupport.py)."""

from dbsupport import database_url, db, postgres_schema  # noqa: F401
