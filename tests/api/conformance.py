"""Every answer checked against the OpenAPI document (`/api/v1/openapi.json`): the operation is found by the
app's own URL map, the status must be declared for it (or `default`), the content type declared for that
status, and a JSON body must validate against the declared schema (OpenAPI 3.0 turned into JSON Schema:
`nullable`, `$ref` inlined; formats checked). `CheckedClient` wraps a test client and checks each answer."""

from __future__ import annotations

import re
from typing import Any

import jsonschema_rs
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

_CONVERTER = re.compile(r"<(?:[^:>]+:)?([^>]+)>")
NO_BODY = {204, 304}


class Nonconformance(AssertionError):
    pass


def json_schema(spec: dict, schema: Any, seen: frozenset = frozenset()) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema (draft 4 keywords): refs inlined, `nullable` as a null type."""
    if isinstance(schema, list):
        return [json_schema(spec, item, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        ref = schema["$ref"]
        if ref in seen:
            return {}
        *_, kind, name = ref.split("/")
        return json_schema(spec, spec["components"][kind][name], seen | {ref})
    out = {}
    for key, value in schema.items():
        if key in ("example", "examples", "readOnly", "writeOnly", "nullable", "discriminator", "xml",
                   "externalDocs", "deprecated"):
            continue
        if key == "properties":
            out[key] = {name: json_schema(spec, field, seen) for name, field in value.items()}
        elif isinstance(value, (dict, list)):
            out[key] = json_schema(spec, value, seen)
        else:
            out[key] = value
    if schema.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    return out


class Conformance:
    """Checks answers against the document; `seen` counts "METHOD /path STATUS" checked."""

    def __init__(self, app, spec: dict):
        self.app, self.spec = app, spec
        self.seen: dict[str, int] = {}
        self.validators: dict[tuple, Any] = {}

    def operation(self, method: str, path: str) -> tuple[str, dict]:
        adapter = self.app.url_map.bind("localhost")
        try:
            rule, _ = adapter.match(path, method=method, return_rule=True)
        except (HTTPException, RequestRedirect) as error:
            raise Nonconformance(f"{method} {path}: no route ({error})") from None
        documented = _CONVERTER.sub(r"{\1}", rule.rule)
        item = self.spec["paths"].get(documented)
        if item is None or method.lower() not in item:
            raise Nonconformance(f"{method} {documented}: not in the document")
        return documented, item[method.lower()]

    def check(self, method: str, path: str, response) -> None:
        documented, operation = self.operation(method, path)
        label = f"{method} {documented} {response.status_code}"
        responses = operation["responses"]
        declared = responses.get(str(response.status_code)) or responses.get("default")
        if declared is None:
            raise Nonconformance(f"{label}: status not declared ({sorted(responses)}): {response.get_data()[:300]!r}")
        declared = json_schema(self.spec, declared)
        self.seen[label] = self.seen.get(label, 0) + 1
        if response.status_code in NO_BODY:
            return
        content = declared.get("content") or {}
        mimetype = response.mimetype
        if mimetype not in content:
            raise Nonconformance(f"{label}: content type {mimetype} not declared ({sorted(content)})")
        if mimetype != "application/json":
            return
        key = (documented, method, str(response.status_code), mimetype)
        if key not in self.validators:
            self.validators[key] = jsonschema_rs.validator_for(content[mimetype].get("schema", {}),
                                                               validate_formats=True)
        errors = [f"{'/'.join(map(str, error.instance_path))}: {error.message}"[:300]
                  for error in self.validators[key].iter_errors(response.get_json())]
        if errors:
            raise Nonconformance(f"{label}: the body does not conform: {errors[:20]}")


class CheckedClient:
    """A Flask test client whose every answer is checked (`Conformance.check`) before it is returned."""

    def __init__(self, client, conformance: Conformance):
        self.client, self.conformance = client, conformance
        self.application = client.application

    def open(self, path: str, method: str, **kwargs):
        response = self.client.open(path, method=method, **kwargs)
        self.conformance.check(method, path.split("?")[0], response)
        return response

    def get(self, path: str, **kwargs):
        return self.open(path, "GET", **kwargs)

    def post(self, path: str, **kwargs):
        return self.open(path, "POST", **kwargs)

    def patch(self, path: str, **kwargs):
        return self.open(path, "PATCH", **kwargs)

    def delete(self, path: str, **kwargs):
        return self.open(path, "DELETE", **kwargs)
