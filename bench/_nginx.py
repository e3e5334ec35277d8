"""nginx from Debian's packages as a caching reverse proxy and load balancer on loopback, for
bench/shared_cache.py, bench/two_machines.py and tests/reliability/test_two_machines.py.

The configuration is docs/nginx-read-links.conf's location blocks with the paths, ports,
upstream servers and process settings of a throw-away run filled in; nginx runs in the foreground in its own
process group and is stopped (SIGQUIT, then SIGKILL) when the run ends.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from _http import ROOT, free_port, wait_until_up

CONFIG = """
{user}worker_processes 1;
pid {scratch}/nginx.pid;
error_log {scratch}/error.log warn;
worker_rlimit_nofile 20000;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {scratch}/body;
    proxy_temp_path {scratch}/proxy;
    fastcgi_temp_path {scratch}/fastcgi;
    uwsgi_temp_path {scratch}/uwsgi;
    scgi_temp_path {scratch}/scgi;
    proxy_cache_path {scratch}/cache levels=1:2 keys_zone=roads:10m max_size=256m inactive=10m use_temp_path=off;
    upstream roadsvc {{ {servers} keepalive 32; }}
    upstream roadsvc_streams {{ {servers} }}
    server {{
        listen 127.0.0.1:{port};
{locations}
    }}
}}
"""
EXAMPLE = ROOT / "docs" / "nginx-read-links.conf"


def example_locations() -> str:
    """The location blocks of docs/nginx-read-links.conf: the benchmarks run the documented config."""
    text = EXAMPLE.read_text()
    return text[text.index("# BEGIN location"):text.index("# END location")]




def ensure_nginx() -> str:
    """nginx from Debian's packages (nginx-light); installed on demand when running as root."""
    path = shutil.which("nginx") or (os.path.exists("/usr/sbin/nginx") and "/usr/sbin/nginx")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "nginx-light"], check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return shutil.which("nginx") or "/usr/sbin/nginx"
    sys.exit("this benchmark needs nginx (Debian package `nginx-light`)")


class Nginx:
    """A caching proxy in front of `upstream` (a loopback port, or "address:port" of each machine,
    balanced as the documented upstream), in `scratch` (a folder of its own)."""

    def __init__(self, upstream: int | list[str], scratch: Path):
        self.scratch, self.port = scratch, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.config = scratch / "nginx.conf"
        # Started by root, nginx's workers would run as nobody, who cannot enter a private temporary folder.
        user = "user root root;\n" if os.geteuid() == 0 else ""
        machines = [f"127.0.0.1:{upstream}"] if isinstance(upstream, int) else upstream
        servers = " ".join(f"server {machine} max_fails=1 fail_timeout=5s;" for machine in machines)
        self.config.write_text(CONFIG.format(user=user, scratch=scratch, servers=servers, port=self.port,
                                             locations=example_locations()))
        self.process: subprocess.Popen | None = None

    def start(self, probe: str = "/api/v1/tables") -> str:
        self.process = subprocess.Popen([ensure_nginx(), "-p", str(self.scratch), "-c", str(self.config),
                                         "-g", "daemon off;"], start_new_session=True)
        wait_until_up(self.base + probe, process=self.process)
        return self.base

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGQUIT)  # graceful: workers finish, then exit
        deadline = time.monotonic() + 10
        while self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
