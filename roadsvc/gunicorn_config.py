"""gunicorn's settings for roadsvc's workers: `gunicorn -c python:roadsvc.gunicorn_config wsgi:app`
(what `roadsvc serve` and the benchmarks run).

The master imports this file and nothing else of roadsvc's (the worker class aside, which imports
roadsvc in the worker): each worker imports roadsvc's modules when it starts, so a worker started
by `roadsvc reload` runs the code on disk (roadsvc.serving).

Each worker, once the app is built, freezes its start-up heap and from then on runs its full
garbage collections between requests, never inside one (roadsvc.heap), then marks itself ready
for `roadsvc reload` (roadsvc.serving). ROADSVC_GC_FREEZE=0 leaves CPython's collector as it is
(to compare, bench/api_posts.py).

The control socket (gunicornc) is off unless ROADSVC_SERVE_CONTROL_SOCKET names this instance's path.

A gevent worker's greenlets do not record where they were spawned (gevent's
`track_greenlet_tree`, a debugging aid): a stream's greenlet lives for hours, and the record is
four frame summaries and a dictionary each, about 0.5 kB a stream (docs/performance.md).
"""

from __future__ import annotations

import os

WORKER = None  # this worker's roadsvc.serving.ServingWorker, once its app is built

# gunicorn's control socket: none, unless ROADSVC_SERVE_CONTROL_SOCKET names this instance's own path
# (gunicorn's default, one path per user, is shared by every instance on the host; docs/operations.md).
# Read from the environment as roadsvc.config reads it: the master imports no roadsvc module.
control_socket_disable = not os.environ.get("ROADSVC_SERVE_CONTROL_SOCKET")
if not control_socket_disable:
    control_socket = os.environ["ROADSVC_SERVE_CONTROL_SOCKET"]


def post_worker_init(worker) -> None:
    global WORKER
    from roadsvc.config import load_settings
    from roadsvc.serving import ServingWorker

    untracked_greenlet_tree()
    WORKER = ServingWorker(worker, load_settings())
    WORKER.started()


def untracked_greenlet_tree() -> None:
    """Under gevent (its monkey-patching done, as the gevent worker does before this hook), spawn
    greenlets without their spawning tree."""
    from gevent import config, monkey

    if monkey.is_module_patched("socket"):
        config.track_greenlet_tree = False


def pre_request(worker, req) -> None:
    worker.log.debug("%s %s", req.method, req.path)  # what gunicorn's default hook does
    WORKER.collections.request_started()


def post_request(worker, req, environ, resp) -> None:
    WORKER.collections.request_finished()


def worker_exit(server, worker) -> None:
    if WORKER is not None:
        WORKER.exited()
