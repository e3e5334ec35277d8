"""The roads document (GET .../roads) as typed schemas: a client generated from
/api/v1/openapi.json gets typed roads. The fields are docs/snapshot.md's, the contract;
a test dumps real documents through RoadsSchema and gets them back unchanged.

The road names come from the road registry (roadsvc.domain.roads.registry).
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.tables import GoodRoadSchema, TableBriefSchema
from roadsvc.domain.dealing.hands import RESULTS
from roadsvc.domain.roads.registry import ASK_SIDES, DERIVED_ROADS, ROAD_NAMES

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


class GridRoadSchema(ma.Schema):
    cells = fields.List(fields.Nested(CellSchema), metadata={"description": "One per entry, in arrival order"})
    cell_entries = fields.List(fields.Integer(), metadata={
        "description": "Cropped (?columns=N) only: each kept cell's entry index in arrival order"})


class BigRoadSchema(GridRoadSchema):
    leading_ties = fields.Integer(metadata={"description": "Ties before the first banker or player"})
    columns = fields.List(fields.List(fields.Nested(BigRoadEntrySchema)), metadata={
        "description": "Logical columns (a dragon tail stays one column)"})


class DerivedRoadSchema(GridRoadSchema):
    columns = fields.List(fields.List(fields.String(validate=validate.OneOf(MARK_COLOURS))))


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
    "big_road": fields.Nested(BigRoadSchema),
    **{road: fields.Nested(DerivedRoadSchema) for road in DERIVED_ROADS},
    "ask_road": fields.Nested(AskRoadSchema, metadata={
        "description": "Each derived road's next mark if the next result is banker / player"}),
    "ask_preview": fields.Nested(AskPreviewSchema, metadata={
        "description": "Where the next banker / player mark would be drawn on every road, with its colour "
                       "(null: no mark on that road)"}),
    "good_roads": fields.List(fields.Nested(GoodRoadSchema)),
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
