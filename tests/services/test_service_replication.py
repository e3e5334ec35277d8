"""The jobs' replication pass (services.database.replication) on SQLite and on the tests' PostgreSQL server, which has
no standby: a floor expecting standbys gets a `replication_degraded` alert at every table, worded in the three
languages; SQLite has nothing to replicate. Raised and resolved on a real cluster:
tests/reliability/test_replicated_database.py."""

from __future__ import annotations

from roadsvc.domain.monitoring.texts import alert_message, alert_title
from roadsvc.translations import reader
from roadsvc.services import alerts, tables
from roadsvc.services.database import replication


def test_a_server_without_its_standbys_raises_replication_degraded_at_every_table(db):
    ids = [tables.create_table(db, name, settings={}).id for name in ("B1", "B2")]
    status, changed = replication.check_replication(db, expected=2)
    if db.is_sqlite:
        assert (status, changed) == (None, 0)
        assert alerts.find_alerts(db, {}, 0, 100)[0] == []
        return
    assert status == replication.Replication(streaming=0, synchronous=0) and changed == 2
    replication.check_replication(db, expected=2)  # seen again: still one per table
    found = alerts.find_alerts(db, {"code": "replication_degraded"}, 0, 100)[0]
    assert sorted(alert.table_id for alert in found) == ids
    assert {(alert.severity, alert.subject, alert.count, alert.state) for alert in found} == {("critical", "table", 2, "open")}
    assert found[0].details == {"streaming": 0, "expected": 2, "synchronous": 0}


def test_no_standby_expected_raises_nothing(db):
    tables.create_table(db, "B1", settings={})
    replication.check_replication(db, expected=0)
    assert alerts.find_alerts(db, {}, 0, 100)[0] == []


def test_the_alert_reads_in_every_language():
    details = {"streaming": 1, "expected": 2, "synchronous": 1}
    assert alert_title("replication_degraded", reader("en")) == "Database replication degraded"
    assert alert_message("replication_degraded", details, reader("en")).startswith(
        "1 of 2 database standbys streaming, 1 synchronous")
    assert alert_title("replication_degraded", reader("zh-Hans")) == "数据库复制降级"
    assert alert_message("replication_degraded", details, reader("zh-Hant")).startswith("2 台資料庫備機中 1 台正在串流複製")
