"""The push engine on loopback: Debian's nginx with the nchan module, configured with exactly the
lines of docs/nginx-engine.conf between `# BEGIN engine` and `# END engine`, in front of roadsvc
machines and over one Redis, for bench/events.py and the engine's tests. Each node runs in the
foreground in its own process group and is stopped (SIGQUIT, then SIGKILL) when the run ends.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import time
from pathlib import Path

from _http import ROOT, free_port

NCHAN_MODULE = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
EXAMPLE = ROOT / "docs" / "nginx-engine.conf"
CONFIG = """
{user}load_module {module};
worker_processes {workers};
pid {scratch}/nginx.pid;
error_log {scratch}/error.log warn;
worker_rlimit_nofile {files};
events {{ worker_connections {connections}; }}
http {{
    access_log off;
    client_body_temp_path {scratch}/body;
    proxy_temp_path {scratch}/proxy;
    fastcgi_temp_path {scratch}/fastcgi;
    uwsgi_temp_path {scratch}/uwsgi;
    scgi_temp_path {scratch}/scgi;
    nchan_shared_memory_size 256m;
    upstream roadsvc_streams {{ {servers} }}
    upstream roadsvc_engine_redis {{ nchan_redis_server {redis}; }}
    server {{
        listen {address}:{port} reuseport;  # the kernel spreads the connections over the workers
{locations}
    }}
}}
"""


def engine_locations() -> str:
    """The location blocks of docs/nginx-engine.conf: the tests and the bench run the documented config."""
    text = EXAMPLE.read_text()
    return text[text.index("# BEGIN engine"):text.index("# END engine")]


def engine_available() -> str | None:
    """Why the engine cannot run here (None: it can)."""
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        return "nginx is not installed (Debian nginx-light; ./dev test installs it)"
    if not NCHAN_MODULE.exists():
        return "nginx's nchan module is not installed (Debian libnginx-mod-nchan; ./dev test installs it)"
    return None


class EngineNode:
    """One engine node on `address` (a loopback address), in front of `machines` ("address:port" of each
    roadsvc), sharing its channels through `redis` (a redis:// URL), in `scratch` (a folder of its own)."""

    def __init__(self, machines: list[str], redis: str, scratch: Path, address: str = "127.0.0.1",
                 workers: int = 1, connections: int = 8192):
        scratch.mkdir(parents=True, exist_ok=True)
        self.scratch, self.address, self.port = scratch, address, free_port()
        self.base = f"http://{address}:{self.port}"
        self.publish_url = f"{self.base}/_engine/pub/"
        self.config = scratch / "nginx.conf"
        user = "user root root;\n" if os.geteuid() == 0 else ""
        servers = " ".join(f"server {machine} max_fails=1 fail_timeout=5s;" for machine in machines)
        self.config.write_text(CONFIG.format(
            user=user, module=NCHAN_MODULE, workers=workers, scratch=scratch,
            files=min(2 * connections + 100, resource.getrlimit(resource.RLIMIT_NOFILE)[1]),
            connections=connections, servers=servers, redis=redis, address=address, port=self.port,
            locations=engine_locations()))
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60.0) -> str:
        self.process = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(self.scratch),
                                         "-c", str(self.config), "-g", "daemon off;"], start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:  # up when its publisher location answers (a GET: channel info)
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {(self.scratch / 'error.log').read_text()[-2000:]}")
            try:
                import urllib.request
                urllib.request.urlopen(f"{self.publish_url}probe", timeout=1).close()
                return self.base
            except OSError as error:
                if getattr(error, "code", None) == 404:  # no such channel: nchan answered
                    error.close()  # the answer holds its socket
                    return self.base
                time.sleep(0.05)
        raise RuntimeError("the engine node did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGQUIT)
        deadline = time.monotonic() + 10
        while self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.kill()
