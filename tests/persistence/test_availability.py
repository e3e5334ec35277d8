"""What counts as "the database is unavailable" (a failover under way: answered 503, retried) and the
multi-host URL roadsvc's own psycopg connections follow (docs/deployment.md, *The database: replicated*)."""

from __future__ import annotations

import sqlite3

import psycopg
from psycopg import errors
from sqlalchemy.exc import IntegrityError, OperationalError

from roadsvc.persistence.availability import database_unavailable, libpq_conninfo

CLUSTER_URL = ("postgresql+psycopg://postgres@/roadsvc?host=127.0.0.2:5433&host=127.0.0.3:5434"
               "&target_session_attrs=read-write&connect_timeout=2")


def test_a_lost_connection_a_shutdown_or_a_demoted_primary_is_unavailable():
    assert database_unavailable(psycopg.OperationalError("server closed the connection unexpectedly"))
    assert database_unavailable(errors.AdminShutdown("terminating connection due to administrator command"))
    assert database_unavailable(errors.CannotConnectNow("the database system is starting up"))
    assert database_unavailable(errors.ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction"))
    assert database_unavailable(OperationalError("INSERT ...", {}, psycopg.OperationalError("connection refused")))


def test_a_fault_of_the_request_or_of_sqlite_is_not_unavailable():
    assert not database_unavailable(errors.UniqueViolation("duplicate key"))
    assert not database_unavailable(IntegrityError("INSERT ...", {}, errors.UniqueViolation("duplicate key")))
    assert not database_unavailable(errors.DivisionByZero("division by zero"))
    assert not database_unavailable(sqlite3.OperationalError("database is locked"))
    assert not database_unavailable(ValueError("a bug"))


def test_a_multi_host_url_becomes_libpqs_hosts_and_ports_in_order():
    info = psycopg.conninfo.conninfo_to_dict(libpq_conninfo(CLUSTER_URL))
    assert info == {"host": "127.0.0.2,127.0.0.3", "port": "5433,5434", "user": "postgres", "dbname": "roadsvc",
                    "target_session_attrs": "read-write", "connect_timeout": "2"}


def test_a_single_host_url_keeps_its_password_and_options():
    info = psycopg.conninfo.conninfo_to_dict(libpq_conninfo(
        "postgresql+psycopg://roadsvc:s3cret@db.example:6432/floor?options=-csearch_path%3Dpit"))
    assert info == {"host": "db.example", "port": "6432", "user": "roadsvc", "password": "s3cret", "dbname": "floor",
                    "options": "-csearch_path=pit"}
