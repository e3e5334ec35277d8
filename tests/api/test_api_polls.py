"""A display's current poll is answered 304 before Flask (roadsvc.api.serving.polls), and only when Flask
would answer 304: any other poll gets Flask's own answer, as before."""

from __future__ import annotations

import json

import pytest

from roadsvc.app import create_app
from roadsvc.services.keys.lifecycle import create_key

ROADS = "/api/v1/tables/{}/roads"


@pytest.fixture
def dealt(api, table, shoe) -> dict:
    for result in ("banker", "player", "tie"):
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201
    first = api.get(ROADS.format(table["id"]))
    return {"table": table["id"], "tag": first.headers["ETag"]}


def test_a_current_poll_is_304_with_every_header_of_a_flask_answer(api, dealt):
    answer = api.get(ROADS.format(dealt["table"]), headers={"If-None-Match": dealt["tag"], "X-Request-ID": "poll-1"})
    assert answer.status_code == 304 and answer.data == b""
    assert answer.headers["ETag"] == dealt["tag"] and answer.headers["Cache-Control"] == "private, no-cache"
    assert answer.headers["X-Request-ID"] == "poll-1" and answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in answer.headers and "Set-Cookie" not in answer.headers


def test_a_new_hand_makes_the_same_poll_a_200(api, dealt):
    api.post(f"/api/v1/tables/{dealt['table']}/hands", {"result": "banker"}, role="dealer")
    fresh = api.get(ROADS.format(dealt["table"]), headers={"If-None-Match": dealt["tag"]})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != dealt["tag"] and fresh.json["roads"]["hands"] == 4


@pytest.mark.parametrize(("query", "status"), [("?columns=10", 200), ("?columns=0", 422), ("?columns=9&columns=9", 422),
                                               ("?sig=forged&expires=1", 403), ("?other=1", 422)])
def test_a_poll_with_a_query_gets_flask_s_answer(api, dealt, query, status):
    """columns picks another variant (another tag); a bad or repeated one is refused; a link is checked;
    a parameter the operation does not document is refused, by Flask (issue 46 item 4)."""
    answer = api.get(ROADS.format(dealt["table"]) + query, headers={"If-None-Match": dealt["tag"]})
    assert answer.status_code == status


def test_a_poll_of_a_variant_it_holds_is_304(api, dealt):
    url = ROADS.format(dealt["table"]) + "?columns=10"
    tag = api.get(url).headers["ETag"]
    assert api.get(url, headers={"If-None-Match": tag}).status_code == 304
    assert api.get(url, headers={"If-None-Match": f"W/{tag}, \"other\""}).status_code == 304  # parsed by Flask


def test_a_key_that_may_not_read_this_table_is_refused_whatever_it_holds(api, app, dealt):
    db = app.extensions["roadsvc.db"]
    other = api.post("/api/v1/tables", {"name": "Table 2"}, role="pitboss").json["id"]
    bound = create_key(db, "dealer", "bound", table_id=other)[1]
    headers = {"If-None-Match": dealt["tag"], "Authorization": f"Bearer {bound}"}
    api.client.get(ROADS.format(other), headers={"Authorization": f"Bearer {bound}"})  # the key is now cached
    refused = api.client.get(ROADS.format(dealt["table"]), headers=headers)
    assert (refused.status_code, refused.json["code"]) == (403, "wrong_table")
    for headers in ({"If-None-Match": dealt["tag"]}, {"If-None-Match": dealt["tag"], "Authorization": "Bearer nope"}):
        answer = api.client.get(ROADS.format(dealt["table"]), headers=headers)
        assert answer.status_code == 401 and answer.json["code"] in ("missing_key", "invalid_key")


@pytest.mark.parametrize("table_id", ["0", "99999999999999999999", "007x"])
def test_a_table_that_cannot_be_is_flask_s_404(api, dealt, table_id):
    assert api.get(ROADS.format(table_id), headers={"If-None-Match": dealt["tag"]}).status_code == 404


def test_another_game_s_table_is_wrong_game_even_with_a_tag(api, dealt):
    niuniu = api.post("/api/v1/tables", {"name": "N", "game": "niuniu"}, role="pitboss").json["id"]
    answer = api.get(ROADS.format(niuniu), headers={"If-None-Match": dealt["tag"]})
    assert (answer.status_code, answer.json["code"]) == (409, "wrong_game")


def polls_counted(scraped: str) -> float:
    """roadsvc_http_requests_total of the roads' 304s (the registry is the process's: compare two scrapes)."""
    counted = [line for line in scraped.splitlines() if line.startswith("roadsvc_http_requests_total{")
               and 'status="304"' in line and '/roads"' in line]
    return sum(float(line.split()[-1]) for line in counted)


def test_answered_before_flask_it_is_counted_and_logged_at_debug(database_url, capsys):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "DEBUG", "LOG_FORMAT": "json",
                      "METRICS_TOKEN": "metrics-secret"})
    try:
        key = {"Authorization": f"Bearer {create_key(app.extensions['roadsvc.db'], 'pitboss')[1]}"}
        client = app.test_client()
        table = client.post("/api/v1/tables", json={"name": "T"}, headers=key).json["id"]
        client.post(f"/api/v1/tables/{table}/shoes", json={"decks": 8}, headers=key)
        tag = client.get(ROADS.format(table), headers=key).headers["ETag"]
        scrape = lambda: client.get("/metrics", headers={"Authorization": "Bearer metrics-secret"}).get_data(as_text=True)  # noqa: E731
        before = polls_counted(scrape())
        capsys.readouterr()
        for _ in range(3):
            assert client.get(ROADS.format(table), headers={**key, "If-None-Match": tag,
                                                            "X-Request-ID": "fast"}).status_code == 304
        lines = [json.loads(t) for t in capsys.readouterr().err.splitlines() if t.startswith("{")]
        polls = [line for line in lines if line.get("event") == "request" and line["request_id"] == "fast"]
        assert len(polls) == 3 and all(p["level"] == "debug" and p["status"] == 304 and p["table_id"] == table
                                       and p["route"] == "/api/v1/tables/<id:table_id>/roads" for p in polls)
        assert polls_counted(scrape()) - before == 3
    finally:
        app.extensions["roadsvc.db"].dispose()


def test_a_niuniu_trend_poll_is_answered_the_same_way(api):
    niuniu = api.post("/api/v1/tables", {"name": "N", "game": "niuniu"}, role="pitboss").json["id"]
    url = f"/api/v1/tables/{niuniu}/trend"
    tag = api.get(url).headers["ETag"]
    current = api.get(url, headers={"If-None-Match": tag, "X-Request-ID": "trend-1"})
    assert current.status_code == 304 and current.headers["ETag"] == tag
    assert current.headers["X-Request-ID"] == "trend-1" and current.headers["Cache-Control"] == "private, no-cache"
    assert api.get(url, headers={"If-None-Match": '"999.0.trend"'}).status_code == 200
    baccarat = api.post("/api/v1/tables", {"name": "B"}, role="pitboss").json["id"]
    wrong = api.get(f"/api/v1/tables/{baccarat}/trend", headers={"If-None-Match": tag})
    assert (wrong.status_code, wrong.json["code"]) == (409, "wrong_game")


@pytest.mark.parametrize("query", ["", "?columns=10"])
def test_a_snapshot_cached_here_is_answered_before_flask_byte_for_byte(api, dealt, answered_by_flask, query):
    url = ROADS.format(dealt["table"]) + query
    # A cross-origin request always goes to Flask (no CORS origins are configured here: no CORS headers).
    by_flask = api.get(url, headers={"X-Request-ID": "first", "Origin": "https://elsewhere.example"})
    assert answered_by_flask == [url.split("?")[0]]
    for headers in ({}, {"If-None-Match": '"1.0.0"'}):  # no tag, a stale one
        fast = api.get(url, headers={**headers, "X-Request-ID": "first"})
        assert fast.status_code == 200 and fast.get_data() == by_flask.get_data()
        assert sorted(fast.headers.items()) == sorted(by_flask.headers.items())
    assert len(answered_by_flask) == 1


def test_a_new_hand_is_answered_by_flask_first_then_from_the_cache(api, dealt, answered_by_flask):
    url = ROADS.format(dealt["table"])
    api.post(f"/api/v1/tables/{dealt['table']}/hands", {"result": "banker"}, role="dealer")
    first = api.get(url, headers={"If-None-Match": dealt["tag"]})
    again = api.get(url, headers={"If-None-Match": dealt["tag"]})
    assert first.status_code == again.status_code == 200 and first.json["roads"]["hands"] == 4
    assert again.get_data() == first.get_data() and again.headers["ETag"] == first.headers["ETag"] != dealt["tag"]
    assert answered_by_flask.count(url) == 1  # the first read reached Flask, the second did not


def test_a_200_answered_before_flask_is_counted_and_logged_at_info(database_url, capsys):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "INFO", "LOG_FORMAT": "json"})
    try:
        key = {"Authorization": f"Bearer {create_key(app.extensions['roadsvc.db'], 'pitboss')[1]}"}
        client = app.test_client()
        table = client.post("/api/v1/tables", json={"name": "T"}, headers=key).json["id"]
        client.post(f"/api/v1/tables/{table}/shoes", json={"decks": 8}, headers=key)
        client.get(ROADS.format(table), headers=key)
        capsys.readouterr()
        assert client.get(ROADS.format(table), headers={**key, "X-Request-ID": "cached"}).status_code == 200
        lines = [json.loads(t) for t in capsys.readouterr().err.splitlines() if t.startswith("{")]
        line, = [line for line in lines if line.get("event") == "request" and line["request_id"] == "cached"]
        assert (line["level"], line["status"], line["table_id"]) == ("info", 200, table)
    finally:
        app.extensions["roadsvc.db"].dispose()


LOBBY = "/api/v1/tables"


def test_the_lobby_poll_is_answered_before_flask_as_flask_answers_it(api, dealt, answered_by_flask):
    """The lobby's current 304, and its 200 once this process holds the body: the same status, headers
    and bytes as Flask's (a cross-origin request always goes to Flask), without reaching Flask."""
    by_flask = api.get(LOBBY, headers={"X-Request-ID": "lobby", "Origin": "https://elsewhere.example"})
    tag = by_flask.headers["ETag"]
    flask_304 = api.get(LOBBY, headers={"If-None-Match": tag, "X-Request-ID": "lobby",
                                        "Origin": "https://elsewhere.example"})
    assert answered_by_flask == [LOBBY, LOBBY] and flask_304.status_code == 304
    fast_304 = api.get(LOBBY, headers={"If-None-Match": tag, "X-Request-ID": "lobby"})
    fast_200 = api.get(LOBBY, headers={"If-None-Match": '"lobby.0..table"', "X-Request-ID": "lobby"})
    assert answered_by_flask == [LOBBY, LOBBY]  # neither reached Flask
    assert fast_304.status_code == 304 and sorted(fast_304.headers.items()) == sorted(flask_304.headers.items())
    assert fast_200.status_code == 200 and fast_200.get_data() == by_flask.get_data()
    assert sorted(fast_200.headers.items()) == sorted(by_flask.headers.items())
    api.post(f"/api/v1/tables/{dealt['table']}/hands", {"result": "banker"}, role="dealer")
    moved = api.get(LOBBY, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag and answered_by_flask[-1] == LOBBY


@pytest.mark.parametrize(("query", "status"), [("?sort=good_road_length", 200), ("?sort=sideways", 422),
                                               ("?colour=red", 422), ("?sort=table&sort=table", 422)])
def test_a_lobby_poll_with_a_query_gets_flask_s_answer(api, dealt, query, status):
    """Another variant is another tag; a bad value, an unknown or a repeated parameter is Flask's 422
    whatever the poll holds."""
    tag = api.get(LOBBY).headers["ETag"]
    answer = api.get(LOBBY + query, headers={"If-None-Match": tag})
    assert answer.status_code == status
    if status == 422:
        assert answer.json["field"] in ("sort", "colour")


def test_a_key_bound_to_a_table_is_refused_the_lobby_whatever_it_holds(api, app, dealt):
    tag = api.get(LOBBY).headers["ETag"]
    bound = create_key(app.extensions["roadsvc.db"], "dealer", "bound", table_id=dealt["table"])[1]
    answer = api.get(LOBBY, headers={"If-None-Match": tag, "Authorization": f"Bearer {bound}"})
    assert (answer.status_code, answer.json["code"]) == (403, "wrong_table")
