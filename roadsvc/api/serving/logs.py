"""Structured logs (structlog): one line per event, JSON by default, text for people.

Every line, roadsvc's own and those of the libraries that log through `logging`, goes
through one handler on the root logger and carries the request's `request_id` while a
request is being answered (read from the request by a processor, only when a line is
written: a request that logs nothing pays nothing for it). Each answered request writes one
`request` line: method, route, path, status, latency, the key's id and role (never the key),
the table and shoe named by the URL, the client address, the worker pid. A 304 (a display's
poll that found nothing new) writes it at DEBUG: counted in the metrics, not written at the
default INFO, so the most frequent request pays for no log record (docs/operations.md).
The request line is rendered by `_line` itself, with the same processors and renderer as every
other line, and handed to logging already rendered: it skips structlog's bound-logger chain,
the caller lookup and the formatter's copy of the record, a third of the line's cost.
"""

from __future__ import annotations

import logging
import os
import sys

import structlog
from flask import Response, g, request

from roadsvc.api.serving.request_ids import ENVIRON_KEY, current_request_id

HANDLER_NAME = "roadsvc"
RENDERED = "roadsvc_rendered"  # the attribute of a record whose line is rendered already
REQUEST_LOG = logging.getLogger("roadsvc.requests")
LEVEL_NAMES = {logging.DEBUG: "debug", logging.INFO: "info"}


def add_request_id(_logger, _method: str, event: dict) -> dict:
    """The answering request's id, on every line written while it is answered."""
    request_id = current_request_id()
    if request_id is not None:
        event.setdefault("request_id", request_id)
    return event


SHARED = [
    add_request_id,
    structlog.stdlib.add_logger_name,
    structlog.stdlib.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


RENDERERS = {"json": lambda: structlog.processors.JSONRenderer(ensure_ascii=False),
             "text": lambda: structlog.dev.ConsoleRenderer(colors=False)}
_renderer = RENDERERS["json"]()


class Formatter(structlog.stdlib.ProcessorFormatter):
    """structlog's formatter, writing a record rendered already (the request line) as it is."""

    def format(self, record: logging.LogRecord) -> str:
        rendered = getattr(record, RENDERED, None)
        return rendered if rendered is not None else super().format(record)


class StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time (gunicorn's, or a test's capture)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def configure_logging(level: str, fmt: str) -> None:
    """The root logger's one roadsvc handler, rendering `fmt` (json or text) at `level`."""
    global _renderer
    if fmt not in RENDERERS:
        raise ValueError(f"LOG_FORMAT must be json or text, not {fmt!r}")
    structlog.configure(
        processors=[*SHARED, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    _renderer = RENDERERS[fmt]()
    handler = StderrHandler()
    handler.set_name(HANDLER_NAME)
    handler.setFormatter(Formatter(
        foreign_pre_chain=SHARED,
        processors=[Formatter.remove_processors_meta, structlog.processors.format_exc_info, _renderer],
    ))
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == HANDLER_NAME]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())


def log_request(response: Response, route: str, seconds: float) -> None:
    level = logging.DEBUG if response.status_code == 304 else logging.INFO
    if not REQUEST_LOG.isEnabledFor(level):
        return
    principal = g.get("principal")
    view_args = request.view_args or {}
    table_id = view_args.get("table_id", principal.table_id if principal else None)
    _line(level, request.method, route, request.path, response.status_code, seconds, principal, table_id,
          view_args.get("shoe_id"), g.get("error_code"), request.remote_addr)


def log_poll(environ: dict, route: str, principal, table_id: int, status: int, seconds: float) -> None:
    """The line of a poll answered before Flask (roadsvc.api.serving.polls): a 304 at DEBUG, a 200 at INFO."""
    level = logging.DEBUG if status == 304 else logging.INFO
    if REQUEST_LOG.isEnabledFor(level):
        _line(level, "GET", route, environ.get("PATH_INFO"), status, seconds, principal, table_id, None, None,
              environ.get("REMOTE_ADDR"), request_id=environ.get(ENVIRON_KEY))


def _line(level: int, method: str, route: str, path: str, status: int, seconds: float, principal,
          table_id: int | None, shoe_id: int | None, code: str | None, client: str | None, **more) -> None:
    event = {"method": method, "route": route, "path": path, "status": status,
             "latency_ms": round(seconds * 1000, 3), "key_id": principal.key_id if principal else None,
             "role": principal.role if principal else None, "table_id": table_id, "shoe_id": shoe_id, "code": code,
             "client": client, "pid": os.getpid(), **more, "event": "request"}
    name = LEVEL_NAMES[level]
    for processor in SHARED:
        event = processor(REQUEST_LOG, name, event)
    record = REQUEST_LOG.makeRecord(REQUEST_LOG.name, level, __file__, 0, "request", (), None,
                                    extra={RENDERED: _renderer(REQUEST_LOG, name, event)})
    REQUEST_LOG.handle(record)
