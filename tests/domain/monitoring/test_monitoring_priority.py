"""The order alerts are read in (issue 24)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given, strategies as st

from roadsvc.domain.monitoring import SEVERITIES
from roadsvc.domain.monitoring.priority import RANK, alert_order, worst

T0 = datetime(2026, 11, 25, tzinfo=timezone.utc)
CODES = [*RANK, "stale_table", "change_dealer_requested"]

alert = st.tuples(st.sampled_from(SEVERITIES), st.sampled_from(CODES), st.integers(0, 10_000), st.integers(1, 10**6))


@given(st.lists(alert, min_size=1, max_size=30))
def test_the_worst_severity_always_comes_first(found):
    ordered = sorted(found, key=lambda a: alert_order(a[0], a[1], T0 + timedelta(seconds=a[2]), a[3]))
    ranks = [SEVERITIES.index(a[0]) for a in ordered]
    assert ranks == sorted(ranks, reverse=True)
    assert ordered[0][0] == worst(a[0] for a in found)


def test_an_older_positive_ev_warning_comes_before_a_newer_stale_table_warning():
    older = alert_order("warning", "positive_ev", T0, 1)
    newer = alert_order("warning", "stale_table", T0 + timedelta(minutes=5), 2)
    assert older < newer


def test_worst_of_nothing_is_none():
    assert worst([]) is None and worst(["info", "critical", "warning"]) == "critical"
