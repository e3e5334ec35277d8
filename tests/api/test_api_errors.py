"""Every error is JSON {code, message, field} with the HTTP status that fits it."""

from __future__ import annotations

import pytest


def assert_error(response, status: int, code: str | None = None, field: str | None = None):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"code", "message", "field", "request_id"}
    assert isinstance(body["message"], str) and body["message"]
    if code is not None:
        assert body["code"] == code
    if field is not None:
        assert body["field"] == field
    return body


def test_unknown_url_is_a_json_404(api):
    assert_error(api.get("/api/v1/nothing-here"), 404, "not_found")


def test_wrong_method_is_a_405_with_allow(api):
    response = api.client.delete("/api/v1/tables")
    assert_error(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}


def test_missing_key_is_401_and_unknown_key_is_401(api):
    body = assert_error(api.get("/api/v1/tables", role=None), 401, "missing_key")
    assert "key" in body["message"]
    response = api.client.get("/api/v1/tables", headers={"X-API-Key": "rs_not-a-key"})
    assert_error(response, 401, "invalid_key")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_x_api_key_header_is_accepted(api):
    response = api.client.get("/api/v1/tables", headers={"X-API-Key": api.keys["display"]})
    assert response.status_code == 200


def test_a_weaker_role_is_403(api):
    assert_error(api.post("/api/v1/tables", {"name": "T"}, role="dealer"), 403, "forbidden")


def test_malformed_json_is_400_invalid_json(api):
    response = api.client.post(
        "/api/v1/tables", data="{not json", content_type="application/json", headers=api.headers("admin")
    )
    assert_error(response, 400, "invalid_json")


def test_a_body_that_is_not_json_is_415(api):
    response = api.client.post("/api/v1/tables", data="name=T", content_type="text/plain", headers=api.headers("admin"))
    assert_error(response, 415, "unsupported_media_type")


def test_an_oversized_body_is_413(app, api):
    app.config["MAX_CONTENT_LENGTH"] = 1000
    response = api.post("/api/v1/tables", {"name": "x" * 5000})
    assert_error(response, 413, "body_too_large")


@pytest.mark.parametrize(
    "body, field",
    [
        ({}, "name"),
        ({"name": 5}, "name"),
        ({"name": "T", "rule_set": "poker"}, "rule_set"),
        ({"name": "T", "unexpected": 1}, "unexpected"),
        ({"name": "T", "settings": {"good_roads": {"long_banker": 0}}}, "settings.good_roads.long_banker"),
        ({"name": "T", "settings": {"limits": {"banker": {"min": "5", "max": "1"}}}}, "settings.limits.banker.min"),
    ],
)
def test_validation_errors_are_422_naming_the_first_field(api, body, field):
    assert_error(api.post("/api/v1/tables", body), 422, "validation_error", field)


def test_a_domain_rule_is_422_with_its_code_and_field(api, shoe, table):
    # Player 2+3=5 must draw; no third card given here: the third-card rule refuses it.
    response = api.post(f"/api/v1/tables/{table['id']}/hands", {"cards": {"player": ["2S", "3H"], "banker": ["KD", "4C"]}}, role="dealer")
    body = assert_error(response, 422)
    assert body["code"] not in {"validation_error", "internal_error"}
    assert body["field"] and body["field"].startswith("cards")


def test_an_id_too_large_for_the_database_is_a_404_not_a_500(api):
    assert_error(api.get("/api/v1/tables/99999999999999999999"), 404)
    assert_error(api.get("/api/v1/shoes/2147483648/roads"), 404)
