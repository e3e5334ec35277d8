"""Migration 0019: every account with tallies gets its p-value as the watch judges it; one with none stays None;
the chain still verifies (the column is derived, not chained). SQLite and PostgreSQL."""

from __future__ import annotations


import pytest
from sqlalchemy import select, text

from roadsvc.domain.baccarat.monitoring.advantage_play import PlayEvidence, Tally
from roadsvc.persistence.migrations import upgrade
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import PlayAccount
from roadsvc.services.records import audit as records_audit

TALLY = text("INSERT INTO play_tallies (play_account_id, table_id, bet, shoes, stakes, staked, positive_stakes, "
             "positive_staked, ev_staked, null_ev_staked, expected_positive, positive_variance, updated_at) VALUES "
             "(:account, :table, :bet, 1, :stakes, 1000, :positive, 500, 10.0, -5.0, :expected, :variance, "
             "CURRENT_TIMESTAMP)")


def test_accounts_with_tallies_get_their_p_value(empty_url):
    upgrade(empty_url, "0018")
    setup = Database(empty_url)
    with setup.engine.begin() as conn:
        conn.execute(text("INSERT INTO tables (name, game, rule_set, settings, created_at, updated_at, revision) "
                          "VALUES ('T', 'baccarat', 'extended', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)"))
        for name in ("counter", "flat", "linked only"):
            conn.execute(text("INSERT INTO play_accounts (account_id, created_at) VALUES (:n, CURRENT_TIMESTAMP)"),
                         {"n": name})
        for table_bet, (stakes, positive, expected, variance) in {"lucky_six": (12, 11, 2.0, 1.5),
                                                                 "tiger": (8, 8, 1.0, 0.8)}.items():
            conn.execute(TALLY, {"account": 1, "table": 1, "bet": table_bet, "stakes": stakes, "positive": positive,
                                 "expected": expected, "variance": variance})
        conn.execute(TALLY, {"account": 2, "table": 1, "bet": "banker", "stakes": 20, "positive": 5,
                             "expected": 5.2, "variance": 3.9})
    setup.dispose()
    upgrade(empty_url, "0019")
    db = Database(empty_url)
    with db.read() as session:
        found = {a.account_id: a.p_value for a in session.scalars(select(PlayAccount))}
    counter = PlayEvidence("counter", {"lucky_six": Tally(1, 12, 1000, 11, 500, 10.0, -5.0, 2.0, 1.5),
                                       "tiger": Tally(1, 8, 1000, 8, 500, 10.0, -5.0, 1.0, 0.8)})
    flat = PlayEvidence("flat", {"banker": Tally(1, 20, 1000, 5, 500, 10.0, -5.0, 5.2, 3.9)})
    assert found == {"counter": pytest.approx(counter.p_value), "flat": pytest.approx(flat.p_value),
                     "linked only": None}
    assert found["counter"] < 1e-6 < found["flat"]
    assert records_audit.seal(db) > 0 and records_audit.verify(db).ok
    db.dispose()
