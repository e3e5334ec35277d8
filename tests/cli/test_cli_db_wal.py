"""`roadsvc db wal`: one WAL checkpoint and the WAL's size; exit status 1 when it is over its
limit and a checkpoint cannot copy it (for a monitoring check)."""

from __future__ import annotations

import pytest

from roadsvc.cli import main
from roadsvc.persistence.engine import open_database
from roadsvc.services import tables


@pytest.fixture
def instance(tmp_path, monkeypatch):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0
    return tmp_path / "instance"


def test_db_wal_checkpoints_what_the_service_wrote(instance, capsys):
    db = open_database()
    for index in range(5):
        tables.create_table(db, f"Table {index}")
    capsys.readouterr()
    assert main(["db", "wal"]) == 0
    out = capsys.readouterr().out
    assert f"WAL of {instance / 'roadsvc.db'}:" in out and "limit 67108864" in out
    copied, total = map(int, out.split("; ")[1].split(" frames")[0].split(" of "))
    assert total >= 5 and copied == total
    db.dispose()


def test_db_wal_exits_1_when_a_reader_pins_a_wal_over_its_limit(instance, capsys, monkeypatch):
    monkeypatch.setenv("ROADSVC_SQLITE_WAL_LIMIT_BYTES", "4096")
    db = open_database()
    reader = db.engine.connect()
    reader.exec_driver_sql("SELECT count(*) FROM tables").scalar()  # an open read transaction: an old snapshot
    for index in range(20):
        tables.create_table(db, f"Table {index}")
    assert main(["db", "wal"]) == 1
    reader.close()
    assert main(["db", "wal"]) == 0  # released: the checkpoint copies it all
    db.dispose()


def test_db_wal_without_a_checkpointer_says_so(instance, capsys, monkeypatch):
    monkeypatch.setenv("ROADSVC_SQLITE_CHECKPOINT_INTERVAL", "0")
    assert main(["db", "wal"]) == 0
    assert "no WAL to checkpoint" in capsys.readouterr().out
