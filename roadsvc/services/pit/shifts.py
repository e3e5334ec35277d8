"""The floor's clock face (issue 24): its time zone (ROADSVC_FLOOR_TIME_ZONE) and its shifts
(ROADSVC_FLOOR_SHIFTS, start times in that zone), checked once when the app starts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any, Mapping
from zoneinfo import ZoneInfo

from roadsvc.config import SETTINGS
from roadsvc.domain import shifts
from roadsvc.domain.shifts import Shift


@dataclass(frozen=True)
class FloorClock:
    zone_name: str
    zone: ZoneInfo
    starts: tuple[time, ...]

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> "FloorClock":
        name = settings["FLOOR_TIME_ZONE"]
        return cls(name, shifts.zone(name), shifts.parse_starts(settings["FLOOR_SHIFTS"]))

    @classmethod
    def default(cls) -> "FloorClock":
        """The clock face of the default settings (ROADSVC_FLOOR_TIME_ZONE, ROADSVC_FLOOR_SHIFTS unset)."""
        return cls.from_settings({name: SETTINGS[name][1] for name in ("FLOOR_TIME_ZONE", "FLOOR_SHIFTS")})

    def shift_at(self, moment: datetime) -> Shift:
        return shifts.shift_at(moment, self.starts, self.zone)

    def shift_named(self, day: str, name: str) -> Shift:
        return shifts.shift_named(day, name, self.starts, self.zone)

    def previous(self, shift: Shift) -> Shift:
        return shifts.previous(shift, self.starts, self.zone)

    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(self.zone)

    def zone_label(self, moment: datetime) -> str:
        """'Asia/Macau (UTC+8)'."""
        return shifts.zone_label(self.zone_name, moment)

