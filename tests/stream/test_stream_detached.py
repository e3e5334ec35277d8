"""A detached stream (roadsvc.stream.detached): no greenlet or thread waits for it; the hub writes
to its socket. Its display gets every frame it may see, in order, once, whether it reads at once,
reads late, or fell behind the hub's buffer; a quiet one gets keep-alives from the tick; a display
that has gone is dropped. The hub is driven by the test (fetch, tick) and the stream's clock is
the test's."""

from __future__ import annotations

import socket
import threading

import pytest

from roadsvc.persistence.events import NewEvent, append_events
from roadsvc.services import events as event_log, tables
from roadsvc.stream.detached import DetachedStream
from roadsvc.stream.grants import OPEN, Grant
from roadsvc.stream.hub import STEPS, EventHub
from roadsvc.stream.sse import KEEPALIVE, StreamView

OPERATORS_TOO = frozenset({event_log.ALL, event_log.OPERATORS})


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def detached():
    """detached(hub, view, clock): a stream detached at the hub's newest event, and the display's
    end of its socket (both ends closed after the test)."""
    sockets = []

    def detach(hub: EventHub, view: StreamView, clock: Clock, **options) -> tuple[DetachedStream, socket.socket]:
        stream, display = detached_stream(hub, view, clock, **options)
        sockets.extend((stream.sock, display))
        return stream, display

    yield detach
    for sock in sockets:
        sock.close()


def detached_stream(hub: EventHub, view: StreamView, clock: Clock, *, keepalive: float = 15.0,
                    buffer: int | None = None, grant: Grant = OPEN) -> tuple[DetachedStream, socket.socket]:
    ours, display = socket.socketpair()
    if buffer:
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, buffer)
        display.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    ours.setblocking(False)
    stream = DetachedStream(hub, view, hub.newest, ours, keepalive=keepalive, clock=clock, grant=grant)
    stream.attach()
    display.settimeout(10)
    return stream, display


def read_ids(display: socket.socket, count: int) -> list[int]:
    """The ids of the next `count` events the display reads (keep-alives skipped)."""
    ids, buffer = [], b""
    while len(ids) < count:
        chunk = display.recv(65536)
        assert chunk, f"the stream closed after {len(ids)} of {count} events"
        buffer += chunk
        *blocks, buffer = buffer.split(b"\n\n")
        ids += [int(block.split(b"\n")[0][4:]) for block in blocks if block.startswith(b"id: ")]
    assert not buffer
    return ids


def nothing_waiting(display: socket.socket) -> bool:
    display.settimeout(0.05)
    try:
        display.recv(1)
    except TimeoutError:
        return True
    finally:
        display.settimeout(10)
    return False


def test_a_detached_stream_writes_each_event_it_may_see_in_order_once(db, detached):
    one, two = tables.create_table(db, "One"), tables.create_table(db, "Two")
    hub = EventHub(db)  # no reader thread: the test calls fetch()
    hub.newest = hub.floor = event_log.newest_event_id(db)
    clock = Clock()
    display, display_socket = detached(hub, StreamView(frozenset({one.id})), clock)
    pitboss, pitboss_socket = detached(hub, StreamView(None, OPERATORS_TOO), clock)
    with db.write() as session:
        ids = append_events(session, [
            NewEvent("hand", one.id, None, 1, {"number": 1}),
            NewEvent("hand", two.id, None, 1, {"number": 1}),
            NewEvent("alert", one.id, data={"change": "raised"}, audience=event_log.OPERATORS),
            NewEvent("hand", one.id, None, 2, {"number": 2}),
        ])
    hub.fetch()
    assert read_ids(display_socket, 2) == [ids[0], ids[3]]  # its table's, never the operators' alert
    assert nothing_waiting(display_socket)
    assert read_ids(pitboss_socket, 4) == ids
    assert {one.id, None} <= hub.waiting()  # both wait again, in the hub, with no thread of their own


def test_a_quiet_detached_stream_gets_a_keep_alive_from_the_tick_once_a_third_of_the_interval_has_passed(db, detached):
    table = tables.create_table(db, "Quiet")
    hub = EventHub(db)
    clock = Clock()
    _, display = detached(hub, StreamView(frozenset({table.id})), clock, keepalive=15.0)
    for _ in range(STEPS):  # one round of the tick, 4 s after the stream's last bytes: nothing yet
        clock.now = 4.0
        hub.tick()
    assert nothing_waiting(display)
    clock.now = 5.0
    for _ in range(STEPS):  # the next round, 5 s after: a keep-alive
        hub.tick()
    assert display.recv(100) == KEEPALIVE and nothing_waiting(display)
    assert table.id in hub.waiting()


def test_a_display_that_has_gone_is_dropped_at_its_next_writes(db, detached):
    table = tables.create_table(db, "Gone")
    hub = EventHub(db)
    hub.newest = hub.floor = event_log.newest_event_id(db)
    stream, display = detached(hub, StreamView(None), Clock())
    display.close()
    for number in (1, 2):  # the first write after the close may still be taken; the second is refused
        with db.write() as session:
            append_events(session, [NewEvent("hand", table.id, None, number, {"number": number})])
        hub.fetch()
    assert stream.sock.fileno() == -1 and None not in hub.waiting()


def test_a_stream_rung_while_the_hub_stops_is_closed_not_kept(db, detached):
    """stop() closes the waiting streams; one being rung meanwhile parks again after them (as a stream
    attached after the stop does here): closed too, where it once stayed in the stopped hub and held
    its connection."""
    table = tables.create_table(db, "Stopping")
    hub = EventHub(db)  # no reader thread
    hub.newest = hub.floor = event_log.newest_event_id(db)
    waiting, _ = detached(hub, StreamView(None), Clock())
    hub.stop()
    assert waiting.sock.fileno() == -1
    late, _ = detached(hub, StreamView(frozenset({table.id})), Clock())
    assert late.sock.fileno() == -1 and hub.waiting() == set()


def test_a_display_that_reads_late_gets_everything_and_never_holds_the_hub_up(db, detached):
    table = tables.create_table(db, "Busy")
    hub = EventHub(db)
    hub.newest = hub.floor = event_log.newest_event_id(db)
    stream, display = detached(hub, StreamView(None), Clock(), buffer=4096)
    with db.write() as session:
        ids = append_events(session, [NewEvent("hand", table.id, None, n, {"number": n, "pad": "x" * 200})
                                      for n in range(1, 401)])  # about 100 kB: more than the socket holds
    fetching = threading.Thread(target=hub.fetch)
    fetching.start()
    fetching.join(10)
    assert not fetching.is_alive()  # the hub wrote what the socket took and went on
    assert None not in hub.waiting()  # the stream is writing the rest on a thread of its own
    assert read_ids(display, 400) == ids
    for _ in range(100):  # caught up: it waits in the hub again
        if None in hub.waiting():
            break
        threading.Event().wait(0.05)
    assert None in hub.waiting() and stream.sock.fileno() != -1


def test_a_detached_stream_behind_the_buffer_reads_the_gap_from_the_log(db, detached):
    hub = EventHub(db, buffer_size=2)
    hub.newest = hub.floor = event_log.newest_event_id(db)
    stream, display = detached(hub, StreamView(None), Clock())
    with db.write() as session:
        ids = append_events(session, [NewEvent("table_changed", None, None, n, {"n": n}) for n in range(1, 8)])
    hub.fetch()  # the buffer keeps the newest 2 of the 7: the stream, rung, reads the others from the log
    assert hub.floor > ids[0]
    assert read_ids(display, 7) == ids


class Faulty:
    """A waiting stream whose writing fails in an unforeseen way."""

    closed = False

    def ring(self) -> None:
        raise RuntimeError("not a socket error")

    def close(self) -> None:
        self.closed = True


def test_a_stream_that_fails_when_rung_is_closed_and_the_others_still_get_the_event(db, detached):
    table = tables.create_table(db, "Shared")
    hub = EventHub(db)
    hub.newest = hub.floor = event_log.newest_event_id(db)
    faulty = Faulty()
    assert hub.park(faulty, hub.newest)
    _, display = detached(hub, StreamView(None), Clock())
    with db.write() as session:
        ids = append_events(session, [NewEvent("hand", table.id, None, 1, {"number": 1})])
    hub.fetch()
    assert faulty.closed and read_ids(display, 1) == ids
