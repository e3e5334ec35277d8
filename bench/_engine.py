"""The push engine on loopback: Debian's nginx with the nchan module, configured with exactly the
lines of docs/nginx-engine.conf between `# BEGIN engine` and `# END engine`, in front of roadsvc
machines and over one Redis, for bench/events.py and the engine's tests (bench/_nginx.py runs it).
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

from _http import ROOT, free_port
from _nginx import NginxProcess, documented_lines, upstream_servers

NCHAN_MODULE = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
EXAMPLE = ROOT / "docs" / "nginx-engine.conf"
SECRET = "bench-engine-secret-0123456789"  # the nodes' and roadsvc's ROADSVC_ENGINE_SECRET on loopback
ENGINE = """
{extra}
    nchan_shared_memory_size 256m;
    upstream roadsvc_streams {{ {servers} }}
    upstream roadsvc_engine_redis {{ nchan_redis_server {redis}; }}
    map "" $roadsvc_engine_secret {{ default "{secret}"; }}
    server {{
        listen {address}:{port} reuseport;  # the kernel spreads the connections over the workers (and nodes)
{first}
{locations}
    }}
"""


def engine_locations() -> str:
    """The location blocks of docs/nginx-engine.conf: the tests and the bench run the documented config."""
    return documented_lines(EXAMPLE, "engine")


def engine_main() -> str:
    """The main-context lines of docs/nginx-engine.conf (worker_shutdown_timeout: a reload with thousands of
    streams held)."""
    return "\n".join(line for line in documented_lines(EXAMPLE, "main-context").splitlines()
                     if line.strip() and not line.lstrip().startswith("#")) + "\n"


def engine_env(prefix: str) -> dict[str, str]:
    """roadsvc's settings for streams handed to an EngineNode: its channels' prefix and the nodes' secret."""
    return {"ROADSVC_ENGINE_PREFIX": prefix, "ROADSVC_ENGINE_SECRET": SECRET}


def engine_available() -> str | None:
    """Why the engine cannot run here (None: it can)."""
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        return "nginx is not installed (Debian nginx-light; ./dev test installs it)"
    if not NCHAN_MODULE.exists():
        return "nginx's nchan module is not installed (Debian libnginx-mod-nchan; ./dev test installs it)"
    return None


class EngineNode(NginxProcess):
    """One engine node on `address` (a loopback address), in front of `machines` ("address:port" of each
    roadsvc), sharing its channels through `redis` (a redis:// URL), in `scratch` (a folder of its own)."""

    def __init__(self, machines: list[str], redis: str, scratch: Path, address: str = "127.0.0.1",
                 workers: int = 1, connections: int = 8192, port: int | None = None, extra: str = "",
                 secret: str = SECRET, main: str = "", first: str = ""):
        """`extra`: lines for the http context before the documented ones (bench/engine_memory.py's variants);
        `first`: locations of the server before the documented ones (a test's channel that delivers nothing);
        `secret`: what roadsvc's stream URLs are signed with (its ROADSVC_ENGINE_SECRET, engine_env())."""
        super().__init__(scratch, ENGINE, address=address, port=port, workers=workers, connections=connections,
                         modules=f"load_module {NCHAN_MODULE};\n", main=engine_main() + main, servers=upstream_servers(machines), redis=redis,
                         locations=engine_locations(), extra=extra, secret=secret, first=first)
        self.publish_url = f"{self.base}/_engine/pub/"

    def start(self, probe: str = "/_engine/pub/probe") -> str:
        """Up when its publisher location answers (a GET: the channel's info, 404 for none) and its pid file
        names it (nginx writes it once its sockets are bound: another node on the port may answer first)."""
        base = super().start(probe)
        pid_file, deadline = self.scratch / "nginx.pid", time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text().strip() == str(self.process.pid)):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"engine node did not start: {self.error_log()[-2000:]}")
            time.sleep(0.05)
        return base


class EngineMachine:
    """An engine machine of `nodes` nginx processes on one port (SO_REUSEPORT: the kernel spreads the
    connections over every node's workers; docs/deployment.md, *Engine nodes of one worker*). `**node`:
    EngineNode's settings (not `port`, `scratch`)."""

    def __init__(self, machines: list[str], redis: str, scratch: Path, nodes: int, **node):
        self.port = free_port()
        self.nodes = [EngineNode(machines, redis, scratch / f"node{i}", port=self.port, **node) for i in range(nodes)]
        # ROADSVC_ENGINE_PUBLISH_URLS: the port's (a publish reaches whichever node, each shares the channels)
        self.publish_urls = self.nodes[0].publish_url

    def start(self) -> None:
        for node in self.nodes:
            node.start()

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def restart_in_turn(self, between: float) -> None:
        """Each node stopped and started again, one after the other, `between` seconds apart (the time its
        displays take to come back to the others)."""
        for i, node in enumerate(self.nodes):
            if i:
                time.sleep(between)
            node.stop()
            node.start()

    def kill(self) -> None:
        for node in self.nodes:
            node.kill()

    def reload(self) -> None:
        """nginx -s reload of every node (SIGHUP to each master)."""
        for node in self.nodes:
            os.kill(node.process.pid, signal.SIGHUP)

    def masters(self) -> list[int]:
        return [node.process.pid for node in self.nodes]

    def error_logs(self) -> list[Path]:
        return [node.scratch / "error.log" for node in self.nodes]
