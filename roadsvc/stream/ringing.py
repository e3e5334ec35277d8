"""How the hub wakes its waiting streams (roadsvc.stream.hub): a batch at a time, the event loop going round
between batches; and the keep-alive tick's steps, each table in one of them."""

from __future__ import annotations

import logging

from roadsvc.stream.alarms import Ringable, next_turn

log = logging.getLogger("roadsvc.stream.hub")  # the hub's log: a stream that failed when rung
STEPS = 20  # the keep-alive tick's steps: the tables of one step are those with id % STEPS == step
TICKS_PER_INTERVAL = 3  # rounds of the tick a keep-alive interval (every-table streams: step 0)
RING_BATCH = 32  # streams woken between two turns of the event loop


def ring(alarms: list[list[Ringable]]) -> None:
    """Ring the alarms, RING_BATCH at a time: between batches the worker's event loop goes round
    (a post that arrived waits for one batch of streams, not for every display of the table)."""
    rung = 0
    for some in alarms:
        for alarm in some:
            try:
                alarm.ring()
            except Exception:  # noqa: BLE001 - one stream's failure never holds up the others'
                log.exception("event hub: a stream failed when rung; closed")
                alarm.close()
            rung += 1
            if rung % RING_BATCH == 0:
                next_turn()


def step_of(key: int | None) -> int:
    return (key or 0) % STEPS
