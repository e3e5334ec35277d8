"""`roadsvc keys create --expires-in`, `roadsvc keys rotate`, the audit trail of both, the
private instance folder and database file, and `roadsvc serve`'s metrics folder."""

from __future__ import annotations

import os
import re
import stat
from datetime import timedelta

import pytest

from roadsvc.cli import main
from roadsvc.cli.serve import fresh_metrics_dir
from roadsvc.config import load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.persistence.models import utcnow
from roadsvc.services.admin_audit import trail
from roadsvc.services.keys.lifecycle import create_key
from roadsvc.services.keys.verifier import lookup_key

KEY = re.compile(r"rs_[A-Za-z0-9_-]{40,}")


@pytest.fixture
def instance(tmp_path, monkeypatch):
    old = os.umask(0o022)  # the usual umask: files 0644 and folders 0755 unless made private
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "var" / "instance"))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["db", "upgrade"]) == 0
    yield tmp_path / "var" / "instance"
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_instance_folder_and_the_database_are_readable_by_their_owner_only(instance):
    assert mode(instance) == 0o700 and mode(instance.parent) == 0o700
    assert mode(instance / "roadsvc.db") == 0o600
    db = open_database()
    try:
        create_key(db, "display")  # a write: the -wal and -shm files appear while a connection is open
        companions = list(instance.glob("roadsvc.db-*"))
        assert {c.name for c in companions} == {"roadsvc.db-wal", "roadsvc.db-shm"}
        assert all(mode(companion) == 0o600 for companion in companions)
    finally:
        db.dispose()


def test_keys_create_with_an_expiry_and_rotate_with_a_grace_period(instance, capsys, monkeypatch):
    monkeypatch.setenv("ROADSVC_KEY_ROTATION_GRACE", "3600")
    assert main(["keys", "create", "--role", "dealer", "--name", "reader", "--expires-in", "30d"]) == 0
    out = capsys.readouterr().out
    old = KEY.search(out).group(0)
    assert "expires=" in out
    db = open_database()
    try:
        principal = lookup_key(db, old)
        assert abs(principal.expires_at - (utcnow() + timedelta(days=30))) < timedelta(minutes=1)
        assert main(["keys", "rotate", str(principal.key_id)]) == 0
        out = capsys.readouterr().out
        new = KEY.search(out).group(0)
        assert new != old and lookup_key(db, new).role == "dealer" and lookup_key(db, new).expires_at == principal.expires_at
        assert abs(lookup_key(db, old).expires_at - (utcnow() + timedelta(hours=1))) < timedelta(minutes=1)
        records, total = trail(db)
        assert [r.kind for r in records] == ["key.rotated", "key.created"] and records[0].actor.startswith("cli")
        assert records[0].key_id is None
    finally:
        db.dispose()


def test_keys_refuse_a_bad_expiry_and_an_unknown_key(instance, capsys):
    assert main(["keys", "create", "--role", "display", "--expires-in", "soon"]) == 2
    assert "90s, 30m, 12h, 30d" in capsys.readouterr().err
    assert main(["keys", "rotate", "99"]) == 2
    assert "no key 99" in capsys.readouterr().err


def test_serve_makes_a_fresh_private_metrics_folder(instance):
    folder = fresh_metrics_dir(load_settings())
    assert folder == instance / "metrics" and mode(folder) == 0o700
    (folder / "counter_123.db").write_bytes(b"old counts")
    assert list(fresh_metrics_dir(load_settings()).iterdir()) == []
