"""The publisher's ledger writes: one Redis round trip an event (its channels' notes, the cursor and pending in
one transaction), and a publisher killed between the engine's answers and that transaction is taken over with
nothing posted twice or left out. (The publisher's steps: test_engine_publisher.py.)"""

from __future__ import annotations

import pytest
from redis.client import Pipeline

from roadsvc.services.events import NewEvent
from roadsvc.stream.engine.lease import PublishingLoop
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.nchan import EngineUnavailable, Published, PublishesOneByOne
from tests.stream.test_engine_publisher import Clock, RecordingEngine, append, publisher


class Killed(BaseException):
    """The publishing process dies here (SIGKILL: nothing after it runs, no handler catches it)."""


def round_trips(ledger: Ledger, monkeypatch) -> list[tuple[str, ...]]:
    """Every round trip the ledger's client makes from now on: one command's name, or a pipeline's commands
    (within MULTI and EXEC: a transaction)."""
    trips: list[tuple[str, ...]] = []
    command, execute = ledger.redis.execute_command, Pipeline.execute

    def one(*args, **options):
        trips.append((str(args[0]).upper(),))
        return command(*args, **options)

    def pipelined(pipe, *args, **options):
        commands = tuple(str(args_[0]).upper() for args_, _ in pipe.command_stack)
        trips.append(("MULTI", *commands, "EXEC") if pipe.transaction else commands)
        return execute(pipe, *args, **options)

    monkeypatch.setattr(ledger.redis, "execute_command", one)
    monkeypatch.setattr(Pipeline, "execute", pipelined)
    return trips


def test_each_events_ledger_writes_are_one_round_trip(db, ledger, monkeypatch):
    engine = RecordingEngine()
    job = publisher(db, ledger, engine)
    job.publish_pending()
    append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    job.publish_pending()  # the first event after the start writes pending before its posts
    events = append(db, *(NewEvent("hand", 7, None, n, {"number": n}) for n in (2, 3, 4)))
    trips = round_trips(ledger, monkeypatch)
    assert job.publish_pending() == 3
    assert trips[0] == ("GET",)  # the cursor, once a round
    writes = trips[1:]
    assert len(writes) == 3  # one an event, though each goes to four channels
    for trip in writes:
        assert trip.count("ZADD") == 4 and trip.count("HSET") == 1  # each channel's message, each's newest
        assert trip[0] == "MULTI" and trip[-1] == "EXEC" and trip.count("SET") == 2  # the cursor and pending
    assert ledger.published() == ledger.pending() == events[-1]  # pending: the event after the cursor
    p = ledger.prefix
    assert engine.events(f"{p}t7")[-3:] == engine.events(f"{p}floor.ops")[-3:] == events


def test_a_keep_alive_round_writes_once_and_says_the_next_event_is_pending_again(db, ledger, monkeypatch):
    engine = RecordingEngine()
    job = publisher(db, ledger, engine)
    job.publish_pending()
    (hand,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    job.publish_pending()
    trips = round_trips(ledger, monkeypatch)
    assert job.keep_alive([7, 8]) == 2  # t8 and t8.ops: the others had hand 1 just now
    assert trips[0] == ("SET",) and trips[1] == ("GET",)  # pending 0 before the first, then the cursor
    assert trips[2:] == [("MULTI", "HSET", "SET", "EXEC")]  # every channel's newest, and pending back
    assert ledger.pending() == hand
    assert ledger.last(f"{ledger.prefix}t8") == engine.info(f"{ledger.prefix}t8").message_id


class DyingEngine(PublishesOneByOne):
    """The engine, as seen by a publisher killed before its post to `channel` (an event's, or any), or after `posts`."""

    def __init__(self, engine: RecordingEngine, posts: int = -1, channel: str | None = None,
                 dies: type[BaseException] | None = None):
        """`dies`: what the publisher meets there (default: it is killed)."""
        self.engine, self.left, self.channel, self.dies = engine, posts, channel, dies or Killed

    def publish(self, channel: str, body: bytes) -> Published:
        if self.left == 0 or (channel == self.channel and b"keep-alive" not in body):
            raise self.dies
        self.left -= 1
        return self.engine.publish(channel, body)

    def info(self, channel: str) -> Published | None:
        return self.engine.info(channel)

    def delete(self, channel: str) -> bool:
        return self.engine.delete(channel)


def killed(*args) -> None:
    raise Killed


@pytest.mark.parametrize("landed", [0, 2, 4], ids=["before-its-posts", "after-two-posts", "after-all-four-posts"])
def test_a_publisher_killed_before_the_ledgers_write_is_taken_over_with_nothing_twice_or_lost(db, ledger, monkeypatch,
                                                                                           landed):
    """Killed after `landed` of the event's four posts, before the one transaction that notes them: the next
    publisher asks the engine for those channels' newest message, notes the killed one's posts and posts the rest."""
    engine = RecordingEngine()
    first = publisher(db, ledger, engine)
    first.publish_pending()
    (one,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    first.publish_pending()
    first.keep_alive([7])
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    first.engine = DyingEngine(engine, posts=landed)
    monkeypatch.setattr(ledger, "record", killed)  # reached only once all four landed
    with pytest.raises(Killed):
        first.publish_pending()
    monkeypatch.undo()
    assert ledger.published() == one and ledger.pending() == one  # nothing of event two written
    second = publisher(db, ledger, engine)
    assert second.publish_pending() == 1
    p = ledger.prefix
    for channel in (f"{p}t7", f"{p}t7.ops", f"{p}floor", f"{p}floor.ops"):
        assert engine.events(channel) == [one, two], channel  # once each, whoever posted it
        assert ledger.last(channel) == engine.info(channel).message_id  # noted: a stream resumes from it
        assert ledger.handover(channel, two).message_id == engine.info(channel).message_id
    assert ledger.published() == ledger.pending() == two


def test_a_keep_alive_a_killed_publisher_left_unnoted_is_noted_by_its_successors_first_round(db, ledger):
    """A publisher that takes over from one killed amid keep-alives (pending 0) posts every channel's keep-alive
    before any event: a third, taking over from a second killed mid-event, then tells the second's unnoted posts
    from the first's keep-alive (else it took that keep-alive for the event and left the event out of its channel)."""
    engine = RecordingEngine()
    first = publisher(db, ledger, engine)
    first.publish_pending()
    (one,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    first.publish_pending()
    ledger.posting(0)  # the first is killed after a keep-alive landed on the floor's channel, unnoted
    engine.publish(f"{ledger.prefix}floor", b": keep-alive\n")
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    second = publisher(db, ledger, DyingEngine(engine, channel=f"{ledger.prefix}floor"))
    with pytest.raises(Killed):
        PublishingLoop(second).run()  # elected; posts event two to t7 and t7.ops, killed before the floor's
    assert engine.events(f"{ledger.prefix}t7") == [one, two]
    assert publisher(db, ledger, engine).publish_pending() == 1
    p = ledger.prefix
    for channel in (f"{p}t7", f"{p}t7.ops", f"{p}floor", f"{p}floor.ops"):
        assert engine.events(channel) == [one, two], channel


def test_a_keep_alive_round_the_engine_cut_is_noted_before_the_next_event_so_the_event_is_not_taken_for_it(db, ledger):
    """The same publisher, its keep-alive round cut by the engine (its nodes restarting: no node answers after four
    keep-alives landed, unnoted), elected again by its loop: its first round posts those channels' keep-alives again
    and notes them, so the next event, had its post been cut too, is not taken for what is in them. (Counted as sent
    before they were noted, they were not due again; the event's channels then held a newest message that was not
    the newest noted, the event was taken for it and never posted, and every display of its table missed it: 200
    of 200 in two restart storms at 20,000 displays.)"""
    engine, clock = RecordingEngine(), Clock()
    job = publisher(db, ledger, engine, clock)
    job.publish_pending()
    (one,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    job.publish_pending()
    clock.now += 15  # every channel due: the floor's two, t7's two, t8's two, in that order
    job.engine = DyingEngine(engine, posts=4, dies=EngineUnavailable)
    with pytest.raises(EngineUnavailable):
        job.keep_alive([7, 8])
    p = ledger.prefix
    assert ledger.pending() == 0 and engine.info(f"{p}t7").message_id != ledger.last(f"{p}t7")  # landed, unnoted
    job.engine = engine  # the nodes are back; the loop is elected again (PublishingLoop._serve's steps)
    clock.now += 1
    job.take_over(None)
    assert job.keep_alive([7, 8]) == 6  # the cut round's channels are still due
    for channel in (f"{p}floor", f"{p}floor.ops", f"{p}t7", f"{p}t7.ops", f"{p}t8", f"{p}t8.ops"):
        assert ledger.last(channel) == engine.info(channel).message_id, channel
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    assert job.publish_pending() == 1
    for channel in (f"{p}t7", f"{p}t7.ops", f"{p}floor", f"{p}floor.ops"):
        assert engine.events(channel) == [one, two], channel
