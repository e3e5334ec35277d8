"""The floor's shifts (issue 24): start times in the floor's time zone (a setting, e.g.
06:00, 14:00, 22:00). A shift is named by the local date it starts on and its start time
("2026-11-25", "2200"), and runs until the next start (22:00 runs into the next day).
Local times are turned into UTC moments with the zone's rules (zoneinfo), so a shift
across a daylight-saving change is as long as the clock says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from roadsvc.domain.errors import DomainError


DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_starts(text: str) -> tuple[time, ...]:
    """'06:00,14:00,22:00' -> the start times, sorted; at least one, no repeats."""
    try:
        starts = sorted({time.fromisoformat(part.strip()) for part in text.split(",") if part.strip()})
    except ValueError as error:
        raise DomainError("invalid_shifts", f"shift starts are HH:MM times separated by commas ({error})",
                          "shifts") from None
    if not starts:
        raise DomainError("invalid_shifts", "give at least one shift start (HH:MM)", "shifts")
    return tuple(starts)


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise DomainError("invalid_time_zone", f"unknown time zone {name!r} (an IANA name: Asia/Macau)",
                          "time_zone") from None


@dataclass(frozen=True)
class Shift:
    day: date  # the local date it starts on
    start_time: time
    begins: datetime  # UTC
    ends: datetime  # UTC, exclusive

    @property
    def name(self) -> str:
        return self.start_time.strftime("%H%M")

    @property
    def key(self) -> str:
        return f"{self.day.isoformat()}/{self.name}"


def _moment(day: date, at: time, tz: ZoneInfo) -> datetime:
    return datetime.combine(day, at, tz).astimezone(timezone.utc)


def _shift(day: date, index: int, starts: tuple[time, ...], tz: ZoneInfo) -> Shift:
    next_day, next_index = (day, index + 1) if index + 1 < len(starts) else (day + timedelta(days=1), 0)
    return Shift(day, starts[index], _moment(day, starts[index], tz), _moment(next_day, starts[next_index], tz))


def shift_at(moment: datetime, starts: tuple[time, ...], tz: ZoneInfo) -> Shift:
    """The shift running at `moment` (an aware datetime)."""
    local = moment.astimezone(tz)
    for day in (local.date(), local.date() - timedelta(days=1)):
        for index in reversed(range(len(starts))):
            shift = _shift(day, index, starts, tz)
            if shift.begins <= moment < shift.ends:
                return shift
    raise AssertionError("every moment is in a shift")  # pragma: no cover


def shift_codes(starts: tuple[time, ...]) -> list[str]:
    """The shifts' names (their starts, HHMM): '0600', '1400', '2200'."""
    return [start.strftime("%H%M") for start in starts]


def parse_day(day: str) -> date:
    """A shift's local date, exactly YYYY-MM-DD (not 20261207, which `date.fromisoformat` also reads)."""
    if not DAY.fullmatch(day):
        raise DomainError("invalid_date", "a shift's date is YYYY-MM-DD", "date")
    try:
        return date.fromisoformat(day)
    except ValueError:
        raise DomainError("invalid_date", f"{day} is no date (YYYY-MM-DD)", "date") from None


def shift_named(day: str, name: str, starts: tuple[time, ...], tz: ZoneInfo) -> Shift:
    """The shift starting on local date `day` (YYYY-MM-DD) at `name` (HHMM); DomainError (422, its field)
    if the date is malformed, the shift is none of `starts`, or the shift's hours fall outside the dates a
    datetime holds (0001-01-01 06:00 in UTC+8 begins in year 0; 9999-12-31 22:00 ends in year 10000)."""
    parsed = parse_day(day)
    codes = shift_codes(starts)
    if name not in codes:
        raise DomainError("unknown_shift", f"no shift starts at {name}; the shifts start at {', '.join(codes)}",
                          "shift")
    try:
        return _shift(parsed, codes.index(name), starts, tz)
    except (OverflowError, ValueError):
        raise DomainError("date_out_of_range", f"the shift {day} {name} is outside the dates a report covers",
                          "date") from None


def previous(shift: Shift, starts: tuple[time, ...], tz: ZoneInfo) -> Shift:
    return shift_at(shift.begins - timedelta(seconds=1), starts, tz)


def zone_label(name: str, moment: datetime) -> str:
    """The zone written out for a reader at `moment`: "Asia/Macau (UTC+8)", "Asia/Kolkata (UTC+5:30)"
    (a zone's letters, "CST", name three zones at once)."""
    offset = moment.astimezone(zone(name)).utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    sign, minutes = ("+" if minutes >= 0 else "-"), abs(minutes)
    hours = f"{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")
    return f"{name} (UTC{sign}{hours})"
