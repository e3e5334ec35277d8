"""The roads document (GET .../roads) as typed schemas, and the one place it is written
as JSON. A client generated from /api/v1/openapi.json gets typed roads. The fields, and
their order, are docs/snapshot.md's, the contract: the domain's RoadSnapshot dumped
through SnapshotSchema is that JSON, byte for byte (tests/api/test_roads_json.py).

The bytes are written by `roads_json`, from functions compiled from these schemas once
at import (roadsvc.api.schemas.compiled): marshmallow's own dump gives the same, slower.

The road names come from the road registry (roadsvc.domain.baccarat.roads.registry).
"""

from __future__ import annotations

import json
from typing import Any, Callable

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.compiled import compile_dump
from roadsvc.api.schemas.tables import GoodRoadBriefSchema, TableBriefSchema
from roadsvc.domain.baccarat.dealing.hands import RESULTS
from roadsvc.domain.baccarat.roads.good_roads import GoodRoad
from roadsvc.domain.baccarat.roads.registry import ASK_SIDES, DERIVED_ROADS, ROAD_NAMES
from roadsvc.domain.baccarat.roads.statistics import Counts, Streak

MARK_COLOURS = ("red", "blue")
SIDES = ("banker", "player")


def _result(**kwargs) -> fields.String:
    return fields.String(validate=validate.OneOf(RESULTS), **kwargs)


class ShoeSummarySchema(ma.Schema):
    id = fields.Integer()
    number = fields.Integer(metadata={"description": "The shoe's number at its table"})
    status = fields.String(metadata={"example": "open"})
    decks = fields.Integer()
    burn_card = fields.String(allow_none=True, metadata={"example": "7H"})
    burn_count = fields.Integer(allow_none=True)
    last_hand = fields.Integer(allow_none=True, metadata={"description": "Set when the cut card's hand is in"})
    opened_at = fields.String(metadata={"format": "date-time"})
    closed_at = fields.String(allow_none=True, metadata={"format": "date-time"})


class CountsSchema(ma.Schema):
    banker = fields.Integer()
    player = fields.Integer()
    tie = fields.Integer()
    banker_pair = fields.Integer()
    player_pair = fields.Integer()
    natural = fields.Integer()


class CellSchema(ma.Schema):
    col = fields.Integer(metadata={"description": "Drawn column (0 is the leftmost kept)"})
    row = fields.Integer(metadata={"description": "Drawn row, 0 to 5"})


class BeadSchema(ma.Schema):
    hand = fields.Integer(metadata={"description": "The hand's number in the shoe"})
    col = fields.Integer()
    row = fields.Integer()
    result = _result()
    banker_pair = fields.Boolean()
    player_pair = fields.Boolean()
    points = fields.Integer(allow_none=True, metadata={"description": "The winner's points (null if entered "
                                                                      "by result only)"})
    natural = fields.Boolean(allow_none=True)


class BigRoadEntrySchema(ma.Schema):
    hand = fields.Integer()
    result = fields.String(validate=validate.OneOf(SIDES))
    ties = fields.Integer(metadata={"description": "Ties after this entry"})
    banker_pair = fields.Boolean()
    player_pair = fields.Boolean()
    natural = fields.Boolean(allow_none=True)
    points = fields.Integer(allow_none=True)


def _grid_road(name: str, marks: fields.Field, **first: fields.Field) -> type[ma.Schema]:
    """A road on its drawn grid, its fields in the order docs/snapshot.md writes them."""
    return ma.Schema.from_dict({
        **first,
        "columns": fields.List(fields.List(marks), metadata={
            "description": "Logical columns (a dragon tail stays one column)"}),
        "cells": fields.List(fields.Nested(CellSchema), metadata={"description": "One per entry, in arrival order"}),
        "cell_entries": fields.List(fields.Integer(), metadata={
            "description": "Cropped (?columns=N) only: each kept cell's entry index in arrival order"}),
    }, name=name)


BigRoadSchema = _grid_road("BigRoadSchema", fields.Nested(BigRoadEntrySchema), leading_ties=fields.Integer(
    metadata={"description": "Ties before the first banker or player"}))
DerivedRoadSchema = _grid_road("DerivedRoadSchema", fields.String(validate=validate.OneOf(MARK_COLOURS)))


AskSideSchema = ma.Schema.from_dict(
    {road: fields.String(allow_none=True, validate=validate.OneOf(MARK_COLOURS)) for road in DERIVED_ROADS},
    name="AskSideSchema",
)
AskRoadSchema = ma.Schema.from_dict({side: fields.Nested(AskSideSchema) for side in ASK_SIDES}, name="AskRoadSchema")



class AskedCellSchema(CellSchema):
    colour = fields.String(validate=validate.OneOf(MARK_COLOURS))


AskPreviewSideSchema = ma.Schema.from_dict(
    {road: fields.Nested(AskedCellSchema, allow_none=True) for road in ROAD_NAMES}, name="AskPreviewSideSchema"
)
AskPreviewSchema = ma.Schema.from_dict(
    {side: fields.Nested(AskPreviewSideSchema) for side in ASK_SIDES}, name="AskPreviewSchema"
)


class StreakSchema(ma.Schema):
    result = fields.String(validate=validate.OneOf(SIDES))
    length = fields.Integer()


class StreaksSchema(ma.Schema):
    current = fields.Nested(StreakSchema, allow_none=True)
    longest = fields.Dict(keys=fields.String(validate=validate.OneOf(SIDES)), values=fields.Integer())


SnapshotSchema = ma.Schema.from_dict({
    "hands": fields.Integer(metadata={"description": "Counted hands (voids excluded)"}),
    "counts": fields.Nested(CountsSchema),
    "bead_plate": fields.List(fields.Nested(BeadSchema)),
    "big_road": fields.Nested(BigRoadSchema, attribute="grids.big_road"),
    **{road: fields.Nested(DerivedRoadSchema, attribute=f"grids.{road}") for road in DERIVED_ROADS},
    "ask_road": fields.Nested(AskRoadSchema, metadata={
        "description": "Each derived road's next mark if the next result is banker / player"}),
    "ask_preview": fields.Nested(AskPreviewSchema, metadata={
        "description": "Where the next banker / player mark would be drawn on every road, with its colour "
                       "(null: no mark on that road)"}),
    "good_roads": fields.List(fields.Nested(GoodRoadBriefSchema)),
    "streaks": fields.Nested(StreaksSchema),
}, name="SnapshotSchema")
"""Every road of a shoe: docs/snapshot.md."""


class RoadsSchema(ma.Schema):
    table = fields.Nested(TableBriefSchema)
    shoe = fields.Nested(ShoeSummarySchema)
    revision = fields.Integer(metadata={"description": "The shoe's revision these roads describe"})
    roads = fields.Nested(SnapshotSchema, metadata={"description": "The road snapshot (docs/snapshot.md)"})


class RoadsQuerySchema(ma.Schema):
    columns = fields.Integer(
        validate=validate.Range(1, 200),
        metadata={"description": "Keep only the newest N drawn columns of every grid (fixed-width displays); "
                                 "the window always ends at each road's newest mark", "example": 24},
    )


# Writing the roads as JSON: only here, at the edge, from the schemas above.

dump_roads = compile_dump(RoadsSchema())
dump_snapshot = compile_dump(SnapshotSchema())
ROAD_PARTS = {
    Counts: compile_dump(CountsSchema()),
    Streak: compile_dump(StreakSchema()),
    GoodRoad: compile_dump(GoodRoadBriefSchema()),
}
"""The snapshot's parts that other documents (the floor's entries) carry, by type."""


def compact_json(value: Any, default: Callable[[Any], Any] | None = None) -> bytes:
    """JSON as roadsvc serves it: compact, UTF-8, Chinese names as they are."""
    return json.dumps(value, default=default, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def snapshot_json(snapshot: Any) -> bytes:
    """A RoadSnapshot (whole, cropped or asked) as docs/snapshot.md writes it (the CLI's line)."""
    return compact_json(dump_snapshot(snapshot))


def roads_json(document: Any) -> bytes:
    """GET roads' body: a document with `table`, `shoe`, `revision` and `roads` (a RoadSnapshot)."""
    return compact_json(dump_roads(document))


def road_part(value: Any) -> dict[str, Any]:
    """`json.dumps`'s `default` for documents that carry snapshot parts (Counts, Streak, GoodRoad)."""
    dump = ROAD_PARTS.get(type(value))
    if dump is None:
        raise TypeError(f"{type(value).__name__} is not a part of the roads")
    return dump(value)
