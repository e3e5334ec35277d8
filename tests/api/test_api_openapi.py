"""The OpenAPI document: served at /api/v1/openapi.json, every operation described, with an
example, its security and its error responses; the interactive docs at /api/docs."""

from __future__ import annotations

import pytest

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture
def spec(api) -> dict:
    response = api.client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json


def operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def has_example(operation: dict) -> bool:
    contents = [operation.get("requestBody", {}).get("content", {})]
    contents += [r.get("content", {}) for r in operation.get("responses", {}).values()]
    return any("example" in media or "examples" in media for content in contents for media in content.values())


def test_every_operation_has_a_summary_description_and_example(spec):
    found = list(operations(spec))
    assert len(found) >= 20
    for path, method, operation in found:
        where = f"{method.upper()} {path}"
        assert operation.get("summary"), where
        assert len(operation.get("description", "")) > 20, where
        assert has_example(operation), where


def test_every_api_operation_names_its_security_and_error_shape(spec):
    assert set(spec["components"]["securitySchemes"]) == {"bearer", "api_key"}
    for path, method, operation in operations(spec):
        if path.startswith("/api/v1/"):
            assert operation.get("security"), (method, path)
            assert "401" in operation["responses"], (method, path)
    error = spec["components"]["schemas"]["Error"]
    # game: wrong_game; match_id: table_busy (the 打棒 match the table is playing)
    assert set(error["properties"]) == {"code", "message", "field", "request_id", "game", "match_id"}


def test_write_operations_document_their_request_body(spec):
    for path, method, operation in operations(spec):
        if method in {"post", "patch"}:
            assert "requestBody" in operation, (method, path)


def test_the_interactive_docs_are_served(api):
    response = api.client.get("/api/docs")
    assert response.status_code == 200
    assert b"swagger-ui" in response.data
    assert b"/api/v1/openapi.json" in api.client.get("/api/docs/init.js").data


REPORTS_PATH = "/api/v1/reports/shifts/{date}/{shift}"  # its date and shift: the reports engineer's (issue 46)


def typed(schema: dict) -> bool:
    """A value a fuzzer can make real: a bounded integer, one of an enum, or a string of a pattern or format."""
    if schema.get("type") == "integer":
        return "minimum" in schema and "maximum" in schema
    return "enum" in schema or "pattern" in schema or "format" in schema


def test_every_path_parameter_is_typed_at_every_level(spec):
    # issue 46 item 10: a path parameter typed only as a string lets a fuzzer send only random strings
    loose = []
    for path, item in spec["paths"].items():
        levels = [item.get("parameters", [])] + [op.get("parameters", []) for m, op in item.items() if m != "parameters"]
        for parameters in levels:
            for parameter in parameters:
                if parameter["in"] != "path" or (path == REPORTS_PATH and parameter["name"] in ("date", "shift")):
                    continue
                if not typed(parameter["schema"]):
                    loose.append((path, parameter["name"], parameter["schema"]))
    assert loose == []
