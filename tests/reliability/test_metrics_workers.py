"""/metrics under `roadsvc serve` with two gunicorn workers: every worker's counts are
summed (prometheus_client multiprocess mode), whichever worker answers the scrape."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from _http import free_port, wait_until_up  # noqa: E402 (bench/ is on sys.path: see conftest)
from roadsvc.persistence.migrations import upgrade

pytestmark = pytest.mark.slow
TOKEN = "scrape-token"
ROADSVC = Path(sys.executable).parent / "roadsvc"


def healthz_count(text: str) -> float:
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "roadsvc_http_requests_total" and sample.labels.get("route") == "/healthz"
    )


def test_every_worker_counts_in_metrics(tmp_path):
    instance = tmp_path / "instance"
    upgrade(f"sqlite:///{instance / 'roadsvc.db'}")
    port, log = free_port(), tmp_path / "serve.log"
    env = {**os.environ, "ROADSVC_INSTANCE_PATH": str(instance), "ROADSVC_DATABASE_URL": "", "ROADSVC_SERVE_PORT": str(port),
           "ROADSVC_SERVE_WORKERS": "2", "ROADSVC_METRICS_TOKEN": TOKEN, "ROADSVC_LOG_LEVEL": "INFO"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with log.open("wb") as out:
        server = subprocess.Popen([str(ROADSVC), "serve"], env=env, stdout=out, stderr=out, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/healthz", process=server)
        # New connections until both workers have answered: the second may still be starting (about 2 s of
        # CPU: a minute on a loaded machine), and until then the first takes every connection.
        sent, pids, deadline = 0, set(), time.monotonic() + 180
        while (sent < 40 or len(pids) < 2) and time.monotonic() < deadline:
            for _ in range(20):
                urllib.request.urlopen(base + "/healthz", timeout=10).close()
                sent += 1
            pids = {line["pid"] for line in request_lines(log) if line["route"] == "/healthz"}
        assert len(pids) == 2, f"one worker answered all {sent} requests in 180 s"
        scrape = urllib.request.Request(base + "/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        answered = sum(1 for line in request_lines(log) if line["route"] == "/healthz")  # sent + the start-up probe
        assert answered >= sent
        for _ in range(4):  # whichever worker answers the scrape sees every worker's counts
            with urllib.request.urlopen(scrape, timeout=10) as answer:
                assert healthz_count(answer.read().decode()) == answered
        assert len(list((instance / "metrics").glob("counter_*.db"))) >= 2
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:  # a loaded machine: what is left goes, as bench/_http.py's stop()
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=60)


def request_lines(log: Path) -> list[dict]:
    lines = []
    for text in log.read_text(errors="replace").splitlines():
        if text.startswith("{"):
            line = json.loads(text)
            if line.get("event") == "request":
                lines.append(line)
    return lines
