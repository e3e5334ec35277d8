"""The match road with an ETag, its PNG and SVG, and the time limit on the service's clock."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

import pytest
from dabang_api import new_match, new_table, state, whole_first_deal
from dabang_play import shuffled_codes
from PIL import Image

from roadsvc.api.dabang import CLOCK
from roadsvc.services.dabang.moves import end_due

START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock(app):
    now = [START]
    app.extensions[CLOCK] = lambda: now[0]
    return now


def test_the_road_has_an_entry_per_deal_and_an_etag(api, clock):
    match_id = new_match(api, new_table(api)["id"])["id"]
    empty = api.get(f"/api/v1/matches/{match_id}/road")
    assert empty.status_code == 200 and empty.json["deals"] == [] and empty.headers["ETag"]
    result = whole_first_deal(api, match_id, seed=11)["result"]
    road = api.get(f"/api/v1/matches/{match_id}/road")
    assert road.json["deals"] == [result] and road.headers["ETag"] != empty.headers["ETag"]
    entry = road.json["deals"][0]
    assert {"level", "holder", "dealer_seat", "trump", "points", "kou_di", "dry_pot", "blood",
            "levels_after"} <= set(entry)
    again = api.get(f"/api/v1/matches/{match_id}/road", headers={"If-None-Match": road.headers["ETag"]})
    assert again.status_code == 304


def test_the_road_image_as_png_and_svg(api, clock):
    match_id = new_match(api, new_table(api)["id"])["id"]
    whole_first_deal(api, match_id, seed=11)
    png = api.get(f"/api/v1/matches/{match_id}/road.png?language=en&theme=dark")
    assert png.status_code == 200 and png.mimetype == "image/png"
    assert Image.open(io.BytesIO(png.data)).width > 400
    svg = api.get(f"/api/v1/matches/{match_id}/road.svg")
    assert svg.mimetype == "image/svg+xml" and 'data-deal="1"' in svg.data.decode()
    bad = api.get(f"/api/v1/matches/{match_id}/road.png?cell=2")
    assert bad.status_code == 422 and bad.json["field"] == "cell"
    for empty in ("theme", "language"):  # an empty value is not the default (the long fuzz run's finding)
        blank = api.get(f"/api/v1/matches/{match_id}/road.svg?{empty}=")
        assert (blank.status_code, blank.json["field"]) == (422, empty)
    assert api.get("/api/v1/matches/999/road.png").status_code == 404


def _levels_differ_after_first_deal(api, minutes):
    match_id = new_match(api, new_table(api)["id"], minutes=minutes)["id"]
    result = whole_first_deal(api, match_id, seed=11)["result"]
    assert result["levels_after"]["A"] != result["levels_after"]["B"]  # the seed's deal moves a level
    return match_id


def test_after_the_time_limit_the_next_deal_is_refused_and_the_higher_level_wins(api, clock):
    match_id = _levels_differ_after_first_deal(api, minutes=30)
    dealer = state(api, match_id)["dealer_seat"]
    clock[0] = START + timedelta(minutes=31)
    response = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(1), "first_drawer": dealer},
                        role="dealer")
    assert response.status_code == 409 and response.json["code"] == "match_over"
    ended = state(api, match_id)
    assert ended["reason"] == "time_limit" and ended["winner"] == max(ended["levels"], key=ended["levels"].get)


def test_the_jobs_pass_ends_a_match_on_time(api, clock, app):
    match_id = _levels_differ_after_first_deal(api, minutes=30)
    db = app.extensions["roadsvc.db"]
    assert end_due(db, START + timedelta(minutes=29)) == []
    assert end_due(db, START + timedelta(minutes=30)) == [match_id]
    assert state(api, match_id)["reason"] == "time_limit" and end_due(db, START + timedelta(hours=2)) == []
