"""The API's contract, the others' part: schemathesis' unit phases (examples, coverage, fuzzing) and every
check, against the app served in this process, must find nothing in 百人牛牛's and 打棒's operations, the keys
and page sessions, and the shift reports (with the tables they take, made here too); and the stateful phase,
over every operation, must find nothing. test_contract_baccarat.py is the other part; the two files are one
run in two parts, so that pytest-xdist's two workers each take one (issue 32; how it is split:
contract_run.run_contract).

Deterministic (a fixed seed, derandomized generation, no example database), bounded
(MAX_EXAMPLES per operation), and with enough traffic to mean something (at least MIN_REQUESTS; the two
parts' together at least 5,000). The run's keys are never revoked by the run itself (contract_run.KeyedApp).
The figures are printed: `pytest -s tests/contract`.
"""

from __future__ import annotations

import pytest

from contract_run import (
    MAKERS, MAX_EXAMPLES, SEED, assert_part_found_nothing, documented_operations, role_keys, run_contract, summary,
)

pytestmark = pytest.mark.slow


def test_schemathesis_finds_no_failure_in_the_others_part(contract_app):
    report = run_contract(contract_app, *role_keys(contract_app), SEED, MAX_EXAMPLES, part="others")
    print(f"\ncontract, the others' part: {summary(report)}")
    operations = documented_operations(contract_app)
    assert MAKERS <= set(operations)  # a maker renamed would leave the part without its tables
    assert_part_found_nothing(report, operations, "others", ("examples", "coverage", "fuzzing", "stateful"))
