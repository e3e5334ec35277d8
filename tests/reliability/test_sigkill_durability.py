"""A server killed with SIGKILL (master and workers) while hands stream in loses no
acknowledged hand: after a restart every hand answered 201 is stored with its content,
hand numbers have no gaps, and the poster's retry of the hand in flight is safe."""

from __future__ import annotations

import threading
from http.client import HTTPException

import pytest

from _service import Client, dealt_hands, hand_body, open_floor, roadsvc_server

pytestmark = pytest.mark.slow

KILL_AFTER = 25  # acknowledged hands before the kill


class Poster(threading.Thread):
    """Posts a shoe's hands one after another; keeps what the server acknowledged (201)."""

    def __init__(self, base: str, key: str, table: int, shoe_id: int, hands: list):
        super().__init__(daemon=True)
        self.base, self.key, self.table, self.shoe_id, self.hands = base, key, table, shoe_id, hands
        self.acknowledged: dict[int, dict] = {}
        self.enough = threading.Event()
        self.failure: str | None = None

    def run(self) -> None:
        with Client(self.base, self.key, timeout=5) as client:
            for number, hand in enumerate(self.hands, start=1):
                try:
                    status, _, body = client.post(f"/tables/{self.table}/hands", hand_body(hand, number, self.shoe_id))
                except (OSError, HTTPException):  # the server died under us (refused, reset or cut off): never acknowledged
                    break
                finally:
                    if len(self.acknowledged) >= KILL_AFTER:
                        self.enough.set()
                if status != 201:
                    self.failure = f"hand {number}: {status} {body}"
                    break
                self.acknowledged[number] = body["hand"]
        self.enough.set()


def test_every_acknowledged_hand_survives_a_sigkill_of_the_server(deployment):
    floor = open_floor(deployment.url)
    table, shoe_id = floor.table_ids[0], floor.shoe_ids[0]
    hands = dealt_hands(seed=21)[0]
    server = roadsvc_server(deployment, workers=2)
    base = server.start()
    poster = Poster(base, floor.dealer_key, table, shoe_id, hands)
    try:
        poster.start()
        assert poster.enough.wait(timeout=180)  # bounds only a stuck server: a loaded machine is slow
        server.kill()  # mid-stream: the poster is sending the next hand
        poster.join(timeout=60)
        assert poster.failure is None, poster.failure
        acknowledged = dict(poster.acknowledged)
        assert KILL_AFTER <= len(acknowledged) < len(hands), "the kill did not land mid-stream"

        server.start()
        with Client(base, floor.display_key) as display:
            status, _, history = display.get(f"/shoes/{shoe_id}/hands")
        assert status == 200
        numbers = [hand["number"] for hand in history]
        assert numbers == list(range(1, len(numbers) + 1))  # no gaps, no duplicates
        assert len(acknowledged) <= len(numbers) <= len(acknowledged) + 1  # at most the hand in flight
        stored = {hand["number"]: hand["hand"] for hand in history}
        assert {number: stored[number] for number in acknowledged} == acknowledged

        retry = len(acknowledged) + 1  # the poster retries the hand it never saw answered
        with Client(base, floor.dealer_key) as dealer:
            status, _, body = dealer.post(f"/tables/{table}/hands", hand_body(hands[retry - 1], retry, shoe_id))
        assert status == (200 if len(numbers) == retry else 201), body
        assert body["number"] == retry
    finally:
        server.stop()
