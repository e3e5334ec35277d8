"""The ten good roads (好路), read from the big road's logical columns.

Ties are not in the logical columns, so a tie can never make or break a good road.
Every good road is described the same way (see `Pattern`): a repeating unit of column
shapes, how many times it must repeat, and what may follow the repeats while the
newest column is still open. One matcher serves all ten.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from roadsvc.domain.baccarat.roads.big_road import BigRoadEntry
from roadsvc.domain.errors import DomainError
from roadsvc.domain.messages import N_
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER

ANY = None


@dataclass(frozen=True, slots=True)
class GoodRoadThresholds:
    """Configuration of the good roads; the defaults reproduce spec/roads.md exactly.

    `repeats` is how many times the repeating unit of the one-hall-two-rooms, sticky
    and skip-sticky patterns must appear.
    """

    long_banker: int = 4
    long_player: int = 4
    repeats: int = 2

    def __post_init__(self) -> None:
        for name in ("long_banker", "long_player", "repeats"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise DomainError("invalid_threshold", f"{name} must be a whole number of at least 1", name)


@dataclass(frozen=True, slots=True)
class Shape:
    """What one big-road column must be: a side (or ANY) and a length range."""

    side: str | None
    min_length: int = 1
    max_length: int | None = None

    def fits(self, side: str, length: int) -> bool:
        return (
            (self.side is None or self.side == side)
            and length >= self.min_length
            and (self.max_length is None or length <= self.max_length)
        )


def exactly(side: str | None, length: int) -> Shape:
    return Shape(side, length, length)


def at_least(side: str | None, length: int) -> Shape:
    return Shape(side, length)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A good road: `unit` repeated `repeats` times, oldest column first.

    `drop_last` leaves the last unit's final columns off the required part (隔黐: the
    separating column after the last 单黐 is optional). `continuations` are what may
    follow the required part (always including nothing).
    """

    unit: tuple[Shape, ...]
    repeats: int
    drop_last: int = 0
    continuations: tuple[tuple[Shape, ...], ...] = ((),)

    def required(self) -> tuple[Shape, ...]:
        shapes = self.unit * self.repeats
        return shapes[: len(shapes) - self.drop_last]


@dataclass(frozen=True, slots=True)
class GoodRoad:
    """An active good road and the hand number at which its run of columns begins.

    Its length: `columns`, the big-road columns of its run (from since_hand to the newest),
    and `hands`, the banker and player hands in them (ties ride along, uncounted).
    """

    code: str
    name_en: str  # its English name, a message id (NAMES)
    since_hand: int
    columns: int = 0
    hands: int = 0


Column = tuple[str, int, int]
"""A big-road column as (side, length, number of its first hand)."""

NAMES = {
    "long_banker": N_("Long Banker"),
    "long_player": N_("Long Player"),
    "double_sticky": N_("Double Sticky"),
    "single_jump": N_("Single Jump"),
    "one_hall_two_rooms_banker": N_("One Hall Two Rooms (Banker)"),
    "one_hall_two_rooms_player": N_("One Hall Two Rooms (Player)"),
    "banker_sticky": N_("Banker Sticky"),
    "player_sticky": N_("Player Sticky"),
    "banker_skip_sticky": N_("Banker Skip Sticky"),
    "player_skip_sticky": N_("Player Skip Sticky"),
}
"""Every good-road code with its English name, in the spec's order: message ids, the catalogues hold the operator's
Chinese names (长庄, 长闲, 拍拍黐 ...), translated where a name is shown."""


def _other(side: str) -> str:
    return PLAYER if side == BANKER else BANKER


def _one_hall_two_rooms(hall: str, repeats: int) -> Pattern:
    """庄闲闲 (or 闲庄庄) repeated; the next hall, then a first room, may follow."""
    room = _other(hall)
    return Pattern(
        (exactly(hall, 1), exactly(room, 2)),
        repeats,
        continuations=((), (exactly(hall, 1),), (exactly(hall, 1), exactly(room, 1))),
    )


def _sticky(side: str, repeats: int) -> Pattern:
    """Two or more of `side`, one of the other, repeated; then a `side` column of any length."""
    return Pattern((at_least(side, 2), exactly(_other(side), 1)), repeats, continuations=((), (at_least(side, 1),)))


def _skip_sticky(side: str, repeats: int) -> Pattern:
    """单黐 (one of `side`, then two or more) at least `repeats` times, split by any columns."""
    gap = at_least(_other(side), 1)
    return Pattern((exactly(side, 1), gap, at_least(side, 2), gap), repeats, drop_last=1, continuations=((), (gap,)))


@lru_cache(maxsize=32)
def patterns(thresholds: GoodRoadThresholds) -> dict[str, Pattern]:
    """The ten good roads as patterns, for these thresholds (cached: built once per setting)."""
    repeats = thresholds.repeats
    return {
        "long_banker": Pattern((at_least(BANKER, thresholds.long_banker),), 1),
        "long_player": Pattern((at_least(PLAYER, thresholds.long_player),), 1),
        "double_sticky": Pattern((at_least(ANY, 2),), 2),
        "single_jump": Pattern((exactly(ANY, 1),), 4),
        "one_hall_two_rooms_banker": _one_hall_two_rooms(BANKER, repeats),
        "one_hall_two_rooms_player": _one_hall_two_rooms(PLAYER, repeats),
        "banker_sticky": _sticky(BANKER, repeats),
        "player_sticky": _sticky(PLAYER, repeats),
        "banker_skip_sticky": _skip_sticky(BANKER, repeats),
        "player_skip_sticky": _skip_sticky(PLAYER, repeats),
    }


def _fits(columns: Sequence[Column], start: int, shapes: Sequence[Shape]) -> bool:
    """Every shape fits the column at its place from `start` (a plain loop: the lobby runs
    this for every table and pattern, and Shape.fits per column costs a call each)."""
    if start < 0 or start + len(shapes) > len(columns):
        return False
    for shape, (side, length, _) in zip(shapes, columns[start:start + len(shapes)]):
        if (shape.side is not None and shape.side != side) or length < shape.min_length or (
            shape.max_length is not None and length > shape.max_length
        ):
            return False
    return True


@lru_cache(maxsize=256)
def _candidates(pattern: Pattern) -> tuple[tuple[Shape, ...], ...]:
    """The required shapes followed by each continuation, built once per pattern."""
    required = pattern.required()
    return tuple(required + continuation for continuation in pattern.continuations)


def match_start(pattern: Pattern, columns: Sequence[Column]) -> int | None:
    """Index of the column where the pattern's run begins, or None if it is not active.

    The newest columns must be the required repeats plus one continuation. The run
    then reaches back over every whole unit that precedes it, so `since_hand` stays
    put while the pattern goes on rather than moving with each new column.
    """
    for shapes in _candidates(pattern):
        start = len(columns) - len(shapes)
        if _fits(columns, start, shapes):
            while _fits(columns, start - len(pattern.unit), pattern.unit):
                start -= len(pattern.unit)
            return start
    return None


def big_road_columns(columns: Sequence[Sequence[BigRoadEntry]]) -> list[Column]:
    """(side, length, first hand number) of each logical big-road column."""
    return [(column[0].result, len(column), column[0].hand) for column in columns]


def good_roads(
    columns: Sequence[Sequence[BigRoadEntry]], thresholds: GoodRoadThresholds | None = None
) -> list[GoodRoad]:
    """The good roads active on these logical big-road columns, in the spec's order."""
    return good_roads_of_shape(big_road_columns(columns), thresholds)


def good_roads_of_shape(shape: Sequence[Column], thresholds: GoodRoadThresholds | None = None) -> list[GoodRoad]:
    """The good roads active on big-road columns given as (side, length, first hand number)."""
    active = []
    for code, pattern in patterns(thresholds or GoodRoadThresholds()).items():
        start = match_start(pattern, shape)
        if start is not None:
            run = shape[start:]
            active.append(GoodRoad(code, NAMES[code], since_hand=shape[start][2], columns=len(run),
                                   hands=sum(length for _, length, _ in run)))
    return active
