"""compile_dump gives what marshmallow's own dump gives: objects or dicts, missing fields, None."""

from __future__ import annotations

from dataclasses import dataclass

import marshmallow as ma
import pytest
from marshmallow import fields

from roadsvc.api.schemas.compiled import compile_dump


class PointSchema(ma.Schema):
    x = fields.Integer()
    label = fields.String(data_key="name")


class ShapeSchema(ma.Schema):
    points = fields.List(fields.Nested(PointSchema))
    rows = fields.List(fields.List(fields.Nested(PointSchema)))
    first = fields.Nested(PointSchema, allow_none=True)
    tags = fields.Dict()
    size = fields.Integer(attribute="box.size")
    note = fields.String()


@dataclass
class Point:
    x: int
    label: str


@dataclass
class Box:
    size: int


@dataclass
class Shape:
    points: list
    rows: list
    first: Point | None
    tags: dict | None
    box: Box


SHAPES = [
    Shape([Point(1, "a"), Point(2, "b")], [[Point(3, "c")], []], Point(4, "d"), {"k": 1}, Box(9)),  # no `note`
    Shape([], [], None, None, Box(0)),
    Shape([{"x": 5, "label": "e"}, Point(6, "f")], [[{"x": 7, "label": "g"}]], {"x": 8, "label": "h"}, {}, Box(1)),
    {"points": [Point(1, "a")], "rows": [], "first": None, "tags": {}, "box": {"size": 2}, "note": "dict"},
]


@pytest.mark.parametrize("shape", SHAPES)
def test_the_compiled_dump_is_marshmallow_s(shape):
    assert compile_dump(ShapeSchema())(shape) == ShapeSchema().dump(shape)


def test_a_field_type_without_a_rule_is_refused_when_compiling():
    class Odd(ma.Schema):
        when = fields.DateTime()

    with pytest.raises(TypeError, match="DateTime"):
        compile_dump(Odd())


def test_a_derived_field_is_written_through_its_function_as_marshmallow_writes_it():
    """A good road's `name` is the zh-Hans translation of its `name_en` (issue 36), in the snapshot's lists too."""
    from roadsvc.api.schemas.tables import GoodRoadBriefSchema
    from roadsvc.domain.baccarat.roads.good_roads import GoodRoad

    class Roads(ma.Schema):
        good_roads = fields.List(fields.Nested(GoodRoadBriefSchema))

    road = GoodRoad("one_hall_two_rooms_banker", "One Hall Two Rooms (Banker)", since_hand=3)
    as_dict = {"code": "long_banker", "name_en": "Long Banker", "since_hand": 2}
    expected = {"code": "one_hall_two_rooms_banker", "name": "一厅两房(庄)", "name_en": "One Hall Two Rooms (Banker)",
                "since_hand": 3}
    assert compile_dump(GoodRoadBriefSchema())(road) == GoodRoadBriefSchema().dump(road) == expected
    assert compile_dump(GoodRoadBriefSchema())(as_dict) == GoodRoadBriefSchema().dump(as_dict)
    assert compile_dump(GoodRoadBriefSchema())(as_dict)["name"] == "长庄"
    listed = {"good_roads": [road]}
    assert compile_dump(Roads())(listed) == Roads().dump(listed) == {"good_roads": [expected]}
