"""Conditional answers for anything derived from a shoe (roads now; images, bets later).

The ETag is (shoe id, revision, variant): the revision names the shoe's state and the
variant the form (columns, image size...). A matching If-None-Match is answered 304
before `produce` runs, so a poll costs the revision lookup alone.
"""

from __future__ import annotations

from typing import Callable

from flask import Response, request

HEADERS_DOC = {
    "ETag": {"description": "(shoe id, revision, variant)", "schema": {"type": "string"}},
    "Cache-Control": {"description": "no-cache: revalidate every time", "schema": {"type": "string"}},
}
NOT_MODIFIED_DOC = {"description": "Not modified: your ETag is current", "headers": HEADERS_DOC}
IF_NONE_MATCH_DOC = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "The ETag you hold: 304 if it is still current",
    "example": '"12.31.0"',
}


def revision_responses(content: dict, description: str = "OK") -> dict:
    """The OpenAPI responses of a view answered by revision_response: 200 with `content`, or 304."""
    return {"200": {"description": description, "headers": HEADERS_DOC, "content": content}, "304": NOT_MODIFIED_DOC}


def etag(shoe_id: int, revision: int, variant: str) -> str:
    return f"{shoe_id}.{revision}.{variant}"


def revision_response(
    shoe_id: int,
    revision: int,
    variant: str,
    produce: Callable[[], tuple[int, bytes]],
    mimetype: str = "application/json",
) -> Response:
    """304 if the client's ETag matches; else the bytes `produce()` returns with their revision."""
    tag = etag(shoe_id, revision, variant)
    if holds(tag):
        return _response(None, 304, tag, mimetype)
    revision, body = produce()
    return _response(body, 200, etag(shoe_id, revision, variant), mimetype)


def holds(tag: str) -> bool:
    """The client's If-None-Match names `tag` (weakly). A display sends back the one tag it was
    given, so that exact header is compared first; anything else (a list, W/, *) is parsed."""
    given = request.environ.get("HTTP_IF_NONE_MATCH")
    if not given:
        return False
    return given == f'"{tag}"' or request.if_none_match.contains_weak(tag)


def _response(body: bytes | None, status: int, tag: str, mimetype: str) -> Response:
    """The answer with its ETag (quoted: the tags are digits and dots) and `no-cache`, its
    headers given as a list: nothing to parse or look up."""
    return Response(body, status=status, mimetype=mimetype, headers=[("ETag", f'"{tag}"'), ("Cache-Control", "no-cache")])
