"""Every rule at its boundaries (just under and just over each threshold), and the thresholds' bounds."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.monitoring.facts import HandIn
from roadsvc.domain.monitoring import (
    CRITICAL, INFO, RULES, WARNING, HandCorrected, HandRefused, LateSlip, ShoeClock, check_monitoring_settings,
    evaluate, resolve_settings,
)
from roadsvc.domain.monitoring.floor import DEALING, ENDING, IDLE, STALE, pace_per_hour, table_status
from roadsvc.domain.baccarat.monitoring.probability import banker_share, longest_run_p, share_p

T0 = datetime(2026, 11, 23, 21, 0, tzinfo=timezone.utc)
DEFAULTS = resolve_settings(None)


def settings(**changes):
    return {**DEFAULTS, **changes}


def clock(idle: float, hands: int = 5, complete: bool = False, last: bool = True) -> ShoeClock:
    last_at = T0 if last else None
    return ShoeClock(T0 + timedelta(seconds=idle), T0 - timedelta(minutes=10) if last else T0, last_at, hands, complete)


def test_the_defaults_suit_a_real_floor():
    assert DEFAULTS == {"stale_after_seconds": 120, "refused_critical_at": 3, "corrections_warning_at": 3,
                        "anomaly_p": 1e-4, "late_slips_threshold": 3, "large_win_amount": 100000,
                        "hold_tolerance": 0.1, "hold_min_turnover": 100000, "closed_after_seconds": 1800}


def test_stale_table_just_under_and_just_over_its_threshold():
    assert evaluate(clock(120), DEFAULTS) == []
    [finding] = evaluate(clock(120.5), DEFAULTS)
    assert (finding.code, finding.severity) == ("stale_table", WARNING)
    assert finding.details["seconds_since_last_hand"] == 120.5
    assert evaluate(clock(59), settings(stale_after_seconds=60)) == []
    assert evaluate(clock(61), settings(stale_after_seconds=60))[0].details["stale_after_seconds"] == 60


def test_a_shoe_without_hands_goes_stale_from_its_opening_and_a_finished_shoe_never_does():
    assert evaluate(clock(121, hands=0, last=False), DEFAULTS)[0].details["last_hand_at"] is None
    assert evaluate(clock(5000, complete=True), DEFAULTS) == []
    assert RULES["stale_table"].resolves_itself


def refused(count: int) -> HandRefused:
    return HandRefused(count, 31, "impossible_card", "KD would be card number 9", "cards", {"cards": ["KD"] * 4})


def test_one_refused_hand_is_a_warning_and_the_threshold_makes_it_critical():
    assert [f.severity for f in evaluate(refused(1), DEFAULTS)] == [WARNING]
    assert [f.severity for f in evaluate(refused(2), DEFAULTS)] == [WARNING]
    assert [f.severity for f in evaluate(refused(3), DEFAULTS)] == [CRITICAL]
    assert [f.severity for f in evaluate(refused(1), settings(refused_critical_at=1))] == [CRITICAL]
    [finding] = evaluate(refused(1), DEFAULTS)
    assert finding.details["refused"][0]["input"] == {"cards": ["KD"] * 4} and finding.keep == "refused"


def test_corrections_are_info_until_the_threshold_then_a_warning():
    fact = lambda n: HandCorrected(n, 4, "void", "pit boss 2", "misdeal")  # noqa: E731
    assert [f.severity for f in evaluate(fact(1), DEFAULTS)] == [INFO]
    assert [f.severity for f in evaluate(fact(2), DEFAULTS)] == [INFO]
    assert [f.severity for f in evaluate(fact(3), DEFAULTS)] == [WARNING]
    assert evaluate(fact(1), DEFAULTS)[0].details["changes"][0]["reason"] == "misdeal"


def test_late_slips_are_raised_at_the_threshold_not_before():
    fact = lambda n: LateSlip(n, 12, "slip-9", "acct-7", "closed_by_dealer")  # noqa: E731
    assert evaluate(fact(2), DEFAULTS) == []
    [finding] = evaluate(fact(3), DEFAULTS)
    assert (finding.code, finding.severity, finding.details["late_slips"]) == ("late_slips", WARNING, 3)
    assert evaluate(fact(1), settings(late_slips_threshold=1)) != []


def hands_of(results: str) -> list[Hand]:
    names = {"B": "banker", "P": "player", "T": "tie"}
    return [Hand(result=names[r]) for r in results]


def test_improbable_results_are_raised_just_below_the_threshold_with_the_p_value():
    results = "BP" * 10 + "B" * 16 + "PBP"  # a banker streak of 16 in 39 decided hands
    q = banker_share(8)
    p_run = longest_run_p(39, 16, q)
    assert p_run < share_p(39, 24, q)
    fact = HandIn(hands_of(results), 8, len(results))
    [finding] = evaluate(fact, settings(anomaly_p=p_run * 1.001))
    assert finding.code == "improbable_results"
    assert finding.details["p_value"] == p_run and finding.details["streak"] == {"side": "banker", "longest": 16,
                                                                                  "p_value": p_run}
    assert evaluate(fact, settings(anomaly_p=p_run * 0.999)) == []


def test_a_lopsided_banker_share_is_improbable_too():
    results = "BBBP" * 20  # 60 banker in 80 decided, no long streak
    q = banker_share(8)
    p = share_p(80, 60, q)
    [finding] = evaluate(HandIn(hands_of(results), 8, 80), settings(anomaly_p=p * 1.001))
    assert finding.details["banker_share"]["p_value"] == p and finding.details["streak"]["longest"] == 3
    assert evaluate(HandIn(hands_of(results), 8, 80), settings(anomaly_p=p * 0.999)) == []


def test_an_ordinary_shoe_raises_nothing():
    assert evaluate(HandIn(hands_of("BPBBPTPBBBPPBPTBPBB" * 3), 8, 57), DEFAULTS) == []
    assert evaluate(HandIn(hands_of("TT"), 8, 2), DEFAULTS) == []


@pytest.mark.parametrize("section, field", [
    ({"stale_after_seconds": 9}, "settings.monitoring.stale_after_seconds"),
    ({"stale_after_seconds": 3601}, "settings.monitoring.stale_after_seconds"),
    ({"stale_after_seconds": 30.5}, "settings.monitoring.stale_after_seconds"),
    ({"anomaly_p": 0.02}, "settings.monitoring.anomaly_p"),
    ({"anomaly_p": True}, "settings.monitoring.anomaly_p"),
    ({"late_slips_threshold": 0}, "settings.monitoring.late_slips_threshold"),
    ({"no_such": 1}, "settings.monitoring"),
])
def test_thresholds_outside_their_bounds_are_refused(section, field):
    with pytest.raises(DomainError) as refused:
        check_monitoring_settings(section)
    assert refused.value.field == field


def test_thresholds_at_their_bounds_are_taken():
    assert check_monitoring_settings({"stale_after_seconds": 10, "anomaly_p": 0.01, "refused_critical_at": 100})


def test_the_status_of_a_table():
    assert table_status(False, False, T0, T0, 120) == IDLE
    assert table_status(True, True, T0, T0 + timedelta(hours=1), 120) == ENDING
    assert table_status(True, False, T0, T0 + timedelta(seconds=120), 120) == DEALING
    assert table_status(True, False, T0, T0 + timedelta(seconds=121), 120) == STALE


def test_a_burst_of_posts_is_a_fast_minute_not_millions_an_hour():
    burst = [T0 + timedelta(milliseconds=10 * i) for i in range(100)]  # 100 posts in a second
    assert pace_per_hour(burst) == 99 * 60.0
    quiet = [T0 - timedelta(minutes=20), *burst]  # a shoe older than the window: its last 15 minutes
    assert pace_per_hour(quiet) == 100 * 4.0


def test_the_pace_is_over_the_last_fifteen_minutes():
    times = [T0 + timedelta(seconds=60 * i) for i in range(30)]  # one a minute
    assert pace_per_hour(times) == 60.0
    slow_start = [T0 - timedelta(hours=5)] + times  # an old hand outside the window changes nothing
    assert pace_per_hour(slow_start) == 60.0
    assert pace_per_hour(times[:1]) is None and pace_per_hour(times[:3]) == 60.0
