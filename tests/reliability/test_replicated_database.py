"""roadsvc on a replicated PostgreSQL (docs/deployment.md, *The database: replicated, with automatic failover*):
three database machines under Patroni and etcd (deploy/pgcluster.py: a primary, a synchronous standby and a
second standby, on 127.0.0.2-4), two roadsvc machines (127.0.0.5 and .6) and `roadsvc jobs`, all on the
cluster's multi-host URL (`target_session_attrs=read-write`).

In file order, on one cluster: a restore drill (a base backup and the WAL archive, recovered to a moment,
checked hand by hand and by `roadsvc records verify`);
the primary's postmaster SIGKILLed while dealers post baccarat hands to both machines, a game server
百人牛牛 slips and a 打棒 table its plays, and a display streams (every acknowledged hand, slip and play on
the new primary with its content, each once; the log with every hand's and slip's event, the display every
event once, in order; the new primary's records verify clean); the old primary back as a standby, never a second primary; a standby's machine lost
(posts go on: the other standby becomes the synchronous one); both standbys cut off (a write is not
acknowledged until one is back: never acknowledged on one side only). Each wait gives up only after a long
time without progress: nothing here asserts a duration (bench/failover.py measures them).
"""

from __future__ import annotations

import http.client
import os
import random
from collections import Counter
from types import SimpleNamespace
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))

from _http import BIN, Gunicorn  # noqa: E402
from _machines import RETRY, Display, kill_group, post_hands  # noqa: E402
from _service import Client, Deployment, Floor, dealt_hands, hand_body, open_floor, roadsvc_server  # noqa: E402
from dabang_api import bury_and_pass, new_match, new_table, next_legal_play, start_first_deal  # noqa: E402
from pgcluster import Cluster, restore  # noqa: E402

from roadsvc.persistence.engine import Database
from roadsvc.persistence.migrations import upgrade
from roadsvc.services import events as event_log
from roadsvc.services import tables

pytestmark = pytest.mark.slow

MACHINES = ("127.0.0.5", "127.0.0.6")
STALLED = 180  # seconds without progress before a wait gives up (a loaded 2-core machine)
QUICK = {"ROADSVC_EVENTS_KEEPALIVE": "0.5", "ROADSVC_RATELIMIT_ENABLED": "0", "ROADSVC_MONITOR_INTERVAL": "1",
         "ROADSVC_EVENTS_FALLBACK_CHECK": "1", "ROADSVC_DB_POOL_SIZE": "4", "ROADSVC_DB_STANDBYS": "2"}


@dataclass
class Site:
    cluster: Cluster
    floor: Floor
    servers: list[Gunicorn]
    jobs: subprocess.Popen
    deployment: Deployment
    niuniu_table: int
    match: tuple[int, int] = (0, 0)  # a 打棒 match and its deal under way, its plays to make

    @property
    def bases(self) -> list[str]:
        return [server.base for server in self.servers]

    def api(self, base: str) -> "RoleApi":
        return RoleApi(base, {"dealer": self.floor.dealer_key, "pitboss": self.floor.pitboss_key,
                              "display": self.floor.display_key})


class RoleApi:
    """tests/dabang_api.py's client (`get`/`post` with a role: `.status_code`, `.json`) on a live machine."""

    def __init__(self, base: str, keys: dict[str, str]):
        self.base, self.keys = base, keys

    def request(self, method: str, url: str, body=None, role: str = "dealer") -> SimpleNamespace:
        with Client(self.base, self.keys[role], timeout=5, prefix="") as client:
            status, _, answer = client.request(method, url, body)
        return SimpleNamespace(status_code=status, json=answer)

    def get(self, url: str, role: str = "dealer") -> SimpleNamespace:
        return self.request("GET", url, role=role)

    def post(self, url: str, json, role: str = "dealer") -> SimpleNamespace:
        return self.request("POST", url, json, role=role)


@pytest.fixture(scope="module")
def site(replicated_cluster, tmp_path_factory):
    """Two roadsvc machines and `roadsvc jobs` on the cluster (tests/reliability/conftest.py), a floor of every game."""
    scratch, cluster = tmp_path_factory.mktemp("replicated"), replicated_cluster
    url = cluster.url()
    upgrade(url)
    floor = open_floor(url, 4)
    niuniu_table = _niuniu_table(url)
    env = {"ROADSVC_LOG_LEVEL": "WARNING", "ROADSVC_DATABASE_URL": url, **QUICK}
    deployment = Deployment("postgres", url, env, scratch / "instance")
    servers = []
    for index, address in enumerate(MACHINES):
        server = roadsvc_server(deployment, workers=1, worker_class="gevent", bind=address,
                                env={"ROADSVC_INSTANCE_PATH": str(scratch / f"machine-{index + 1}")})
        server.launch()
        servers.append(server)
    with open(scratch / "jobs.log", "ab") as log:
        jobs = subprocess.Popen([str(BIN / "roadsvc"), "jobs"], start_new_session=True, stdout=log,
                                stderr=subprocess.STDOUT,
                                env={**os.environ, **env, "ROADSVC_INSTANCE_PATH": str(scratch / "jobs")})
    try:
        for server in servers:
            server.wait_up()
        site = Site(cluster, floor, servers, jobs, deployment, niuniu_table)
        site.match = _dabang_deal_ready_to_play(site.api(servers[0].base))
        yield site
    finally:  # throw-away processes: SIGKILLed, as the cluster is
        kill_group(jobs)
        for server in servers:
            server.kill()


def _niuniu_table(url: str) -> int:
    """A 百人牛牛 table whose first round takes slips for ten minutes (the whole test)."""
    db = Database(url)
    try:
        return tables.create_table(db, "Niu 1", settings={"niuniu": {"betting_seconds": 600}}, game="niuniu").id
    finally:
        db.dispose()


def _dabang_deal_ready_to_play(api: RoleApi) -> tuple[int, int]:
    """A 打棒 match at a new table, its first deal declared and buried: (match id, deal number)."""
    match_id = new_match(api, new_table(api, "Dabang 1")["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=5)
    bury_and_pass(api, match_id, number, random.Random(5))
    return match_id, number


def _deal(site: Site, bases: list[str]) -> dict:
    """The deal under way as the dealer sees it, asked of the machines in turn through an outage."""
    progressed = time.monotonic()
    while time.monotonic() - progressed < STALLED:
        try:
            answer = site.api(bases[0]).get(f"/api/v1/matches/{site.match[0]}")
        except (OSError, http.client.HTTPException):
            answer = SimpleNamespace(status_code=None, json=None)
        if answer.status_code == 200:
            return answer.json["current_deal"]
        assert answer.status_code in (None, *RETRY), answer
        bases[:] = bases[1:] + bases[:1]
        time.sleep(0.05)
    raise AssertionError("the match could not be read")


def play_tricks(site: Site, bases: list[str], count: int, landed: list[tuple[int, list[str]]]) -> None:
    """`count` legal 打棒 plays through any outage. A play is not keyed as a hand is: after a failed post
    the player reads the deal again, and the play landed if its cards left the seat's hand."""
    match_id, number = site.match
    rng, url = random.Random(7), f"/api/v1/matches/{match_id}/deals/{number}/plays"
    while len(landed) < count:
        deal = _deal(site, bases)
        seat, cards = next_legal_play(deal, rng)
        before = Counter(deal["hands"][str(seat)])
        while True:
            try:
                status = site.api(bases[0]).post(url, {"seat": seat, "cards": cards}).status_code
            except (OSError, http.client.HTTPException):
                status = None
            if status == 201:
                break
            assert status in (None, *RETRY), status
            bases[:] = bases[1:] + bases[:1]
            after = Counter(_deal(site, bases)["hands"][str(seat)])
            if before - after == Counter(cards):  # its commit was done before the answer was lost
                break
        landed.append((seat, cards))


def stored_plays(url: str, match_id: int, number: int) -> list[tuple[int, list[str]]]:
    db = Database(url)
    try:
        with db.connect() as conn:
            rows = conn.exec_driver_sql(
                "SELECT m.seat, m.data FROM dabang_moves m JOIN dabang_deals d ON d.id = m.deal_id "
                f"WHERE d.match_id = {int(match_id)} AND d.number = {int(number)} AND m.kind = 'play' ORDER BY m.seq")
            return [(seat, data["cards"]) for seat, data in rows]
    finally:
        db.dispose()


def slip_body(number: int) -> dict:
    return {"client_slip_id": f"gs-{number}", "round": 1, "account_id": f"acct-{number % 7}", "balance": "100000.00",
            "bets": [{"area": f"player_{1 + number % 4}", "stake": f"{5 + number}.00"}]}


def post_slips(bases: list[str], key: str, table_id: int, numbers: range, landed: list[int]) -> None:
    """A game server's slips, each retried with its client_slip_id through any outage (a retry lands once)."""
    progressed = time.monotonic()
    for number in numbers:
        while time.monotonic() - progressed < STALLED:
            try:
                with Client(bases[0], key, timeout=5) as client:
                    status, _, body = client.post(f"/tables/{table_id}/slips", slip_body(number))
            except (OSError, http.client.HTTPException):
                status = None
            if status in (200, 201):
                landed.append(status)
                progressed = time.monotonic()
                break
            assert status in (None, *RETRY), (status, body)
            bases = bases[1:] + bases[:1]
            time.sleep(0.05)


def stored_slips(url: str, table_id: int) -> list[tuple[str, str, int, str, int]]:
    db = Database(url)
    try:
        with db.connect() as conn:
            return [tuple(row) for row in conn.exec_driver_sql(
                "SELECT s.client_slip_id, s.account_id, s.balance, b.area, b.stake FROM niuniu_slips s "
                f"JOIN niuniu_bets b ON b.slip_id = s.id WHERE s.table_id = {int(table_id)} ORDER BY s.id")]
    finally:
        db.dispose()


def sent_slips(numbers) -> list[tuple[str, str, int, str, int]]:
    return [(body["client_slip_id"], body["account_id"], 10_000_000, body["bets"][0]["area"],
             int(body["bets"][0]["stake"].split(".")[0]) * 100) for body in map(slip_body, numbers)]


def table(site: Site, index: int) -> tuple[int, int]:
    return site.floor.table_ids[index], site.floor.shoe_ids[index]


def stored_hands(url: str, shoe: int) -> list[tuple[int, dict]]:
    """(number, cards) of every hand of `shoe`, read on the node `url` names."""
    db = Database(url)
    try:
        with db.connect() as conn:
            rows = conn.exec_driver_sql(f"SELECT number, data FROM hands WHERE shoe_id = {int(shoe)} ORDER BY number")
            return [(number, data["cards"]) for number, data in rows]
    finally:
        db.dispose()


def dealt_cards(seed: int, numbers) -> list[tuple[int, dict]]:
    hands = dealt_hands(seed=seed)[0]
    return [(number, hand_body(hands[number - 1])["cards"]) for number in numbers]


def test_a_restore_to_a_moment_brings_back_exactly_the_hands_acknowledged_before_it(site, tmp_path):
    (table_id, shoe), seed = table(site, 0), 11
    backups = tmp_path / "backups"
    done = subprocess.run([str(BIN / "roadsvc"), "db", "backup", str(backups)], capture_output=True, text=True,
                          env={**os.environ, **site.deployment.env})
    assert done.returncode == 0, done.stdout + done.stderr
    (backup,) = backups.iterdir()
    assert post_hands(site.bases, site.floor.dealer_key, table_id, shoe, seed, range(1, 6), STALLED) == [201] * 5
    with psycopg.connect(psycopg.conninfo.make_conninfo(**_primary_params(site.cluster)), autocommit=True) as conn:
        moment = conn.execute("SELECT clock_timestamp()::text").fetchone()[0]
    assert post_hands(site.bases, site.floor.dealer_key, table_id, shoe, seed, range(6, 9), STALLED) == [201] * 3
    _archive_now(site.cluster)
    restored = restore(backup, site.cluster.archive, moment)
    try:
        assert stored_hands(restored.url(), shoe) == dealt_cards(seed, range(1, 6))  # 6-8 came after the moment
        verified = records_verify(site, restored.url())  # every restored record as committed, its chain whole
        assert verified.returncode == 0 and "OK:" in verified.stdout, verified.stdout + verified.stderr
    finally:
        restored.stop()


def records_verify(site: Site, url: str) -> subprocess.CompletedProcess:
    """`roadsvc records verify` (docs/records.md) on the database `url` names."""
    return subprocess.run([str(BIN / "roadsvc"), "records", "verify"], capture_output=True, text=True,
                          env={**os.environ, **site.deployment.env, "ROADSVC_DATABASE_URL": url})


def _primary_params(cluster: Cluster) -> dict:
    primary = cluster.wait_primary()
    return {"host": primary.address, "port": primary.port, "user": "postgres", "dbname": "roadsvc"}


def _archive_now(cluster: Cluster) -> None:
    """Close the current WAL segment and wait until the archiver has copied it (the restore needs it)."""
    with psycopg.connect(psycopg.conninfo.make_conninfo(**_primary_params(cluster)), autocommit=True) as conn:
        segment = conn.execute("SELECT pg_walfile_name(pg_switch_wal())").fetchone()[0]
        deadline = time.monotonic() + STALLED
        while not (cluster.archive / segment).exists():
            assert time.monotonic() < deadline, f"{segment} was not archived"
            time.sleep(0.1)


def test_the_primary_killed_under_posts_and_a_display_loses_nothing_and_repeats_nothing(site):
    cluster, old = site.cluster, site.cluster.wait_primary()
    db = Database(site.deployment.url)
    before = event_log.newest_event_id(db)
    display = Display(site.bases[1], site.floor.pitboss_key).open()  # the floor's stream: every event
    hands, seeds = 30, (21, 22)
    dealers, landed, landed_slips = [], [[], []], []
    for index, seed in enumerate(seeds):  # one dealer on each machine first, the other's after a failure
        table_id, shoe = table(site, index + 1)
        bases = site.bases[index:] + site.bases[:index]
        dealers.append(threading.Thread(target=post_hands, args=(bases, site.floor.dealer_key, table_id, shoe, seed,
                                                                 range(1, hands + 1), STALLED, landed[index])))
    slips = 30
    dealers.append(threading.Thread(target=post_slips, args=(site.bases[1:] + site.bases[:1], site.floor.game_server_key,
                                                             site.niuniu_table, range(1, slips + 1), landed_slips)))
    plays, landed_plays = 24, []
    dealers.append(threading.Thread(target=play_tricks, args=(site, list(site.bases), plays, landed_plays)))
    for dealer in dealers:
        dealer.start()
    _wait(lambda: min(map(len, landed)) >= 5 and len(landed_slips) >= 5 and len(landed_plays) >= 3,
          "the first hands, slips and plays")
    old.kill_postmaster()
    new = cluster.wait_primary(STALLED, other_than=old)
    for dealer in dealers:
        dealer.join()
    assert [len(statuses) for statuses in landed] == [hands, hands]  # every hand acknowledged (a retry: 200)
    assert len(landed_slips) == slips and len(landed_plays) == plays
    assert stored_plays(cluster.node_url(new), *site.match) == landed_plays  # each once, in order
    assert stored_slips(cluster.node_url(new), site.niuniu_table) == sent_slips(range(1, slips + 1))  # each once
    for index, seed in enumerate(seeds):  # on the new primary itself, with its cards, each once
        assert stored_hands(cluster.node_url(new), table(site, index + 1)[1]) == dealt_cards(seed, range(1, hands + 1))
    logged = [record for record in event_log.events_after(db, before, 10_000)]
    slip_events = [r.data for r in logged if r.type == "slip" and r.table_id == site.niuniu_table]
    assert len(slip_events) == slips  # one event per slip, none for a retry
    for index in (1, 2):  # the log's hand events: every hand once (the history has no gap)
        shoe = table(site, index)[1]
        numbers = [r.data["number"] for r in logged if r.type == "hand" and r.shoe_id == shoe]
        assert numbers == list(range(1, hands + 1))
    _read_until(display, logged[-1].id)
    display.close()
    db.dispose()
    assert display.ids == [record.id for record in logged]  # every event once, in order (ids may skip: not a gap)
    assert site.jobs.poll() is None  # the jobs process went on through the switch
    verified = records_verify(site, cluster.node_url(new))  # the promoted standby verifies clean
    assert verified.returncode == 0 and "OK:" in verified.stdout, verified.stdout + verified.stderr


def _read_until(display: Display, last_id: int) -> None:
    progressed, seen = time.monotonic(), len(display.ids)
    while (not display.ids or display.ids[-1] < last_id) and time.monotonic() - progressed < STALLED:
        display.read()
        if len(display.ids) > seen:
            progressed, seen = time.monotonic(), len(display.ids)


def _wait(condition, what: str, stalled: float = STALLED) -> None:
    deadline = time.monotonic() + stalled
    while not condition():
        assert time.monotonic() < deadline, f"no {what} within {stalled} s"
        time.sleep(0.1)


def test_the_old_primary_comes_back_as_a_standby_never_a_second_primary(site):
    cluster = site.cluster
    primary = cluster.wait_primary()
    _wait(lambda: all(node.role() in ("master", "primary", "replica") for node in cluster.nodes), "rejoin of the old primary")
    cluster.wait_streaming(len(cluster.nodes) - 1, STALLED)
    assert [node.is_primary() for node in cluster.nodes].count(True) == 1
    for node in cluster.nodes:
        with psycopg.connect(host=node.address, port=node.port, user="postgres", dbname="roadsvc", autocommit=True,
                             connect_timeout=5) as conn:
            assert conn.execute("SELECT pg_is_in_recovery()").fetchone()[0] is (node is not primary)


def _sync_standby(cluster: Cluster):
    names = [m["name"] for m in cluster.members() if m.get("role") == "sync_standby"]
    return next((node for node in cluster.nodes if node.name in names), None)


def _every_table(site: Site) -> set[int]:
    """Every table of the floor: baccarat's, 百人牛牛's, 打棒's."""
    db = Database(site.deployment.url)
    try:
        with db.connect() as conn:
            return {table_id for (table_id,) in conn.exec_driver_sql("SELECT id FROM tables")}
    finally:
        db.dispose()


def _degraded_alerts(site: Site, state: str) -> set[int]:
    """The tables with a replication_degraded alert in `state` (the floor's alerts, through the API)."""
    with Client(site.bases[0], site.floor.pitboss_key) as client:
        status, _, body = client.get(f"/alerts?code=replication_degraded&state={state}&page_size=200")
    assert status == 200, body
    return {alert["table_id"] for alert in body["alerts"]}


def test_a_lost_standby_machine_leaves_posts_going_on_the_other_standby_and_the_floor_alerted(site):
    cluster, (table_id, shoe) = site.cluster, table(site, 3)
    cluster.wait_streaming(len(cluster.nodes) - 1, STALLED)
    _wait(lambda: not _degraded_alerts(site, "open"), "resolution of the failover's alerts")
    lost = _sync_standby(cluster)
    assert lost is not None
    lost.kill_machine()
    try:
        assert post_hands(site.bases, site.floor.dealer_key, table_id, shoe, 31, range(1, 4), STALLED) == [201] * 3
        # the other standby acknowledges the commits (Patroni names it the synchronous one at its next loop)
        _wait(lambda: _sync_standby(cluster) not in (None, lost), "other synchronous standby")
        # the jobs' monitor pass (ROADSVC_DB_STANDBYS=2) shows it at every table of the floor
        _wait(lambda: _degraded_alerts(site, "open") == _every_table(site), "replication_degraded alert")
    finally:
        lost.start()
    cluster.wait_streaming(len(cluster.nodes) - 1, STALLED)
    _wait(lambda: not _degraded_alerts(site, "open"), "replication_degraded resolved")  # by itself, once back
    assert _degraded_alerts(site, "resolved") == _every_table(site)


def test_a_primary_cut_off_from_its_standbys_acknowledges_no_write(site):
    cluster, (table_id, shoe) = site.cluster, table(site, 3)
    primary = cluster.wait_primary()
    standbys = [node for node in cluster.nodes if node is not primary]
    for node in standbys:
        node.freeze()  # nothing answers, nothing closes: a partition
    answers: list = []
    try:
        poster = threading.Thread(target=lambda: answers.append(_post(site, table_id, shoe, 4)))
        poster.start()
        with psycopg.connect(host=primary.address, port=primary.port, user="postgres", dbname="roadsvc",
                             autocommit=True) as conn:
            _wait(lambda: conn.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'")
                  .fetchone()[0] > 0, "commit waiting for a standby")
        assert answers == []  # committed on the primary's disk, not acknowledged: it waits for a standby
    finally:
        for node in standbys:
            node.thaw()
    poster.join()
    assert answers == [201]  # acknowledged once a standby has it
    assert [number for number, _ in stored_hands(site.deployment.url, shoe)] == [1, 2, 3, 4]


def _post(site: Site, table_id: int, shoe: int, number: int) -> int:
    hands = dealt_hands(seed=31)[0]
    with Client(site.bases[0], site.floor.dealer_key, timeout=STALLED) as client:
        status, _, _ = client.post(f"/tables/{table_id}/hands", hand_body(hands[number - 1], number, shoe))
    return status
