"""Real gunicorn workers freeze their start-up heap (roadsvc.gunicorn_config, roadsvc.heap)."""

from __future__ import annotations

import re

import pytest

from _service import Client, dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server

pytestmark = pytest.mark.slow

FROZEN = re.compile(r"roadsvc worker (\d+): start-up heap frozen \((\d+) objects\)")


def test_every_worker_freezes_its_start_up_heap_and_then_serves_posts(tmp_path):
    with fresh_deployment("sqlite", tmp_path) as deployment:
        floor = open_floor(deployment.url)
        error_log, access_log = tmp_path / "error.log", tmp_path / "access.log"
        server = roadsvc_server(deployment, workers=2, error_log=error_log, access_log=access_log, log_level="info")
        base = server.start()
        try:
            with Client(base, floor.dealer_key) as dealer:
                for number, hand in enumerate(dealt_hands(seed=3)[0][:30], start=1):
                    status, _, posted = dealer.post(f"/tables/{floor.table_ids[0]}/hands",
                                                    hand_body(hand, number, floor.shoe_ids[0]))
                    assert status == 201, posted
        finally:
            server.stop()
    frozen = {int(pid): int(count) for pid, count in FROZEN.findall(error_log.read_text())}
    assert len(frozen) == 2, f"not every worker reported a frozen heap: {error_log.read_text()}"
    assert all(count > 10_000 for count in frozen.values()), frozen  # the app's start-up objects, not a handful
    answered = {int(line.split()[0].strip("<>")) for line in access_log.read_text().splitlines() if " POST " in line}
    assert answered and answered <= set(frozen), "a worker answered posts without having frozen its heap"
