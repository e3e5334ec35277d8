"""A channel that delivers nothing, found and moved (docs/events.md, *A channel that delivers nothing*): a resuming
stream that missed an event published long before names its channel; the publisher probes it and, when the probe
heard nothing for a keep-alive interval, gives it a new name in the engine with the same events, from which the
streams resume. Against a recording engine and the ledger in the local Redis; the real engine and its probe:
tests/reliability/test_engine_streams.py."""

from __future__ import annotations

from sqlalchemy import delete

from roadsvc.persistence.models import Event
from roadsvc.services.events import ALL, OPERATORS, NewEvent
from roadsvc.stream.engine.handover import Handover
from roadsvc.stream.engine.probe import Listening
from roadsvc.stream.engine.publisher import EnginePublisher
from roadsvc.stream.engine.signing import EngineUrls
from test_engine_publisher import Clock, RecordingEngine, append

SENT_AT = 1800000000  # when the recording engine stores every message
EVERYONE = frozenset({ALL})


class Probe:
    """Stands in for the probe's subscriptions: the engine names it listened to; those in `deaf` hear nothing."""

    def __init__(self, deaf: set[str]):
        self.deaf_names, self.listened = deaf, []

    def listen(self, channels: dict[str, str]) -> list[Listening]:
        self.listened += channels.values()
        return [Listening(channel, {name: b""}) for channel, name in channels.items()]  # its name for a socket

    def deaf(self, listenings: list[Listening]) -> list[str]:
        return [listening.channel for listening in listenings if set(listening.answers) & self.deaf_names]


def moving_publisher(db, ledger, engine, probe, clock) -> EnginePublisher:
    return EnginePublisher(db, engine, ledger, ledger.prefix, keepalive=15.0, probe=probe, clock=clock)


def handover(ledger) -> Handover:
    return Handover(ledger, ledger.prefix, EngineUrls("unit-engine-secret-0123", 10, "/s", clock=Clock()))


def hands(db, table: int, numbers) -> list[int]:
    return append(db, *(NewEvent("hand", table, None, n, {"number": n}) for n in numbers))


def test_a_resume_that_missed_an_event_published_long_before_names_its_channel(db, ledger):
    engine = RecordingEngine()
    job = moving_publisher(db, ledger, engine, Probe(set()), Clock())
    job.publish_pending()
    one, two = hands(db, 7, [1, 2])
    job.publish_pending()
    ledger.silent_after = 15.0
    t7 = f"{ledger.prefix}t7"
    ledger.clock = lambda: SENT_AT + 10.0  # event two is 10 s old: a display back from a restart
    assert handover(ledger).target(frozenset({7}), EVERYONE, 5, one) is not None
    assert handover(ledger).target(frozenset({7}), EVERYONE, 5, two) is not None  # missed nothing
    assert ledger.suspects(10) == []
    ledger.clock = lambda: SENT_AT + 16.0  # 16 s: longer than a live channel is quiet
    place = ledger.handover(t7, one)
    assert place.silent and place.name == t7
    assert not ledger.handover(t7, two).silent  # one that missed nothing never names it
    handover(ledger).target(frozenset({7}), EVERYONE, 5, one)
    handover(ledger).target(frozenset({7}), EVERYONE, 6, one)
    handover(ledger).target(None, EVERYONE, 6, one)  # the floor's channel: event two is in it too
    assert ledger.suspects(1) == [t7]  # the most named first, each once
    assert ledger.suspects(10) == [f"{ledger.prefix}floor"]


def test_a_channel_whose_probe_heard_nothing_is_moved_with_its_events_and_its_streams_resume_there(db, ledger):
    engine, clock = RecordingEngine(), Clock()
    p = ledger.prefix
    t7, t8 = f"{p}t7", f"{p}t8"
    probe = Probe({t7})
    job = moving_publisher(db, ledger, engine, probe, clock)
    job.publish_pending()
    one, two, three = hands(db, 7, [1, 2, 3])
    (elsewhere,) = hands(db, 8, [1])
    job.publish_pending()
    originals = [body for channel, body in engine.posts if channel == t7]
    ledger.suspect(t7)
    ledger.suspect(t8)
    assert job.check_channels() == []  # probed now, judged a keep-alive interval and a third later
    assert sorted(probe.listened) == [t7, t8]
    clock.now += 19.0
    assert job.check_channels() == []  # not yet
    clock.now += 1.0
    assert job.check_channels() == [t7]  # t8's probe heard its keep-alive: left alone
    name = ledger.names()[t7]
    assert name.startswith(f"{t7}-") and t8 not in ledger.names()
    moved = [body for channel, body in engine.posts if channel == name]
    assert moved == originals + [f"id: {elsewhere}\n: keep-alive\n".encode()]  # the same events, then its position
    assert engine.deleted == [t7]  # the old name's streams end
    place = ledger.handover(t7, one)
    assert place.name == name and place.message_id == ledger.redis.zrangebyscore(f"{p}ids:{t7}", one, one)[0].decode()
    assert handover(ledger).target(frozenset({7}), EVERYONE, 5, two).startswith(f"/s/{name}/{p}k5?from=")
    assert handover(ledger).target(frozenset({7}), EVERYONE, 5, None).startswith(f"/s/{name}/{p}k5?expires=")
    (four,) = hands(db, 7, [4])
    job.publish_pending()
    assert engine.events(name) == [one, two, three, four] and engine.events(t7) == [one, two, three]
    successor = moving_publisher(db, ledger, engine, Probe(set()), Clock())  # a takeover goes on under the new name
    (five,) = hands(db, 7, [5])
    successor.publish_pending()
    assert engine.events(name)[-1] == five and engine.events(t7) == [one, two, three]


def test_a_moved_channel_holds_only_what_the_log_still_has_from_the_newest_pruned_event_on(db, ledger):
    engine, clock = RecordingEngine(), Clock()
    t7 = f"{ledger.prefix}t7"
    job = moving_publisher(db, ledger, engine, Probe({t7}), clock)
    job.publish_pending()
    one, two, three = hands(db, 7, [1, 2, 3])
    job.publish_pending()
    with db.write() as session:
        session.execute(delete(Event).where(Event.id == two))  # pruned from the log
    ledger.suspect(t7)
    job.check_channels()
    clock.now += 20.0
    assert job.check_channels() == [t7]
    assert engine.events(ledger.names()[t7]) == [three]  # not one: a stream resuming from it would miss two
    assert ledger.handover(t7, one) is None  # roadsvc serves it (from the log, `resync` for what is pruned)
    assert ledger.handover(t7, three).message_id is not None


def test_a_publisher_without_a_probe_moves_nothing_and_leaves_the_suspects(db, ledger):
    engine = RecordingEngine()
    job = moving_publisher(db, ledger, engine, None, Clock())
    ledger.suspect(f"{ledger.prefix}t7")
    assert job.check_channels() == [] and engine.posts == [] and ledger.names() == {}
    assert ledger.suspects(5) == [f"{ledger.prefix}t7"]


def test_a_moved_channel_carries_only_what_its_readers_may_see(db, ledger):
    """A display's channel moved never gets an operators' event (a pit note naming a held card): each channel's new
    name holds the events the ledger noted on that channel, no other's."""
    engine, clock = RecordingEngine(), Clock()
    t7, t7_ops = f"{ledger.prefix}t7", f"{ledger.prefix}t7.ops"
    job = moving_publisher(db, ledger, engine, Probe({t7, t7_ops}), clock)
    job.publish_pending()
    hand, note = append(db, NewEvent("hand", 7, None, 1, {"number": 1}),
                        NewEvent("pit_note", 7, None, None, {"note": "held 7H"}, OPERATORS))
    job.publish_pending()
    ledger.suspect(t7)
    ledger.suspect(t7_ops)
    job.check_channels()
    clock.now += 20.0
    assert sorted(job.check_channels()) == [t7, t7_ops]
    names = ledger.names()
    assert engine.events(names[t7]) == [hand]
    assert not any(b"7H" in body for channel, body in engine.posts if channel == names[t7])
    assert engine.events(names[t7_ops]) == [hand, note]
