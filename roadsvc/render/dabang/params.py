"""What a client may ask of a match road image, checked: refusals are `invalid_parameter` with the field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from roadsvc.render.dabang.labels import LANGUAGES
from roadsvc.render.params import check_choice, check_whole, refuse
from roadsvc.render.themes import THEMES

CELL_MIN, CELL_MAX, CELL_DEFAULT = 24, 64, 32
"""A deal's column holds a seat disc and a three-digit score; below 24 px they fall under 10 px."""
FORMATS = ("png", "svg")
CONTENT_TYPES = {"png": "image/png", "svg": "image/svg+xml"}


@dataclass(frozen=True)
class RoadParams:
    cell: int = CELL_DEFAULT
    theme: str = "light"
    language: str = "zh-Hans"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", check_whole("cell", self.cell, CELL_MIN, CELL_MAX))
        object.__setattr__(self, "theme", check_choice("theme", self.theme, tuple(THEMES)))
        object.__setattr__(self, "language", check_choice("language", self.language, LANGUAGES))

    def key(self) -> str:
        return f"cell={self.cell};theme={self.theme};language={self.language}"


def road_params(raw: RoadParams | Mapping[str, Any] | None) -> RoadParams:
    if isinstance(raw, RoadParams):
        return raw
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(RoadParams.__dataclass_fields__))
    if unknown:
        raise refuse(unknown[0], f"unknown parameter {unknown[0]!r}")
    return RoadParams(**raw)


def check_format(fmt: Any) -> str:
    return check_choice("format", fmt, FORMATS)
