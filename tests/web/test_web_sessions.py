"""Sessions that end (issue 24): the session lives on the server, so a copy of the cookie
opens nothing once the pit boss signed out, an admin signed everyone out, the key was
revoked, or the session went idle or reached its absolute lifetime (a controllable clock)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from roadsvc.services import tables
from websupport import csrf_token
from roadsvc.services.keys.lifecycle import list_keys, revoke_key
from roadsvc.services.pit.page_sessions import live_sessions

START = datetime(2026, 11, 25, 3, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


@pytest.fixture
def clock(app) -> Clock:
    clock = app.extensions["roadsvc.clock"] = Clock()
    return clock


@pytest.fixture
def table_id(app) -> int:
    return tables.create_table(app.extensions["roadsvc.db"], "Baccarat 3", "classic").id


def paths(table_id: int) -> list[str]:
    """What a copied cookie opened after sign-out in the issue: the floor page, the floor's
    JSON and a table's odds (cookie reads of the API)."""
    return ["/floor", "/floor/state", f"/floor/tables/{table_id}", "/api/v1/floor", f"/api/v1/tables/{table_id}/odds"]


def replay(app, cookie: str, path: str) -> int:
    """The request from another client holding only a copy of the cookie."""
    return app.test_client(use_cookies=False).get(path, headers={"Cookie": f"roadsvc_session={cookie}"}).status_code


def opens(status: int) -> bool:
    return status not in (302, 401)


def second_browser(app, key: str):
    client = app.test_client()
    assert client.post("/login", data={"key": key}).status_code == 302
    return client


def copied_cookie(pages) -> str:
    assert pages.login().status_code == 302
    return pages.client.get_cookie("roadsvc_session").value


def test_a_cookie_copied_before_sign_out_opens_nothing_after(app, pages, clock, table_id):
    cookie = copied_cookie(pages)
    assert all(opens(replay(app, cookie, path)) for path in paths(table_id))
    pages.client.post("/logout", data={"csrf_token": pages.token("/floor")})
    assert [replay(app, cookie, path) for path in paths(table_id)] == [302, 302, 302, 401, 401]


def test_an_admin_signs_out_everywhere(app, pages, clock, table_id):
    cookie = copied_cookie(pages)
    other = second_browser(app, pages.keys["admin"])
    assert len(live_sessions(app.extensions["roadsvc.db"])) == 2
    admin = {"Authorization": f"Bearer {pages.keys['admin']}"}
    answer = app.test_client().post("/api/v1/page-sessions/end", json={}, headers=admin)
    assert answer.status_code == 200 and answer.json == {"ended": 2}
    assert replay(app, cookie, "/floor") == 302 and other.get("/floor").status_code == 302
    assert live_sessions(app.extensions["roadsvc.db"]) == []


def test_sign_out_everywhere_for_one_key_leaves_the_others(app, pages, clock):
    cookie = copied_cookie(pages)
    other = second_browser(app, pages.keys["admin"])
    pitboss = next(k.id for k in list_keys(app.extensions["roadsvc.db"]) if k.role == "pitboss")
    admin = {"Authorization": f"Bearer {pages.keys['admin']}"}
    listed = app.test_client().get("/api/v1/page-sessions", headers=admin).json
    assert sorted(s["role"] for s in listed) == ["admin", "pitboss"]
    answer = app.test_client().post("/api/v1/page-sessions/end", json={"key_id": pitboss}, headers=admin)
    assert answer.json == {"ended": 1}
    assert replay(app, cookie, "/floor") == 302 and other.get("/floor").status_code == 200


def test_only_an_admin_key_signs_out_everywhere(app, pages, clock):
    cookie = copied_cookie(pages)
    pitboss = {"Authorization": f"Bearer {pages.keys['pitboss']}"}
    assert app.test_client().post("/api/v1/page-sessions/end", json={}, headers=pitboss).status_code == 403
    assert replay(app, cookie, "/floor") == 200


def test_the_signed_in_page_signs_its_own_key_out_everywhere(app, pages, clock):
    cookie = copied_cookie(pages)
    answer = pages.client.post("/logout", data={"csrf_token": pages.token("/floor"), "everywhere": "1"})
    assert answer.status_code == 302
    assert replay(app, cookie, "/floor") == 302


def test_revoking_the_key_ends_the_copied_cookie_too(app, pages, clock):
    cookie = copied_cookie(pages)
    db = app.extensions["roadsvc.db"]
    revoke_key(db, next(k.id for k in list_keys(db) if k.role == "pitboss"))
    assert replay(app, cookie, "/floor") == 302
    assert live_sessions(db) == []


def test_idle_for_the_timeout_ends_the_session(app, pages, clock):
    cookie = copied_cookie(pages)
    clock.advance(minutes=29, seconds=59)
    assert replay(app, cookie, "/floor") == 200  # used: the idle clock starts again
    clock.advance(minutes=29, seconds=59)
    assert replay(app, cookie, "/floor") == 200
    clock.advance(minutes=30, seconds=1)
    assert replay(app, cookie, "/floor") == 302
    clock.now = START  # the session ended: going back does not revive it
    assert replay(app, cookie, "/floor") == 302


@pytest.mark.parametrize("app_config", [{"WEB_SESSION_IDLE_MINUTES": 5}], indirect=True)
def test_the_idle_timeout_is_a_setting(app, pages, clock):
    cookie = copied_cookie(pages)
    clock.advance(minutes=4, seconds=50)
    assert replay(app, cookie, "/floor") == 200
    clock.advance(minutes=6)
    assert replay(app, cookie, "/floor") == 302


def test_a_session_in_use_ends_at_its_absolute_lifetime(app, pages, clock):
    cookie = copied_cookie(pages)
    for _ in range(47):  # used every 15 minutes: never idle
        clock.advance(minutes=15)
        assert replay(app, cookie, "/floor/state") == 200
    clock.advance(minutes=15)  # 12 h since sign-in
    assert replay(app, cookie, "/floor/state") == 302


def test_a_request_with_a_key_never_reads_the_page_session(app, pages, clock, table_id):
    """An API read carrying a key answers by the key, whatever cookie comes with it."""
    cookie = copied_cookie(pages)
    pages.client.post("/logout", data={"csrf_token": pages.token("/floor")})
    answer = app.test_client(use_cookies=False).get(
        "/api/v1/floor", headers={"Cookie": f"roadsvc_session={cookie}", "Authorization": f"Bearer {pages.keys['pitboss']}"})
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers
