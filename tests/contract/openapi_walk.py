"""Walk an OpenAPI document and say what each operation leaves undescribed.

`problems(spec, sources)` -> {"METHOD /path": ["what is missing", ...]} for every operation that does
not fully describe: its request body (JSON, every field typed, unknown fields refused), its path
parameters, the query parameters its view reads (`sources`: the view's source text, where
`request.args.get("x")` names a parameter it reads), and each 2xx and 4xx answer (content type
and schema). Used by tests/contract/test_openapi_contract.py.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

METHODS = ("get", "post", "put", "patch", "delete")
TYPED = ("type", "$ref", "allOf", "oneOf", "anyOf", "enum")
QUERY_READ = re.compile(r"""request\.args(?:\.get(?:list)?\(|\[)\s*["']([a-z_]+)["']""")


def operations(spec: dict) -> Iterator[tuple[str, str, dict]]:
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, {**operation, "parameters": [*item.get("parameters", []),
                                                                 *operation.get("parameters", [])]}


def resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        *_, kind, name = schema["$ref"].split("/")
        schema = spec["components"][kind][name]
    return schema


def untyped_fields(spec: dict, schema: dict, where: str = "", strict: bool = True, seen=None) -> list[str]:
    """Each field (dotted) without a type, and each request object that does not refuse unknown fields."""
    seen = set() if seen is None else seen
    if "$ref" in schema:
        if schema["$ref"] in seen:
            return []
        seen = seen | {schema["$ref"]}
    schema = resolve(spec, schema)
    found = []
    for part in schema.get("allOf", []) + schema.get("oneOf", []) + schema.get("anyOf", []):
        found += untyped_fields(spec, part, where, strict, seen)
    if schema.get("type") == "array":
        items = schema.get("items")
        if not items or not any(key in items for key in TYPED):
            found.append(f"{where or 'body'}[]: items have no type")
        else:
            found += untyped_fields(spec, items, f"{where}[]", strict, seen)
    properties = schema.get("properties")
    if properties is not None:
        if strict and schema.get("additionalProperties", True) is not False:
            found.append(f"{where or 'body'}: unknown fields are not refused (additionalProperties: false)")
        for name, field in properties.items():
            dotted = f"{where}.{name}" if where else name
            if not any(key in field for key in TYPED) and field.get("readOnly") is not True:
                found.append(f"{dotted}: no type")
            else:
                found += untyped_fields(spec, field, dotted, strict, seen)
    return found


def body_problems(spec: dict, operation: dict) -> list[str]:
    body = operation.get("requestBody")
    if body is None:
        return []
    media = body.get("content", {}).get("application/json")
    if not media or "schema" not in media:
        return ["request body: no application/json schema"]
    schema = resolve(spec, media["schema"])
    alternatives = schema.get("oneOf") or [media["schema"]]  # one URL, a body per game (POST .../slips)
    if any(resolve(spec, each).get("type") != "object" for each in alternatives):
        return ["request body: not an object"]
    return [f"request {problem}" if problem.startswith("body") else f"request body {problem}"
            for each in alternatives for problem in untyped_fields(spec, each)]


def parameter_problems(path: str, operation: dict, source: str) -> list[str]:
    found = []
    declared = {(p.get("in"), p.get("name")): p for p in operation["parameters"]}
    for name in re.findall(r"{([^}]+)}", path):
        if ("path", name) not in declared:
            found.append(f"path parameter {name}: not declared")
    for name in sorted(set(QUERY_READ.findall(source))):
        if ("query", name) not in declared:
            found.append(f"query parameter {name}: read by the view, not declared")
    for (place, name), parameter in declared.items():
        schema = parameter.get("schema", {})
        if place in ("path", "query") and not any(key in schema for key in TYPED):
            found.append(f"{place} parameter {name}: no type")
    return found


def response_problems(spec: dict, operation: dict) -> list[str]:
    found = []
    responses = operation.get("responses", {})
    if not any(status.startswith("2") for status in responses):
        found.append("no 2xx answer")
    if not any(status.startswith("4") for status in responses):
        found.append("no 4xx answer")
    for status, response in responses.items():
        response = resolve(spec, response)
        if not status[:1] in "24" or status in ("204", "304"):
            continue
        content = response.get("content")
        if not content:
            found.append(f"{status}: no content type")
            continue
        for media_type, media in content.items():
            schema = media.get("schema")
            if not schema or not any(key in schema for key in TYPED):
                found.append(f"{status} {media_type}: no schema")
            elif media_type == "application/json":
                described = resolve(spec, schema)
                if described.get("type") == "object" and not described.get("properties") \
                        and "additionalProperties" not in described and not described.get("allOf"):
                    found.append(f"{status} {media_type}: an object with no fields described")
                found += [f"{status} {problem}" for problem in untyped_fields(spec, schema, strict=False)]
    return found


def problems(spec: dict, sources: dict[str, str]) -> dict[str, list[str]]:
    """`sources`: "METHOD /path" -> the view's source (for the query parameters it reads)."""
    found = {}
    for path, method, operation in operations(spec):
        label = f"{method.upper()} {path}"
        listed = (body_problems(spec, operation) + parameter_problems(path, operation, sources.get(label, ""))
                  + response_problems(spec, operation))
        if listed:
            found[label] = listed
    return found
