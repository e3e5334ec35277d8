"""The API's contract, baccarat's part: schemathesis' unit phases (examples, coverage, fuzzing) and every
check, against the app served in this process, must find nothing in the operations of tables, shoes, hands,
roads, bets, odds, VIP tables, slips, the pit's money and notes, alerts, audits and the floor; it starts
from one alert, raised through the API (contract_run.raise_an_alert), for the alerts' operations to find.
test_contract_others.py is the other part, with the stateful phase; the two files are one run in two parts,
so that pytest-xdist's two workers each take one (issue 32; how it is split: contract_run.run_contract).

Deterministic (a fixed seed, derandomized generation, no example database), bounded
(MAX_EXAMPLES per operation), and with enough traffic to mean something (at least MIN_REQUESTS; the two
parts' together at least 5,000). The run's keys are never revoked by the run itself (contract_run.KeyedApp).
The figures are printed: `pytest -s tests/contract`.
"""

from __future__ import annotations

import pytest

from contract_run import (
    MAX_EXAMPLES, SEED, assert_part_found_nothing, documented_operations, raise_an_alert, role_keys, run_contract,
    summary,
)

pytestmark = pytest.mark.slow


def test_schemathesis_finds_no_failure_in_baccarats_part(contract_app):
    keys, protected = role_keys(contract_app)
    raise_an_alert(contract_app, keys)
    report = run_contract(contract_app, keys, protected, SEED, MAX_EXAMPLES, part="baccarat")
    print(f"\ncontract, baccarat's part: {summary(report)}")
    assert_part_found_nothing(report, documented_operations(contract_app), "baccarat", ("examples", "coverage", "fuzzing"))
    assert report.successes.get("GET /api/v1/alerts/{alert_id}", 0) > 0  # the alert raised before the run, read
