"""`roadsvc db backup FOLDER`: a PostgreSQL base backup (pg_basebackup) of the URL's primary. On the SQLite
default it says how to copy the file instead and exits 1, writing nothing. Its backup restored to a moment:
tests/reliability/test_replicated_database.py (the restore drill)."""

from __future__ import annotations

from roadsvc.cli import main


def test_db_backup_of_the_sqlite_default_writes_nothing_and_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "backup", str(tmp_path / "backups")]) == 1
    assert "backs up PostgreSQL" in capsys.readouterr().out
    assert not (tmp_path / "backups").exists()


def test_db_backup_of_an_unreachable_server_fails_with_pg_basebackups_reason(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_DATABASE_URL", "postgresql+psycopg://postgres@/roadsvc?host=127.0.0.1:1"
                                               "&target_session_attrs=read-write&connect_timeout=2")
    assert main(["db", "backup", str(tmp_path / "backups")]) == 1
    assert "pg_basebackup failed" in capsys.readouterr().out
