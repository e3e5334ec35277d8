"""What the publisher has published, in Redis, shared by every roadsvc machine:

- `<prefix>published`: the id of the newest event published to all its channels (the publisher's cursor);
- `<prefix>ids:<channel>`: a sorted set of the engine's message ids of the channel's newest events
  (score: the event's id), the last `keep` of them: a stream resuming after event N on a channel is
  handed to the engine from the message of the newest event <= N there;
- `<prefix>pending`: what the publisher may be posting: 0 keep-alives (set before the first), else the
  event after the cursor (the cursor itself, written with it, or that event's id), and `<prefix>last`:
  each channel's newest message posted (an event's or a keep-alive's): a publisher taking over finds
  whether its killed predecessor's last post landed without being noted (the channel's newest message in
  the engine is not the one noted last);
- `<prefix>lease`: the elected publisher (a lock with a timeout, renewed while it publishes), whose
  value names it: `<host>:<pid>:<tag>`;
- `<prefix>names`: the engine's name of each channel the publisher moved (`<channel>-<n>`, n from the counter
  `<prefix>moves`; a channel not there is under its own name), and `<prefix>suspects`: the channels a
  resuming stream found silent (score: how many streams did), which the publisher checks (docs/events.md,
  *A channel that delivers nothing*). A channel's ids and last message are kept under its own name whatever
  its name in the engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import redis


# A resuming stream's place, read at once: the channel's name in the engine (KEYS[1] names, ARGV[1] the channel),
# the cursor (KEYS[2]), and of the channel's message ids (KEYS[3]) the newest of an event <= ARGV[2] and the
# oldest of one after it. Four values, each nil where there is none (Lua's false: a nil would end the list).
PLACE = """
local name = redis.call('HGET', KEYS[1], ARGV[1])
local published = redis.call('GET', KEYS[2])
local found = redis.call('ZREVRANGEBYSCORE', KEYS[3], ARGV[2], '-inf', 'LIMIT', 0, 1)
local missed = redis.call('ZRANGEBYSCORE', KEYS[3], '(' .. ARGV[2], '+inf', 'LIMIT', 0, 1)
return {name, published, found[1] or false, missed[1] or false}
"""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a stream of a channel goes on in the engine."""

    name: str  # the channel's name in the engine now
    message_id: str | None  # the engine's message to go on after (None: from the next)
    silent: bool = False  # the stream missed an event published longer ago than `silent_after`: its channel may deliver nothing


class Ledger:
    def __init__(self, url: str, prefix: str, *, keep: int = 1000, max_age: float = 3000.0, silent_after: float = 15.0,
                 clock: Callable[[], float] = time.time):
        """`keep` (fewer than the engine's nchan_message_buffer_length) and `max_age` (seconds, less than
        its nchan_message_timeout): a message older than either may have left the engine's buffer;
        `silent_after`: a resuming stream that missed an event published longer ago found its channel silent;
        `clock`: Unix seconds, as the engine's message ids tell time."""
        self.redis = redis.Redis.from_url(url)
        self._place = self.redis.register_script(PLACE)
        self.prefix, self.keep, self.max_age, self.silent_after, self.clock = prefix, keep, max_age, silent_after, clock

    def published(self) -> int | None:
        value = self.redis.get(self.prefix + "published")
        return None if value is None else int(value)

    def start_at(self, event_id: int) -> None:
        """The cursor of a floor that never published: nothing before `event_id` is published."""
        self.redis.set(self.prefix + "published", event_id, nx=True)

    def note(self, channel: str, event_id: int, message_id: str) -> None:
        """Event `event_id` is now in `channel` as the engine's message `message_id` (one round trip)."""
        key = self._ids(channel)
        pipe = self.redis.pipeline(transaction=True)
        pipe.zadd(key, {message_id: event_id})
        pipe.zremrangebyrank(key, 0, -self.keep - 1)
        pipe.hset(self.prefix + "last", channel, message_id)
        pipe.execute()

    def record(self, event_id: int, notes: list[tuple[str, str]], lost: list[str] = ()) -> None:
        """Event `event_id` is in all its channels, each as the engine's message noted (`notes`: channel, message
        id), the channels in `lost` lost their earlier messages, and the cursor moves to it: one round trip (a
        transaction, all or nothing), which also says the publisher goes on with the event after it (pending)."""
        pipe = self.redis.pipeline(transaction=True)
        for channel in lost:
            pipe.delete(self._ids(channel))
            pipe.hdel(self.prefix + "last", channel)
        for channel, message_id in notes:
            key = self._ids(channel)
            pipe.zadd(key, {message_id: event_id})
            pipe.zremrangebyrank(key, 0, -self.keep - 1)
        if notes:
            pipe.hset(self.prefix + "last", mapping=dict(notes))
        pipe.set(self.prefix + "published", event_id)
        pipe.set(self.prefix + "pending", event_id)
        pipe.execute()

    def posted(self, notes: list[tuple[str, str]], published: int) -> None:
        """Keep-alives are now these channels' newest messages (channel, message id), and the publisher goes on
        with the event after the cursor `published` (pending): one round trip."""
        pipe = self.redis.pipeline(transaction=True)
        if notes:
            pipe.hset(self.prefix + "last", mapping=dict(notes))
        pipe.set(self.prefix + "pending", published)
        pipe.execute()

    def last(self, channel: str) -> str | None:
        """The engine's id of the newest message posted to `channel` and noted (None: none)."""
        value = self.redis.hget(self.prefix + "last", channel)
        return None if value is None else value.decode()

    def posting(self, event_id: int) -> None:
        """The publisher is about to post event `event_id` (0: keep-alives) to its channels (needed only when
        pending does not already name the event after the cursor: record, posted)."""
        self.redis.set(self.prefix + "pending", event_id)

    def pending(self) -> int:
        value = self.redis.get(self.prefix + "pending")
        return 0 if value is None else int(value)

    def newest(self, channel: str) -> int:
        """The newest event id recorded on `channel` (0: none)."""
        found = self.redis.zrevrange(self._ids(channel), 0, 0, withscores=True)
        return int(found[0][1]) if found else 0

    def handover(self, channel: str, after: int | None) -> Place | None:
        """Where a stream of `channel` goes on: from the start (`after` None), or from the engine's message of the newest
        event <= `after` (the last it has seen); None when the engine may not hold that message (roadsvc then serves the
        stream): `after` is not published yet, or its message is older than the engine keeps. One round trip and one
        reply (a storm of reconnects asks it 20,000 times in seconds): the channel's name, the cursor and its messages
        read together by a script (PLACE)."""
        if after is None:
            name = self.redis.hget(self.prefix + "names", channel)
            return Place(channel if name is None else name.decode(), None)
        keys = [self.prefix + "names", self.prefix + "published", self._ids(channel)]
        name, published, found, missed = self._place(keys=keys, args=[channel, after])
        if published is None or after > int(published) or found is None:
            return None
        message_id = found.decode()
        now = self.clock()
        if now - _sent_at(message_id) >= self.max_age:
            return None
        silent = missed is not None and now - _sent_at(missed.decode()) > self.silent_after
        return Place(channel if name is None else name.decode(), message_id, silent)

    def suspect(self, channel: str) -> None:
        """A resuming stream found `channel` silent: the publisher checks it."""
        self.redis.zincrby(self.prefix + "suspects", 1, channel)

    def suspects(self, count: int) -> list[str]:
        """Take the `count` channels the most streams found silent (each taken once)."""
        return [member.decode() for member, _ in self.redis.zpopmax(self.prefix + "suspects", count)]

    def names(self) -> dict[str, str]:
        """The engine's name of each channel moved (the others keep their own)."""
        return {channel.decode(): name.decode() for channel, name in self.redis.hgetall(self.prefix + "names").items()}

    def new_name(self, channel: str) -> str:
        """A name the engine has never had for `channel` (a move killed halfway leaves its name unused)."""
        return f"{channel}-{self.redis.incr(self.prefix + 'moves')}"

    def events(self, channel: str) -> list[int]:
        """The ids of the events noted on `channel`, oldest first (its newest `keep`)."""
        return [int(score) for _, score in self.redis.zrange(self._ids(channel), 0, -1, withscores=True)]

    def moved(self, channel: str, name: str, notes: list[tuple[int, str]], last: str, published: int) -> None:
        """`channel` is now `name` in the engine, holding these events (event id, message id) and then the message `last`
        (a keep-alive); the publisher goes on with the event after the cursor `published`: one round trip."""
        key = self._ids(channel)
        pipe = self.redis.pipeline(transaction=True)
        pipe.delete(key)
        if notes:
            pipe.zadd(key, {message_id: event_id for event_id, message_id in notes})
        pipe.hset(self.prefix + "last", channel, last)
        pipe.hset(self.prefix + "names", channel, name)
        pipe.set(self.prefix + "pending", published)
        pipe.execute()

    def lease(self, seconds: float) -> redis.lock.Lock:
        """The publisher's lease: `acquire(blocking=False)` to be elected, `reacquire()` to keep it."""
        return self.redis.lock(self.prefix + "lease", timeout=seconds, blocking=False)

    def holder(self) -> str | None:
        """The publisher holding the lease (`<host>:<pid>:<tag>`), None when none does."""
        value = self.redis.get(self.prefix + "lease")
        return None if value is None else value.decode()

    def _ids(self, channel: str) -> str:
        return f"{self.prefix}ids:{channel}"


def _sent_at(message_id: str) -> int:
    """When the engine stored a message (its id is `<Unix seconds>:<tag>`)."""
    return int(message_id.split(":", 1)[0])
