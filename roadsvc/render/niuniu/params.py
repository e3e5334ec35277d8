"""What a client may ask of a trend road image, checked: refusals are `invalid_parameter` with the field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.render.niuniu.labels import LANGUAGES
from roadsvc.render.themes import THEMES

CELL_MIN, CELL_MAX, CELL_DEFAULT = 28, 64, 32
"""A cell holds the banker's type in two characters; below 28 px they fall under 11 px."""
COLUMNS_MIN, COLUMNS_MAX = 1, 120
FORMATS = ("png", "svg")


@dataclass(frozen=True)
class TrendParams:
    cell: int = CELL_DEFAULT
    theme: str = "light"
    language: str = "zh-Hans"
    columns: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", _whole("cell", self.cell, CELL_MIN, CELL_MAX))
        object.__setattr__(self, "theme", _choice("theme", self.theme, tuple(THEMES)))
        object.__setattr__(self, "language", _choice("language", self.language, LANGUAGES))
        if self.columns is not None:
            object.__setattr__(self, "columns", _whole("columns", self.columns, COLUMNS_MIN, COLUMNS_MAX))

    def key(self) -> str:
        return f"cell={self.cell};theme={self.theme};language={self.language};columns={self.columns or 'all'}"


def trend_params(raw: Mapping[str, Any] | None) -> TrendParams:
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(TrendParams.__dataclass_fields__))
    if unknown:
        raise DomainError("invalid_parameter", f"unknown parameter {unknown[0]!r}", unknown[0])
    return TrendParams(**raw)


def check_format(fmt: Any) -> str:
    return _choice("format", fmt, FORMATS)


def _choice(field: str, value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise DomainError("invalid_parameter", f"{field} must be one of {', '.join(choices)}, got {value!r}", field)
    return value


def _whole(field: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DomainError("invalid_parameter", f"{field} must be a whole number from {low} to {high}, got {value!r}",
                          field)
    return value
