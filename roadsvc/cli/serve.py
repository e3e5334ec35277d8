"""`roadsvc serve`: gunicorn serving wsgi:app (several worker processes; the SQLite default
works with them: WAL, busy timeout, BEGIN IMMEDIATE)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from roadsvc.config import PROJECT_ROOT, load_settings


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("serve", help="serve the API with gunicorn")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, help="worker processes (default: ROADSVC_SERVE_WORKERS or 2)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: ROADSVC_SERVE_THREADS or 1)")
    parser.set_defaults(func=run_serve)


def gunicorn_argv(args: argparse.Namespace) -> list[str]:
    return [
        sys.executable, "-m", "gunicorn",
        "--chdir", str(PROJECT_ROOT),
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--threads", str(args.threads),
        "--access-logfile", "-",
        "wsgi:app",
    ]


def run_serve(args: argparse.Namespace) -> int:
    settings = load_settings()
    args.workers = args.workers or settings["SERVE_WORKERS"]
    args.threads = args.threads or settings["SERVE_THREADS"]
    print(f"roadsvc on http://{args.host}:{args.port}/api/v1 (docs: http://{args.host}:{args.port}/api/docs)", flush=True)
    argv = gunicorn_argv(args)
    os.execv(argv[0], argv)
    return 0  # not reached: exec replaces this process
