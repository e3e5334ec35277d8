"""A flush probe: what the machine's disk is doing while a benchmark runs.

Every 50 ms a thread writes 4 KB to a file and fdatasyncs it (what a durable commit waits
for), and keeps how long each took. Printed under a result line, its p50, p99 and worst
stall tell a MISS caused by the disk (a shared or stalling machine) from one caused by the
service: a post can wait for a flush, so no post should wait much longer than the worst.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median, quantiles

STALL_MS = 20.0


@dataclass(frozen=True)
class ProbeFigures:
    samples: int
    p50_ms: float
    p99_ms: float
    worst_ms: float
    stalls: int  # flushes over STALL_MS

    def line(self) -> str:
        return (f"flush probe (4 KB + fdatasync every 50 ms, {self.samples} flushes): p50 {self.p50_ms:.2f} ms, "
                f"p99 {self.p99_ms:.2f} ms, worst {self.worst_ms:.1f} ms, {self.stalls} over {STALL_MS:.0f} ms")


class FlushProbe:
    """Use as a context manager around a phase; `figures` afterwards."""

    def __init__(self, folder: Path | str | None = None, every: float = 0.05):
        self.folder, self.every = folder, every
        self.flushes: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flush-probe", daemon=True)

    def __enter__(self) -> "FlushProbe":
        self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        block = os.urandom(4096)
        with tempfile.NamedTemporaryFile(dir=self.folder, prefix="flush-probe-") as file:
            fd, due = file.fileno(), time.perf_counter()
            while not self._stop.is_set():
                start = time.perf_counter()
                os.pwrite(fd, block, 0)
                os.fdatasync(fd)
                self.flushes.append((time.perf_counter() - start) * 1000)
                due += self.every
                self._stop.wait(max(0.0, due - time.perf_counter()))

    def figures(self) -> ProbeFigures:
        flushes = self.flushes or [0.0]
        p99 = quantiles(flushes, n=100, method="inclusive")[98] if len(flushes) > 1 else flushes[0]
        return ProbeFigures(len(self.flushes), median(flushes), p99, max(flushes),
                            sum(ms > STALL_MS for ms in flushes))
