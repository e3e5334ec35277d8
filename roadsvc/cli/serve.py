"""`roadsvc serve`: gunicorn serving wsgi:app (several worker processes; the SQLite default
works with them: WAL, busy timeout, BEGIN IMMEDIATE).

The workers are gevent's by default (ROADSVC_SERVE_WORKER_CLASS): the live event streams
(GET /api/v1/events) stay open for hours, thousands per worker, beside the API's requests.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from roadsvc.config import PROJECT_ROOT, load_settings


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("serve", help="serve the API with gunicorn")
    parser.add_argument("--host", help="address to bind (default: ROADSVC_SERVE_HOST or 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default: ROADSVC_SERVE_PORT or 5000)")
    parser.add_argument("--workers", type=int, help="worker processes (default: ROADSVC_SERVE_WORKERS or 2)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: ROADSVC_SERVE_THREADS or 1)")
    parser.set_defaults(func=run_serve)


def gunicorn_argv(args: argparse.Namespace, settings: dict[str, Any] | None = None) -> list[str]:
    settings = settings or load_settings()
    worker = settings["SERVE_WORKER_CLASS"]
    concurrency = (["--worker-connections", str(settings["SERVE_WORKER_CONNECTIONS"])] if worker == "gevent"
                   else ["--threads", str(args.threads)])
    return [
        sys.executable, "-m", "gunicorn",
        "--chdir", str(PROJECT_ROOT),
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--worker-class", worker,
        *concurrency,
        "--access-logfile", "-",
        "wsgi:app",
    ]


def with_defaults(args: argparse.Namespace, settings: dict[str, Any]) -> argparse.Namespace:
    """The options given, else the ROADSVC_SERVE_* settings."""
    names = ("host", "port", "workers", "threads")
    return argparse.Namespace(**{name: getattr(args, name) or settings[f"SERVE_{name.upper()}"] for name in names})


def run_serve(args: argparse.Namespace) -> int:
    settings = load_settings()
    args = with_defaults(args, settings)
    print(f"roadsvc on http://{args.host}:{args.port}/api/v1 (docs: http://{args.host}:{args.port}/api/docs)", flush=True)
    argv = gunicorn_argv(args, settings)
    os.execv(argv[0], argv)
    return 0  # not reached: exec replaces this process
