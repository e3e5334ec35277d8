"""The OpenAPI document describes every operation whole (tests/contract/openapi_walk.py): its
request body (every field typed, unknown fields refused), its path parameters and the query
parameters its view reads, each 2xx and 4xx answer with its content type and schema; and every
route of the app's URL map under /api/ is in the document. No operation is exempt: every game's
operations are typed (the allow-list of those still being typed is gone).
"""

from __future__ import annotations

import inspect

import pytest

from contract_run import openapi_path
from openapi_walk import operations, problems
from roadsvc.app import create_app

# Served beside the API, not operations of it: the document itself and its interactive page.
NOT_OPERATIONS = {"/api/v1/openapi.json", "/api/docs", "/api/docs/init.js", "/api/docs/{filename}"}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('doc') / 'doc.db'}",
                      "LOG_LEVEL": "CRITICAL"})
    yield app
    app.extensions["roadsvc.db"].dispose()


@pytest.fixture(scope="module")
def spec(app) -> dict:
    response = app.test_client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json


def api_routes(app) -> dict[str, object]:
    """"METHOD /path" -> view function, for every route under /api/ (the document's own pages aside)."""
    found = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and openapi_path(rule.rule) not in NOT_OPERATIONS:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                found[f"{method} {openapi_path(rule.rule)}"] = app.view_functions[rule.endpoint]
    return found


def view_source(view) -> str:
    """The view's source and that of its own module's functions it calls (a helper reading `request.args`)."""
    function = inspect.unwrap(view)
    source = inspect.getsource(function)
    module = inspect.getmodule(function)
    helpers = [member for name, member in inspect.getmembers(module, inspect.isfunction)
               if member.__module__ == module.__name__ and member is not function and f"{name}(" in source]
    return "\n".join([source, *(inspect.getsource(helper) for helper in helpers)])


def test_every_route_of_the_url_map_is_in_the_document(app, spec):
    documented = {f"{method.upper()} {path}" for path, method, _ in operations(spec)}
    missing = sorted(set(api_routes(app)) - documented)
    assert missing == [], f"routes the OpenAPI document does not have: {missing}"
    assert len(documented) >= 79


def test_every_operation_is_described_whole(app, spec):
    sources = {label: view_source(view) for label, view in api_routes(app).items()}
    found = problems(spec, sources)
    assert found == {}, "\n".join(f"{label}: {'; '.join(listed)}" for label, listed in found.items())


def test_the_walker_finds_what_an_undescribed_operation_leaves_out():
    """The walker itself: each kind of gap is found (so an empty answer means something)."""
    spec = {"paths": {"/x/{id}": {"post": {
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"seat": {}, "name": {"type": "string"}}}}}},
        "responses": {"201": {"description": "made"}, "200": {"content": {"text/csv": {}}}}}}},
        "components": {}}
    found = problems(spec, {"POST /x/{id}": 'request.args.get("limit")'})["POST /x/{id}"]
    assert found == ["request body: unknown fields are not refused (additionalProperties: false)",
                     "request body seat: no type", "path parameter id: not declared",
                     "query parameter limit: read by the view, not declared", "no 4xx answer",
                     "201: no content type", "200 text/csv: no schema"]
