"""What a waiting stream parks on: its own alarm, made once with the stream and rung by the hub.

Under gevent (`roadsvc serve`'s workers) an alarm is a gevent `Waiter`: waiting switches to the
event loop and allocates nothing, and the hub rings it from the loop (`run_callback`). A stream
that instead waited on a shared event made a bound `switch` method and a link each time it
waited; with 20,000 streams those objects lived through the wait into the collector's young
generation (forty thousand of them), which every collection then walked inside a dealer's post
(docs/performance.md). Without gevent (threads: the tests, `flask run`) an alarm is a
`threading.Event`.
"""

from __future__ import annotations

import threading
from typing import Protocol

import gevent
from gevent import get_hub, monkey
from gevent.hub import Waiter


class Ringable(Protocol):
    """What the hub keeps for a waiting stream: rung when it has something for it, closed when
    the hub stops."""

    def ring(self) -> None: ...

    def close(self) -> None: ...


class Alarm(Ringable, Protocol):
    def wait(self) -> None: ...


def new_alarm() -> Alarm:
    """An alarm for the calling stream (a greenlet's under gevent, else a thread's)."""
    return GreenletAlarm() if monkey.is_module_patched("threading") else ThreadAlarm()


def next_turn() -> None:
    """Under gevent, let the event loop go round once before going on: it reads the sockets that
    are ready (a dealer's post) and runs the streams already rung. gevent: a sleep of more than 0
    "will delay running this greenlet until the next iteration of the loop". With threads, nothing."""
    if monkey.is_module_patched("threading"):
        gevent.sleep(1e-6)


class GreenletAlarm:
    __slots__ = ("_waiter", "_loop")

    def __init__(self) -> None:
        self._waiter, self._loop = Waiter(), get_hub().loop

    def wait(self) -> None:
        self._waiter.get()

    def ring(self) -> None:
        """Wake the waiting greenlet from the event loop (a ring before the wait is kept)."""
        self._loop.run_callback(self._waiter.switch, None)

    def close(self) -> None:
        """Nothing: the server closes the stream's connection."""


class ThreadAlarm:
    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def wait(self) -> None:
        self._event.wait()
        self._event.clear()

    def ring(self) -> None:
        self._event.set()

    def close(self) -> None:
        """Nothing: the server closes the stream's connection."""
