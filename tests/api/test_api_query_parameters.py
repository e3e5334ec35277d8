"""One rule for query parameters on every operation of the OpenAPI document (issue 46 item 4): a
parameter the operation does not document is refused 422 `unknown_parameter` naming it, before
anything else; every documented one is taken as a parameter (its value is then the operation's to
judge). Walked from the live document, so a new operation is covered as it is added."""

from __future__ import annotations

import pytest

PATH_VALUES = {"road": "big_road", "fmt": "png", "date": "2026-01-05", "shift": "day", "account_id": "acct-1"}


def operations(api) -> list[tuple[str, str, list[str]]]:
    document = api.get("/api/v1/openapi.json").json
    found = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            parameters = operation.get("parameters", []) + item.get("parameters", [])
            url = path
            for parameter in parameters:
                if parameter["in"] == "path":
                    value = "1" if parameter["schema"].get("type") == "integer" else _path_value(parameter)
                    url = url.replace("{%s}" % parameter["name"], value)
            found.append((method.upper(), url, [p["name"] for p in parameters if p["in"] == "query"]))
    return found


def _path_value(parameter: dict) -> str:
    schema = parameter["schema"]
    return str(schema["enum"][0]) if "enum" in schema else PATH_VALUES[parameter["name"]]


def test_every_operation_refuses_a_query_parameter_it_does_not_document(api):
    walked = operations(api)
    assert len(walked) > 80
    for method, url, _ in walked:
        answer = api.client.open(f"{url}?zz_unknown=1", method=method, json={} if method != "GET" else None,
                                 headers=api.headers("admin"))
        assert (answer.status_code, answer.json["code"], answer.json["field"]) == (
            422, "unknown_parameter", "zz_unknown"), (method, url, answer.get_data(as_text=True)[:300])


def test_every_documented_query_parameter_is_taken_as_one(api):
    for method, url, documented in operations(api):
        for name in documented:
            answer = api.client.open(f"{url}?{name}=1", method=method, headers=api.headers("admin"))
            refused = answer.json.get("code") if answer.is_json and isinstance(answer.json, dict) else None
            assert refused != "unknown_parameter", (method, url, name)


@pytest.mark.parametrize("path", ["matches?foo=1", "rounds?foo=1"])
def test_the_routes_that_ignored_an_unknown_parameter_refuse_it(api, path):
    table = api.post("/api/v1/tables", {"name": "Dabang q", "game": "dabang"}, role="pitboss").json["id"]
    answer = api.get(f"/api/v1/tables/{table}/{path}")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "unknown_parameter", "foo")


def test_the_cache_buster_is_taken_by_every_operation(api):
    for method, url, _ in operations(api):
        answer = api.client.open(f"{url}?_=1700000000", method=method, json={} if method != "GET" else None,
                                 headers=api.headers("admin"))
        refused = answer.json.get("code") if answer.is_json and isinstance(answer.json, dict) else None
        assert refused != "unknown_parameter", (method, url)


def test_every_game_s_images_take_the_cache_buster_and_answer_as_without_it(api, table, shoe):
    from dabang_api import new_match, new_table
    from niuniu_support import by_order

    assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "banker"}, role="dealer").status_code == 201
    niuniu = api.post("/api/v1/tables", {"name": "Niu Niu _", "game": "niuniu"}, role="pitboss").json["id"]
    assert api.post(f"/api/v1/tables/{niuniu}/rounds", by_order(1), role="dealer").status_code == 201
    match = new_match(api, new_table(api)["id"])["id"]
    for url in (f"/api/v1/tables/{table['id']}/roads/big_road.png", f"/api/v1/tables/{table['id']}/roads/scoreboard.svg",
                f"/api/v1/shoes/{shoe['id']}/roads/bead_plate.svg", f"/api/v1/tables/{niuniu}/trend.png",
                f"/api/v1/matches/{match}/road.svg"):
        plain = api.get(f"{url}?language=en")
        busted = api.get(f"{url}?language=en&_=1700000000")
        assert (busted.status_code, busted.mimetype) == (200, plain.mimetype), (url, busted.get_data()[:200])
        assert (busted.headers["ETag"], busted.data) == (plain.headers["ETag"], plain.data), url
        assert api.get(f"{url}?_=1700000001&language=en", headers={"If-None-Match": plain.headers["ETag"]}).status_code == 304, url
