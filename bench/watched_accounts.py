"""The advantage-play watch's two database costs (issue 45 follow-up): the watched-accounts page's read, and a
shoe count's tally write, each beside the way they were done before, in the same run.

The page (`roadsvc.services.baccarat.play.watched_accounts`, 50 shown): now the alerted accounts and the 50 others
with the smallest kept p-values, and only their tallies; before (`_page_before` below, the code as it was),
every tally of every account, judged in Python, sorted, cut to 50.

The write (one shoe counted at a table: `roadsvc.persistence.play.add_tallies`): now one INSERT ... ON CONFLICT
DO UPDATE adding the shoe's tallies; before (`_write_before`), the stored tallies read as ORM objects, each added
to and flushed row by row. Half the shoe's tallies exist already, half are new bets. Each write runs in a
transaction rolled back, so every round writes the same.

A SQLite file in /tmp by default (`--url` for PostgreSQL): A accounts x T tables x B bets tallies, 20 accounts
alerted. Medians of interleaved rounds (roadsvc's chain hooks on: the rows are bound as the service binds them).

    .venv/bin/python bench/watched_accounts.py [--accounts 5000] [--tables 4] [--bets 6]
        [--shoe-accounts 300] [--rounds 15] [--url postgresql+psycopg://...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import func, insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from roadsvc.persistence import play as repo  # noqa: E402
from roadsvc.persistence.engine import Database  # noqa: E402
from roadsvc.persistence.models import ALERT_RESOLVED, Alert, Base, PlayAccount, PlayTally, Table  # noqa: E402
from roadsvc.services.baccarat import play  # noqa: E402
from roadsvc.services.baccarat.play import WATCH_CODES, _entry  # noqa: E402
from roadsvc.services.baccarat.play_watch import ACCOUNT, _columns, tally_of  # noqa: E402
from roadsvc.domain.baccarat.monitoring.advantage_play import PlayEvidence, Tally  # noqa: E402

BETS = ("banker", "player", "tie", "lucky_six", "banker_pair", "player_pair", "tiger", "fire_sevens")
NOW = datetime(2026, 12, 7, 8, 0, tzinfo=timezone.utc)


def _tally(rng: random.Random) -> dict:
    stakes = rng.randint(5, 80)
    positive = rng.randint(0, stakes // 3)
    return {"shoes": rng.randint(1, 9), "stakes": stakes, "staked": stakes * 1000, "positive_stakes": positive,
            "positive_staked": positive * 1000, "ev_staked": -10.0 * stakes, "null_ev_staked": -11.0 * stakes,
            "expected_positive": stakes / 4, "positive_variance": stakes / 5, "updated_at": NOW}


def populate(db: Database, accounts: int, tables: int, bets: int, seed: int) -> None:
    rng = random.Random(seed)
    with db.engine.begin() as conn:
        conn.execute(insert(Table), [{"name": f"T{t}", "game": "baccarat", "rule_set": "extended", "settings": {},
                                      "created_at": NOW, "updated_at": NOW, "revision": 1} for t in range(tables)])
        conn.execute(insert(PlayAccount), [{"account_id": f"acct-{a:06d}", "created_at": NOW}
                                           for a in range(accounts)])
        rows = [{"play_account_id": a + 1, "table_id": t + 1, "bet": bet, **_tally(rng)}
                for a in range(accounts) for t in range(tables) for bet in BETS[:bets]]
        for start in range(0, len(rows), 5000):
            conn.execute(insert(PlayTally), rows[start:start + 5000])
        conn.execute(insert(Alert), [{"table_id": 1, "subject": f"{ACCOUNT}:{a}", "code": WATCH_CODES[a % 2],
                                      "severity": "warning", "state": "open", "count": 1, "message": "bench",
                                      "details": {}, "raised_at": NOW, "last_seen_at": NOW}
                                     for a in range(1, accounts + 1, max(1, accounts // 20))][:20])
    with db.write() as session:  # every account judged, as the watch keeps it
        tallies = session.scalars(select(PlayTally)).all()
        by_account: dict[int, list] = {}
        for row in tallies:
            by_account.setdefault(row.play_account_id, []).append(row)
        repo.set_p_values(session, {number: _evidence(rows).p_value for number, rows in by_account.items()})


def _evidence(rows) -> PlayEvidence:
    by_bet: dict[str, Tally] = {}
    for row in rows:
        by_bet[row.bet] = by_bet.get(row.bet, Tally()).plus(tally_of(row))
    return PlayEvidence("", by_bet)


def _page_before(db: Database, limit: int = 50) -> list[dict]:
    """watched_accounts as it was: every tally and account read."""
    with db.read() as session:
        active = list(session.scalars(select(Alert).where(Alert.code.in_(WATCH_CODES), Alert.state != ALERT_RESOLVED,
                                                          Alert.subject.like(f"{ACCOUNT}:%"))))
        rows = list(session.scalars(select(PlayTally)))
        accounts = {a.id: a for a in session.scalars(select(PlayAccount))}
    by_account: dict[int, list] = {}
    for row in rows:
        by_account.setdefault(row.play_account_id, []).append(row)
    alerted: dict[int, list] = {}
    for alert in active:
        alerted.setdefault(int(alert.subject.partition(":")[2]), []).append(alert)
    entries = [_entry(accounts[number], by_account.get(number, []), alerted.get(number, []))
               for number in set(by_account) | set(alerted) if number in accounts]
    entries.sort(key=lambda e: (not e["alerts"], e["p_value"], e["account_id"]))
    return entries[:limit]


def shoe_pass(accounts: int, shoe_accounts: int, bets: int, seed: int) -> list[dict]:
    """One shoe's tallies at table 1: half the bets tallied before, half new (BETS beyond the populated ones)."""
    rng = random.Random(seed)
    chosen = rng.sample(range(1, accounts + 1), shoe_accounts)
    out = []
    for number in sorted(chosen):
        for bet in BETS[bets // 2: bets // 2 + bets]:
            tally = _tally(rng)
            out.append({"play_account_id": number, "bet": bet, **tally, "shoes": 1})
    return out


def _write_now(db: Database, rows: list[dict]) -> None:
    with db.write() as session:
        repo.add_tallies(session, 1, rows)
        session.flush()
        session.rollback()


def _write_before(db: Database, rows: list[dict]) -> None:
    """_add_tallies as it was: the stored tallies read, each added to and flushed row by row."""
    with db.write() as session:
        stored = repo.tallies_of(session, {row["play_account_id"] for row in rows}, 1)
        for row in rows:
            found = stored.get((row["play_account_id"], 1, row["bet"]))
            if found is None:
                found = PlayTally(play_account_id=row["play_account_id"], table_id=1, bet=row["bet"],
                                  **_columns(Tally()))
                session.add(found)
            tally = Tally(*(row[name] for name in repo.SUMS))
            for column, value in _columns(tally_of(found).plus(tally)).items():
                setattr(found, column, value)
        session.flush()
        session.rollback()


def medians(actions: dict, rounds: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(rounds):
        for name, action in actions.items():
            start = time.perf_counter()
            action()
            times[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accounts", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--bets", type=int, default=6)
    parser.add_argument("--shoe-accounts", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{folder}/watch.db"
        db = Database(url)
        Base.metadata.drop_all(db.engine)
        Base.metadata.create_all(db.engine)
        populate(db, args.accounts, args.tables, args.bets, args.seed)
        with db.read() as session:
            count = session.scalar(select(func.count(PlayTally.id)))
        now, before = play.watched_accounts(db), _page_before(db)
        assert [e["account_id"] for e in now] == [e["account_id"] for e in before], "the pages differ"
        print(f"{db.engine.dialect.name}: {args.accounts} accounts, {count} tallies; the page shows {len(now)}")
        page = medians({"page now": lambda: play.watched_accounts(db), "page before": lambda: _page_before(db)},
                       args.rounds)
        rows = shoe_pass(args.accounts, args.shoe_accounts, args.bets, args.seed + 1)
        write = medians({"write now": lambda: _write_now(db, rows), "write before": lambda: _write_before(db, rows)},
                        args.rounds)
        for name, ms in {**page, **write}.items():
            print(f"  {name:13s} {ms:9.1f} ms median of {args.rounds}")
        print(f"  page: {page['page before'] / page['page now']:.1f}x faster; a shoe's {len(rows)} tallies: "
              f"{write['write before'] / write['write now']:.1f}x faster")
        if args.url:
            Base.metadata.drop_all(db.engine)
        db.dispose()


if __name__ == "__main__":
    main()
