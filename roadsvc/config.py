"""Settings from `ROADSVC_` environment variables, with defaults that run on a laptop.

One place reads the environment so that the web app, the CLI and the migrations agree
on the database (the CLI must not import the web app: see the layers in pyproject.toml).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Mapping

PREFIX = "ROADSVC_"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _int(text: str) -> int:
    return int(text)


def _float(text: str) -> float:
    return float(text)


def _str(text: str) -> str:
    return text


# name -> (parser, default). The names are Flask config keys; the environment variable
# is the name with the ROADSVC_ prefix (ROADSVC_DATABASE_URL, ...).
SETTINGS: dict[str, tuple[Callable[[str], Any], Any]] = {
    "INSTANCE_PATH": (_str, str(PROJECT_ROOT / "instance")),
    "DATABASE_URL": (_str, None),  # None: sqlite file roadsvc.db in the instance folder
    "SQLITE_BUSY_TIMEOUT_MS": (_int, 5000),
    # FULL: every acknowledged hand is on disk before the 201, even through a power cut.
    # NORMAL in WAL mode survives a killed process but may lose the last commits on a power
    # cut; measured (bench/api_posts.py) FULL costs a few tenths of a millisecond of p50 per post.
    "SQLITE_SYNCHRONOUS": (_str, "FULL"),
    "DB_POOL_SIZE": (_int, 10),
    "SNAPSHOT_CACHE_SIZE": (_int, 1024),  # serialised snapshots kept per process
    "IMAGE_CACHE_BYTES": (_int, 32 * 1024 * 1024),  # rendered road images kept per process, in bytes
    "KEY_CACHE_TTL": (_float, 5.0),  # seconds a verified key is trusted: revocation delay
    "KEY_CACHE_SIZE": (_int, 10000),
    "MAX_CONTENT_LENGTH": (_int, 64 * 1024),  # request bodies above this answer 413
    "LOG_LEVEL": (_str, "INFO"),
    "DEMO_TABLE_NAME": (_str, "Demo Baccarat 1"),
    "DEMO_DEAL_INTERVAL": (_float, 0.0),  # `roadsvc jobs`: seconds between demo hands (0: off)
    "SERVE_HOST": (_str, "127.0.0.1"),  # `roadsvc serve` binds here; `roadsvc demo setup` prints it
    "SERVE_PORT": (_int, 5000),
    "SERVE_WORKERS": (_int, 2),
    "SERVE_THREADS": (_int, 1),
    # The player's side (issue 16): lobby rows kept per process; the read links' HMAC secret
    # (empty: read links are off, POST .../read-links answers 409) and their default lifetime.
    "LOBBY_CACHE_SIZE": (_int, 4096),
    "READ_LINK_SECRET": (_str, ""),
    "READ_LINK_TTL": (_int, 3600),
}


def load_settings(environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The defaults, then ROADSVC_* variables, then `overrides` (a test's config)."""
    environ = os.environ if environ is None else environ
    settings = {name: default for name, (_, default) in SETTINGS.items()}
    for name, (parse, _) in SETTINGS.items():
        raw = environ.get(PREFIX + name)
        if raw is not None and raw != "":
            settings[name] = parse(raw)
    settings.update(overrides or {})
    if not settings.get("DATABASE_URL"):
        settings["DATABASE_URL"] = default_database_url(settings["INSTANCE_PATH"])
    return settings


def default_database_url(instance_path: str) -> str:
    """An SQLite file in the instance folder (the engine creates the folder when it connects)."""
    return f"sqlite:///{Path(instance_path) / 'roadsvc.db'}"
