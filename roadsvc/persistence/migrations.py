"""Running the Alembic migrations in migrations/ from code, whatever the working directory."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from roadsvc.config import PROJECT_ROOT

ALEMBIC_INI = PROJECT_ROOT / "alembic.ini"
SCRIPT_LOCATION = PROJECT_ROOT / "migrations"


def alembic_config(database_url: str) -> Config:
    config = Config(str(ALEMBIC_INI))
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)


def current(database_url: str) -> None:
    command.current(alembic_config(database_url), verbose=False)


def head_revision() -> str | None:
    """The newest migration's revision id (what `upgrade` brings a database to)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config("")).get_current_head()
