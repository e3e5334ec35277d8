"""A stream lives only as long as its grant (roadsvc.stream.grants): a revoked key's streams end on every
path roadsvc holds one (one table, several tables, every table: the embedded default, served as a WSGI
response or detached from its request), and none reopens on the key while a key cache still trusts it;
a stream whose key expires ends at the first wake-up after it (the stream's clock is the test's).
Through the engine, a signed-in page's stream names its session's channel, deleted when the session ends."""

from __future__ import annotations

import socket
from datetime import datetime, timedelta, timezone

import pytest

from roadsvc.persistence.events import OPERATORS, NewEvent, append_events
from roadsvc.services.keys.principals import Principal
from roadsvc.services.keys.verifier import lookup_key
from roadsvc.stream.grants import Grant, grant_of
from roadsvc.stream.hub import EventHub
from roadsvc.stream.sse import StreamView
from test_stream_api import new_table, post_hand
from test_stream_detached import Clock, detached_stream


def key_id_of(app, plain: str) -> int:
    return lookup_key(app.extensions["roadsvc.db"], plain).key_id


def events_until_closed(stream, max_blocks: int = 400) -> list[dict]:
    """The events a stream sends before it closes; fails if it is still open after `max_blocks` blocks."""
    found = []
    for _ in range(max_blocks):
        try:
            block = stream.block()
        except StopIteration:
            return found
        if "event" in block:
            found.append(block)
    raise AssertionError(f"the stream was still open after {max_blocks} blocks")


@pytest.mark.parametrize("tables", ["one", "several", "every"])
def test_a_revoked_keys_stream_ends_and_does_not_reopen_on_a_cached_key(app, api, open_stream, tables):
    first, second = new_table(api, "A"), new_table(api, "B")
    query = {"one": f"?table_id={first}", "several": f"?table_id={first}&table_id={second}", "every": ""}[tables]
    stream = open_stream(query, role="pitboss")
    post_hand(api, first)
    assert [block["event"] for block in stream.events(1)] == ["hand"]

    pit_boss = key_id_of(app, api.keys["pitboss"])
    assert api.client.delete(f"/api/v1/keys/{pit_boss}", headers=api.headers("admin")).status_code == 200
    post_hand(api, second)

    assert [block["event"] for block in events_until_closed(stream)] == []  # nothing after the revocation
    again = api.client.get(f"/api/v1/events{query}", headers=api.headers("pitboss"))  # within the key cache's TTL
    assert again.status_code == 401 and again.get_json()["code"] == "invalid_key"


def test_another_keys_stream_goes_on_when_a_key_is_revoked(app, api, open_stream):
    table = new_table(api, "A")
    display = open_stream(f"?table_id={table}")
    assert api.client.delete(f"/api/v1/keys/{key_id_of(app, api.keys['pitboss'])}",
                             headers=api.headers("admin")).status_code == 200
    post_hand(api, table)
    assert [block["event"] for block in display.events(1)] == ["hand"]


def revoke(db, key_id: int) -> None:
    with db.write() as session:
        append_events(session, [NewEvent("key_revoked", table_id=None, data={"key_id": key_id}, audience=OPERATORS)])


def closed(display: socket.socket) -> bool:
    """Whether the stream's end closed (what it sent before is read and dropped)."""
    while True:
        data = display.recv(65536)
        if not data:
            return True


@pytest.mark.parametrize("scope", ["one", "every"])
def test_a_detached_stream_of_a_revoked_key_is_closed_when_the_hub_reads_it(db, scope):
    hub = EventHub(db, keepalive=15.0)
    hub.fetch()
    view = StreamView(frozenset({7}) if scope == "one" else None)
    stream, display = detached_stream(hub, view, Clock(), grant=Grant(key_id=41))
    other, other_display = detached_stream(hub, view, Clock(), grant=Grant(key_id=42))
    try:
        revoke(db, 41)
        hub.fetch()  # every waiting stream is rung, whatever its table
        assert closed(display)
        assert stream.sock.fileno() == -1 and other.sock.fileno() != -1
        late, late_display = detached_stream(hub, view, Clock(), grant=Grant(key_id=41))  # opened on a cached key
        assert closed(late_display)
        late_display.close()
    finally:
        for sock in (display, other_display, other.sock):
            sock.close()


def test_a_stream_ends_at_the_first_wake_up_after_its_key_expires(db):
    hub, clock = EventHub(db, keepalive=15.0), Clock()
    hub.fetch()
    now = datetime(2026, 12, 7, 4, 0, tzinfo=timezone.utc)
    expiring = Principal(5, "pit", "pitboss", expires_at=now + timedelta(seconds=30))
    grant = grant_of(expiring, now, clock())
    assert grant.deadline == 30.0
    stream, display = detached_stream(hub, StreamView(None), clock, grant=grant)
    try:
        clock.now = 29.0
        for _ in range(20):
            hub.tick()
        assert stream.sock.fileno() != -1  # not yet
        clock.now = 30.0
        for _ in range(20):  # a whole round of the keep-alive tick
            hub.tick()
        assert closed(display)
    finally:
        display.close()


def test_a_page_sessions_grant_names_its_session_and_ends_with_it():
    now = datetime(2026, 12, 7, 4, 0, tzinfo=timezone.utc)
    page = Principal(5, "pit", "pitboss", session_id=9, session_ends_at=now + timedelta(minutes=30))
    grant = grant_of(page, now, 100.0)
    assert grant == Grant(5, 9, 100.0 + 1800)
    assert grant.names() == (("key", 5), ("session", 9))
