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
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except Exception:  # noqa: BLE001 - any failure means not up yet
            time.sleep(0.1)
    raise RuntimeError(f"server at {url} did not come up")


@contextmanager
def gunicorn(app: str, env: dict[str, str] | None = None, workers: int = 2, probe: str = "/"):
    """Serve `app` (module:variable) with gunicorn on a free loopback port; yield its base URL."""
    port = free_port()
    command = [str(BIN / "gunicorn"), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
               "--log-level", "warning", "--chdir", str(ROOT), app]
    process = subprocess.Popen(command, env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + probe)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)


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
