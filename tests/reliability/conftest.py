"""Reliability tests: real gunicorn processes on loopback, on SQLite and PostgreSQL.

They start the service exactly as the HTTP benchmarks do (bench/_service.py,
bench/_http.py). PostgreSQL runs are skipped with the reason shown when no server
answers, and fail under CI=true (tests/dbsupport.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

from dbsupport import BACKENDS, postgres_url, require_postgres

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))

from _service import Deployment, fresh_deployment  # noqa: E402
from pgcluster import Cluster, cluster_missing, start_cluster, stop_cluster  # noqa: E402


@pytest.fixture(params=BACKENDS)
def deployment(request, tmp_path) -> Iterator[Deployment]:
    """A fresh migrated database: the default SQLite file in a new instance folder, or a
    new PostgreSQL schema (dropped after)."""
    if request.param == "postgres":
        require_postgres(postgres_url())
    with fresh_deployment(request.param, tmp_path) as deployed:
        yield deployed


@pytest.fixture(scope="module")
def replicated_cluster() -> Iterator[Cluster]:
    """A replicated PostgreSQL for one module (deploy/pgcluster.py: Patroni and etcd, a primary, a synchronous
    standby and a second standby on 127.0.0.2-4, the `roadsvc` database empty), SIGKILLed and removed after.
    Skipped with the reason when Patroni, etcd or PostgreSQL 15 is missing (`./dev test` installs them); under
    CI=true that fails."""
    reason = cluster_missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        stop_cluster(cluster)
