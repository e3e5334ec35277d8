"""Answers described for the OpenAPI document, shared by every game: `Answer` is the service's dict as it
is. The schema names and types its fields and passes through any it does not list (a view's nested parts
described as objects), so documenting an answer never drops a field of it."""

from __future__ import annotations

from marshmallow import Schema, post_dump


class Answer(Schema):
    @post_dump(pass_original=True)
    def whole(self, data, original, **kwargs):
        return {**original, **data} if isinstance(original, dict) else data
