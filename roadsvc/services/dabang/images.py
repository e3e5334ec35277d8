"""The match road's image, drawn once per (match, revision, format, parameters) in this process."""

from __future__ import annotations

import json
from functools import lru_cache

from roadsvc.persistence.engine import Database
from roadsvc.render.dabang import CONTENT_TYPES, RoadParams, render_road, road_params
from roadsvc.render.dabang.params import check_format
from roadsvc.services.dabang import matches

__all__ = ["CONTENT_TYPES", "image_params", "road_image", "road_json"]


def image_params(raw: dict) -> RoadParams:
    return road_params(raw)


def road_json(db: Database, match_id: int) -> tuple[int, bytes]:
    road, revision = matches.road(db, match_id)
    return revision, json.dumps(road, ensure_ascii=False, separators=(",", ":")).encode()


def road_image(db: Database, match_id: int, fmt: str, params: RoadParams) -> tuple[int, bytes]:
    check_format(fmt)
    road, revision = matches.road(db, match_id)
    return revision, _drawn(match_id, revision, fmt, params, json.dumps(road, sort_keys=True))


@lru_cache(maxsize=128)
def _drawn(match_id: int, revision: int, fmt: str, params: RoadParams, road_text: str) -> bytes:
    return render_road(json.loads(road_text), fmt, params)
