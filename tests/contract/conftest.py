"""The contract run's app: its own SQLite file, in this process (tests/contract/contract_run.py serves it)."""

from __future__ import annotations

import pytest

from roadsvc.app import create_app
from roadsvc.persistence.migrations import upgrade


@pytest.fixture
def contract_app(tmp_path):
    url = f"sqlite:///{tmp_path / 'contract.db'}"
    upgrade(url)
    # SQLITE_SYNCHRONOUS=OFF: durability is not under test here, and thousands of writes
    # each waiting for the disk would make the run minutes longer. Rate limits off: thousands of
    # requests a minute from one address and key are the fuzzer's, not a client's (the limits
    # are tested in tests/api/test_api_limits.py).
    app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "CRITICAL", "SQLITE_SYNCHRONOUS": "OFF",
                      "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["roadsvc.db"].dispose()
