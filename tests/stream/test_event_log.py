"""The event log and a stream's loop, without HTTP: transactions, order, buffer, keep-alives."""

from __future__ import annotations

import threading

import pytest

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence.events import NewEvent, append_events, channel_for, defer_event
from roadsvc.services import events as event_log, tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.errors import Conflict
from roadsvc.stream.alarms import new_alarm
from roadsvc.stream.hub import STEPS, EventHub
from roadsvc.stream.sse import KEEPALIVE, EventStream, Start, StreamView


def test_an_event_appended_in_a_rolled_back_write_never_exists(db):
    table = tables.create_table(db, "T")
    before = event_log.newest_event_id(db)
    with pytest.raises(RuntimeError):
        with db.write() as session:
            event_log.append_event(session, "hand", table_id=table.id, data={"number": 1})
            raise RuntimeError("the write failed after its event")
    assert event_log.newest_event_id(db) == before
    with db.write() as session:
        committed = event_log.append_event(session, "hand", table_id=table.id, data={"number": 1})
    assert committed > before and [e.id for e in event_log.events_after(db, before)] == [committed]


def test_events_appended_together_keep_the_order_given_with_increasing_ids(db):
    table = tables.create_table(db, "T")
    before = event_log.newest_event_id(db)
    given = [NewEvent("hand", table.id, None, 3, {"number": 1}), NewEvent("good_roads", table.id, None, 3, {"n": 2}),
             NewEvent("alert", table.id, data={"change": "raised"}, audience=event_log.OPERATORS)]
    with db.write() as session:
        ids = append_events(session, given)
    found = event_log.events_after(db, before)
    assert [e.id for e in found] == ids and ids == sorted(set(ids)) and len(ids) == 3
    assert [(e.type, e.revision, e.audience, e.data) for e in found] == [
        ("hand", 3, "all", {"number": 1}), ("good_roads", 3, "all", {"n": 2}), ("alert", None, "operators",
                                                                               {"change": "raised"})]


def test_a_hand_that_starts_a_good_road_is_announced_before_the_good_road_with_nothing_between(db):
    table = tables.create_table(db, "T")
    shoes.open_shoe(db, table.id, decks=8)
    for _ in range(3):
        hands.post_hand(db, table.id, parse_hand({"result": "banker"}))
    before = event_log.newest_event_id(db)
    hands.post_hand(db, table.id, parse_hand({"result": "banker"}))  # the fourth banker: the long banker starts
    hand, good_roads = event_log.events_after(db, before)
    assert (hand.type, hand.data["number"], good_roads.type) == ("hand", 4, "good_roads")
    assert hand.id < good_roads.id and hand.revision == good_roads.revision
    assert [g["code"] for g in good_roads.data["started"]] == ["long_banker"]


def test_a_deferred_event_is_appended_last_at_commit_and_never_after_a_rollback(db):
    table = tables.create_table(db, "T")
    before = event_log.newest_event_id(db)
    with pytest.raises(RuntimeError):
        with db.write() as session:
            defer_event(session, "alert", table_id=table.id, data={"change": "raised"}, audience=event_log.OPERATORS)
            raise RuntimeError("the write failed after the alert")
    assert event_log.newest_event_id(db) == before
    with db.write() as session:
        defer_event(session, "alert", table_id=table.id, data={"change": "raised"}, audience=event_log.OPERATORS)
        with pytest.raises(RuntimeError), session.begin_nested():  # a savepoint's rollback keeps it
            raise RuntimeError("a savepoint rolled back")
        event_log.append_event(session, "hand", table_id=table.id, data={"number": 1})
    found = event_log.events_after(db, before)
    assert [(e.type, e.audience) for e in found] == [("hand", "all"), ("alert", "operators")]
    with db.write() as session:
        pass
    assert event_log.events_after(db, found[-1].id) == []  # nothing left over for the next write


def test_a_refused_hand_leaves_no_event_and_a_stored_one_exactly_one(db):
    table = tables.create_table(db, "T")
    before = event_log.newest_event_id(db)
    with pytest.raises(Conflict):
        hands.post_hand(db, table.id, parse_hand({"result": "banker"}))  # no open shoe
    assert event_log.newest_event_id(db) == before
    shoe = shoes.open_shoe(db, table.id)
    written = hands.post_hand(db, table.id, parse_hand({"result": "tie"}))
    retried = hands.post_hand(db, table.id, parse_hand({"result": "tie"}), number=1)  # a retry stores nothing
    assert not retried.created
    kinds = [(e.type, e.shoe_id, e.revision) for e in event_log.events_after(db, before)]
    assert kinds == [("shoe_opened", shoe.id, 1), ("hand", shoe.id, written.revision)]
    tie = event_log.events_after(db, before)[-1].data
    assert tie["big_road"] == {"leading_ties": 1, "tie": True} and tie["bead"]["result"] == "tie"


def test_an_unknown_audience_is_refused(db):
    with pytest.raises(ValueError), db.write() as session:
        event_log.append_event(session, "alert", table_id=None, audience="everyone")


def test_the_notify_channel_is_the_configured_one_or_follows_the_schema():
    assert channel_for("postgresql+psycopg://h/db?options=-csearch_path%3Dtest_ab12") == "roadsvc_events_test_ab12"
    assert channel_for("postgresql+psycopg://h/db") == "roadsvc_events"
    assert channel_for("postgresql+psycopg://h/db?options=-csearch_path%3Dx", "floor_7") == "floor_7"


class SilentHub:
    """A hub with no events and the test's clock: each wait is woken `step` seconds later (by the
    keep-alive tick, or by news the stream does not show)."""

    newest = floor = 0

    def __init__(self, step: float):
        self.step, self.now = step, 0.0

    def clock(self) -> float:
        return self.now

    def after(self, cursor, table_id=None):
        return [], cursor

    def wait(self, alarm, cursor, table_id=None):
        self.now += self.step


def keep_alive_times(hub: SilentHub, count: int, keepalive: float = 15.0) -> list[float]:
    stream = iter(EventStream(hub, Start(0), StreamView(None), keepalive=keepalive, retry_ms=2000, clock=hub.clock))
    assert next(stream) == b"id: 0\nretry: 2000\n: roadsvc events\n\n"  # where it starts: a drop resumes from there
    times = []
    for _ in range(count):
        assert next(stream) == KEEPALIVE
        times.append(hub.now)
    return times


def test_a_quiet_stream_woken_by_each_tick_sends_a_keep_alive_at_each():
    # the tick wakes a quiet table's streams three times an interval: each says so every 5 s
    assert keep_alive_times(SilentHub(step=5.0), 3) == [5.0, 10.0, 15.0]


def test_a_stream_woken_more_often_sends_a_keep_alive_once_a_third_of_the_interval_has_passed():
    # woken every 2 s with nothing to show (events of other tables, say): a keep-alive once 5 s
    # have passed since its last bytes
    assert keep_alive_times(SilentHub(step=2.0), 3) == [6.0, 12.0, 18.0]


def test_a_stream_woken_at_least_every_two_thirds_of_the_interval_is_never_quiet_longer():
    for step in (0.5, 2.0, 5.0, 10.0):  # the hub wakes a stream at least every two ticks of its table
        times = [0.0, *keep_alive_times(SilentHub(step=step), 6)]
        gaps = [later - earlier for earlier, later in zip(times, times[1:])]
        assert all(5.0 <= gap <= 15.0 for gap in gaps), (step, gaps)


def test_the_tick_wakes_each_tables_streams_at_its_own_step(db):
    one, two = tables.create_table(db, "One"), tables.create_table(db, "Two")
    hub = EventHub(db, keepalive=15.0)  # no threads: the test ticks
    hub.fetch()
    for _ in range(STEPS):  # a round of the tick after the tables' own events
        hub.tick()
    assert (one.id, two.id) == (1, 2)  # steps 1 and 2; the every-table streams are step 0
    woken: list[str] = []

    def waiter(name, table_id):
        hub.wait(new_alarm(), hub.newest, table_id)
        woken.append(name)

    threads = {name: threading.Thread(target=waiter, args=(name, table_id), daemon=True)
               for name, table_id in (("every table", None), ("one", one.id), ("two", two.id))}
    for thread in threads.values():
        thread.start()
    assert wait_until(lambda: hub.waiting() == {None, one.id, two.id})
    hub.tick()  # step 0
    threads["every table"].join(10)
    assert woken == ["every table"] and hub.waiting() == {one.id, two.id}
    hub.tick()  # step 1
    threads["one"].join(10)
    assert woken == ["every table", "one"] and hub.waiting() == {two.id}
    hub.tick()  # step 2
    threads["two"].join(10)
    assert woken == ["every table", "one", "two"] and hub.waiting() == set()


def test_a_table_whose_step_has_passed_waits_a_whole_round_of_the_tick(db):
    table = tables.create_table(db, "One")
    hub = EventHub(db, keepalive=15.0)
    hub.fetch()
    for _ in range(2):  # steps 0 and 1 pass before the stream waits
        hub.tick()
    done = threading.Event()
    thread = threading.Thread(target=lambda: (hub.wait(new_alarm(), hub.newest, table.id), done.set()), daemon=True)
    thread.start()
    assert wait_until(lambda: hub.waiting() == {table.id})
    for _ in range(STEPS - 1):  # steps 2, ..., STEPS - 1, then 0
        hub.tick()
    assert not done.is_set() and hub.waiting() == {table.id}
    hub.tick()  # step 1 again: a round of the tick, a third of the keep-alive interval
    thread.join(10)
    assert done.is_set()


def test_the_tick_passes_over_a_table_an_event_woke_since_it_last_came_by(db):
    table = tables.create_table(db, "One")
    hub = EventHub(db, keepalive=15.0)
    hub.fetch()
    wakes = threading.Semaphore(0)

    def stream():
        alarm = new_alarm()
        while True:
            hub.wait(alarm, hub.newest, table.id)
            wakes.release()

    threading.Thread(target=stream, daemon=True).start()
    assert wait_until(lambda: hub.waiting() == {table.id})
    tables.update_table(db, table.id, {"name": "One again"})
    hub.fetch()  # the table's event wakes its stream
    assert wakes.acquire(timeout=10) and wait_until(lambda: hub.waiting() == {table.id})
    for _ in range(STEPS):  # a whole round: the table's step passes it over
        hub.tick()
    assert not wakes.acquire(timeout=0.05) and hub.waiting() == {table.id}
    for _ in range(STEPS):  # the next round, with no event since: its step wakes it
        hub.tick()
    assert wakes.acquire(timeout=10)


def wait_until(condition, seconds: float = 10.0) -> bool:
    """True once `condition()` holds (a thread reaching its wait), False after `seconds`."""
    pause = threading.Event()
    for _ in range(int(seconds * 1000)):
        if condition():
            return True
        pause.wait(0.001)
    return False


def test_a_stream_behind_the_buffer_reads_the_gap_from_the_log_and_misses_nothing(db):
    table = tables.create_table(db, "T")
    hub = EventHub(db, buffer_size=2)  # no reader thread: the test calls fetch()
    start = Start(event_log.newest_event_id(db))
    for name in "ABCDEFG":
        tables.create_table(db, name)
    hub.fetch()
    assert hub.floor > start.cursor  # the buffer no longer reaches back to the stream
    stream = iter(EventStream(hub, start, StreamView(None), keepalive=15.0, retry_ms=2000))
    next(stream)
    got = b"".join(next(stream) for _ in range(2)).decode()
    names = [line.split('"name":"')[1].split('"')[0] for line in got.splitlines() if line.startswith("data:")]
    assert names == list("ABCDEFG") and table.id == 1


def test_a_one_table_stream_reads_only_its_tables_frames_from_the_buffer(db):
    one, two = tables.create_table(db, "One"), tables.create_table(db, "Two")
    hub = EventHub(db, buffer_size=3)  # no reader thread: the test calls fetch()
    start = event_log.newest_event_id(db)
    for name in "ABCDEFGH":  # the changes alternate between the two tables
        tables.update_table(db, (one if name in "ACEG" else two).id, {"name": name})
    hub.fetch()
    frames, cursor = hub.after(hub.floor, one.id)
    assert {frame.table_id for frame in frames} == {one.id} and cursor == hub.newest
    everything, _ = hub.after(hub.floor)
    assert [frame for frame in everything if frame.table_id == one.id] == frames  # the same frames, in order
    assert hub.after(start, one.id) is None  # trimmed with the buffer: the stream reads the log


def test_a_waiting_stream_wakes_for_its_tables_event_and_an_every_table_stream_for_any(db):
    one, two = tables.create_table(db, "One"), tables.create_table(db, "Two")
    hub = EventHub(db)  # no reader thread: the test calls fetch()
    hub.fetch()
    cursor, woken = hub.newest, {}

    def waiter(name, table_id):
        hub.wait(new_alarm(), cursor, table_id)
        woken[name] = True

    threads = {name: threading.Thread(target=waiter, args=(name, table_id), daemon=True)
               for name, table_id in (("every table", None), ("one", one.id), ("two", two.id))}
    for thread in threads.values():
        thread.start()
    tables.update_table(db, two.id, {"name": "Two again"})
    hub.fetch()
    threads["every table"].join(10)
    threads["two"].join(10)
    assert woken == {"every table": True, "two": True} and threads["one"].is_alive()
    tables.update_table(db, one.id, {"name": "One again"})
    hub.fetch()
    threads["one"].join(10)
    assert woken["one"] is True
