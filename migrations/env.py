"""Alembic environment: the URL is the app's (roadsvc.config), the target the models.

`roadsvc db upgrade` passes its URL in the config's attributes; plain `alembic` runs
read ROADSVC_DATABASE_URL (or the SQLite default) through roadsvc.config.
"""

from __future__ import annotations

from alembic import context

from roadsvc.config import load_settings
from roadsvc.persistence.engine import make_engine
from roadsvc.persistence.models import Base

config = context.config
target_metadata = Base.metadata


def database_url() -> str:
    return config.attributes.get("database_url") or load_settings()["DATABASE_URL"]


def run_offline() -> None:
    context.configure(url=database_url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(database_url())
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
