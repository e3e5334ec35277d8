"""Signed read links: minted by a game server, fetched without a key, publicly cacheable."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from roadsvc.api.read_links import EXTENSION, PUBLIC
from roadsvc.services.read_links import ReadLinks

NOW = 1_800_000_000


class Clock:
    def __init__(self):
        self.now = NOW

    def __call__(self):
        return self.now


@pytest.fixture
def clock(app):
    clock = Clock()
    app.extensions[EXTENSION] = ReadLinks("a test secret of enough length", 600, clock)
    return clock


@pytest.fixture
def dealt(api, table, shoe):
    for result in ("banker", "player", "player", "banker"):
        api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer")
    return table


def mint(api, table, body, role="game_server"):
    return api.post(f"/api/v1/tables/{table['id']}/read-links", body, role=role)


def test_a_signed_roads_link_needs_no_key_and_is_publicly_cacheable(api, dealt, clock):
    minted = mint(api, dealt, {"resource": "roads", "ttl": 60})
    assert minted.status_code == 201, minted.json
    link = minted.json
    assert link["expires"] == NOW + 60 and link["url"].endswith(link["path"])
    anonymous = api.get(link["path"], role=None)
    assert anonymous.status_code == 200
    assert anonymous.headers["Cache-Control"] == PUBLIC
    keyed = api.get(f"/api/v1/tables/{dealt['id']}/roads")
    assert anonymous.headers["ETag"] == keyed.headers["ETag"] and anonymous.json == keyed.json
    assert keyed.headers["Cache-Control"] == "private, no-cache"
    again = api.get(link["path"], role=None, headers={"If-None-Match": anonymous.headers["ETag"]})
    assert (again.status_code, again.headers["Cache-Control"]) == (304, PUBLIC)


def test_a_signed_image_link_keeps_its_parameters(api, dealt, clock):
    link = mint(api, dealt, {"resource": "image", "road": "big_road", "params": {"cell": 32, "columns": 10}}).json
    response = api.get(link["path"], role=None)
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert response.headers["Cache-Control"] == PUBLIC
    assert Image.open(io.BytesIO(response.data)).size == (10 * 32 + 2 * 5, 6 * 32 + 2 * 5)


def test_a_signed_scoreboard_link_needs_no_key(api, dealt, clock):
    """The scoreboard has routes of its own (columns of at least 4): they take links too."""
    link = mint(api, dealt, {"resource": "image", "road": "scoreboard", "params": {"columns": 8}}).json
    response = api.get(link["path"], role=None)
    assert (response.status_code, response.mimetype) == (200, "image/png")
    assert response.headers["Cache-Control"] == PUBLIC


def refused(response, code):
    assert response.status_code == 403
    assert (response.json["code"], response.headers["Cache-Control"]) == (code, "no-store")
    assert response.mimetype == "application/json"


def test_an_altered_or_extended_link_is_a_403_never_cached(api, dealt, clock):
    path = mint(api, dealt, {"resource": "image", "road": "big_road", "params": {"cell": 32}}).json["path"]
    refused(api.get(path.replace("cell=32", "cell=40"), role=None), "invalid_signature")
    refused(api.get(path + "&theme=dark", role=None), "invalid_signature")
    other = api.post("/api/v1/tables", {"name": "Other"}, role="pitboss").json
    refused(api.get(path.replace(f"/tables/{dealt['id']}/", f"/tables/{other['id']}/"), role=None),
            "invalid_signature")
    forged = path[: path.index("sig=") + 4] + "0" * 64
    refused(api.get(forged, role=None), "invalid_signature")
    assert api.get(path.split("&sig=")[0], role=None).status_code == 401, "without sig it needs a key"


def test_a_link_expires_by_the_clock(api, dealt, clock):
    path = mint(api, dealt, {"resource": "roads", "ttl": 30}).json["path"]
    clock.now = NOW + 30
    assert api.get(path, role=None).status_code == 200
    clock.now = NOW + 31
    refused(api.get(path, role=None), "link_expired")
    refused(api.get(path.replace(f"expires={NOW + 30}", f"expires={NOW + 3000}"), role=None), "invalid_signature")


@pytest.mark.parametrize("body, field", [
    ({"resource": "image", "road": "big_road", "params": {"cell": 10}}, "cell"),
    ({"resource": "image", "params": {}}, "road"),
    ({"resource": "roads", "params": {"cell": 24}}, "params"),
    ({"resource": "roads", "ttl": 0}, "ttl"),
    ({"resource": "feed"}, "resource"),
])
def test_a_bad_request_for_a_link_is_a_422(api, dealt, clock, body, field):
    response = mint(api, dealt, body)
    assert response.status_code == 422 and response.json["field"] == field


def test_who_may_mint(api, dealt, clock):
    assert mint(api, dealt, {"resource": "roads"}, role="display").status_code == 403
    assert mint(api, dealt, {"resource": "roads"}, role="admin").status_code == 201
    assert api.post("/api/v1/tables/999/read-links", {"resource": "roads"}, role="game_server").status_code == 404


def test_without_a_secret_links_are_off(app, api, dealt):
    response = mint(api, dealt, {"resource": "roads"})
    assert (response.status_code, response.json["code"]) == (409, "read_links_off")
    refused(api.get(f"/api/v1/tables/{dealt['id']}/roads?expires={NOW}&sig=00", role=None), "invalid_signature")


def test_a_links_parameters_are_known_only_where_links_are_taken(api, dealt, clock):
    # issue 46 item 4: one rule for unknown query parameters; a link's expires and sig are its route's own
    link = mint(api, dealt, {"resource": "roads", "ttl": 60}).json
    assert api.get(link["path"], role=None).status_code == 200
    extra = api.get(link["path"] + "&zz=1", role=None)
    assert (extra.status_code, extra.json["code"], extra.json["field"]) == (422, "unknown_parameter", "zz")
    elsewhere = api.get("/api/v1/floor?sig=abc&expires=1")
    assert (elsewhere.status_code, elsewhere.json["code"]) == (422, "unknown_parameter")
