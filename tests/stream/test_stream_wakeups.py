"""The hub is woken by the commits themselves: with its fallback check an hour away, every event
still reaches the streams, in order, once each; and between commits the hub sleeps in one wait,
reading the log once per wake-up, however many streams are open (roadsvc.stream.hub)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import event

from roadsvc.services import events as event_log
from roadsvc.stream.hub import EventHub

from test_stream_api import new_table

AN_HOUR = 3600.0
HANDS = 10


class RecordingListener:
    """The database's own listener, recording each wait the hub enters."""

    def __init__(self, inner):
        self.inner, self.timeouts, self.entered = inner, [], threading.Semaphore(0)

    def open(self) -> None:
        self.inner.open()

    def wait(self, timeout: float) -> bool:
        self.timeouts.append(timeout)
        self.entered.release()
        return self.inner.wait(timeout)

    def close(self) -> None:
        self.inner.close()


@pytest.fixture
def listener(app):
    """The app's hub replaced by one that never polls: no fallback check within the test. Its keep-alive is
    the app's (the tests' 0.05 s), so reading a quiet stream's next blocks takes a moment, not 15 s a block."""
    db = app.extensions["roadsvc.db"]
    recording = RecordingListener(db.event_listener())
    app.extensions["roadsvc.events"] = EventHub(db, poll_interval=AN_HOUR, fallback_check=AN_HOUR,
                                                keepalive=app.config["EVENTS_KEEPALIVE"], listener=lambda: recording)
    return recording


@pytest.fixture
def log_reads(app) -> list[str]:
    """Every statement that reads the event log."""
    reads: list[str] = []

    def record(_conn, _cursor, statement, *_args) -> None:
        if "FROM events" in statement:
            reads.append(statement)

    engine = app.extensions["roadsvc.db"].engine
    event.listen(engine, "before_cursor_execute", record)
    yield reads
    event.remove(engine, "before_cursor_execute", record)


def post_hands(app, keys, table: int) -> None:
    client = app.test_client()  # a dealer of its own, on its own thread
    for number in range(1, HANDS + 1):
        response = client.post(f"/api/v1/tables/{table}/hands", json={"result": "banker", "number": number},
                               headers={"Authorization": f"Bearer {keys['dealer']}"})
        assert response.status_code == 201, response.json


def test_every_event_of_concurrent_writers_arrives_in_order_once_without_polling(app, api, listener, open_stream):
    tables = [new_table(api, f"T{index}") for index in range(4)]
    db = app.extensions["roadsvc.db"]
    before = event_log.newest_event_id(db)
    stream = open_stream()
    dealers = [threading.Thread(target=post_hands, args=(app, api.keys, table)) for table in tables]
    for dealer in dealers:
        dealer.start()
    for dealer in dealers:
        dealer.join()
    logged = [record.id for record in event_log.events_after(db, before) if record.audience == event_log.ALL]
    events = stream.events(len(logged))
    assert [block["id"] for block in events] == logged  # in order, none twice, none lost
    for table in tables:
        hands = [b["data"]["number"] for b in events if b["event"] == "hand" and b["data"]["table_id"] == table]
        assert hands == list(range(1, HANDS + 1))
    assert stream.quiet() == []
    assert set(listener.timeouts) == {AN_HOUR}


def test_an_idle_hub_waits_for_the_next_commit_and_reads_the_log_once_per_wake_up(app, api, listener, log_reads,
                                                                                  open_stream):
    table = new_table(api, "T1")
    streams = [open_stream(f"?table_id={table}") for _ in range(20)]
    assert listener.entered.acquire(timeout=30)  # the hub read the log and now waits
    assert listener.timeouts == [AN_HOUR] and len(log_reads) == 1  # 20 streams open: still one read
    api.post(f"/api/v1/tables/{table}/hands", {"result": "player"}, role="dealer")
    assert all(stream.events(1)[0]["data"]["number"] == 1 for stream in streams)
    assert listener.entered.acquire(timeout=30)  # back to waiting
    assert listener.timeouts == [AN_HOUR, AN_HOUR] and len(log_reads) == 2
