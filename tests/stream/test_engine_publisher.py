"""The push engine's publisher, step by step, against a recording engine (what it would post to
nchan) and the ledger in the local Redis: each event once, in order, to exactly the channels whose
readers may see it; a publisher that takes over publishes nothing twice; a revoked key's streams are
closed at once and again once no worker trusts the key; a channel the engine lost is never resumed
from. (The real engine: tests/reliability/test_engine_streams.py.)"""

from __future__ import annotations

import itertools
import os
import socket

from roadsvc.persistence.events import append_events
from roadsvc.services.events import ALL, OPERATORS, NewEvent
from roadsvc.stream.engine.handover import Handover
from roadsvc.stream.engine.lease import PublishingLoop
from roadsvc.stream.engine.nchan import Published, PublishesOneByOne
from roadsvc.stream.engine.publisher import EnginePublisher
from roadsvc.stream.engine.signing import EngineUrls


class RecordingEngine(PublishesOneByOne):
    """Stands in for nchan's publisher location: every post and delete, and each channel's message count."""

    def __init__(self):
        self.posts: list[tuple[str, bytes]] = []
        self.deleted: list[str] = []
        self.counts: dict[str, int] = {}
        self._ids = itertools.count(1)
        self._last: dict[str, int] = {}

    def publish(self, channel: str, body: bytes) -> Published:
        self.posts.append((channel, body))
        self.counts[channel] = self.counts.get(channel, 0) + 1
        self._last[channel] = next(self._ids)
        return Published(f"1800000000:{self._last[channel]}", self.counts[channel])

    def info(self, channel: str) -> Published | None:
        count = sum(name == channel for name, _ in self.posts)
        return Published(f"1800000000:{self._last[channel]}", self.counts[channel]) if count else None

    def delete(self, channel: str) -> bool:
        self.deleted.append(channel)
        return True

    def events(self, channel: str) -> list[int]:
        return [int(body.split(b"\n", 1)[0][4:]) for name, body in self.posts
                if name == channel and body.startswith(b"id: ") and b": keep-alive" not in body]


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def publisher(db, ledger, engine, clock=None) -> EnginePublisher:
    return EnginePublisher(db, engine, ledger, ledger.prefix, keepalive=15.0, key_cache_ttl=5.0, clock=clock or Clock())


def append(db, *events: NewEvent) -> list[int]:
    with db.write() as session:
        return append_events(session, list(events))


def test_each_event_goes_once_in_order_to_the_channels_of_those_who_may_see_it(db, ledger):
    engine = RecordingEngine()
    first = publisher(db, ledger, engine)
    assert first.publish_pending() == 0  # a new floor starts from now
    hand, note, other, floor_wide = append(db, NewEvent("hand", 7, None, 1, {"number": 1}),
                                           NewEvent("pit_note", 7, None, None, {"note": "held 7H"}, OPERATORS),
                                           NewEvent("hand", 8, None, 1, {"number": 1}),
                                           NewEvent("dabang", None, None, 1, {"match_id": 3}, ALL))
    assert first.publish_pending() == 4
    p = ledger.prefix
    assert engine.events(f"{p}t7") == [hand]
    assert engine.events(f"{p}t7.ops") == [hand, note]
    assert engine.events(f"{p}t8") == [other]
    assert engine.events(f"{p}floor") == [hand, other, floor_wide]
    assert engine.events(f"{p}floor.ops") == [hand, note, other, floor_wide]
    assert [name for name, _ in engine.posts][-1] == f"{p}floor.ops"  # every event's last post
    assert b"held 7H" not in b"".join(body for name, body in engine.posts if not name.endswith(".ops"))
    assert ledger.published() == floor_wide
    assert first.publish_pending() == 0  # nothing twice


def publishing_hand_one(db, ledger) -> tuple[RecordingEngine, EnginePublisher, int]:
    """The engine, a first publisher that has published table 7's hand 1, and that event's id."""
    engine = RecordingEngine()
    first = publisher(db, ledger, engine)
    first.publish_pending()
    (one,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    first.publish_pending()
    return engine, first, one


def test_a_publisher_that_takes_over_goes_on_from_the_cursor_and_skips_what_is_already_in_a_channel(db, ledger):
    engine, first, one = publishing_hand_one(db, ledger)
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    # The first publisher posted event two to t7 and noted it, then stopped before the other channels.
    answer = engine.publish(f"{ledger.prefix}t7", b"id: %d\n" % two)
    ledger.note(f"{ledger.prefix}t7", two, answer.message_id)
    second = publisher(db, ledger, engine)
    assert second.publish_pending() == 1
    p = ledger.prefix
    assert engine.events(f"{p}t7") == [one, two]  # once, though two publishers published it
    assert engine.events(f"{p}t7.ops") == engine.events(f"{p}floor") == engine.events(f"{p}floor.ops") == [one, two]


def test_a_publisher_killed_between_the_engines_answer_and_the_ledger_leaves_nothing_twice(db, ledger):
    """test_engine_nodes met it: the publishing machine SIGKILLed after the engine took an event on a
    channel and before the ledger noted it; the next publisher posted it again (every display twice)."""
    engine, first, one = publishing_hand_one(db, ledger)
    first.keep_alive([7])
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    ledger.posting(two)  # the first publisher posts event two to t7, and is killed before noting it
    posted = engine.publish(f"{ledger.prefix}t7", b"id: %d\n" % two)
    second = publisher(db, ledger, engine)
    assert second.publish_pending() == 1
    p = ledger.prefix
    assert engine.events(f"{p}t7") == engine.events(f"{p}t7.ops") == engine.events(f"{p}floor") == [one, two]
    assert engine.events(f"{p}floor.ops") == [one, two]
    assert ledger.handover(f"{p}t7", two).message_id == posted.message_id  # noted now: a stream resumes from it


def test_a_publisher_killed_before_posting_or_after_a_keep_alive_leaves_nothing_out(db, ledger):
    engine, _, one = publishing_hand_one(db, ledger)
    ledger.posting(0)  # killed after a keep-alive landed on t7, unnoted
    engine.publish(f"{ledger.prefix}t7", b": keep-alive\n")
    (two,) = append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    assert publisher(db, ledger, engine).publish_pending() == 1
    assert engine.events(f"{ledger.prefix}t7") == [one, two]
    (three,) = append(db, NewEvent("hand", 7, None, 3, {"number": 3}))
    ledger.posting(three)  # killed before its first post
    assert publisher(db, ledger, engine).publish_pending() == 1
    assert engine.events(f"{ledger.prefix}t7") == engine.events(f"{ledger.prefix}floor.ops") == [one, two, three]


def test_a_revoked_keys_channel_is_deleted_at_once_and_again_after_the_key_cache(db, ledger):
    engine, clock = RecordingEngine(), Clock()
    job = publisher(db, ledger, engine, clock)
    job.publish_pending()
    append(db, NewEvent("key_revoked", None, None, None, {"key_id": 12}, OPERATORS))
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}k12"]
    clock.now += 5.0  # the workers may still trust the key
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}k12"]
    clock.now += 1.0
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}k12"] * 2
    clock.now += 60
    job.publish_pending()
    assert len(engine.deleted) == 2


def test_a_revoked_keys_channel_is_deleted_again_after_the_last_url_signed_for_it_expired(db, ledger):
    """A worker's key cache trusts the key up to 5 s after the revocation, and an engine URL signed then may
    be followed up to ROADSVC_ENGINE_URL_TTL later: the second close waits for both."""
    engine, clock = RecordingEngine(), Clock()
    job = EnginePublisher(db, engine, ledger, ledger.prefix, key_cache_ttl=5.0, url_ttl=5.0, clock=clock)
    job.publish_pending()
    append(db, NewEvent("key_revoked", None, None, None, {"key_id": 13}, OPERATORS))
    job.publish_pending()
    clock.now += 10.0
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}k13"]  # a URL signed at 5 s may still be followed
    clock.now += 1.0
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}k13"] * 2


def test_an_ended_page_sessions_channels_are_deleted_at_once_and_again_after_the_key_cache(db, ledger):
    engine, clock = RecordingEngine(), Clock()
    job = publisher(db, ledger, engine, clock)
    job.publish_pending()
    append(db, NewEvent("page_sessions_ended", None, None, None, {"session_ids": [3, 4], "why": "signed_out"},
                        OPERATORS))
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}s3", f"{ledger.prefix}s4"]
    clock.now += 6.0
    job.publish_pending()
    assert engine.deleted == [f"{ledger.prefix}s3", f"{ledger.prefix}s4"] * 2


def test_a_signed_in_pages_stream_names_its_sessions_channel_not_its_keys(db, ledger):
    urls = EngineUrls("unit-engine-secret-0123", 10, "/s", clock=lambda: 1000.0)
    handover = Handover(ledger, ledger.prefix, urls)
    everyone = frozenset({ALL})
    assert handover.target(frozenset({7}), everyone, 5, None, session_id=9) == urls.url(f"{ledger.prefix}t7",
                                                                                         f"{ledger.prefix}s9", None)
    assert handover.target(frozenset({7}), everyone, 5, None) == urls.url(f"{ledger.prefix}t7", f"{ledger.prefix}k5",
                                                                           None)


def test_a_stream_is_handed_over_from_the_newest_event_it_has_seen_or_left_to_roadsvc(db, ledger):
    engine = RecordingEngine()
    job = publisher(db, ledger, engine)
    job.publish_pending()
    ids = append(db, *(NewEvent("hand", 7, None, n, {"number": n}) for n in range(1, 4)))
    (elsewhere,) = append(db, NewEvent("hand", 8, None, 1, {"number": 1}))
    job.publish_pending()
    urls = EngineUrls("unit-engine-secret-0123", 10, "/_engine/sub", clock=Clock())
    handover = Handover(ledger, ledger.prefix, urls)
    everyone = frozenset({ALL})
    target = handover.target(frozenset({7}), everyone, 5, ids[1])
    message = dict((event, m) for m, event in ledger.redis.zrange(f"{ledger.prefix}ids:{ledger.prefix}t7", 0, -1, withscores=True))
    assert target == urls.url(f"{ledger.prefix}t7", f"{ledger.prefix}k5", message[ids[1]].decode())
    assert f"/_engine/sub/{ledger.prefix}t7/{ledger.prefix}k5?from=" + message[ids[1]].decode().replace(":", "%3A") + "&" in target
    # The last id it saw is another table's (a resync's newest id): the newest of its table before it.
    assert handover.target(frozenset({7}), everyone, 5, elsewhere) == urls.url(f"{ledger.prefix}t7", f"{ledger.prefix}k5",
                                                                              message[ids[2]].decode())
    # A restarted Redis has forgotten the ledger's script (every client of redis-py loads its own again on NOSCRIPT).
    ledger.redis.script_flush()
    assert handover.target(frozenset({7}), everyone, 5, ids[1]) == target
    assert handover.target(frozenset({7}), everyone, 5, elsewhere + 1) is None  # not published yet: roadsvc's
    assert handover.target(frozenset({7}), everyone, 5, ids[0] - 1) is None  # nothing of t7 at or before it
    assert handover.target(frozenset({7, 8}), everyone, 5, None) is None  # several tables: roadsvc's
    assert handover.target(None, frozenset({ALL, OPERATORS}), 5, None) == urls.url(f"{ledger.prefix}floor.ops",
                                                                                    f"{ledger.prefix}k5", None)


def test_a_channel_whose_messages_the_engine_lost_is_not_resumed_from(db, ledger):
    engine = RecordingEngine()
    job = publisher(db, ledger, engine)
    job.publish_pending()
    (one,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    job.publish_pending()
    engine.counts = {}  # the node restarted without its messages
    append(db, NewEvent("hand", 7, None, 2, {"number": 2}))
    job.publish_pending()
    assert Handover(ledger, ledger.prefix, EngineUrls("unit-engine-secret-0123", 10, "/s")).target(frozenset({7}), frozenset({ALL}), 1, one) is None


class Lease:
    def __init__(self):
        self.renewals = 0

    def reacquire(self) -> None:
        self.renewals += 1


def test_a_long_round_renews_the_lease_as_it_goes(db, ledger):
    """A backlog (or hundreds of quiet channels) published on a loaded machine outlasted the 5 s lease
    when it was renewed only between rounds: another publisher took over and this one failed (bench/events.py
    at 20,000 streams)."""
    clock = Clock()

    class SlowEngine(RecordingEngine):
        def publish(self, channel: str, body: bytes) -> Published:
            clock.now += 0.5  # each post takes half a second
            return super().publish(channel, body)

    job = EnginePublisher(db, SlowEngine(), ledger, ledger.prefix, lease_seconds=3.0, clock=clock)
    job.publish_pending()
    append(db, *(NewEvent("hand", 7, None, n, {"number": n}) for n in range(1, 7)))
    lease = Lease()
    job.hold(lease)
    job.publish_pending()  # 24 posts: 12 s, four leases' time
    assert lease.renewals >= 11  # every third of the lease (1 s), not once a round
    job.keep_alive(list(range(1, 20)))  # 40 channels: 20 s
    assert lease.renewals >= 11 + 19


def test_a_keep_alive_tells_the_streams_position_so_a_display_that_has_had_no_event_resumes_from_it(db, ledger):
    engine, clock = RecordingEngine(), Clock()
    job = publisher(db, ledger, engine, clock)
    job.publish_pending()
    (hand,) = append(db, NewEvent("hand", 7, None, 1, {"number": 1}))
    job.publish_pending()
    clock.now += 15.0
    assert job.keep_alive([7, 8]) == 6
    keep_alives = {channel: body for channel, body in engine.posts if b"keep-alive" in body}
    assert set(keep_alives) == {f"{ledger.prefix}{scope}{suffix}" for scope in ("floor", "t7", "t8") for suffix in ("", ".ops")}
    assert set(keep_alives.values()) == {f"id: {hand}\n: keep-alive\n".encode()}  # every event up to it is in each channel


def test_one_publisher_is_elected_and_the_lease_names_its_machine_and_process(db, ledger):
    first, second = (PublishingLoop(publisher(db, ledger, RecordingEngine())) for _ in range(2))
    assert first.owner != second.owner and first.owner.startswith(f"{socket.gethostname()}:{os.getpid()}:")
    assert ledger.holder() is None
    lease = ledger.lease(5.0)
    assert first.elect(lease) is True
    assert second.elect(ledger.lease(5.0)) is False  # the lease is held: the second waits
    assert ledger.holder() == first.owner  # an operator (or a test) sees which machine publishes
    lease.release()
    assert ledger.holder() is None and second.elect(ledger.lease(5.0)) is True and ledger.holder() == second.owner
