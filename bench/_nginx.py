"""nginx from Debian's packages on loopback, for the benchmarks and tests/reliability: the caching
reverse proxy and load balancer of docs/nginx-read-links.conf (`Nginx`: bench/shared_cache.py,
bench/two_machines.py, tests/reliability/test_two_machines.py) and, on the same base, the push
engine's nodes (bench/_engine.py).

Each configuration is a documented file's lines between its BEGIN and END markers with the paths,
ports, upstream servers and process settings of a throw-away run filled in; nginx runs in the
foreground in its own process group and is stopped (SIGQUIT, then SIGKILL) when the run ends.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from _http import ROOT, free_port, wait_until_up

# What every throw-away nginx shares: its files in its scratch folder (started by root, nginx's workers
# would run as nobody, who cannot enter a private temporary folder: they run as root), no access log.
MAIN = """
{user}{modules}worker_processes {workers};
{main}pid {scratch}/nginx.pid;
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
{http}
}}
"""
READ_LINKS = """
    proxy_cache_path {scratch}/cache levels=1:2 keys_zone=roads:10m max_size=256m inactive=10m use_temp_path=off;
    upstream roadsvc {{ {servers} keepalive 32; }}
    upstream roadsvc_streams {{ {servers} }}
    server {{
        listen 127.0.0.1:{port};
{locations}
    }}
"""


def documented_lines(path: Path, marker: str) -> str:
    """The lines of a documented config between `# BEGIN marker` and `# END marker`: a run uses exactly them."""
    text = path.read_text()
    return text[text.index(f"# BEGIN {marker}"):text.index(f"# END {marker}")]


def example_locations() -> str:
    """The location blocks of docs/nginx-read-links.conf: the benchmarks run the documented config."""
    return documented_lines(ROOT / "docs" / "nginx-read-links.conf", "location")


def upstream_servers(machines: list[str]) -> str:
    """The documented upstream's servers: each roadsvc machine ("address:port"), out for 5 s after a failure."""
    return " ".join(f"server {machine} max_fails=1 fail_timeout=5s;" for machine in machines)


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


class NginxProcess:
    """One nginx in `scratch` (a folder of its own) serving `http` (the http context's own lines, with
    {scratch} filled in) on `address`:port; `modules`: load_module lines."""

    def __init__(self, scratch: Path, http: str, *, address: str = "127.0.0.1", port: int | None = None,
                 workers: int = 1, connections: int = 8192, modules: str = "", main: str = "", **fields: str):
        """`main`: lines for nginx's main context (e.g. the engine's worker_shutdown_timeout)."""
        scratch.mkdir(parents=True, exist_ok=True)
        self.scratch, self.address, self.port = scratch, address, port or free_port()
        self.base = f"http://{address}:{self.port}"
        self.config = scratch / "nginx.conf"
        files = min(2 * connections + 100, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
        own = http.format(scratch=scratch, address=address, port=self.port, **fields)
        self.config.write_text(MAIN.format(user="user root root;\n" if os.geteuid() == 0 else "", modules=modules, main=main,
                                           workers=workers, scratch=scratch, files=files, connections=connections,
                                           http=own))
        self.process: subprocess.Popen | None = None

    def start(self, probe: str = "/api/v1/tables") -> str:
        """Start it; up when `probe` answers anything HTTP (a loaded machine may take a minute)."""
        self.process = subprocess.Popen([ensure_nginx(), "-p", str(self.scratch), "-c", str(self.config),
                                         "-g", "daemon off;"], start_new_session=True)
        try:
            wait_until_up(self.base + probe, process=self.process)
        except RuntimeError as error:
            raise RuntimeError(f"{error}: {self.error_log()[-2000:]}") from None
        return self.base

    def error_log(self) -> str:
        path = self.scratch / "error.log"
        return path.read_text() if path.exists() else ""

    def kill(self) -> None:
        """SIGKILL the master and its workers (the whole process group), as a crashed node."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGQUIT (graceful: workers finish, then exit), then kill() after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGQUIT)
        deadline = time.monotonic() + 10
        while self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.kill()


class Nginx(NginxProcess):
    """A caching proxy in front of `upstream` (a loopback port, or "address:port" of each machine,
    balanced as the documented upstream), in `scratch` (a folder of its own)."""

    def __init__(self, upstream: int | list[str], scratch: Path):
        machines = [f"127.0.0.1:{upstream}"] if isinstance(upstream, int) else upstream
        super().__init__(scratch, READ_LINKS, servers=upstream_servers(machines), locations=example_locations())
