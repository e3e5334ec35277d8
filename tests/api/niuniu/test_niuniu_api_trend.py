"""The trend road over HTTP: JSON with ETag and 304, images, only settled rounds, voids leave it."""

import re

from niuniu_support import RESULTS, TYPES, by_order, by_position, other_hands


def play(api, rounds_url, number, settle=True, hands=None):
    body = by_order(number) if hands is None else by_position(number, hands)
    assert api.post(rounds_url, body, role="dealer").status_code == 201
    if settle:
        assert api.post(f"{rounds_url}/{number}/open", {}, role="dealer").status_code == 200


def test_the_trend_road_per_area_in_round_order(api, niuniu, rounds_url):
    play(api, rounds_url, 1)
    play(api, rounds_url, 2, hands=other_hands())
    road = api.get(f"/api/v1/tables/{niuniu['id']}/trend").json
    assert road["rounds"] == [1, 2]
    assert road["areas"]["player_1"]["results"] == ["win", "win"]
    assert road["areas"]["player_3"]["results"] == [RESULTS["player_3"], "win"]
    assert road["areas"]["player_4"]["results"] == ["win", "lose"]
    assert road["banker"]["types"] == [TYPES["banker"]] * 2
    assert road["areas"]["player_1"]["wins"] == {"last_10": 2, "last_20": 2, "last_50": 2, "all": 2}
    assert road["areas"]["player_4"]["type_counts"]["bomb"] == 1 and road["revision"] >= 1


def test_etag_and_304_and_a_change_moves_the_etag(api, niuniu, rounds_url):
    url = f"/api/v1/tables/{niuniu['id']}/trend"
    first = api.get(url)
    tag = first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]
    assert api.get(url, headers={"If-None-Match": tag}).status_code == 304
    play(api, rounds_url, 1)
    changed = api.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag and changed.json["rounds"] == [1]


def test_a_round_being_opened_is_not_on_the_road_and_a_void_leaves_it(api, niuniu, rounds_url):
    play(api, rounds_url, 1)
    play(api, rounds_url, 2, settle=False)
    api.post(f"{rounds_url}/2/open", {"position": "player_1"}, role="dealer")
    assert api.get(f"/api/v1/tables/{niuniu['id']}/trend").json["rounds"] == [1]
    svg = api.get(f"/api/v1/tables/{niuniu['id']}/trend.svg").get_data(as_text=True)
    assert set(re.findall(r'data-round="(\d+)"', svg)) == {"1"}  # the image: nothing of the round being opened
    api.post(f"{rounds_url}/2/void", {"reason": "misdeal"}, role="pitboss")
    play(api, rounds_url, 3)
    assert api.get(f"/api/v1/tables/{niuniu['id']}/trend").json["rounds"] == [1, 3]


def test_images_png_and_svg_with_etag(api, niuniu, rounds_url):
    play(api, rounds_url, 1)
    png = api.get(f"/api/v1/tables/{niuniu['id']}/trend.png?theme=dark&language=en")
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert api.get(f"/api/v1/tables/{niuniu['id']}/trend.png?theme=dark&language=en",
                   headers={"If-None-Match": png.headers["ETag"]}).status_code == 304
    svg = api.get(f"/api/v1/tables/{niuniu['id']}/trend.svg").get_data(as_text=True)
    assert re.findall(r'class="mark banker [a-z0-9-]+" data-round="(\d+)"', svg) == ["1"]
    bad = api.get(f"/api/v1/tables/{niuniu['id']}/trend.png?size=3")
    assert (bad.status_code, bad.json["code"], bad.json["field"]) == (422, "unknown_parameter", "size")


def test_every_reader_may_read_it_and_a_missing_table_is_404(api, niuniu):
    for role in ("display", "game_server", "dealer", "pitboss", "admin"):
        assert api.get(f"/api/v1/tables/{niuniu['id']}/trend", role=role).status_code == 200
    assert api.get("/api/v1/tables/999/trend").status_code == 404
    assert api.get("/api/v1/tables/999/trend.svg").status_code == 404
