"""The one publishing path to the engine: reads the event log in order and publishes each event once, after
its commit, to every channel whose readers may see it (channels.event_channels), as the SSE block the in-process
hub sends (roadsvc.stream.hub.frame_of), so its `id:` is the event's id. One publisher per floor is active at a
time, the holder of the lease (lease.PublishingLoop, the loop of `roadsvc publish`), which it renews as its work
goes. It also keeps quiet channels alive (a `: keep-alive` comment a keep-alive interval) and, for a
`key_revoked` event, deletes the key's channel, which ends that key's streams (for a `page_sessions_ended`
event, each session's channel).

A channel its probe found delivering nothing (probe.Watch) is moved: a new name in the engine holding the same
events, from which its streams resume through roadsvc (docs/events.md, *A channel that delivers nothing*).

Published once: the cursor moves after an event is in all its channels, in the same Redis transaction
that notes its message on each (Ledger.record: one round trip an event); a publisher that takes over
skips the channels where the ledger already has the event, and, when its predecessor may have been
posting the event after the cursor (pending), the channels whose newest message in the engine is not the
one noted (the predecessor was killed between the engine's answers and the ledger's write): docs/events.md.
"""

from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from roadsvc.persistence.engine import Database
from roadsvc.services import events as event_log
from roadsvc.services.events import EventRecord
from roadsvc.stream.engine.channels import FLOOR, OPS, event_channels, key_channel, session_channel
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.nchan import NchanClient
from roadsvc.stream.engine.probe import ChannelProbe, Watch
from roadsvc.stream.hub import frame_of

log = logging.getLogger(__name__)
PAGE = 500
KEEPALIVE = b": keep-alive\n"  # the engine adds the blank line (nchan_subscriber_http_raw_stream_separator)


def keepalive_at(published: int) -> bytes:
    """A keep-alive that tells the stream's position: every event up to `published` is already in each channel,
    so a display that drops resumes from there (Last-Event-ID) and misses nothing, even one that has had no event
    yet. An `id:` with no data sets the client's last id and dispatches no event (EventSource, the SSE spec)."""
    return f"id: {published}\n".encode() + KEEPALIVE


class EnginePublisher:
    def __init__(self, db: Database, engine: NchanClient, ledger: Ledger, prefix: str, *, keepalive: float = 15.0,
                 lease_seconds: float = 5.0, key_cache_ttl: float = 5.0,
                 url_ttl: float = 0.0, probe: ChannelProbe | None = None, clock: Callable[[], float] = time.monotonic):
        """`probe`: checks the channels resuming streams found silent (None: none is checked nor moved)."""
        self.db, self.engine, self.ledger, self.prefix = db, engine, ledger, prefix
        self.watch = None if probe is None else Watch(probe, ledger, keepalive * 4 / 3)
        # A revoked key's streams are closed again once no stream of it can still open: a worker's key
        # cache trusts it up to key_cache_ttl after the revocation, and the engine URL signed then may be
        # followed up to url_ttl later (ROADSVC_ENGINE_URL_TTL); a second of slack for the clocks.
        self.reopen_window = key_cache_ttl + url_ttl + 1.0
        self._closing: list[tuple[float, str]] = []  # (when, key channel): a revoked key's second close
        self.keepalive, self.lease_seconds, self.clock = keepalive, lease_seconds, clock
        self._sent: dict[str, float] = {}  # channel -> when it last had a message from this publisher
        self._counts: dict[str, int] = {}  # channel -> messages the engine held after our last publish
        self._names: dict[str, str] | None = None  # channel -> its name in the engine when moved (read once elected)
        self._taking_over = True  # the first event after a takeover may be in some channels already
        self._marked = False  # pending names the event after the cursor (written with the cursor)
        self._lease: Any = None  # the lease held while serving (renewed as the work goes, never only between rounds)
        self._renewed = float("-inf")

    # One step (what the loop does each time it is woken; the tests call it directly)

    def publish_pending(self) -> int:
        """Publish every committed event after the cursor, in order; the number published."""
        published = self.ledger.published()
        if published is None:  # a new floor: publish from now on
            self.ledger.start_at(event_log.newest_event_id(self.db))
            published = self.ledger.published() or 0
        self._close_revoked()
        count = 0
        while True:
            records = event_log.events_after(self.db, published, PAGE)
            for record in records:
                self._publish(record)
                published, count = record.id, count + 1
            if len(records) < PAGE:
                return count

    def _publish(self, record: EventRecord) -> None:
        body = frame_of(record).payload[:-1]  # the engine's separator ends the block
        landed = self._taking_over and self._unnoted(record.id)  # the previous publisher may have been posting it
        if not self._marked:  # pending does not already name the event after the cursor (a takeover, keep-alives)
            self.ledger.posting(record.id)
        notes: list[tuple[str, str]] = []  # (channel, the engine's message id), written once the event is everywhere
        lost: list[str] = []
        posting = []
        for channel in event_channels(self.prefix, record.table_id, record.audience):
            if self._taking_over and self.ledger.newest(channel) >= record.id:
                continue  # the previous publisher put it there before it stopped
            if landed and (found := self._landed(channel, record.id)) is not None:
                notes.append((channel, found))  # ... and was killed before noting it
                continue
            posting.append(channel)
        answers = self.engine.publish_many([(self._name(channel), body) for channel in posting], self.renew)  # at once
        for channel, answer in zip(posting, answers):
            before = self._counts.get(channel, 0)
            if answer.messages < before or (answer.messages == 1 and before):  # the engine lost the channel's messages
                lost.append(channel)
            notes.append((channel, answer.message_id))
            self._counts[channel] = answer.messages
            self._sent[channel] = self.clock()
        for channel in self._grant_channels(record):  # its streams end now, and those reopened while the workers'
            self.engine.delete(channel)              # key cache still trusted the key (or with a URL signed then),
            self._closing.append((self.clock() + self.reopen_window, channel))  # later
        self.ledger.record(record.id, notes, lost)  # one round trip: the notes, the cursor, pending (the next event)
        self._taking_over, self._marked = False, True

    def _unnoted(self, event_id: int) -> bool:
        """Whether the previous publisher may have posted `event_id` (the first after the cursor) unnoted: pending
        names it, or the event after the cursor (not 0: it was posting keep-alives)."""
        pending = self.ledger.pending()
        return pending != 0 and pending in (event_id, self.ledger.published())

    def _grant_channels(self, record: EventRecord) -> list[str]:
        """The channels an event closes: a revoked key's, the ended page sessions'."""
        if record.type == "key_revoked":
            return [key_channel(self.prefix, int(record.data["key_id"]))]
        if record.type == "page_sessions_ended":
            return [session_channel(self.prefix, int(session_id)) for session_id in record.data["session_ids"]]
        return []

    def _landed(self, channel: str, event_id: int) -> str | None:
        """The engine's id of the previous publisher's post of `event_id` to `channel` when it landed unnoted (it was
        killed between the engine's answer and Redis's): the channel's newest message is not the newest noted."""
        info = self.engine.info(self._name(channel))
        if info is None or info.message_id == self.ledger.last(channel):
            return None
        self._counts[channel] = info.messages
        log.warning("engine: event %d was in %s unnoted (its publisher was killed); not posted again", event_id, channel)
        return info.message_id

    def take_over(self, lease: Any) -> None:
        """Publish under a lease just taken: the first event may be in some channels already (a predecessor's), and
        the moved channels' names are read again."""
        self._taking_over, self._marked, self._names = True, False, None
        self.hold(lease)

    def hold(self, lease: Any) -> None:
        """Publish under `lease` (None: none), renewing it as the work goes."""
        self._lease, self._renewed = lease, self.clock()

    def renew(self) -> None:
        """Renew the lease every third of its time, between two posts to the engine: a long round
        (a backlog, hundreds of quiet channels on a loaded machine) never outlasts it."""
        if self._lease is not None and self.clock() - self._renewed >= self.lease_seconds / 3:
            self._lease.reacquire()  # LockNotOwnedError if another took over: start again
            self._renewed = self.clock()

    def _close_revoked(self) -> None:
        """The second close of each revoked key's streams that is due: by then no worker trusts the key."""
        now = self.clock()
        due = [channel for when, channel in self._closing if when <= now]
        self._closing = [(when, channel) for when, channel in self._closing if when > now]
        for channel in due:
            self.engine.delete(channel)

    def keep_alive(self, table_ids: list[int]) -> int:
        """A keep-alive comment to each channel (every table's, the floor's) that had no message from
        this publisher for two thirds of the keep-alive interval (the loop comes by every third, so no
        channel is quiet for longer than the interval); the number sent."""
        now = self.clock()
        channels = [f"{self.prefix}{scope}{suffix}" for scope in [FLOOR, *(f"t{t}" for t in table_ids)]
                    for suffix in ("", OPS)]
        due = [channel for channel in channels if now - self._sent.get(channel, float("-inf")) >= self.keepalive * 2 / 3]
        if not due:
            return 0
        with self._posting_no_event() as published:
            body, answers = keepalive_at(published), []
            for channel in due:
                answers.append((channel, self.engine.publish(self._name(channel), body)))
                self.renew()
            # one round trip: the notes, and pending back to the next event
            self.ledger.posted([(channel, answer.message_id) for channel, answer in answers], published)
        # Sent once noted: a round the engine cut (a node restarting) leaves its channels due, so the loop's first round
        # once elected again notes their newest message before an event can be taken for it.
        for channel, answer in answers:
            self._counts[channel], self._sent[channel] = answer.messages, now
        return len(answers)

    @contextmanager
    def _posting_no_event(self) -> Iterator[int]:
        """Posts that are no event's (keep-alives, a moved channel's): pending is 0 while they go (a takeover then posts
        keep-alives first), and they tell the cursor (`published`); the ledger's note after them sets pending back."""
        self.ledger.posting(0)
        self._marked = False
        published = self.ledger.published() or 0
        yield published
        self._marked = published != 0  # (0: no cursor yet, pending stays 0 until the first event's posting)

    def _name(self, channel: str) -> str:
        """The channel's name in the engine (its own unless moved)."""
        if self._names is None:
            self._names = self.ledger.names()
        return self._names.get(channel, channel)

    # Channels that deliver nothing

    def check_channels(self) -> list[str]:
        """Move each channel its probe found delivering nothing, and probe the channels resuming streams found silent
        since (probe.Watch); the channels moved."""
        if self.watch is None:
            return []
        now = self.clock()
        moved = self.watch.deaf(now)
        for channel in moved:
            self._move(channel)
        self.watch.listen(now, self._name)
        return moved

    def _move(self, channel: str) -> None:
        """Give `channel` a new name in the engine holding the same events: each the ledger notes on it (those still in
        the log, from the newest pruned one on), then a keep-alive; noted with the name in one transaction, after which
        the old name is deleted (its streams end; their clients resume from the new one through roadsvc)."""
        old, name = self._name(channel), self.ledger.new_name(channel)
        with self._posting_no_event() as published:  # a takeover meanwhile goes on under the old name
            noted = self.ledger.events(channel)
            records = event_log.events_by_id(self.db, noted)
            kept = {record.id for record in records}
            pruned = max((event_id for event_id in noted if event_id not in kept), default=0)
            notes = []
            for record in records:
                if record.id > pruned:  # a stream resuming before a pruned event is served by roadsvc (no gap)
                    notes.append((record.id, self.engine.publish(name, frame_of(record).payload[:-1]).message_id))
                    self.renew()
            answer = self.engine.publish(name, keepalive_at(published))
            self.ledger.moved(channel, name, notes, answer.message_id, published)
        self._names[channel] = name
        self._counts[channel], self._sent[channel] = answer.messages, self.clock()
        self.engine.delete(old)
        log.warning("engine: %s delivered nothing; moved to %s with its %d events", old, name, len(notes))
