"""roadsvc under gunicorn for the HTTP benchmarks and the reliability tests.

A fresh, migrated database (an SQLite file in a temporary instance folder, or a
throw-away PostgreSQL schema), tables with open shoes and keys made through the
services, a gunicorn serving wsgi:app on it, and a small keep-alive JSON client.
tests/reliability imports this module, so the tests and the benchmarks start the
service the same way.
"""

from __future__ import annotations

import http.client
import json
import random
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from _http import ROOT, Gunicorn

sys.path.insert(0, str(ROOT / "tests"))
from dbsupport import PostgresSchema, postgres_unavailable, postgres_url  # noqa: E402

from roadsvc.cli.serve import gunicorn_worker_class  # noqa: E402
from roadsvc.domain.baccarat.dealing.hands import Hand  # noqa: E402
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe  # noqa: E402
from roadsvc.persistence.engine import Database  # noqa: E402
from roadsvc.persistence.migrations import upgrade  # noqa: E402
from roadsvc.services import tables  # noqa: E402
from roadsvc.services.baccarat import shoes
from roadsvc.services.keys.lifecycle import create_key

BACKENDS = ("sqlite", "postgres")


@dataclass
class Deployment:
    """A migrated database and the environment that points roadsvc at it."""

    backend: str
    url: str
    env: dict[str, str]
    instance: Path


@contextmanager
def fresh_deployment(backend: str, folder: Path | None = None) -> Iterator[Deployment]:
    """A new migrated database. SQLite is the default: the file roadsvc.db in a fresh
    instance folder (ROADSVC_DATABASE_URL left empty). PostgreSQL: a new schema, dropped after."""
    with tempfile.TemporaryDirectory(prefix="roadsvc-") as scratch:
        instance = Path(folder or scratch) / "instance"
        env = {"ROADSVC_INSTANCE_PATH": str(instance), "ROADSVC_LOG_LEVEL": "WARNING", "ROADSVC_DATABASE_URL": ""}
        if backend == "sqlite":
            url = f"sqlite:///{instance / 'roadsvc.db'}"
            upgrade(url)
            yield Deployment(backend, url, env, instance)
            return
        schema = PostgresSchema(postgres_url())
        schema.create(with_tables=False)
        try:
            upgrade(schema.url)
            yield Deployment(backend, schema.url, {**env, "ROADSVC_DATABASE_URL": schema.url}, instance)
        finally:
            schema.drop()


def postgres_missing() -> str | None:
    """Why the PostgreSQL half cannot run (None: it can)."""
    return postgres_unavailable(postgres_url())


def can_run(backend: str, label: str | None = None) -> bool:
    """Whether a benchmark can run on `backend` here: False for PostgreSQL when no server
    answers, with `label` (the backend by default) and the reason printed to stderr."""
    reason = postgres_missing() if backend == "postgres" else None
    if reason:
        print(f"\n{label or backend}: skipped: {reason}", file=sys.stderr)
    return reason is None


@dataclass
class Floor:
    """Tables with an open shoe each, and the keys to use them."""

    table_ids: list[int]
    shoe_ids: list[int]
    dealer_key: str
    display_key: str
    pitboss_key: str
    game_server_key: str


def open_floor(url: str, tables_count: int = 1, prefix: str = "Bench", rule_set: str = "classic",
               settings: dict[str, Any] | None = None) -> Floor:
    """`tables_count` tables (of `rule_set`, with `settings`), each with an open 8-deck shoe, and a
    display, dealer, pit-boss and game-server key."""
    db = Database(url)
    try:
        table_ids, shoe_ids = [], []
        for index in range(tables_count):
            table = tables.create_table(db, f"{prefix} {index + 1}", rule_set, dict(settings or {}))
            table_ids.append(table.id)
            shoe_ids.append(shoe_open(db, table.id))
        keys = {role: create_key(db, role, f"bench {role}")[1] for role in ("display", "dealer", "pitboss", "game_server")}
    finally:
        db.dispose()
    return Floor(table_ids, shoe_ids, keys["dealer"], keys["display"], keys["pitboss"], keys["game_server"])


def shoe_open(db: Database, table_id: int) -> int:
    return shoes.open_shoe(db, table_id, decks=8).id


def dealt_hands(seed: int, shoes_count: int = 1) -> list[list[Hand]]:
    """Real dealt 8-deck shoes (burn, third-card rules, cut card), one list of hands each."""
    rng = random.Random(seed)
    return [deal_shoe(rng).hands for _ in range(shoes_count)]


def hand_body(hand: Hand, number: int | None = None, shoe_id: int | None = None) -> dict[str, Any]:
    """The POST body of a hand by cards, with the number and shoe that make retries safe."""
    body: dict[str, Any] = {"cards": hand.to_dict()["cards"]}
    if number is not None:
        body["number"] = number
    if shoe_id is not None:
        body["shoe_id"] = shoe_id
    return body


class Client:
    """A keep-alive HTTP/1.1 JSON client (http.client); reconnects when the server closes."""

    def __init__(self, base: str, key: str, timeout: float = 10.0, prefix: str = "/api/v1"):
        parts = urlsplit(base)
        self.key, self.prefix = key, prefix
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None):
        """(status, headers, parsed JSON or None)."""
        sent = {"Authorization": f"Bearer {self.key}", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        self.connection.request(method, self.prefix + path, body=data, headers=sent)
        response = self.connection.getresponse()
        raw = response.read()
        if response.will_close:
            self.connection.close()
        parsed = json.loads(raw) if raw and response.getheader("Content-Type", "").startswith("application/json") else None
        return response.status, dict(response.getheaders()), parsed

    def post(self, path: str, body: Any):
        return self.request("POST", path, body)

    def get(self, path: str, headers: dict[str, str] | None = None):
        return self.request("GET", path, headers=headers)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()


def roadsvc_server(deployment: Deployment, workers: int = 2, threads: int = 1, access_log: Path | None = None,
                   error_log: Path | None = None, log_level: str = "warning", worker_class: str | None = None,
                   env: dict[str, str] | None = None, worker_connections: int = 5000,
                   bind: str = "127.0.0.1", more_binds: list[str] | None = None, port: int | None = None,
                   nice: int = 0) -> Gunicorn:
    """gunicorn serving wsgi:app on the deployment (not started), on `bind` (a loopback address). It is
    up when /healthz answers: a keyless probe of the API would count as a failed authentication, and
    a slow start's probes spent the address's budget (the first display was answered 429)."""
    return Gunicorn("wsgi:app", {**deployment.env, **(env or {})}, workers=workers, threads=threads,
                    probe="/healthz", access_log=access_log, error_log=error_log, log_level=log_level,
                    worker_class=worker_class and gunicorn_worker_class(worker_class),
                    worker_connections=worker_connections, bind=bind, more_binds=more_binds, port=port, nice=nice)
