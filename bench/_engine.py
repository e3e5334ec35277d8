"""The push engine on loopback: Debian's nginx with the nchan module, configured with exactly the
lines of docs/nginx-engine.conf between `# BEGIN engine` and `# END engine`, in front of roadsvc
machines and over one Redis, for bench/events.py and the engine's tests (bench/_nginx.py runs it).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from _http import ROOT
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
        listen {address}:{port} reuseport;  # the kernel spreads the connections over the workers
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
        """Up when its publisher location answers (a GET: the channel's info, 404 for none)."""
        return super().start(probe)
