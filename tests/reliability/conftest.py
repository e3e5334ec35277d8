"""Reliability tests: real gunicorn processes on loopback, on SQLite and PostgreSQL.

They start the service exactly as the HTTP benchmarks do (bench/_service.py,
bench/_http.py). PostgreSQL runs are skipped with the reason shown when no server
answers, and fail under CI=true (tests/dbsupport.py).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest

from dbsupport import BACKENDS, postgres_url, require_postgres

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _service import Deployment, fresh_deployment  # noqa: E402


@pytest.fixture(params=BACKENDS)
def deployment(request, tmp_path) -> Iterator[Deployment]:
    """A fresh migrated database: the default SQLite file in a new instance folder, or a
    new PostgreSQL schema (dropped after)."""
    if request.param == "postgres":
        require_postgres(postgres_url())
    with fresh_deployment(request.param, tmp_path) as deployed:
        yield deployed
