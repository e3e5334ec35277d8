"""gunicorn's settings for roadsvc's workers: `gunicorn -c python:roadsvc.gunicorn_config wsgi:app`
(what `roadsvc serve` and the benchmarks run).

Each worker, once the app is built, freezes its start-up heap and from then on runs its full
garbage collections between requests, never inside one (roadsvc.heap). ROADSVC_GC_FREEZE=0
leaves CPython's collector as it is (to compare, bench/api_posts.py).

The control socket (gunicornc) is off unless ROADSVC_SERVE_CONTROL_SOCKET names this instance's path.

A gevent worker's greenlets do not record where they were spawned (gevent's
`track_greenlet_tree`, a debugging aid): a stream's greenlet lives for hours, and the record is
four frame summaries and a dictionary each, about 0.5 kB a stream (docs/performance.md).
"""

from __future__ import annotations

from roadsvc.config import load_settings
from roadsvc.heap import FullCollections, freeze_startup_heap

COLLECTIONS = FullCollections()  # this process's (each forked worker has its own copy)

# gunicorn's control socket: none, unless ROADSVC_SERVE_CONTROL_SOCKET names this instance's own path
# (gunicorn's default, one path per user, is shared by every instance on the host; docs/operations.md).
control_socket_disable = not load_settings()["SERVE_CONTROL_SOCKET"]
if not control_socket_disable:
    control_socket = load_settings()["SERVE_CONTROL_SOCKET"]


def post_worker_init(worker) -> None:
    untracked_greenlet_tree()
    if not load_settings()["GC_FREEZE"]:
        worker.log.info("roadsvc worker %s: garbage collector left as CPython sets it (ROADSVC_GC_FREEZE=0)",
                        worker.pid)
        return
    frozen = freeze_startup_heap()
    COLLECTIONS.install()
    worker.log.info("roadsvc worker %s: start-up heap frozen (%d objects); full collections run between requests",
                    worker.pid, frozen)


def untracked_greenlet_tree() -> None:
    """Under gevent (its monkey-patching done, as the gevent worker does before this hook), spawn
    greenlets without their spawning tree."""
    from gevent import config, monkey

    if monkey.is_module_patched("socket"):
        config.track_greenlet_tree = False


def pre_request(worker, req) -> None:
    worker.log.debug("%s %s", req.method, req.path)  # what gunicorn's default hook does
    COLLECTIONS.request_started()


def post_request(worker, req, environ, resp) -> None:
    COLLECTIONS.request_finished()
