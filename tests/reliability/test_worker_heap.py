"""Real gunicorn workers warm their write path and freeze their start-up heap before they serve
(wsgi.py, roadsvc.services.warm, roadsvc.gunicorn_config, roadsvc.heap)."""

from __future__ import annotations

import re

import pytest

from _service import Client, dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server

pytestmark = pytest.mark.slow

FROZEN = re.compile(r"roadsvc worker (\d+): start-up heap frozen \((\d+) objects\)")
WARMED = re.compile(r"roadsvc process (\d+): write path warmed")


def test_every_worker_warms_its_write_path_and_freezes_its_start_up_heap_then_serves_posts(tmp_path):
    with fresh_deployment("sqlite", tmp_path) as deployment:
        floor = open_floor(deployment.url)
        error_log, access_log = tmp_path / "error.log", tmp_path / "access.log"
        server = roadsvc_server(deployment, workers=2, error_log=error_log, access_log=access_log, log_level="info",
                                env={"ROADSVC_LOG_LEVEL": "INFO"})
        base = server.start()
        try:
            with Client(base, floor.dealer_key) as dealer:
                for number, hand in enumerate(dealt_hands(seed=3)[0][:30], start=1):
                    status, _, posted = dealer.post(f"/tables/{floor.table_ids[0]}/hands",
                                                    hand_body(hand, number, floor.shoe_ids[0]))
                    assert status == 201, posted
        finally:
            server.stop()
    log = error_log.read_text()
    frozen = {int(pid): int(count) for pid, count in FROZEN.findall(log)}
    assert {int(pid) for pid in WARMED.findall(log)} == set(frozen), log
    assert len(frozen) == 2, f"not every worker reported a frozen heap: {log}"
    assert all(count > 10_000 for count in frozen.values()), frozen  # the app's start-up objects, not a handful
    answered = {int(line.split()[0].strip("<>")) for line in access_log.read_text().splitlines() if " POST " in line}
    assert answered and answered <= set(frozen), "a worker answered posts without having frozen its heap"
