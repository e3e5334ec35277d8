"""The table modes' pure rules: settings bounds, the open deadline, the fly limit, the shoe change threshold."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.table_modes import (
    FlyLimit, ModeSettings, TooEarly, check_fly, check_mode_settings, check_shoe_change, mode_settings, open_deadline,
)

NOW = datetime(2026, 11, 23, 22, 0, tzinfo=timezone.utc)


def test_defaults_are_the_003_rules():
    mode = mode_settings({})
    assert (mode.mode, mode.open_seconds, mode.max_consecutive_flies, mode.shoe_change_after_hands,
            mode.shoe_change_minutes) == ("standard", 60, 5, 30, 5)
    assert not mode.holds_hands and mode_settings({"mode": "squeeze"}).holds_hands


@pytest.mark.parametrize("settings, field", [
    ({"mode": "vvip"}, "settings.mode"), ({"open_seconds": 4}, "settings.open_seconds"),
    ({"open_seconds": True}, "settings.open_seconds"), ({"shoe_change_minutes": 121}, "settings.shoe_change_minutes"),
])
def test_out_of_range_settings_are_refused(settings, field):
    with pytest.raises(DomainError) as refused:
        check_mode_settings(settings)
    assert refused.value.field == field


def test_the_vip_deadline_runs_from_the_first_bet_else_from_the_hold():
    vip = ModeSettings(mode="vip", open_seconds=60)
    assert open_deadline(vip, NOW, NOW + timedelta(seconds=30)) == NOW + timedelta(seconds=60)
    assert open_deadline(vip, None, NOW) == NOW + timedelta(seconds=60)
    assert open_deadline(ModeSettings(mode="squeeze"), NOW, NOW) is None


def test_the_fifth_fly_in_a_row_is_allowed_the_sixth_is_not():
    check_fly(ModeSettings(mode="vip"), 4)
    with pytest.raises(FlyLimit) as refused:
        check_fly(ModeSettings(mode="vip"), 5)
    assert refused.value.code == "fly_limit" and "at most 5" in refused.value.message


def test_a_shoe_change_needs_more_than_the_threshold():
    with pytest.raises(TooEarly) as refused:
        check_shoe_change(ModeSettings(mode="vip"), 30)
    assert (refused.value.dealt, refused.value.threshold) == (30, 30)
    check_shoe_change(ModeSettings(mode="vip"), 31)
