"""Settings from `ROADSVC_` environment variables, with defaults that run on a laptop.

One place reads the environment so that the web app, the CLI and the migrations agree
on the database (the CLI must not import the web app: see the layers in pyproject.toml).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Mapping

PREFIX = "ROADSVC_"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _int(text: str) -> int:
    return int(text)


def _float(text: str) -> float:
    return float(text)


def _str(text: str) -> str:
    return text


def _bool(text: str) -> bool:
    if text.strip().lower() not in {"1", "true", "yes", "on", "0", "false", "no", "off"}:
        raise ValueError(f"expected true or false, got {text!r}")
    return text.strip().lower() in {"1", "true", "yes", "on"}


# name -> (parser, default). The names are Flask config keys; the environment variable
# is the name with the ROADSVC_ prefix (ROADSVC_DATABASE_URL, ...).
SETTINGS: dict[str, tuple[Callable[[str], Any], Any]] = {
    "INSTANCE_PATH": (_str, str(PROJECT_ROOT / "instance")),
    "DATABASE_URL": (_str, None),  # None: sqlite file roadsvc.db in the instance folder
    "SQLITE_BUSY_TIMEOUT_MS": (_int, 5000),
    # FULL: every acknowledged hand is on disk before the 201, even through a power cut.
    # NORMAL in WAL mode survives a killed process but may lose the last commits on a power
    # cut; measured (bench/api_posts.py) FULL costs a few tenths of a millisecond of p50 per post.
    "SQLITE_SYNCHRONOUS": (_str, "FULL"),
    "DB_POOL_SIZE": (_int, 10),
    # A replicated PostgreSQL (docs/deployment.md): the standbys that should stream from the primary; the jobs
    # process's monitor pass keeps a replication_degraded alert open while fewer do or none is synchronous (0: off).
    "DB_STANDBYS": (_int, 0),
    "SNAPSHOT_CACHE_SIZE": (_int, 1024),  # serialised snapshots kept per process
    "IMAGE_CACHE_BYTES": (_int, 32 * 1024 * 1024),  # rendered road images kept per process, in bytes
    "KEY_CACHE_TTL": (_float, 5.0),  # seconds a verified key is trusted: revocation delay
    "KEY_CACHE_SIZE": (_int, 10000),
    "MAX_CONTENT_LENGTH": (_int, 64 * 1024),  # request bodies above this answer 413
    "LOG_LEVEL": (_str, "INFO"),
    "DEMO_TABLE_NAME": (_str, "Demo Baccarat 1"),
    "DEMO_DEAL_INTERVAL": (_float, 0.0),  # `roadsvc jobs`: seconds between demo hands (0: off)
    "SERVE_HOST": (_str, "127.0.0.1"),  # `roadsvc serve` binds here; `roadsvc demo setup` prints it
    "SERVE_PORT": (_int, 5000),
    "SERVE_WORKERS": (_int, 2),
    "SERVE_THREADS": (_int, 1),
    # Hardening (issue 9, roadsvc.api.serving.security): browser origins allowed by CORS, comma
    # separated; empty: none.
    "CORS_ORIGINS": (_str, ""),
    # Operations (issue 9): rate limits, logs, metrics, keys. See docs/operations.md.
    "REDIS_URL": (_str, ""),  # rate-limit counters shared by every worker and machine; empty: per-process memory
    "RATELIMIT_ENABLED": (_bool, True),
    "RATELIMIT_KEY_PREFIX": (_str, "roadsvc"),  # the storage keys' prefix (Redis shared with other services)
    "RATELIMIT_AUTH_FAILURES": (_str, "30 per minute"),  # failed authentications per client address
    "RATELIMIT_WRITES": (_str, "300 per second"),  # POST/PATCH/DELETE per key
    "RATELIMIT_RENDERS": (_str, "30 per second"),  # image renders (cache misses) per key
    "PROXY_HOPS": (_int, 0),  # trusted reverse proxies in front: the client address comes from X-Forwarded-For
    "LOG_FORMAT": (_str, "json"),  # json: one JSON object a line; text: key=value lines for people
    "METRICS_TOKEN": (_str, ""),  # /metrics answers `Authorization: Bearer <token>`; empty: no token opens it
    "METRICS_ALLOW": (_str, ""),  # /metrics answers these addresses/networks (comma-separated); empty: none
    "METRICS_DIR": (_str, ""),  # `roadsvc serve`: prometheus multiprocess folder (empty: <instance>/metrics)
    "KEY_ROTATION_GRACE": (_float, 86400.0),  # seconds a rotated key keeps working beside its successor
    # Write-path tails (docs/performance.md): SQLite WAL checkpoints run on a background thread
    # every this many seconds, never inside a dealer's commit (0: SQLite's automatic ones, inside
    # commits); the WAL file is kept to, and a warning logged above, this many bytes.
    "SQLITE_CHECKPOINT_INTERVAL": (_float, 1.0),
    "SQLITE_WAL_LIMIT_BYTES": (_int, 64 * 1024 * 1024),
    "WARM_WRITE_PATH": (_bool, True),  # each serving worker rehearses posts before it serves (services/warm.py)
    "GC_FREEZE": (_int, 1),  # gunicorn workers: 1 freezes the start-up heap, full collections between requests
    # Floor monitoring (issue 10): the hand/refusal rules on the writes (0: off, for
    # bench/api_posts.py's comparison), and the jobs process's clock pass.
    "MONITOR_WRITE_RULES": (_int, 1),
    "MONITOR_INTERVAL": (_float, 5.0),  # `roadsvc jobs`: seconds between clock passes (0: off)
    # VIP and squeeze tables (issue 14): seconds between the jobs' passes that open held VIP hands
    # at their deadline and raise overdue shoe changes (0: off)
    "TABLE_MODES_INTERVAL": (_float, 1.0),
    "DABANG_CLOCK_INTERVAL": (_float, 5.0),  # `roadsvc jobs`: seconds between 打棒 time-limit passes (0: off)
    # Live events (issue 11, docs/events.md): the event log and the SSE stream.
    "SERVE_WORKER_CLASS": (_str, "gevent"),  # gunicorn worker class of `roadsvc serve` (streams need gevent)
    # Open connections (streams) per gevent worker: 20,000 streams on 2 workers (bench/events.py);
    # `roadsvc serve` raises its open-files limit to the hard limit for them.
    "SERVE_WORKER_CONNECTIONS": (_int, 12000),
    # Seconds `roadsvc serve` keeps an idle keep-alive connection open (gunicorn's own default, 2 s,
    # would close a display's connection just as its next 2 s poll reuses it).
    "SERVE_KEEPALIVE": (_int, 75),
    # A second port the same workers listen on for the push engine's requests (its nginx `upstream
    # roadsvc_streams`, docs/nginx-engine.conf): a reconnection storm's redirects then queue on their own
    # listener, not in front of the dealers' posts (0: none)
    "SERVE_ENGINE_PORT": (_int, 0),
    # gunicorn's control socket (`gunicornc`): off unless an instance names its own path. gunicorn's default
    # is one path per user, so two instances on a host took each other's (docs/operations.md).
    "SERVE_CONTROL_SOCKET": (_str, ""),
    # `roadsvc serve`'s master writes its pid here; `roadsvc reload` reads it (empty: <instance>/serve.pid)
    "SERVE_PID_FILE": (_str, ""),
    "EVENTS_RETENTION": (_float, 24 * 3600.0),  # seconds an event is kept for resuming clients
    "EVENTS_PRUNE_INTERVAL": (_float, 300.0),  # `roadsvc jobs` prunes older events this often (seconds)
    "EVENTS_KEEPALIVE": (_float, 15.0),  # a stream quiet this long has had a keep-alive comment
    "EVENTS_RETRY_MS": (_int, 2000),  # the `retry:` a client waits before reconnecting
    "EVENTS_POLL_INTERVAL": (_float, 0.05),  # in-memory SQLite only: seconds between newest-id checks
    # Each worker's hub is woken by the commits (NOTIFY; on an SQLite file, a datagram) and also
    # checks the log this often (seconds) in case a wake-up was lost.
    "EVENTS_FALLBACK_CHECK": (_float, 5.0),
    "EVENTS_BUFFER": (_int, 10000),  # recent events each worker keeps in memory for its streams
    "EVENTS_CHANNEL": (_str, None),  # NOTIFY channel (None: derived from the schema in the URL)
    # The push engine (issue 37, docs/events.md): nginx's nchan holds the streams that nginx marks
    # with X-Roadsvc-Engine. Its channels' and Redis keys' prefix (the same on every machine of a floor),
    # the publisher's locations on the engine nodes (comma-separated; `roadsvc publish`), the subscriber
    # location roadsvc redirects a stream to, the secret its signed URLs share with the engine nodes
    # (at least 16 characters; unset: roadsvc serves every stream itself) and how long such a URL may be
    # followed (seconds), and how many of each channel's newest messages the ledger (in
    # ROADSVC_REDIS_URL) remembers for resuming streams, and for how long (fewer and shorter than the
    # engine's nchan_message_buffer_length and nchan_message_timeout).
    "ENGINE_PREFIX": (_str, "roadsvc."),
    "ENGINE_PUBLISH_URLS": (_str, ""),
    "ENGINE_SUBSCRIBE_PATH": (_str, "/_engine/sub"),
    "ENGINE_SECRET": (_str, ""),
    "ENGINE_URL_TTL": (_float, 5.0),
    "ENGINE_LEDGER_KEEP": (_int, 1000),
    "ENGINE_LEDGER_MAX_AGE": (_float, 3000.0),
    "ENGINE_SILENT_AFTER": (_float, 15.0),  # a resume that missed an event older than this names its channel to be checked
    "ENGINE_LEASE": (_float, 5.0),  # seconds a stopped publisher holds the lease before another takes over
    # A stream that came through the engine and that roadsvc holds itself (a resume the engine cannot answer: its
    # ledger unavailable, or older than the engine keeps) ends after this many seconds: its client's reconnect goes
    # to the engine again
    "ENGINE_FALLBACK_SECONDS": (_float, 300.0),
    # `roadsvc jobs`, where the engine is configured: seconds an engine node may not answer, or a committed event
    # wait unpublished, before push_engine_unreachable / publisher_behind (services.engine_watch)
    "ENGINE_ALERT_AFTER": (_float, 15.0),
    # The player's side (issue 16): lobby rows kept per process; the read links' HMAC secret
    # (empty: read links are off, POST .../read-links answers 409) and their default lifetime.
    "LOBBY_CACHE_SIZE": (_int, 4096),
    "READ_LINK_SECRET": (_str, ""),
    "READ_LINK_TTL": (_int, 3600),
    # Wiring (issues 10, 13): `roadsvc jobs` follows the event log this often (seconds; 0: off) for
    # the next hand's odds (`odds` events) and the `positive_ev` alert.
    "ODDS_WATCH_INTERVAL": (_float, 0.25),
    # The pit boss's pages (issue 12): the session cookie's signing secret (unset: generated
    # once into the instance folder), its lifetime, Secure (auto: when the request is HTTPS),
    # and how often a page polls when the live stream is unavailable.
    "SECRET_KEY": (_str, None),
    "WEB_SESSION_HOURS": (_float, 12.0),  # a session's absolute lifetime (issue 24)
    "WEB_SESSION_IDLE_MINUTES": (_float, 30.0),  # a session unused this long is over (issue 24)
    "WEB_COOKIE_SECURE": (_str, "auto"),
    "WEB_POLL_SECONDS": (_float, 1.0),
    # The floor as a product (issue 24): its time zone (an IANA name: every time the pages and the
    # shift reports show is in it, with the zone shown) and its shifts (start times in that zone).
    "FLOOR_TIME_ZONE": (_str, "Asia/Macau"),
    "FLOOR_SHIFTS": (_str, "06:00,14:00,22:00"),
    # `roadsvc jobs`: seconds between checks for a shift that ended without its report (0: off).
    "SHIFT_REPORT_INTERVAL": (_float, 60.0),
    # `roadsvc jobs`: seconds between the dealers pass's reads of the shift so far (docs/dealers.md; 0: off).
    "DEALERS_MONITOR_INTERVAL": (_float, 60.0),
    # The shift report's PDF font (a TrueType file or collection with CJK; empty: the system's
    # WenQuanYi Micro Hei when installed, else the viewer's own Song/Ming font, not embedded).
    "REPORT_FONT": (_str, ""),
}


def load_settings(environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The defaults, then ROADSVC_* variables, then `overrides` (a test's config)."""
    environ = os.environ if environ is None else environ
    settings = {name: default for name, (_, default) in SETTINGS.items()}
    for name, (parse, _) in SETTINGS.items():
        raw = environ.get(PREFIX + name)
        if raw is not None and raw != "":
            settings[name] = parse(raw)
    settings.update(overrides or {})
    if not settings.get("DATABASE_URL"):
        settings["DATABASE_URL"] = default_database_url(settings["INSTANCE_PATH"])
    return settings


def default_database_url(instance_path: str) -> str:
    """An SQLite file in the instance folder (the engine creates the folder when it connects)."""
    return f"sqlite:///{Path(instance_path) / 'roadsvc.db'}"
