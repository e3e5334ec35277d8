"""Render parameters: what a client may ask for, with ranges and clear refusals.

Every refusal is a DomainError with code "invalid_parameter" and `field` naming
the parameter, so the API turns it into a 422 that says which one is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.roads.registry import ROAD_NAMES
from roadsvc.render.labels import LANGUAGES
from roadsvc.render.themes import THEMES

ROADS = ROAD_NAMES + ("scoreboard",)
FORMATS = ("png", "svg")
CONTENT_TYPES = {"png": "image/png", "svg": "image/svg+xml"}

CELL_MIN, CELL_MAX, CELL_DEFAULT = 20, 64, 24
"""Side in pixels of a bead-plate / big-road cell; derived roads use half of it.
Below 20 a bead's 莊/閒 falls under 11 px and stops being legible."""
ASK_SIDES = ("banker", "player")
"""`ask`: draw the mark a next banker or player would make, in the asked style (docs/ask_road.md)."""
COLUMNS_MIN, COLUMNS_MAX = 1, 120
"""The newest N drawn columns (None: every column of the shoe)."""
SCOREBOARD_COLUMNS_MIN = 4
"""A scoreboard's `columns` are its big road's; fewer leave no room for the roads beneath."""


@dataclass(frozen=True)
class RenderParams:
    """Checked on construction: an instance always holds values in range.

    `cell` and `columns` also accept strings of digits, as query arguments arrive.
    """

    cell: int = CELL_DEFAULT
    theme: str = "light"
    language: str = "zh-Hans"
    columns: int | None = None
    ask: str | None = None

    def __post_init__(self) -> None:
        checked = {
            "cell": check_whole("cell", self.cell, CELL_MIN, CELL_MAX),
            "theme": check_choice("theme", self.theme, tuple(THEMES)),
            "language": check_choice("language", self.language, LANGUAGES),
            "columns": None if self.columns is None
            else check_whole("columns", self.columns, COLUMNS_MIN, COLUMNS_MAX),
            "ask": None if self.ask is None else check_choice("ask", self.ask, ASK_SIDES),
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    def key(self) -> str:
        """A stable text of these parameters, for cache keys and ETags."""
        text = f"cell={self.cell};theme={self.theme};language={self.language};columns={self.columns or 'all'}"
        return text if self.ask is None else f"{text};ask={self.ask}"


def refuse(field: str, message: str) -> DomainError:
    return DomainError("invalid_parameter", message, field)


def check_choice(field: str, value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise refuse(field, f"{field} must be one of {', '.join(choices)}, got {value!r}")
    return value


def check_whole(field: str, value: Any, low: int, high: int) -> int:
    """A whole number in [low, high]; a string of digits (a query argument) is accepted."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise refuse(field, f"{field} must be a whole number from {low} to {high}, got {value!r}")
    return value


def check_road(road: Any) -> str:
    return check_choice("road", road, ROADS)


def check_format(fmt: Any) -> str:
    return check_choice("format", fmt, FORMATS)


def check_for_road(road: str, params: "RenderParams") -> "RenderParams":
    """Limits that depend on the road: a scoreboard needs a few columns to lay out."""
    if road == "scoreboard" and params.columns is not None and params.columns < SCOREBOARD_COLUMNS_MIN:
        raise refuse("columns", f"a scoreboard shows at least {SCOREBOARD_COLUMNS_MIN} columns, "
                                f"got {params.columns}")
    return params


def params_from(raw: RenderParams | Mapping[str, Any] | None) -> RenderParams:
    """RenderParams from themselves, from a mapping of raw values, or the defaults."""
    if isinstance(raw, RenderParams):
        return raw
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(RenderParams.__dataclass_fields__))
    if unknown:
        raise refuse(unknown[0], f"unknown parameter {unknown[0]!r}")
    return RenderParams(**raw)
