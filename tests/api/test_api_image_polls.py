"""A display's current poll of a road image (baccarat's roads and scoreboard, 百人牛牛's trend) is answered
304 before Flask (roadsvc.api.serving.polls), with Flask's own status and headers, and only when Flask
would answer 304: a changed shoe, a bad key, a signed link, a bad or unknown parameter get Flask's answer."""

from __future__ import annotations


import pytest

from niuniu_support import by_order
from roadsvc.api import POLLS
from roadsvc.api.read_links import EXTENSION as READ_LINKS
from roadsvc.app import create_app
from roadsvc.render import fonts
from roadsvc.render.params import ROADS
from roadsvc.services.keys.lifecycle import create_key
from roadsvc.services.read_links import ReadLinks

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
CROSS_ORIGIN = {"Origin": "https://elsewhere.example"}  # always answered by Flask (no CORS origin configured)


@pytest.fixture
def dealt(api, table, shoe) -> int:
    for result in ("banker", "player", "tie", "banker"):
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201
    return table["id"]


@pytest.fixture
def trend_table(api) -> int:
    table = api.post("/api/v1/tables", {"name": "Niu Niu", "game": "niuniu"}, role="pitboss").json["id"]
    play_round(api, table, 1)
    return table


def play_round(api, table: int, number: int) -> None:
    rounds = f"/api/v1/tables/{table}/rounds"
    assert api.post(rounds, by_order(number), role="dealer").status_code == 201
    assert api.post(f"{rounds}/{number}/open", {}, role="dealer").status_code == 200


def image_url(table: int, road: str, fmt: str) -> str:
    return f"/api/v1/tables/{table}/roads/{road}.{fmt}"


def assert_same_304(api, url: str, answered_by_flask: list[str]) -> str:
    """The tag of `url`; its 304 answered before Flask has Flask's status and headers."""
    tag = api.get(url).headers["ETag"]
    flask_304 = api.get(url, headers={"If-None-Match": tag, "X-Request-ID": "image", **CROSS_ORIGIN})
    seen = len(answered_by_flask)
    fast_304 = api.get(url, headers={"If-None-Match": tag, "X-Request-ID": "image"})
    assert len(answered_by_flask) == seen, f"{url} reached Flask"
    assert (fast_304.status_code, flask_304.status_code) == (304, 304) and fast_304.data == b""
    assert sorted(fast_304.headers.items()) == sorted(flask_304.headers.items())
    assert fast_304.headers["ETag"] == tag and "no-cache" in fast_304.headers["Cache-Control"]
    return tag


@pytest.mark.parametrize("fmt", ["png", "svg"])
@pytest.mark.parametrize("road", ROADS)
def test_a_current_image_poll_is_flask_s_304_without_flask(api, dealt, answered_by_flask, road, fmt):
    for language in LANGUAGES:
        assert_same_304(api, image_url(dealt, road, fmt) + f"?language={language}", answered_by_flask)
    assert_same_304(api, image_url(dealt, road, fmt), answered_by_flask)
    columns = 4 if road == "scoreboard" else 2
    assert_same_304(api, image_url(dealt, road, fmt) + f"?cell=32&theme=dark&columns={columns}&ask=player",
                    answered_by_flask)


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_a_current_trend_image_poll_is_flask_s_304_without_flask(api, trend_table, answered_by_flask, fmt):
    url = f"/api/v1/tables/{trend_table}/trend.{fmt}"
    for language in LANGUAGES:
        assert_same_304(api, f"{url}?language={language}&theme=dark", answered_by_flask)
    assert_same_304(api, url, answered_by_flask)
    assert_same_304(api, f"{url}?cell=40&columns=10", answered_by_flask)


def test_each_query_has_its_own_tag_and_another_s_tag_is_a_200(api, dealt):
    plain, english = (api.get(image_url(dealt, "big_road", "png") + query).headers["ETag"] for query in ("", "?language=en"))
    assert plain != english
    answer = api.get(image_url(dealt, "big_road", "png") + "?language=en", headers={"If-None-Match": plain})
    assert answer.status_code == 200 and answer.headers["ETag"] == english and answer.mimetype == "image/png"
    svg = api.get(image_url(dealt, "big_road", "svg"), headers={"If-None-Match": plain})
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_a_new_hand_makes_the_image_poll_a_200_with_a_new_tag(api, dealt, answered_by_flask):
    url = image_url(dealt, "scoreboard", "png")
    tag = assert_same_304(api, url, answered_by_flask)
    api.post(f"/api/v1/tables/{dealt}/hands", {"result": "player"}, role="dealer")
    fresh = api.get(url, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag and fresh.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert api.get(url, headers={"If-None-Match": fresh.headers["ETag"]}).status_code == 304


def test_a_settled_round_makes_the_trend_image_poll_a_200(api, trend_table, answered_by_flask):
    url = f"/api/v1/tables/{trend_table}/trend.svg"
    tag = assert_same_304(api, url, answered_by_flask)
    play_round(api, trend_table, 2)
    fresh = api.get(url, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag and b'data-round="2"' in fresh.data


@pytest.mark.parametrize("path", ["/roads/scoreboard.png", "/roads/big_road.svg", "/trend.png"])
def test_a_bad_key_or_none_is_401_whatever_tag_it_holds(api, dealt, trend_table, path):
    table = trend_table if "trend" in path else dealt
    url = f"/api/v1/tables/{table}{path}"
    tag = api.get(url).headers["ETag"]
    for key in ({"Authorization": "Bearer rs_nope"}, {}):
        answer = api.client.get(url, headers={"If-None-Match": tag, **key})
        assert answer.status_code == 401 and answer.json["code"] in ("invalid_key", "missing_key")


def test_a_key_bound_to_another_table_is_refused_whatever_tag_it_holds(api, app, dealt):
    url = image_url(dealt, "scoreboard", "png")
    tag = api.get(url).headers["ETag"]
    other = api.post("/api/v1/tables", {"name": "Other"}, role="pitboss").json["id"]
    bound = create_key(app.extensions["roadsvc.db"], "dealer", "bound", table_id=other)[1]
    assert api.client.get(image_url(other, "scoreboard", "png"), headers={"X-API-Key": bound}).status_code == 404
    refused = api.client.get(url, headers={"X-API-Key": bound, "If-None-Match": tag})  # the key is cached now
    assert (refused.status_code, refused.json["code"]) == (403, "wrong_table")


@pytest.mark.parametrize(("query", "status", "code"), [
    ("?size=3", 422, "unknown_parameter"),
    ("?cell=10", 422, "invalid_parameter"), ("?cell=24&cell=24", 422, "repeated_parameter"),
    ("?language=fr", 422, "invalid_parameter"), ("?sig=forged&expires=1", 403, "invalid_signature")])
def test_a_poll_with_a_query_flask_refuses_is_refused(api, dealt, trend_table, query, status, code):
    for url in (image_url(dealt, "scoreboard", "png"), f"/api/v1/tables/{trend_table}/trend.png"):
        tag = api.get(url).headers["ETag"]
        answer = api.get(url + query, headers={"If-None-Match": tag})
        expected = (422, "unknown_parameter") if "trend" in url and code == "invalid_signature" else (status, code)
        assert (answer.status_code, answer.json["code"]) == expected, url + query


def test_a_signed_link_s_poll_is_checked_and_answered_by_flask(api, app, dealt, answered_by_flask):
    app.extensions[READ_LINKS] = ReadLinks("a test secret of enough length", 600)
    link = api.post(f"/api/v1/tables/{dealt}/read-links", {"resource": "image", "road": "big_road",
                                                          "params": {"language": "en"}}, role="game_server").json
    first = api.get(link["path"], role=None)
    answer = api.get(link["path"], role=None, headers={"If-None-Match": first.headers["ETag"]})
    assert (answer.status_code, answer.headers["Cache-Control"]) == (304, "public, max-age=1, stale-while-revalidate=5")
    assert answered_by_flask.count(image_url(dealt, "big_road", "png")) == 2
    altered = api.get(link["path"].replace("language=en", "language=zh-Hant"), role=None,
                      headers={"If-None-Match": first.headers["ETag"]})
    assert altered.status_code == 403 and altered.headers["Cache-Control"] == "no-store"


def test_another_game_s_table_is_wrong_game_whatever_tag_it_holds(api, dealt, trend_table):
    tag = api.get(image_url(dealt, "scoreboard", "png")).headers["ETag"]
    answer = api.get(image_url(trend_table, "scoreboard", "png"), headers={"If-None-Match": tag})
    assert (answer.status_code, answer.json["code"]) == (409, "wrong_game")
    trend_tag = api.get(f"/api/v1/tables/{trend_table}/trend.png").headers["ETag"]
    answer = api.get(f"/api/v1/tables/{dealt}/trend.png", headers={"If-None-Match": trend_tag})
    assert (answer.status_code, answer.json["code"]) == (409, "wrong_game")


def test_without_the_font_a_held_tag_is_still_503(api, dealt, database_url, tmp_path, monkeypatch):
    url = image_url(dealt, "scoreboard", "png")
    tag = api.get(url).headers["ETag"]
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path / "no-fonts")
    broken = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "CRITICAL"})
    try:
        client = broken.test_client()
        client.get(f"/api/v1/tables/{dealt}/roads", headers=api.headers("display"))  # the key cached here too
        answer = client.get(url, headers=api.headers("display", {"If-None-Match": tag}))
        assert (answer.status_code, answer.json["code"]) == (503, "font_missing")
    finally:
        broken.extensions["roadsvc.db"].dispose()


def test_each_poll_route_counts_under_the_rule_flask_matches(app):
    """The metrics' and the log's `route` of a poll answered before Flask is the URL rule Flask would match."""
    adapter = app.url_map.bind("localhost")
    samples = ["/api/v1/tables/3/roads", "/api/v1/tables/3/trend", "/api/v1/tables", "/api/v1/tables/3/trend.svg",
               *(image_url(3, road, fmt) for road in ROADS for fmt in ("png", "svg"))]
    for path in samples:
        route, = [poll for poll in POLLS if poll.path.fullmatch(path)]
        rule, _ = adapter.match(path, method="GET", return_rule=True)
        assert route.route == rule.rule, path


@pytest.mark.parametrize(("road", "fmt"), [("scoreboard", "png"), ("scoreboard", "svg"), ("big_road", "png"),
                                           ("bead_plate", "svg")])
def test_an_image_drawn_already_is_flask_s_200_without_flask(api, dealt, answered_by_flask, road, fmt):
    url = image_url(dealt, road, fmt) + "?language=en"
    by_flask = api.get(url, headers={"X-Request-ID": "drawn", **CROSS_ORIGIN})  # drawn here, by Flask
    assert answered_by_flask == [url.split("?")[0]] and by_flask.status_code == 200
    for held in ({}, {"If-None-Match": '"1.0.big_road.png.old"'}):  # no tag, a stale one
        fast = api.get(url, headers={**held, "X-Request-ID": "drawn"})
        assert fast.status_code == 200 and fast.get_data() == by_flask.get_data()
        assert sorted(fast.headers.items()) == sorted(by_flask.headers.items())
    assert len(answered_by_flask) == 1


def test_an_image_not_drawn_yet_is_drawn_by_flask_once(api, dealt, answered_by_flask):
    url = image_url(dealt, "small_road", "png")
    first, second = api.get(url), api.get(url)
    assert first.status_code == second.status_code == 200 and first.get_data() == second.get_data()
    assert answered_by_flask == [url]  # the first drew it; the second was the cache's
    api.post(f"/api/v1/tables/{dealt}/hands", {"result": "banker"}, role="dealer")
    moved = api.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["ETag"] != first.headers["ETag"]
    assert answered_by_flask.count(url) == 2  # a new revision: drawn again, by Flask
