"""The displays of bench/events.py: thousands of event streams, held by several client
processes so that the clients are not the limit (each process reports its own CPU). Two kinds:
`NativeDisplayClients` (the default), processes of bench/_displays.c, one epoll loop each, compiled
here with the machine's C compiler; `DisplayClients`, Python processes of one asyncio loop each,
which take most of a core at 50,000 streams (bench/events.py --clients-kind asyncio).

Each process is one asyncio loop holding its share of the streams, each filtered to one
table, from a loopback source address of its own (127.0.1.1 + its index: one address has
28,000 ephemeral ports). It records when each `hand` event arrives (CLOCK_MONOTONIC is
one clock for every process) and parses the blocks only when asked for them, after the
phase, so the reading stays cheap while the clock runs.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import multiprocessing
import os
import re
import resource
import subprocess
import time
from pathlib import Path

from _sse import request_bytes

LOCATION = re.compile(rb"^location: *(\S+)\r$", re.IGNORECASE | re.MULTILINE)
EMPTY = re.compile(rb"^content-length: *0\r$", re.IGNORECASE | re.MULTILINE)
CLOSE = re.compile(rb"^connection: *close\r$", re.IGNORECASE | re.MULTILINE)
HAND = re.compile(rb'event: hand\ndata: \{"table_id":(\d+),.*?"number":(\d+)')
OPENING = 100  # streams each process has connecting at once (more overflow the server's accept queue,
               # and a dropped SYN costs its client a second or more)


class Displays:
    """In a child process: `open` up to a count of streams, `collect` the arrivals, `stop`."""

    def __init__(self, host: str, port: int, key: str, table_ids: list[int], source: str, opening: bool = True,
                 same_connection: bool = False):
        self.host, self.port, self.key, self.table_ids, self.source = host, port, key, table_ids, source
        self.opening_block = opening  # roadsvc's own stream opens with `retry:` and a comment; the engine's does not
        self.same_connection = same_connection  # a redirect followed on the same (kept-alive) connection
        self.arrivals: list[tuple[float, bytes]] = []
        self.streams: list[asyncio.Task] = []
        self.established = self.failed = 0
        self.opening: asyncio.Semaphore | None = None

    async def connect(self, table: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """An open stream (its headers and first block read), or None (counted as failed). A redirect (the
        engine's signed URL) is followed as EventSource follows it: on a new connection, or with
        `same_connection` on the first one, kept alive (as a browser does)."""
        async with self.opening:
            path, writer = f"/api/v1/events?table_id={table}", None
            for _ in range(3):
                if writer is None:
                    try:
                        reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=(self.source, 0))
                    except OSError:
                        self.failed += 1
                        return None
                keep = self.same_connection and path.startswith("/api/")
                writer.write(request_bytes(f"{self.host}:{self.port}", path, self.key, keep_alive=keep))
                status = await reader.readline()
                head = await reader.readuntil(b"\r\n\r\n")
                location = LOCATION.search(head)
                if b" 307 " in status and location:
                    path = location[1].decode("latin-1")
                    if not (keep and EMPTY.search(head) and not CLOSE.search(head)):
                        writer.close()
                        writer = None
                    continue
                if b" 200 " not in status:
                    break
                if self.opening_block:
                    await reader.readuntil(b"\n\n")  # retry: and the opening comment
                self.established += 1
                return reader, writer
            self.failed += 1
            if writer is not None:
                writer.close()
            return None

    async def display(self, table: int) -> None:
        try:
            opened = await self.connect(table)
        except (OSError, asyncio.IncompleteReadError):
            self.failed += 1
            return
        if opened is None:
            return
        reader, writer = opened
        try:
            while True:
                block = await reader.readuntil(b"\n\n")
                if b"event: hand" in block:
                    self.arrivals.append((time.monotonic(), block))
        except (OSError, asyncio.IncompleteReadError):
            return
        finally:
            writer.close()

    async def open(self, count: int) -> tuple[int, int]:
        self.opening = self.opening or asyncio.Semaphore(OPENING)
        while len(self.streams) < count:
            table = self.table_ids[len(self.streams) % len(self.table_ids)]
            self.streams.append(asyncio.create_task(self.display(table)))
        deadline = time.monotonic() + 180
        while self.established + self.failed < count and time.monotonic() < deadline:  # every stream answered
            await asyncio.sleep(0.1)
        # The openings' garbage (a redirected stream's first connection: asyncio's reader, protocol and
        # transport refer to each other) collected now, and the streams' objects moved out of the
        # collector's reach: a full collection over them in the middle of a step stalled this process's
        # reading (tens to hundreds of ms: the deliveries' p99 was the clients', not the engine's).
        gc.collect()
        gc.freeze()
        return self.established, self.failed

    def collect(self) -> list[tuple[int, int, float, int]]:
        """(table, hand number, arrival, -1: these displays are not told apart) of every hand event since the
        last collect."""
        found = [(int(m[1]), int(m[2]), at, -1) for at, block in self.arrivals if (m := HAND.search(block))]
        self.arrivals = []
        return found

    async def serve(self, conn) -> None:
        loop = asyncio.get_running_loop()
        while True:
            command, argument = await loop.run_in_executor(None, conn.recv)
            if command == "open":
                conn.send(await self.open(argument))
            elif command == "collect":
                conn.send(self.collect())
            else:
                for task in self.streams:
                    task.cancel()
                return


def run(conn, host: str, port: int, key: str, table_ids: list[int], source: str, niceness: int = 0,
        opening: bool = True, same_connection: bool = False) -> None:
    if niceness:
        os.nice(niceness)  # the server first: thousands of real displays do not share its cores
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(Displays(host, port, key, table_ids, source, opening, same_connection).serve(conn))


class DisplayClients:
    """`processes` client processes sharing the displays; each step asks all of them at once."""

    def __init__(self, processes: int, host: str, port: int, key: str, table_ids: list[int], niceness: int = 0,
                 opening: bool = True, same_connection: bool = False):
        self.conns, self.children = [], []
        for index in range(processes):
            conn, child_conn = multiprocessing.Pipe()
            child = multiprocessing.Process(target=run, daemon=True,
                                            args=(child_conn, host, port, key, table_ids, f"127.0.1.{1 + index}", niceness, opening,
                                                  same_connection))
            child.start()
            self.conns.append(conn)
            self.children.append(child)

    def ask(self, command: str, argument=None) -> list:
        for conn in self.conns:
            conn.send((command, argument))
        return [conn.recv() for conn in self.conns]

    def open(self, total: int) -> tuple[int, int]:
        """Streams open in all (spread evenly), and how many were refused."""
        share = [total // len(self.conns) + (index < total % len(self.conns)) for index in range(len(self.conns))]
        for conn, count in zip(self.conns, share):
            conn.send(("open", count))
        answers = [conn.recv() for conn in self.conns]
        return sum(open_ for open_, _ in answers), sum(failed for _, failed in answers)

    def collect(self) -> list[tuple[int, int, float, int]]:
        return [arrival for part in self.ask("collect") for arrival in part]

    def tables_of(self) -> None:
        """Not told apart: the bench counts these displays' deliveries per table only."""
        return None

    @property
    def pids(self) -> list[int]:
        return [child.pid for child in self.children]

    def stop(self) -> None:
        for conn in self.conns:
            conn.send(("stop", None))
        for child in self.children:
            child.join(timeout=10)
            if child.is_alive():
                child.kill()


NATIVE_SOURCE = Path(__file__).with_name("_displays.c")


def native_program() -> Path:
    """bench/_displays.c compiled (once per version of its source) into ~/.cache/roadsvc-bench."""
    source = NATIVE_SOURCE.read_bytes()
    program = Path.home() / ".cache" / "roadsvc-bench" / f"displays-{hashlib.sha1(source).hexdigest()[:12]}"
    if not program.exists():
        program.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", str(program), str(NATIVE_SOURCE)], check=True)
    return program


FIRST_STRIDE = 1_000_000  # client process i's displays are numbered i * FIRST_STRIDE + 0, 1, ...


class NativeDisplayClients:
    """The same displays as DisplayClients (the same interface), each client process a bench/_displays.c,
    following the client rules of docs/events.md: a stream that ends or stays silent for `silence` seconds (0:
    never) is reopened with Last-Event-ID after a random time up to `spread` seconds, a failed attempt after a
    back-off with jitter. `paths`: the path each table's streams open (the engine alone: its signed URLs), None
    for /api/v1/events?table_id=N."""

    def __init__(self, processes: int, host: str, port: int, key: str, table_ids: list[int], niceness: int = 0,
                 opening: bool = True, silence: float = 0.0, paths: list[str] | None = None, spread: float = 10.0):
        program, tables = str(native_program()), ",".join(map(str, table_ids))
        self.table_ids, self.shares = table_ids, [0] * processes
        self.children = [
            subprocess.Popen([program, host, str(port), key, f"127.0.1.{1 + index}", tables, str(int(opening)),
                              f"{silence:g}", ",".join(paths) if paths else "-", str(index * FIRST_STRIDE),
                              f"{spread:g}"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                             preexec_fn=(lambda: os.nice(niceness)) if niceness else None)
            for index in range(processes)]

    def _tell(self, line: str) -> None:
        for child in self.children:
            child.stdin.write(line + "\n")
            child.stdin.flush()

    def open(self, total: int) -> tuple[int, int]:
        share = [total // len(self.children) + (index < total % len(self.children)) for index in range(len(self.children))]
        self.shares = [max(old, new) for old, new in zip(self.shares, share)]
        for child, count in zip(self.children, share):
            child.stdin.write(f"open {count}\n")
            child.stdin.flush()
        answers = [tuple(map(int, child.stdout.readline().split())) for child in self.children]
        return sum(open_ for open_, _ in answers), sum(failed for _, failed in answers)

    def tables_of(self) -> dict[int, int]:
        """display -> the table it reads (client i's display k reads table_ids[k % n])."""
        n = len(self.table_ids)
        return {index * FIRST_STRIDE + k: self.table_ids[k % n]
                for index, count in enumerate(self.shares) for k in range(count)}

    def collect(self) -> list[tuple[int, int, float, int]]:
        """(table, hand number, arrival, display) of every hand event since the last collect."""
        self._tell("collect")
        found = []
        for child in self.children:
            while (line := child.stdout.readline()) != ".\n":
                if not line:
                    raise RuntimeError(f"display client {child.pid} ended (exit status {child.poll()})")
                table, number, at, display = line.split()
                found.append((int(table), int(number), float(at), int(display)))
        return found

    def status(self) -> tuple[int, int, int, int, int, int, int]:
        """(displays streaming now, reconnections so far, of them after a silence, displays ended for good, gaps
        seen: events dropped for a revision not expected, their streams reopened, events received again: an id
        at or below the display's last, ignored by the client rules and not counted as arrivals, hands of a table
        other than the display's)."""
        self._tell("status")
        answers = [tuple(map(int, child.stdout.readline().split())) for child in self.children]
        return tuple(sum(column) for column in zip(*answers))  # type: ignore[return-value]

    @property
    def pids(self) -> list[int]:
        return [child.pid for child in self.children]

    def stop(self) -> None:
        for child in self.children:
            try:
                child.communicate("stop\n", timeout=10)  # and closes its pipes
            except subprocess.TimeoutExpired:
                child.kill()
                child.communicate()
