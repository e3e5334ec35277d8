"""The API's contract: schemathesis, every phase (examples, coverage, fuzzing, stateful) and
every check, against the app served in this process, must find nothing.

Deterministic (a fixed seed, derandomized generation, no example database), bounded
(MAX_EXAMPLES per operation; a few minutes on two cores), and with enough traffic to mean
something (at least MIN_REQUESTS). The run's keys are never revoked by the run itself
(contract_run.KeyedApp). The figures are printed: `pytest -s tests/contract`.
"""

from __future__ import annotations

import pytest

from contract_run import run_contract
from roadsvc.app import create_app
from roadsvc.persistence.migrations import upgrade
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys import create_key

pytestmark = pytest.mark.slow

SEED = 20261123
MAX_EXAMPLES = 120
MIN_REQUESTS = 5000


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


def test_schemathesis_finds_no_failure(contract_app):
    db = contract_app.extensions["roadsvc.db"]
    created = {role: create_key(db, role, f"contract {role}") for role in ROLES}
    keys = {role: plain for role, (_, plain) in created.items()}
    report = run_contract(contract_app, keys, {info.id for info, _ in created.values()}, SEED, MAX_EXAMPLES)
    print(f"\ncontract: {report.requests} requests in {report.seconds:.0f} s (app {report.app_seconds:.0f} s), "
          f"by phase (requests, seconds) {report.by_phase}; statuses {report.statuses}")
    assert report.errors == []
    assert report.failures == []
    assert {"examples", "coverage", "fuzzing", "stateful"} <= set(report.phases)
    assert report.requests >= MIN_REQUESTS
    assert 500 not in report.statuses
