"""Signing in to the pit boss's pages: the key once, then a signed session cookie."""

from __future__ import annotations

import os
import stat
from datetime import timedelta

import pytest

from websupport import csrf_token
from roadsvc.services.keys.lifecycle import list_keys, revoke_key
from roadsvc.web.sessions import secret_key


def test_the_floor_sends_a_stranger_to_login(pages):
    response = pages.client.get("/floor?status=stale")
    assert response.status_code == 302
    assert response.headers["Location"] == "/login?next=%2Ffloor%3Fstatus%3Dstale"


@pytest.mark.parametrize("role", ["pitboss", "admin"])
def test_a_pit_boss_or_admin_key_signs_in_with_a_session_cookie_not_the_key(pages, role):
    response = pages.login(role)
    assert response.status_code == 302 and response.headers["Location"] == "/floor"
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Expires=" in cookie
    assert "Secure" not in cookie  # plain HTTP here
    assert pages.keys[role] not in cookie
    page = pages.client.get("/floor")
    assert page.status_code == 200 and pages.keys[role] not in page.get_data(as_text=True)


def test_over_https_the_cookie_is_secure(pages):
    response = pages.client.post("/login", base_url="https://localhost", headers={"Referer": "https://localhost/login"},
                                 data={"key": pages.keys["pitboss"]})
    assert response.status_code == 302 and "Secure" in response.headers["Set-Cookie"]


@pytest.mark.parametrize("role, status", [("display", 403), ("dealer", 403), ("game_server", 403)])
def test_keys_below_pit_boss_are_refused(pages, role, status):
    response = pages.login(role)
    assert response.status_code == status
    assert "data-field=\"login-error\"" in response.get_data(as_text=True)
    assert pages.client.get("/floor").status_code == 302


def test_a_wrong_key_is_refused(pages):
    response = pages.login(key="rs_not-a-key")
    assert response.status_code == 401
    assert pages.client.get("/floor").status_code == 302


CROSS_SITE = {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}


def test_a_login_from_another_site_is_refused(pages):
    # issue 46 item 24: the sign-in form carries no session token (GET /login sets no cookie); a browser's
    # post from another site says so in Origin and Sec-Fetch-Site, and is refused as a CSRF refusal
    for headers in (CROSS_SITE, {"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "same-site"}):
        response = pages.client.post("/login", data={"key": pages.keys["pitboss"]}, headers=headers)
        assert response.status_code == 400, headers
        assert pages.client.get("/floor").status_code == 302
    same = pages.client.post("/login", data={"key": pages.keys["pitboss"]},
                             headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 302 and pages.client.get("/floor").status_code == 200


def test_reading_the_login_page_sets_no_cookie(pages):
    # issue 46 item 24: GET /login set the session cookie (Flask-WTF's token) though no read sets it
    for url in ("/login", "/login?next=/floor/tables/1", "/floor"):
        answer = pages.client.get(url)
        assert "Set-Cookie" not in answer.headers, url
    assert pages.client.get_cookie("roadsvc_session") is None


@pytest.mark.parametrize("target", ["/floor\r\nX-Evil: 1", "/floor/\n", "/floor/%2e%2e/api/v1/keys",
                                    "/floor/%2E%2E/%2e%2e/api/v1/keys", "/floor/..%2fapi", "/floor/%252e%252e/x",
                                    "/floor/../api/v1/keys", "/floor%0d%0aSet-Cookie:x=1"])
def test_a_next_with_a_newline_or_a_way_out_goes_to_the_floor(pages, target):
    # issue 46 item 24: a newline answered 500 after signing in; %2e%2e passed the check (a browser reads ..)
    target = target.replace("\\r", "\r").replace("\\n", "\n")
    response = pages.client.post("/login", data={"key": pages.keys["pitboss"], "next": target})
    assert (response.status_code, response.headers["Location"]) == (302, "/floor")


@pytest.mark.parametrize("language, words", [("zh-Hans", "表单已过期"), ("zh-Hant", "表單已過期"),
                                             ("en", "This form has expired")])
def test_a_csrf_refusal_speaks_the_pages_language(pages, language, words):
    """Issue 36: a zh page's refusal read "The CSRF session token is missing." (Flask-WTF's English)."""
    response = pages.client.post(f"/login?lang={language}", data={"key": pages.keys["pitboss"]}, headers=CROSS_SITE)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and words in html and "CSRF session token" not in html


def test_logout_ends_the_session(signed_in):
    token = signed_in.token("/floor")
    response = signed_in.client.post("/logout", data={"csrf_token": token})
    assert response.status_code == 302 and response.headers["Location"] == "/login"
    assert signed_in.client.get("/floor").status_code == 302


def test_a_read_in_flight_at_logout_cannot_sign_the_browser_back_in(app, signed_in):
    """The floor page polls while signed in. A poll sent with the session just before the pit
    boss signs out, and answered just after, is answered signed out (the session ended on the
    server) and cannot sign the browser back in."""
    token = signed_in.token("/floor")  # the page as the browser holds it
    cookie = signed_in.client.get_cookie("roadsvc_session").value
    in_flight = app.test_client(use_cookies=False)  # the page's poll, sent before the logout with that cookie
    signed_in.client.post("/logout", data={"csrf_token": token})
    answer = in_flight.get("/floor/state", headers={"Cookie": f"roadsvc_session={cookie}", "X-Roadsvc-Live": "1"})
    assert answer.status_code == 401 and answer.json["code"] == "signed_out"
    assert signed_in.client.get("/floor").status_code == 302


def test_logout_without_the_token_is_refused(signed_in):
    assert signed_in.client.post("/logout").status_code == 400
    assert signed_in.client.get("/floor").status_code == 200


def test_revoking_the_key_ends_its_sessions(app, signed_in):
    db = app.extensions["roadsvc.db"]
    key_id = next(k.id for k in list_keys(db) if k.role == "pitboss")
    revoke_key(db, key_id)
    assert signed_in.client.get("/floor").status_code == 302


def test_the_cookie_expires_after_the_setting(app, signed_in):
    app.permanent_session_lifetime = timedelta(seconds=-1)  # the cookie is older than that
    assert signed_in.client.get("/floor").status_code == 302


def test_next_goes_to_our_pages_only(pages):
    for target, expected in [("/floor/tables/3", "/floor/tables/3"), ("https://evil.example/", "/floor"),
                             ("//evil.example/floor", "/floor")]:
        response = pages.client.post("/login", data={"key": pages.keys["pitboss"], "next": target})
        assert response.headers["Location"] == expected


def test_the_secret_is_generated_once_owner_only(tmp_path):
    first = secret_key(None, str(tmp_path))
    assert len(first) == 64 and secret_key(None, str(tmp_path)) == first
    assert stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode) == 0o600
    assert secret_key("configured", str(tmp_path / "other")) == "configured"
    assert not (tmp_path / "other").exists()


@pytest.mark.parametrize("app_config", [{"RATELIMIT_AUTH_FAILURES": "2 per minute"}], indirect=True)
def test_wrong_keys_spend_the_address_s_budget_then_429(pages):
    for _ in range(2):
        assert pages.login(key="rs_wrong").status_code == 401
    refused = pages.login(key="rs_wrong_again")  # spent: a wrong key is 429 until the budget refills
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert 'data-error-code="too_many_auth_failures"' in refused.get_data(as_text=True)
    assert pages.client.get("/floor").status_code == 302
    assert pages.login().status_code == 302  # issue 46 item 23: the right key never pays for the wrong ones
    assert pages.client.get("/floor").status_code == 200
