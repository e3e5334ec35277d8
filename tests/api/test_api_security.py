"""Security headers on every answer, caching by who asks, CORS from an allowlist, and the
docs page served with no CDN."""

from __future__ import annotations

import re

import pytest

from roadsvc.app import create_app
from roadsvc.services import tables
from roadsvc.services.baccarat import shoes
from roadsvc.services.keys.lifecycle import create_key


@pytest.fixture
def world(api, table, shoe):
    api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "banker"}, role="dealer")
    return {"table_id": table["id"], "shoe_id": shoe["id"]}


def csp(response) -> dict[str, str]:
    policy = response.headers["Content-Security-Policy"]
    return {part.split()[0]: part.partition(" ")[2] for part in (p.strip() for p in policy.split(";")) if part}


ANSWERS = [
    ("GET", "/api/v1/tables", "display"),
    ("GET", "/api/v1/tables/{table_id}/roads", "display"),
    ("GET", "/api/v1/shoes/{shoe_id}/hands.csv", "display"),
    ("GET", "/api/v1/tables/{table_id}/roads/big_road.svg", "display"),
    ("GET", "/api/v1/tables/{table_id}/roads/big_road.png", "display"),
    ("GET", "/api/v1/tables/999", "display"),
    ("GET", "/api/v1/tables", None),
    ("POST", "/api/v1/tables/{table_id}/hands", "display"),
    ("GET", "/api/v1/keys", "admin"),
    ("GET", "/api/v1/openapi.json", None),
    ("GET", "/api/docs", None),
    ("GET", "/api/nothing-here", None),
]


@pytest.mark.parametrize(("method", "url", "role"), ANSWERS)
def test_every_answer_has_the_security_headers(api, world, method, url, role):
    response = api.client.open(url.format(**world), method=method, json={} if method == "POST" else None,
                               headers=api.headers(role))
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert csp(response)["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in response.headers["Content-Security-Policy"]


def test_an_svg_image_may_run_no_script(api, world):
    response = api.get(f"/api/v1/tables/{world['table_id']}/roads/scoreboard.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    policy = csp(response)
    assert policy["default-src"] == "'none'" and "script-src" not in policy
    assert "data:" in policy["font-src"]  # its embedded CJK font


def test_key_answers_are_never_stored(api):
    created = api.post("/api/v1/keys", {"role": "display"})
    assert created.status_code == 201 and created.headers["Cache-Control"] == "no-store"
    assert api.get("/api/v1/keys", role="admin").headers["Cache-Control"] == "no-store"
    assert api.delete(f"/api/v1/keys/{created.json['id']}").headers["Cache-Control"] == "no-store"


def test_other_authenticated_json_is_private(api, world):
    assert api.get("/api/v1/tables").headers["Cache-Control"] == "private, no-cache"  # the lobby has an ETag
    assert api.get(f"/api/v1/shoes/{world['shoe_id']}/hands").headers["Cache-Control"] == "private"


@pytest.mark.parametrize(("path", "cache"), [("/api/v1/tables/{table_id}/roads", "private, no-cache"),
                                           ("/api/v1/tables/{table_id}/bets", "private, no-cache"),
                                           ("/api/v1/tables/{table_id}/roads/big_road.png", "no-cache")])
def test_polled_reads_revalidate_with_their_etag(api, world, path, cache):
    first = api.get(path.format(**world))
    assert first.headers["Cache-Control"] == cache
    again = api.get(path.format(**world), headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == cache


def test_no_cors_by_default(api):
    response = api.get("/api/v1/tables", headers={"Origin": "https://floor.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


@pytest.fixture
def cors_app(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING",
                      "CORS_ORIGINS": "https://floor.example, https://pit.example"})
    yield app
    app.extensions["roadsvc.db"].dispose()


def test_cors_answers_the_allowed_origins_only(cors_app):
    client = cors_app.test_client()
    allowed = client.get("/api/v1/tables", headers={"Origin": "https://pit.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://pit.example"
    refused = client.get("/api/v1/tables", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_a_preflight_answers_json(cors_app):
    response = cors_app.test_client().options("/api/v1/tables/1/hands", headers={
        "Origin": "https://floor.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization, Content-Type"})
    assert response.status_code == 200 and response.is_json
    assert "POST" in response.json["allow"]
    assert response.headers["Access-Control-Allow-Origin"] == "https://floor.example"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "authorization" in response.headers["Access-Control-Allow-Headers"].lower()


def test_the_docs_page_loads_only_local_assets_and_they_are_served(api):
    page = api.client.get("/api/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    references = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert len(references) >= 4
    assert all(ref.startswith("/api/docs/") for ref in references), references
    assert "<script>" not in html  # no inline script: the page's policy allows 'self' only
    assert csp(page)["script-src"] == "'self'"
    for ref in references:
        status, data = fetch(api, ref)
        assert status == 200 and len(data) > 100, ref
    assert b"SwaggerUIBundle" in fetch(api, "/api/docs/swagger-ui-bundle.js")[1]
    assert fetch(api, "/api/docs/../../roadsvc.db")[0] == 404
    assert fetch(api, "/api/docs/index.html")[0] == 404


def fetch(api, url: str) -> tuple[int, bytes]:
    response = api.client.get(url)
    try:
        return response.status_code, response.get_data()
    finally:
        response.close()


@pytest.mark.parametrize("path", ["/api/v1/tables/{}/roads", "/api/v1/tables/{}/trend"])
def test_a_cross_origin_display_s_current_poll_carries_its_cors_headers(cors_app, path):
    """A browser display on an allowed origin polls with If-None-Match; its 304 must let the page read it
    (the 304s answered before Flask leave a request with an Origin to Flask, where flask-cors answers it)."""
    db = cors_app.extensions["roadsvc.db"]
    game = "niuniu" if "trend" in path else "baccarat"
    table = tables.create_table(db, "Cross-origin", game=game).id
    if game == "baccarat":
        shoes.open_shoe(db, table, 8)
    key = create_key(db, "display", "a browser display")[1]
    client = cors_app.test_client()
    headers = {"Authorization": f"Bearer {key}", "Origin": "https://floor.example"}
    first = client.get(path.format(table), headers=headers)
    assert first.status_code == 200 and first.headers["Access-Control-Allow-Origin"] == "https://floor.example"
    again = client.get(path.format(table), headers={**headers, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Access-Control-Allow-Origin"] == "https://floor.example"
