"""Which database errors mean "the database is not reachable now" rather than a fault of the request.

A PostgreSQL failover (docs/deployment.md, *The database: replicated*) closes every connection to the old
primary; for a few seconds no node takes writes. Those failures are the server's state, not the request's:
the API answers them 503 `database_unavailable` with `Retry-After` (roadsvc/api/errors.py) and the jobs'
passes try again at their next run. Everything else stays what it was (a bug is a 500).
"""

from __future__ import annotations

# SQLSTATEs of an unreachable or switching server: connection exceptions (08...), the server shutting down or
# starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), a node that became a
# standby under an open connection (25006 read_only_sql_transaction), and no connection slot left (53300).
UNAVAILABLE_STATES = ("57P01", "57P02", "57P03", "25006", "53300")


def database_unavailable(error: BaseException) -> bool:
    """True when `error` (SQLAlchemy's or psycopg's) says the database cannot be reached or take writes now."""
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    if isinstance(error, PoolTimeout):  # every pooled connection busy past the pool's timeout
        return True
    if isinstance(error, DBAPIError):
        if error.connection_invalidated:  # SQLAlchemy saw the connection die (and renewed its pool)
            return True
        error = error.orig
    try:
        import psycopg
    except ImportError:  # pragma: no cover - SQLite-only installation
        return False
    if not isinstance(error, psycopg.Error):
        return False
    state = error.sqlstate
    if state is None:  # no server answer at all: refused, reset, closed, timed out
        return isinstance(error, psycopg.OperationalError)
    return state.startswith("08") or state in UNAVAILABLE_STATES


def libpq_conninfo(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as a libpq connection string, several hosts included
    (`?host=a:5432&host=b:5432&target_session_attrs=read-write` becomes `host=a,b port=5432,5432 ...`), for the
    connections roadsvc opens with psycopg itself (LISTEN, the backups)."""
    from psycopg.conninfo import make_conninfo
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    params: dict[str, str] = {}
    query = dict(parsed.query)
    hosts = query.pop("host", None)
    if hosts:
        hosts = [hosts] if isinstance(hosts, str) else list(hosts)
        pairs = [host.rsplit(":", 1) if ":" in host else (host, str(parsed.port or 5432)) for host in hosts]
        params["host"] = ",".join(host for host, _ in pairs)
        params["port"] = ",".join(port for _, port in pairs)
    else:
        if parsed.host:
            params["host"] = parsed.host
        if parsed.port:
            params["port"] = str(parsed.port)
    for name, value in (("user", parsed.username), ("password", parsed.password), ("dbname", parsed.database)):
        if value:
            params[name] = str(value)
    for name, value in query.items():
        params[name] = value if isinstance(value, str) else value[-1]
    return make_conninfo(**params)
