"""Table modes (003 sections 3 and 4): standard, VIP (包桌, charter) and squeeze (咪牌).

The game is the same in every mode; what differs is who opens the cards and when. On a
VIP or squeeze table the card reader knows a hand before the players have seen it, so a
dealt hand is *held* (stored, not counted) until it is opened. Pure rules here; the
services store and enforce them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Mapping

from roadsvc.domain.errors import DomainError

STANDARD, VIP, SQUEEZE = "standard", "vip", "squeeze"
MODES = (STANDARD, VIP, SQUEEZE)
HOLDING_MODES = frozenset({VIP, SQUEEZE})

# The state of the hand in play, as displays show it.
WAITING_FOR_BETS, BETTING_CLOSED, HELD, OPENED, FLOWN = "waiting_for_bets", "betting_closed", "held", "opened", "flown"
PLAY_STATES = (WAITING_FOR_BETS, BETTING_CLOSED, HELD, OPENED, FLOWN)

# How a held hand was opened.
BY_ACCOUNT, BY_DEALER, AUTOMATIC = "account", "dealer", "automatic"

CHANGE_DEALER, CHANGE_SHOE = "change_dealer", "change_shoe"
REQUEST_KINDS = (CHANGE_DEALER, CHANGE_SHOE)


@dataclass(frozen=True, slots=True)
class Bound:
    name: str
    default: int
    low: int
    high: int
    description: str


# name -> (default, low, high): the numeric mode settings, top-level keys of a table's settings.
BOUNDS = {
    bound.name: bound for bound in (
        Bound("open_seconds", 60, 5, 3600, "VIP: seconds after the first accepted bet before the cards open by "
              "themselves"),
        Bound("max_consecutive_flies", 5, 0, 100, "VIP: most hands the charter may fly (飞牌) in a row"),
        Bound("shoe_change_after_hands", 30, 0, 200, "VIP: a change of shoe may be asked once the shoe has dealt "
              "more than this many hands"),
        Bound("shoe_change_minutes", 5, 1, 120, "VIP: minutes the dealer has to change the shoe once asked"),
    )
}
SETTING_NAMES = ("mode", *BOUNDS)


@dataclass(frozen=True, slots=True)
class ModeSettings:
    mode: str = STANDARD
    open_seconds: int = 60
    max_consecutive_flies: int = 5
    shoe_change_after_hands: int = 30
    shoe_change_minutes: int = 5

    @property
    def holds_hands(self) -> bool:
        return self.mode in HOLDING_MODES

    @property
    def vip(self) -> bool:
        return self.mode == VIP


def check_mode_settings(settings: Mapping[str, Any]) -> None:
    """Refuse (422, field settings.<name>) a mode or a bound setting out of range."""
    mode = settings.get("mode", STANDARD)
    if mode not in MODES:
        raise DomainError("invalid_settings", f"mode is one of {', '.join(MODES)}; got {mode!r}", "settings.mode")
    for name, bound in BOUNDS.items():
        value = settings.get(name, bound.default)
        if isinstance(value, bool) or not isinstance(value, int) or not bound.low <= value <= bound.high:
            raise DomainError("setting_out_of_range", f"{name} is a whole number from {bound.low} to {bound.high}; "
                              f"got {value!r}", f"settings.{name}")


def mode_settings(settings: Mapping[str, Any] | None) -> ModeSettings:
    """The table's mode settings, defaults filled in (the settings were checked when written)."""
    settings = settings or {}
    return ModeSettings(**{name: settings[name] for name in SETTING_NAMES if name in settings})


def open_deadline(mode: ModeSettings, first_bet_at: datetime | None, held_at: datetime) -> datetime | None:
    """When a held hand opens by itself: VIP only, `open_seconds` after the hand's first
    accepted bet (after it was held when nobody bet on it). Squeeze hands wait for a bettor
    or the dealer."""
    if not mode.vip:
        return None
    return (first_bet_at or held_at) + timedelta(seconds=mode.open_seconds)


def check_fly(mode: ModeSettings, consecutive_flies: int) -> None:
    """The charter may fly at most `max_consecutive_flies` hands in a row."""
    if consecutive_flies >= mode.max_consecutive_flies:
        raise FlyLimit(mode.max_consecutive_flies, consecutive_flies)


def check_shoe_change(mode: ModeSettings, hands_dealt: int) -> None:
    """A change of shoe may be asked once the shoe has dealt more than the threshold."""
    if hands_dealt <= mode.shoe_change_after_hands:
        raise TooEarly(hands_dealt, mode.shoe_change_after_hands)


class FlyLimit(DomainError):
    def __init__(self, limit: int, flown: int):
        super().__init__("fly_limit", f"the charter has flown {flown} hands in a row; at most {limit} may be flown "
                         "in a row (a hand with a bet starts the count again)", None)
        self.limit = limit


class TooEarly(DomainError):
    def __init__(self, dealt: int, threshold: int):
        super().__init__("too_early", f"the shoe has dealt {dealt} hands; a change of shoe may be asked once it has "
                         f"dealt more than {threshold}", "kind")
        self.dealt, self.threshold = dealt, threshold
