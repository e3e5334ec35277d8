"""`roadsvc serve`: gunicorn serving wsgi:app (several worker processes; the SQLite default
works with them: WAL, busy timeout, BEGIN IMMEDIATE). Each request's log line is roadsvc's
own (JSON by default), so gunicorn's access log is off; the workers' metrics are summed
through a Prometheus multiprocess folder made afresh at each start.

The workers are roadsvc's gevent worker by default (ROADSVC_SERVE_WORKER_CLASS=gevent,
roadsvc.stream.worker): the live event streams (GET /api/v1/events) stay open for hours, tens of
thousands per worker, detached from their requests, beside the API's requests.

`roadsvc reload`: a deploy. The master's workers replaced one at a time by workers running the
code on disk, each old one retiring once its successor is ready (roadsvc.serving).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.config import PROJECT_ROOT, load_settings
from roadsvc.persistence.engine import private_folder
from roadsvc.serving import Reload, ReloadFailed, ready_folder

STREAMING_WORKER = "roadsvc.stream.worker.StreamingWorker"
BUILD_APP = "from roadsvc.app import create_app; create_app()"  # what each worker does first
CONFIG = "python:roadsvc.gunicorn_config"  # the workers' hooks: start-up heap frozen, full collections between requests


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("serve", help="serve the API with gunicorn")
    parser.add_argument("--host", help="address to bind (default: ROADSVC_SERVE_HOST or 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default: ROADSVC_SERVE_PORT or 5000)")
    parser.add_argument("--workers", type=int, help="worker processes (default: ROADSVC_SERVE_WORKERS or 2)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: ROADSVC_SERVE_THREADS or 1)")
    parser.set_defaults(func=run_serve)
    reload = subparsers.add_parser("reload", help="a deploy: replace the serving workers one at a time by workers "
                                   "running the code on disk")
    reload.add_argument("--master", type=int, help="the gunicorn master's pid (default: the one in "
                        "ROADSVC_SERVE_PID_FILE, which `roadsvc serve` writes)")
    reload.set_defaults(func=run_reload)


def gunicorn_argv(args: argparse.Namespace, settings: dict[str, Any] | None = None) -> list[str]:
    settings = settings or load_settings()
    worker = settings["SERVE_WORKER_CLASS"]
    concurrency = (["--worker-connections", str(settings["SERVE_WORKER_CONNECTIONS"])] if worker == "gevent"
                   else ["--threads", str(args.threads)])
    return [
        sys.executable, "-m", "gunicorn",
        "--chdir", str(PROJECT_ROOT),
        "--bind", f"{args.host}:{args.port}",
        *engine_bind(args.host, settings["SERVE_ENGINE_PORT"]),
        "--workers", str(args.workers),
        "--worker-class", gunicorn_worker_class(worker),
        *concurrency,
        "--keep-alive", str(settings["SERVE_KEEPALIVE"]),
        *control_socket(settings["SERVE_CONTROL_SOCKET"]),
        "--pid", str(pid_file(settings)),
        "--config", CONFIG,
        "wsgi:app",
    ]


def engine_bind(host: str, port: int) -> list[str]:
    """The push engine's own listener (ROADSVC_SERVE_ENGINE_PORT), or none."""
    return ["--bind", f"{host}:{port}"] if port else []


def control_socket(path: str) -> list[str]:
    """gunicorn's control socket: this instance's own path, or none (never gunicorn's one path per user)."""
    return ["--control-socket", path] if path else ["--no-control-socket"]


def pid_file(settings: dict[str, Any]) -> Path:
    return Path(settings["SERVE_PID_FILE"] or Path(settings["INSTANCE_PATH"]) / "serve.pid")


def running_master(path: Path) -> int | None:
    """The pid of the running gunicorn the pid file names, or None, the file then removed if a server that did not
    stop (killed, the machine restarted) left it: gunicorn refuses to start while its pid file names any live
    process, and after a restart of the machine or container that pid may well be another program's."""
    pid = master_pid_in(path)
    if pid is None:
        return None
    try:
        running = b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        running = False
    if not running:
        path.unlink(missing_ok=True)
    return pid if running else None


def gunicorn_worker_class(name: str) -> str:
    """gunicorn's worker class for a ROADSVC_SERVE_WORKER_CLASS: `gevent` is roadsvc's own gevent
    worker, which detaches the live event streams from their requests (roadsvc.stream.worker)."""
    return STREAMING_WORKER if name == "gevent" else name


def with_defaults(args: argparse.Namespace, settings: dict[str, Any]) -> argparse.Namespace:
    """The options given, else the ROADSVC_SERVE_* settings."""
    names = ("host", "port", "workers", "threads")
    return argparse.Namespace(**{name: getattr(args, name) or settings[f"SERVE_{name.upper()}"] for name in names})


def fresh_metrics_dir(settings: dict[str, Any]) -> Path:
    """The Prometheus multiprocess folder, emptied (counts start again with the server),
    readable by its owner only. Every worker writes its counts there; /metrics sums them."""
    folder = Path(settings["METRICS_DIR"] or Path(settings["INSTANCE_PATH"]) / "metrics")
    if folder.exists():
        shutil.rmtree(folder)
    private_folder(folder)
    return folder


def raise_open_files(settings: dict[str, Any]) -> None:
    """The open-files soft limit raised to the hard limit (each stream is a socket: a gevent
    worker holds up to ROADSVC_SERVE_WORKER_CONNECTIONS); a warning when even that is short."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    wanted = settings["SERVE_WORKER_CONNECTIONS"] + 100
    if hard != resource.RLIM_INFINITY and hard < wanted and settings["SERVE_WORKER_CLASS"] == "gevent":
        print(f"warning: the open-files limit ({hard}) is below the {wanted} a worker may need for its streams "
              f"(ROADSVC_SERVE_WORKER_CONNECTIONS); raise it (ulimit -Hn, LimitNOFILE=)", file=sys.stderr)


def run_serve(args: argparse.Namespace) -> int:
    settings = load_settings()
    args = with_defaults(args, settings)
    running = running_master(pid_file(settings))
    if running is not None:  # refused before anything is touched: the metrics folder is that server's too
        print(f"roadsvc is serving already with {pid_file(settings)} (gunicorn master {running}): a second server on "
              f"this instance folder needs a ROADSVC_SERVE_PID_FILE and a ROADSVC_METRICS_DIR of its own "
              f"(docs/deployment.md)", file=sys.stderr)
        return REFUSED
    raise_open_files(settings)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(fresh_metrics_dir(settings))
    print(f"roadsvc on http://{args.host}:{args.port}/api/v1 (docs: http://{args.host}:{args.port}/api/docs)", flush=True)
    argv = gunicorn_argv(args, settings)
    os.execv(argv[0], argv)
    return 0  # not reached: exec replaces this process


def run_reload(args: argparse.Namespace) -> int:
    """Check that the code on disk builds the app (a worker that cannot would stop gunicorn's master,
    and every worker with it), then replace the workers one at a time."""
    settings = load_settings()
    master = args.master or master_pid_in(pid_file(settings))
    if master is None:
        print(f"no {pid_file(settings)}: is roadsvc serving? (--master names a gunicorn master)", file=sys.stderr)
        return REFUSED
    # at a lower priority than the workers: they serve meanwhile
    built = subprocess.run([sys.executable, "-c", BUILD_APP], cwd=PROJECT_ROOT, capture_output=True, text=True,
                           preexec_fn=lambda: os.nice(10))
    if built.returncode:
        print(f"the code on disk does not build the app; nothing was reloaded:\n{built.stderr[-4000:]}", file=sys.stderr)
        return REFUSED
    try:
        new = Reload(master, ready_folder(settings), say=lambda step: print(step, flush=True)).run()
    except ReloadFailed as failure:
        print(f"reload of {master}: {failure}", file=sys.stderr)
        return 1
    print(f"reloaded: workers {', '.join(map(str, new))} serve the code on disk")
    return 0


def master_pid_in(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
