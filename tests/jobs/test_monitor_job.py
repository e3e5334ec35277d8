"""The jobs process's monitor pass: run once from the command line, and alive through a
database outage (a TCP proxy in front of PostgreSQL is stopped and started again)."""

from __future__ import annotations

import logging
import socket
import threading
from datetime import timedelta

from sqlalchemy.engine import make_url

from dbsupport import PostgresSchema
from roadsvc.cli import main
from roadsvc.jobs import MonitorJob
from roadsvc.persistence.engine import Database
from roadsvc.services import alerts, tables
from roadsvc.services.baccarat import shoes


class Proxy:
    """A TCP forwarder on a free local port; `stop()` is the database going away (every
    connection cut, nothing listening), `start()` its coming back on the same port."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.port = 0
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None

    def start(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def stop(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread (close alone may not)
        except OSError:
            pass
        self.listener.close()
        for sock in self.sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        self.sockets = []

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass


def through(url: str, port: int) -> str:
    return make_url(url).set(host="127.0.0.1", port=port).render_as_string(hide_password=False)


def test_the_monitor_pass_outlives_a_database_outage(postgres_schema: PostgresSchema, caplog):
    postgres_schema.empty()
    direct = Database(postgres_schema.url)
    table = tables.create_table(direct, "T1")
    shoe = shoes.open_shoe(direct, table.id)
    url = make_url(postgres_schema.url)
    proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
    proxy.start()
    proxied = Database(through(postgres_schema.url, proxy.port))
    job = MonitorJob(proxied, clock=lambda: shoe.opened_at + timedelta(seconds=300))
    caplog.set_level(logging.INFO, logger="roadsvc.jobs")
    try:
        assert job.run().raised_or_seen == 1
        proxy.stop()
        assert job.run() is None and job.run() is None  # logged, not raised: the scheduler keeps it
        assert [r.levelname for r in caplog.records if "monitor pass failed" in r.message] == ["ERROR", "WARNING"]
        proxy.start()
        done = job.run()
        assert done is not None and done.raised_or_seen == 1
        assert "monitor pass works again" in caplog.text
        assert [(a.code, a.count) for a in alerts.find_alerts(direct, {}, 0, 10)[0]] == [("stale_table", 2)]
    finally:
        proxied.dispose()
        proxy.stop()
        direct.dispose()


def test_roadsvc_jobs_once_runs_the_monitor_pass_and_exits(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0
    db = Database(f"sqlite:///{tmp_path / 'roadsvc.db'}")
    table = tables.create_table(db, "T1")
    shoes.open_shoe(db, table.id)
    db.dispose()
    assert main(["jobs", "--once"]) == 0
    out = capsys.readouterr().out
    assert "monitor: 1 open shoes, 0 alerts raised or seen, 0 resolved" in out
    assert "table modes: 0 held hands opened, 0 changes of shoe overdue" in out


def test_roadsvc_jobs_once_says_so_when_the_database_is_away(tmp_path, monkeypatch, capsys):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ROADSVC_DATABASE_URL", f"postgresql+psycopg://postgres@127.0.0.1:{port}/test")
    assert main(["jobs", "--once"]) == 1
    assert "the monitor pass failed" in capsys.readouterr().out
