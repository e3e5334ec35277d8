"""Run a check in a forked child (as gunicorn --preload forks its workers) and get its answer."""

from __future__ import annotations

import os
from typing import Callable


def answer_from_forked_child(child: Callable[[], bytes]) -> bytes:
    """Fork; the child runs `child` and writes what it returns to a pipe; return those bytes."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.write(write, child())
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 64)
    os.close(read)
    os.waitpid(pid, 0)
    return answer
