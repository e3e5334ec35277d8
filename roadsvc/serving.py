"""A serving worker's life, and a deploy that never leaves the requests without a ready worker.

gunicorn's master loads roadsvc's hooks file (roadsvc.gunicorn_config) and worker class
(roadsvc.stream.worker) and nothing else of roadsvc: each worker imports the code on disk as it
starts, so a worker started after a deploy runs the new code (tests/cli/test_cli_reload.py).

Each worker, once its app is built and warmed (gunicorn's post_worker_init), freezes its
start-up heap (roadsvc.heap) and marks itself ready: a file named by its pid in the instance
folder's `serving/`, holding its master's pid, removed as it exits.

`Reload` replaces a master's workers one at a time (`roadsvc reload`, docs/operations.md): one
more worker (SIGTTIN), and once it is ready one fewer (SIGTTOU: gunicorn stops the oldest, which
finishes what it holds). gunicorn's own SIGHUP stops the old workers as it forks the new ones,
and a new one takes seconds to build the app: every request waited that long.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any, Callable

from roadsvc.heap import FullCollections, freeze_startup_heap

PATIENCE = 120.0  # seconds a reload waits for a new worker to be ready, or an old one to finish
POLL = 0.05


def ready_folder(settings: dict[str, Any]) -> Path:
    return Path(settings["INSTANCE_PATH"]) / "serving"


class ServingWorker:
    """One worker process's hooks: its heap frozen and full collections between requests (unless
    ROADSVC_GC_FREEZE=0), its ready mark."""

    def __init__(self, worker: Any, settings: dict[str, Any]):
        self.worker, self.settings = worker, settings
        self.collections = FullCollections()
        self.mark = ready_folder(settings) / str(worker.pid)

    def started(self) -> None:
        log, pid = self.worker.log, self.worker.pid
        if self.settings["GC_FREEZE"]:
            frozen = freeze_startup_heap()
            self.collections.install()
            log.info("roadsvc worker %s: start-up heap frozen (%d objects); full collections run between requests",
                     pid, frozen)
        else:
            log.info("roadsvc worker %s: garbage collector left as CPython sets it (ROADSVC_GC_FREEZE=0)", pid)
        self.mark.parent.mkdir(parents=True, exist_ok=True)
        self.mark.write_text(str(self.worker.ppid))

    def exited(self) -> None:
        self.mark.unlink(missing_ok=True)


def parent_of(pid: int) -> int | None:
    """The parent of a live process (Linux's /proc), None once it has ended (a zombie too)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = stat.rsplit(")", 1)[1].split()[:2]
    return None if state in ("Z", "X") else int(parent)


class ReloadFailed(Exception):
    pass


class Reload:
    """Replace `master`'s ready workers one at a time (the module docstring). `say` is told each step."""

    def __init__(self, master: int, folder: Path, say: Callable[[str], None] = print,
                 clock: Callable[[], float] = time.monotonic, pause: Callable[[float], None] = time.sleep,
                 patience: float = PATIENCE):
        self.master, self.folder, self.say = master, folder, say
        self.clock, self.pause, self.patience = clock, pause, patience

    def ready(self) -> set[int]:
        """The master's workers that are ready now (a stale mark, of a process gone, is removed)."""
        pids = set()
        for mark in self.folder.glob("*") if self.folder.is_dir() else ():
            if not mark.name.isdigit():
                continue
            parent = parent_of(int(mark.name))
            if parent == self.master:
                pids.add(int(mark.name))
            elif parent is None:
                mark.unlink(missing_ok=True)
        return pids

    def run(self) -> list[int]:
        """The new workers' pids, once every old one has retired."""
        if parent_of(self.master) is None:
            raise ReloadFailed(f"no process {self.master}: is roadsvc serving?")
        old = self.ready()
        if not old:
            raise ReloadFailed(f"process {self.master} has no ready roadsvc worker (is it roadsvc's gunicorn master?)")
        for _ in old:
            before = self.ready()
            os.kill(self.master, signal.SIGTTIN)
            new = self.wait_for(lambda: self.ready() - before, "a new worker to be ready")
            self.say(f"worker {min(new)} ready")
            os.kill(self.master, signal.SIGTTOU)
            gone = self.wait_for(lambda: (old & before) - self.ready(), "an old worker to finish")
            self.say(f"worker {min(gone)} retired")
        return sorted(self.ready() - old)

    def wait_for(self, found: Callable[[], set[int]], what: str) -> set[int]:
        deadline = self.clock() + self.patience
        while not (pids := found()):
            if parent_of(self.master) is None:
                raise ReloadFailed(f"process {self.master} ended while waiting for {what}")
            if self.clock() > deadline:
                raise ReloadFailed(f"waited {self.patience:.0f} s for {what}; the workers are as they are now "
                                   f"(ready: {sorted(self.ready())})")
            self.pause(POLL)
        return pids
