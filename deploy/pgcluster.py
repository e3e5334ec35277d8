"""A replicated PostgreSQL for roadsvc: Patroni on each database machine, etcd as their agreement,
synchronous streaming replication, automatic failover, pg_rewind, WAL archiving (docs/deployment.md,
*The database: replicated, with automatic failover*).

The production machines run exactly the Patroni configuration `node_config()` writes (one per machine;
`python3 deploy/pgcluster.py config ...` prints it). The tests and bench/failover.py run the whole cluster
on one machine, each node on a loopback address of its own (127.0.0.2, .3, .4: as three machines on one
network) with free ports, under a scratch folder owned by the `postgres` user:

    python3 deploy/pgcluster.py start FOLDER      # etcd + 3 nodes; prints ROADSVC_DATABASE_URL; stays in front
    python3 deploy/pgcluster.py status FOLDER     # patronictl list
    python3 deploy/pgcluster.py backup FOLDER     # a base backup of the primary into FOLDER/backups

Only Debian's packages: `patroni`, `etcd-server`, `postgresql-15` (`./dev test` installs them). No
failover logic lives here: Patroni decides, this file starts, stops and breaks processes.
"""

from __future__ import annotations

import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

PG_BIN = Path("/usr/lib/postgresql/15/bin")
ADDRESSES = ("127.0.0.2", "127.0.0.3", "127.0.0.4")
DATABASE = "roadsvc"

# Failover timing (docs/deployment.md, *Failover timing*). Patroni's loop runs every LOOP_WAIT seconds; the
# leader key lives TTL seconds unless the primary's Patroni renews it (a dead machine: failover after at most
# TTL); a crashed postmaster under a live Patroni fails over at its next loop (primary_start_timeout 0).
# Patroni requires loop_wait + 2 x retry_timeout <= ttl.
TTL, LOOP_WAIT, RETRY_TIMEOUT = 10, 1, 3


def free_port(address: str) -> int:
    with socket.socket() as sock:
        sock.bind((address, 0))
        return sock.getsockname()[1]


def cluster_missing() -> str | None:
    """Why a cluster cannot run here (None: it can)."""
    for binary in (Path("/usr/bin/patroni"), Path("/usr/bin/etcd"), PG_BIN / "postgres"):
        if not binary.exists():
            return f"{binary} is not installed (`./dev test` installs Debian's patroni, etcd-server and postgresql-15)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "no `postgres` user to run PostgreSQL as (it never runs as root)"
    return None


def dcs_settings(archive: Path) -> dict[str, Any]:
    """The cluster-wide settings Patroni keeps in etcd (the same for every node by construction)."""
    return {
        "ttl": TTL, "loop_wait": LOOP_WAIT, "retry_timeout": RETRY_TIMEOUT,
        "primary_start_timeout": 0,  # a crashed primary fails over rather than restarting in place
        "maximum_lag_on_failover": 0,
        # An acknowledged commit is flushed on one synchronous standby too; with none reachable, commits wait
        # (strict) rather than being acknowledged on the primary alone.
        "synchronous_mode": True, "synchronous_mode_strict": True, "synchronous_node_count": 1,
        "postgresql": {
            "use_pg_rewind": True, "use_slots": True,
            "parameters": {
                "wal_level": "replica", "hot_standby": "on", "wal_log_hints": "on",
                "max_wal_senders": 10, "max_replication_slots": 10, "max_connections": 300,
                "synchronous_commit": "on", "wal_keep_size": "128MB",
                "archive_mode": "on", "archive_timeout": 60,
                "archive_command": f"test ! -f {archive}/%f && cp %p {archive}/%f",
            },
        },
    }


def node_config(scope: str, name: str, address: str, port: int, api_port: int, etcd: str, data_dir: Path,
                socket_dir: Path, archive: Path, password: str) -> dict[str, Any]:
    """One machine's Patroni configuration (YAML; JSON is YAML)."""
    return {
        "scope": scope, "name": name,
        "log": {"level": "INFO"},
        "restapi": {"listen": f"{address}:{api_port}", "connect_address": f"{address}:{api_port}"},
        "etcd3": {"hosts": etcd},
        "bootstrap": {
            "dcs": dcs_settings(archive),
            "initdb": [{"encoding": "UTF8"}, {"locale": "C.UTF-8"}, "data-checksums"],
            # The tests' cluster trusts its loopback network; a production cluster writes scram-sha-256 here.
            "pg_hba": ["local all all trust", "host replication all 127.0.0.0/8 trust", "host all all 127.0.0.0/8 trust"],
        },
        "postgresql": {
            "listen": f"{address}:{port}", "connect_address": f"{address}:{port}",
            "data_dir": str(data_dir), "bin_dir": str(PG_BIN), "pgpass": str(data_dir.parent / f"{name}.pgpass"),
            "authentication": {"superuser": {"username": "postgres", "password": password},
                               "replication": {"username": "replicator", "password": password},
                               "rewind": {"username": "postgres", "password": password}},
            "parameters": {"unix_socket_directories": str(socket_dir)},
        },
        "tags": {"nofailover": False, "noloadbalance": False, "clonefrom": False, "nosync": False},
    }


def _get(url: str, timeout: float = 2.0) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as answer:
        with answer:
            body = answer.read()
        try:
            return answer.code, json.loads(body or b"null")
        except ValueError:
            return answer.code, None
    except (OSError, ValueError):
        return 0, None


@dataclass
class Node:
    """One database machine: its Patroni and the PostgreSQL Patroni runs."""

    name: str
    address: str
    port: int
    api_port: int
    config: Path
    data_dir: Path
    log: Path
    user: str | None
    patroni: subprocess.Popen | None = None

    @property
    def api(self) -> str:
        return f"http://{self.address}:{self.api_port}"

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.patroni = subprocess.Popen(["/usr/bin/patroni", str(self.config)], stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True, user=self.user, cwd=self.config.parent)

    def role(self) -> str | None:
        """`master` (Patroni 3.0's word; `primary` from 3.1 on), `replica`, `demoted`... or None (no answer)."""
        status, body = _get(f"{self.api}/patroni")
        if status == 0 or not isinstance(body, dict):
            return None
        return body.get("role")

    def is_primary(self) -> bool:
        return _get(f"{self.api}/primary")[0] == 200

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.data_dir / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def kill_postmaster(self) -> int:
        """SIGKILL the postmaster (its Patroni lives on: it fails over and rejoins this node as a standby)."""
        pid = self.postmaster_pid()
        if pid is None:
            raise RuntimeError(f"{self.name}: no postmaster running")
        os.kill(pid, signal.SIGKILL)
        return pid

    def _processes(self) -> list[int]:
        """Patroni, the postmaster and every PostgreSQL process under it (each sits in a session of its own)."""
        pids = []
        if self.patroni is not None and self.patroni.poll() is None:
            pids.append(self.patroni.pid)
        postmaster = self.postmaster_pid()
        if postmaster is not None:
            pids += [postmaster, *_children(postmaster)]
        return pids

    def signal_machine(self, signum: int) -> None:
        for pid in self._processes():
            try:
                os.kill(pid, signum)
            except ProcessLookupError:
                pass

    def kill_machine(self) -> None:
        """SIGKILL Patroni and PostgreSQL together: the machine is gone (its leader key expires after TTL)."""
        self.signal_machine(signal.SIGKILL)
        if self.patroni is not None:
            self.patroni.wait(timeout=20)

    def freeze(self) -> None:
        """SIGSTOP every process of the machine: as cut off from the network (nothing answers, nothing closes)."""
        self.signal_machine(signal.SIGSTOP)

    def thaw(self) -> None:
        self.signal_machine(signal.SIGCONT)

    def stop(self) -> None:
        """Patroni's own stop (SIGTERM: it stops PostgreSQL), then SIGKILL whatever is left."""
        self.thaw()
        if self.patroni is not None and self.patroni.poll() is None:
            self.patroni.terminate()
            try:
                self.patroni.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        self.signal_machine(signal.SIGKILL)
        if self.patroni is not None and self.patroni.poll() is None:
            self.patroni.wait(timeout=20)


@dataclass
class Cluster:
    """etcd and `nodes` Patroni nodes under `folder` (made and owned by the user PostgreSQL runs as)."""

    folder: Path
    nodes: list[Node] = field(default_factory=list)
    etcd: subprocess.Popen | None = None
    etcd_url: str = ""
    scope: str = ""

    @property
    def archive(self) -> Path:
        return self.folder / "archive"

    @property
    def backups(self) -> Path:
        return self.folder / "backups"

    def url(self, database: str = DATABASE, connect_timeout: int = 2) -> str:
        """roadsvc's ROADSVC_DATABASE_URL: every node, the first that takes writes (libpq's multi-host
        connection, `target_session_attrs=read-write`)."""
        hosts = "&".join(f"host={node.address}:{node.port}" for node in self.nodes)
        return (f"postgresql+psycopg://postgres@/{database}?{hosts}&target_session_attrs=read-write"
                f"&connect_timeout={connect_timeout}")

    def node_url(self, node: Node, database: str = DATABASE) -> str:
        return f"postgresql+psycopg://postgres@{node.address}:{node.port}/{database}?connect_timeout=2"

    def primary(self) -> Node | None:
        return next((node for node in self.nodes if node.is_primary()), None)

    def wait_primary(self, timeout: float = 120.0, other_than: Node | None = None) -> Node:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            primary = self.primary()
            if primary is not None and primary is not other_than:
                return primary
            time.sleep(0.2)
        raise RuntimeError(f"no primary within {timeout:.0f} s (logs in {self.folder})")

    def members(self) -> list[dict[str, Any]]:
        for node in self.nodes:
            status, body = _get(f"{node.api}/cluster")
            if status == 200 and isinstance(body, dict):
                return body.get("members", [])
        return []

    def wait_streaming(self, count: int, timeout: float = 120.0, sync: bool = True) -> None:
        """Until `count` standbys stream from the primary, one of them synchronous (`sync`)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            members = self.members()
            standbys = [m for m in members if m.get("role") in ("replica", "sync_standby")
                        and m.get("state") in ("running", "streaming")]
            if len(standbys) >= count and (not sync or any(m["role"] == "sync_standby" for m in standbys)):
                return
            time.sleep(0.2)
        raise RuntimeError(f"fewer than {count} standbys streaming within {timeout:.0f} s: {self.members()}")


def _children(parent: int) -> list[int]:
    """The processes whose parent is `parent` (from /proc)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == parent:
            children.append(int(stat.parent.name))
    return children


def _owned_folder(parent: Path | None, user: str | None) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="roadsvc-pg-", dir=parent))
    folder.chmod(0o755)
    if user is not None:
        account = pwd.getpwnam(user)
        os.chown(folder, account.pw_uid, account.pw_gid)
    return folder


def runs_as() -> str | None:
    """PostgreSQL never runs as root: root starts the cluster as the `postgres` user (Debian's)."""
    return "postgres" if os.geteuid() == 0 else None


def start_cluster(parent: Path | None = None, nodes: int = 3, addresses: tuple[str, ...] = ADDRESSES,
                  timeout: float = 180.0) -> Cluster:
    """etcd, then `nodes` Patroni nodes at once (the first to take the leader key initializes, the others clone
    it); returns once a primary and `nodes - 1` standbys stream, one synchronous, and the roadsvc database exists."""
    user = runs_as()
    folder = _owned_folder(parent, user)
    cluster = Cluster(folder, scope=f"roadsvc-{secrets.token_hex(3)}")
    try:
        cluster.archive.mkdir(mode=0o700)
        cluster.backups.mkdir(mode=0o700)
        _start_etcd(cluster)
        password = secrets.token_hex(12)
        for index in range(nodes):
            address = addresses[index]
            name = f"node{index + 1}"
            node = Node(name, address, free_port(address), free_port(address), folder / f"{name}.yml",
                        folder / name / "data", folder / f"{name}.log", user)
            config = node_config(cluster.scope, name, address, node.port, node.api_port, cluster.etcd_url,
                                 node.data_dir, folder, cluster.archive, password)
            (folder / name).mkdir(mode=0o700)
            node.config.write_text(json.dumps(config, indent=1))
            cluster.nodes.append(node)
        _give(folder, user)
        for node in cluster.nodes:
            node.start()
        cluster.wait_primary(timeout)
        cluster.wait_streaming(nodes - 1, timeout)
        create_database(cluster)
        return cluster
    except BaseException:
        stop_cluster(cluster)
        raise


def _give(folder: Path, user: str | None) -> None:
    """Everything under `folder` made the user's that PostgreSQL runs as."""
    if user is None:
        return
    account = pwd.getpwnam(user)
    for path in (folder, *folder.rglob("*")):
        os.chown(path, account.pw_uid, account.pw_gid)


def _start_etcd(cluster: Cluster) -> None:
    client, peer = free_port("127.0.0.1"), free_port("127.0.0.1")
    cluster.etcd_url = f"127.0.0.1:{client}"
    data = cluster.folder / "etcd"
    with open(cluster.folder / "etcd.log", "ab") as log:
        cluster.etcd = subprocess.Popen(
            ["/usr/bin/etcd", "--name", "etcd1", "--data-dir", str(data),
             "--listen-client-urls", f"http://127.0.0.1:{client}", "--advertise-client-urls", f"http://127.0.0.1:{client}",
             "--listen-peer-urls", f"http://127.0.0.1:{peer}", "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}",
             "--initial-cluster", f"etcd1=http://127.0.0.1:{peer}", "--initial-cluster-state", "new",
             "--heartbeat-interval", "100", "--election-timeout", "1000"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True, user=runs_as())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if cluster.etcd.poll() is not None:
            raise RuntimeError(f"etcd exited ({cluster.folder / 'etcd.log'})")
        if _get(f"http://{cluster.etcd_url}/health")[0] == 200:
            return
        time.sleep(0.1)
    raise RuntimeError("etcd did not come up")


def create_database(cluster: Cluster) -> None:
    """The roadsvc database on the primary (replicated like everything else)."""
    import psycopg

    primary = cluster.wait_primary()
    with psycopg.connect(host=primary.address, port=primary.port, user="postgres", dbname="postgres",
                         autocommit=True, connect_timeout=5) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')


def stop_cluster(cluster: Cluster, remove: bool = True, graceful: bool = False) -> None:
    """Every node stopped, etcd stopped, the folder removed (`remove`). A throw-away cluster (`remove`, not
    `graceful`) is SIGKILLed: nothing of it is kept. Otherwise each Patroni stops its PostgreSQL."""
    if remove and not graceful:
        for node in cluster.nodes:
            node.kill_machine()
    for node in cluster.nodes:  # all at once: each Patroni stops its PostgreSQL
        node.thaw()
        if node.patroni is not None and node.patroni.poll() is None:
            node.patroni.terminate()
    for node in cluster.nodes:
        try:
            node.stop()
        except Exception:  # noqa: BLE001 - stop the others whatever one did
            pass
    if cluster.etcd is not None and cluster.etcd.poll() is None:
        os.killpg(cluster.etcd.pid, signal.SIGKILL)
        cluster.etcd.wait(timeout=20)
    if remove:
        shutil.rmtree(cluster.folder, ignore_errors=True)


def base_backup(cluster: Cluster, label: str | None = None) -> Path:
    """A base backup of the primary (tar, compressed, with the WAL it needs), into FOLDER/backups/<UTC stamp>;
    with the WAL archive it restores to any later moment (`restore()`)."""
    primary = cluster.wait_primary()
    target = cluster.backups / (label or datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ"))
    subprocess.run([str(PG_BIN / "pg_basebackup"), "-h", primary.address, "-p", str(primary.port), "-U", "replicator",
                    "-D", str(target), "-Ft", "-Z", "1", "-X", "stream", "-c", "fast", "--no-password"],
                   check=True, user=runs_as(), capture_output=True)
    return target


def _main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("start", "config"):
        print(__doc__)
        return 2
    if argv[0] == "config":
        print(json.dumps(dcs_settings(Path(argv[1])), indent=1))
        return 0
    cluster = start_cluster(Path(argv[1]))
    print(f"ROADSVC_DATABASE_URL={cluster.url()}", flush=True)
    try:
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
    finally:
        stop_cluster(cluster, remove=False, graceful=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))


@dataclass
class Restored:
    """A PostgreSQL started from a base backup and the WAL archive, recovered to a moment (a restore drill)."""

    data_dir: Path
    port: int
    user: str | None

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        subprocess.run([str(PG_BIN / "pg_ctl"), "-D", str(self.data_dir), "-m", "immediate", "stop"],
                       user=self.user, capture_output=True)
        shutil.rmtree(self.data_dir.parent, ignore_errors=True)


def restore(backup: Path, archive: Path, target_time: str, parent: Path | None = None) -> Restored:
    """The base backup `backup` (pg_basebackup -Ft -z: base.tar.gz, pg_wal.tar.gz) unpacked into a new data
    folder, recovered from `archive` up to `target_time` (a timestamp with its zone) and promoted, on a free
    port of 127.0.0.1 (never a node of the cluster). What docs/deployment.md, *Restore*, says to do by hand."""
    user = runs_as()
    folder = _owned_folder(parent, user)
    data = folder / "data"
    data.mkdir(mode=0o700)
    subprocess.run(["tar", "-xzf", str(backup / "base.tar.gz"), "-C", str(data)], check=True)
    subprocess.run(["tar", "-xzf", str(backup / "pg_wal.tar.gz"), "-C", str(data / "pg_wal")], check=True)
    for stale in ("postmaster.pid", "standby.signal", "patroni.dynamic.json"):
        (data / stale).unlink(missing_ok=True)
    (data / "recovery.signal").touch()
    port = free_port("127.0.0.1")
    settings = {
        "port": port, "listen_addresses": "127.0.0.1", "unix_socket_directories": str(folder),
        "hba_file": str(data / "pg_hba.conf"), "ident_file": str(data / "pg_ident.conf"),
        "archive_mode": "off", "synchronous_standby_names": "", "hot_standby": "on",
        "restore_command": f"cp {archive}/%f %p", "recovery_target_time": target_time,
        "recovery_target_action": "promote", "recovery_target_timeline": "latest",
    }
    (data / "pg_hba.conf").write_text("local all all trust\nhost all all 127.0.0.1/32 trust\n")
    with open(data / "postgresql.conf", "a") as conf:  # the backup's own (Patroni's) first, these win
        conf.write("\n# restore drill (deploy/pgcluster.py restore)\n")
        conf.writelines(f"{name} = '{value}'\n" for name, value in settings.items())
    _give(folder, user)
    subprocess.run([str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / "restore.log"), "-w", "-t", "120",
                    "start"], check=True, user=user, capture_output=True)
    restored = Restored(data, port, user)
    import psycopg

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # until recovery reached the target and promoted
        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
            if not conn.execute("SELECT pg_is_in_recovery()").fetchone()[0]:
                return restored
        time.sleep(0.2)
    restored.stop()
    raise RuntimeError(f"the restore did not finish recovering ({folder / 'restore.log'})")
