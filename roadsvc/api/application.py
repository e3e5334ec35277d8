"""The Flask class roadsvc runs on: Flask with `ensure_sync` answered once per function.

On every request Flask asks, for each hook and the view, whether it is a coroutine
function (`inspect.iscoroutinefunction`, a few microseconds each on a small server), and
each of flask-smorest's documentation decorators (response, alt_response, doc) asks again
for the function it wraps: eight times on a roads poll, a tenth of its whole cost in the
app. The answer never changes for a given function, so it is computed once.
"""

from __future__ import annotations

from types import FunctionType, MethodType
from typing import Any, Callable

from flask import Flask

MAX_MEMO = 10_000  # views, hooks and handlers number in the tens: a guard, never reached


class RoadsFlask(Flask):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._sync: dict[Callable, Callable] = {}

    def ensure_sync(self, func: Callable) -> Callable:
        try:
            return self._sync[func]
        except (KeyError, TypeError):
            pass
        sync = super().ensure_sync(func)
        if isinstance(func, (FunctionType, MethodType)) and len(self._sync) < MAX_MEMO:
            self._sync[func] = sync
        return sync
