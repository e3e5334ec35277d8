"""Shared harness for the HTTP benchmarks: gunicorn on loopback, wrk as the load.

Every figure is printed beside a baseline measured in the same run: a minimal
Flask route (bench/_baseline_app.py) served by the same gunicorn configuration.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, timeout: float = 180.0, process: subprocess.Popen | None = None) -> None:
    """Until `url` answers anything HTTP (an error status counts: the server is up). A worker's start
    takes about 2 s of CPU (imports, the write path's warm-up): on a machine loaded by other work
    that can be a minute or more of wall time, so the bound is generous; a server that exits fails
    at once. One request at a time, each given time to be answered (a request given up on still
    waits in the listen queue, and a slow server would answer a pile of them)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server for {url} exited with status {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=10).close()
            return
        except urllib.error.HTTPError as answer:  # an error status: up; the answer holds its socket
            answer.close()
            return
        except Exception:  # noqa: BLE001 - any other failure means not up yet
            time.sleep(0.05)
    raise RuntimeError(f"server at {url} did not come up")


class Gunicorn:
    """gunicorn serving `app` on a loopback port, in its own process group.

    The benchmarks and the reliability tests (tests/reliability) start servers through
    this one class. Its own process group lets `kill()` SIGKILL the master and every
    worker at once, as a crashed machine would; `start()` again serves the same port.
    """

    def __init__(self, app: str, env: dict[str, str] | None = None, workers: int = 2, threads: int = 1,
                 probe: str = "/", port: int | None = None, pythonpath: str | None = None,
                 access_log: Path | None = None, error_log: Path | None = None, log_level: str = "warning",
                 worker_class: str | None = None, worker_connections: int = 5000, bind: str = "127.0.0.1",
                 more_binds: list[str] | None = None, nice: int = 0):
        """`more_binds`: further addresses ("host:port") the same workers listen on (the engine's own); `nice`: the
        server's CPU priority below the machine's other processes (see `launch`)."""
        self.more_binds, self.nice = more_binds or [], nice
        self.worker_class = worker_class  # "gevent": what `roadsvc serve` runs (the event streams)
        self.worker_connections, self.bind = worker_connections, bind
        self.app, self.env, self.workers, self.threads, self.probe = app, env or {}, workers, threads, probe
        self.pythonpath, self.access_log, self.error_log, self.log_level = pythonpath, access_log, error_log, log_level
        self.port = port or free_port()
        self.base = f"http://{bind}:{self.port}"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        command = [str(BIN / "gunicorn"), "--workers", str(self.workers), "--bind", f"{self.bind}:{self.port}",
                   "--log-level", self.log_level, "--chdir", str(ROOT),
                   "--config", "python:roadsvc.gunicorn_config"]  # as `roadsvc serve`: the workers' GC hooks
        for address in self.more_binds:
            command += ["--bind", address]
        if self.worker_class:
            # idle keep-alive connections stay open past a floor dealer's 2 s between hands
            command += ["--worker-class", self.worker_class, "--worker-connections", str(self.worker_connections),
                        "--keep-alive", "30"]
        elif self.threads > 1:
            command += ["--threads", str(self.threads)]  # gthread workers
        if self.pythonpath:
            command += ["--pythonpath", self.pythonpath]
        if self.access_log:  # one line per request: the worker's pid, the request line, the status
            command += ["--access-logfile", str(self.access_log), "--access-logformat", "%(p)s %(m)s %(U)s %(s)s"]
        if self.error_log:  # gunicorn's lines and, captured, the app's own (stderr)
            command += ["--error-logfile", str(self.error_log), "--capture-output"]
        return command + [self.app]

    def start(self) -> str:
        self.launch()
        return self.wait_up()

    def launch(self) -> None:
        """Start the processes without waiting: several machines then start at once (wait_up each). With `nice`, the
        session's niceness is raised as a systemd unit's `CPUWeight=` lowers it against the other units: a process of
        its own session is scheduled as a group (Linux's autogroup, sched_autogroup_enabled), whose weight only the
        group's niceness sets (/proc/<pid>/autogroup; nice 10 weighs 110 against 1,024, about `CPUWeight=10` against
        the default 100); a process niceness alone would weigh its processes against each other only."""
        command = ["nice", "-n", str(self.nice), *self.command()] if self.nice else self.command()
        self.process = subprocess.Popen(command, env={**os.environ, **self.env}, start_new_session=True)
        autogroup = Path(f"/proc/{self.process.pid}/autogroup")
        if self.nice and autogroup.exists():
            autogroup.write_text(str(self.nice))

    def wait_up(self) -> str:
        try:
            wait_until_up(self.base + self.probe, process=self.process)  # its bound allows for a loaded machine
        except BaseException:
            self.kill()
            raise
        return self.base

    def kill(self) -> None:
        """SIGKILL the master and all its workers (the whole process group): no cleanup runs."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=20)
        self._reap_group()

    def stop(self) -> None:
        """A graceful stop (SIGTERM), falling back to kill()."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def _reap_group(self) -> None:
        """Workers orphaned by a killed master are in the group too: make sure none survive."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@contextmanager
def gunicorn(app: str, env: dict[str, str] | None = None, workers: int = 2, probe: str = "/", threads: int = 1,
             pythonpath: str | None = None):
    """Serve `app` (module:variable) with gunicorn on a free loopback port; yield its base URL."""
    server = Gunicorn(app, env, workers=workers, threads=threads, probe=probe, pythonpath=pythonpath)
    server.start()
    try:
        yield server.base
    finally:
        server.stop()


def ensure_wrk() -> str:
    """wrk from Debian's package; installed on demand when running as root."""
    path = shutil.which("wrk")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, stdout=subprocess.DEVNULL)
        return shutil.which("wrk") or sys.exit("wrk did not install")
    sys.exit("these benchmarks need wrk (Debian package `wrk`)")


def wrk(url: str, headers: dict[str, str] | None = None, seconds: int = 5, connections: int = 16) -> dict:
    """Run wrk against `url`; return requests per second and latency percentiles (ms)."""
    command = [ensure_wrk(), "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(command + [url], check=True, capture_output=True, text=True).stdout
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50_ms": _latency(out, "50%"), "p99_ms": _latency(out, "99%"),
            "non_2xx_3xx": int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out)) else 0}


def _latency(out: str, label: str) -> float:
    value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
