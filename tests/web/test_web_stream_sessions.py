"""A signed-in page's stream (its cookie, no key) ends with its session: signed out, signed out everywhere
by an admin, or its key revoked; a page of another session goes on. The stream is roadsvc's own (the
in-process hub, woken by the commit that ended the session: roadsvc.stream.grants)."""

from __future__ import annotations

import pytest

from roadsvc.services import tables
from roadsvc.services.keys.lifecycle import list_keys, revoke_key
from streamsupport import Stream
from websupport import csrf_token


@pytest.fixture
def table_id(app) -> int:
    return tables.create_table(app.extensions["roadsvc.db"], "Baccarat 5", "classic").id


def page_stream(client, table_id: int) -> Stream:
    """The page's stream of every table (`table_id` only checks the page can read)."""
    assert client.get(f"/api/v1/tables/{table_id}").status_code == 200
    response = client.get("/api/v1/events", buffered=False)
    assert response.status_code == 200
    stream = Stream(response)
    assert stream.block()["comments"] == ["roadsvc events"]
    return stream


def ends(stream: Stream, max_blocks: int = 50) -> bool:
    for _ in range(max_blocks):
        try:
            stream.block()
        except StopIteration:
            return True
    return False


def signed_in_client(app, key: str):
    client = app.test_client()
    assert client.post("/login", data={"key": key}).status_code == 302  # the sign-in form holds no token
    return client


def test_signing_out_ends_the_pages_stream_and_not_another_pages(app, pages, table_id):
    mine, other = signed_in_client(app, pages.keys["pitboss"]), signed_in_client(app, pages.keys["pitboss"])
    stream, others = page_stream(mine, table_id), page_stream(other, table_id)
    mine.post("/logout", data={"csrf_token": csrf_token(mine.get("/floor").get_data(as_text=True))})
    assert ends(stream)
    tables.create_table(app.extensions["roadsvc.db"], "Baccarat 6", "classic")  # the floor's next event
    assert [block["event"] for block in others.events(2)] == ["page_sessions_ended", "table_changed"]
    others.close()


@pytest.mark.parametrize("how", ["everywhere", "key_revoked"])
def test_an_admin_ending_the_sessions_ends_their_streams(app, pages, table_id, how):
    client = signed_in_client(app, pages.keys["pitboss"])
    stream = page_stream(client, table_id)
    db = app.extensions["roadsvc.db"]
    if how == "everywhere":
        admin = {"Authorization": f"Bearer {pages.keys['admin']}"}
        assert app.test_client().post("/api/v1/page-sessions/end", json={}, headers=admin).json == {"ended": 1}
    else:
        revoke_key(db, next(key.id for key in list_keys(db) if key.role == "pitboss"))
    assert ends(stream)
    assert client.get(f"/api/v1/events?table_id={table_id}").status_code == 401
