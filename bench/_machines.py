"""Two roadsvc machines as one floor, for bench/two_machines.py and tests/reliability/test_two_machines.py.

Each machine is a `roadsvc serve`-like gunicorn (gevent workers, its own process group, its
own instance folder) on a loopback address of its own, 127.0.0.2 and 127.0.0.3, as two hosts
on one network would be. They share what docs/deployment.md says must be shared: one
PostgreSQL (a throw-away schema), one Redis (under a prefix of this run), one secret key,
and they trust one proxy hop: Debian's nginx in front, running docs/nginx-read-links.conf
with both as its upstream.
"""

from __future__ import annotations

import secrets
import shutil
import sys
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from _http import Gunicorn
from _nginx import Nginx
from _service import Deployment, Floor, fresh_deployment, open_floor, postgres_missing, roadsvc_server

ADDRESSES = ("127.0.0.2", "127.0.0.3")
REDIS_URL = "redis://127.0.0.1:6379/0"


def machines_missing() -> str | None:
    """Why two machines cannot run here (None: they can): PostgreSQL, Redis or nginx missing."""
    reason = postgres_missing()
    if reason:
        return reason
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as error:  # noqa: BLE001 - any failure means no Redis to share
        return f"no Redis at {REDIS_URL}: {error}"
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        return "nginx is not installed (`./dev test` installs Debian's nginx-light)"
    return None


@dataclass
class Machines:
    deployment: Deployment
    floor: Floor
    servers: list[Gunicorn]
    proxy: Nginx
    redis_prefix: str

    @property
    def bases(self) -> list[str]:
        return [server.base for server in self.servers]


@contextmanager
def two_machines(scratch: Path, tables: int = 4, env: dict[str, str] | None = None,
                 worker_connections: int = 5000) -> Iterator[Machines]:
    """Both machines and nginx started; everything stopped and the schema dropped after."""
    prefix = f"roadsvc-two-{secrets.token_hex(4)}"
    shared = {"ROADSVC_REDIS_URL": REDIS_URL, "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
              "ROADSVC_SECRET_KEY": secrets.token_hex(32), "ROADSVC_PROXY_HOPS": "1", **(env or {})}
    with ExitStack() as stack:
        deployment = stack.enter_context(fresh_deployment("postgres", scratch))
        floor = open_floor(deployment.url, tables)
        servers = []
        for index, address in enumerate(ADDRESSES):
            own = {**shared, "ROADSVC_INSTANCE_PATH": str(scratch / f"machine-{index + 1}")}
            server = roadsvc_server(deployment, workers=2, worker_class="gevent", env=own,
                                    worker_connections=worker_connections, bind=address)
            stack.callback(server.stop)
            server.start()
            servers.append(server)
        (scratch / "nginx").mkdir()
        proxy = Nginx([f"{server.bind}:{server.port}" for server in servers], scratch / "nginx")
        stack.callback(proxy.stop)
        proxy.start()
        stack.callback(forget_counters, prefix)
        yield Machines(deployment, floor, servers, proxy, prefix)


def forget_counters(prefix: str) -> None:
    """Remove this run's rate-limit counters from the shared Redis."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(f"*{prefix}*"))
    if keys:
        client.delete(*keys)


def require_machines() -> None:
    """Exit a benchmark with the reason two machines cannot run here."""
    reason = machines_missing()
    if reason:
        sys.exit(f"two machines: {reason}")
