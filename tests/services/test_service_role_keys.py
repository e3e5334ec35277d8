"""A key for each role in one transaction (`keys.create_role_keys`: the demo's keys, the tests' `api` keys)."""

from __future__ import annotations

import pytest

from roadsvc.services import admin_audit
from roadsvc.services.errors import DomainError
from roadsvc.services.keys.lifecycle import create_role_keys, list_keys
from roadsvc.services.keys.verifier import KeyVerifier


def test_each_role_gets_a_working_unbound_key_and_each_creation_is_audited(db):
    made = create_role_keys(db, {"display": "wall display", "dealer": "dealer 1"})
    verifier = KeyVerifier(db, ttl=0)
    assert {role: (info.name, info.role, info.table_id) for role, (info, _) in made.items()} == {
        "display": ("wall display", "display", None), "dealer": ("dealer 1", "dealer", None)}
    assert {role: verifier.verify(plain).role for role, (_, plain) in made.items()} == {"display": "display",
                                                                                     "dealer": "dealer"}
    records, total = admin_audit.trail(db, kind="key.created")
    assert total == 2
    assert sorted(record.subject for record in records) == sorted(f"key {info.id}" for info, _ in made.values())


def test_an_unknown_role_makes_no_key_at_all(db):
    with pytest.raises(DomainError) as refused:
        create_role_keys(db, {"display": "wall display", "croupier": "x"})
    assert (refused.value.code, refused.value.field) == ("invalid_role", "role")
    assert list_keys(db) == []  # the display key of the same transaction was rolled back too
