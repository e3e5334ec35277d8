"""The floor's rules at a 打棒 match: stale_table on the match clock; refused_plays counted by seat, critical
when one seat repeats; no card in any finding."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from roadsvc.domain.dabang.monitoring import MatchClock, PlayRefused
from roadsvc.domain.monitoring import CRITICAL, WARNING, evaluate, resolve_settings, self_resolving_codes

NOW = datetime(2026, 11, 25, 7, 0, tzinfo=timezone.utc)
SETTINGS = resolve_settings({"monitoring": {"stale_after_seconds": 60, "refused_critical_at": 3}})


def test_a_match_with_no_move_past_its_threshold_is_stale_and_resolves_by_itself():
    assert evaluate(MatchClock(NOW, 5, 2, "playing", NOW - timedelta(seconds=60)), SETTINGS) == []
    [finding] = evaluate(MatchClock(NOW, 5, 2, "playing", NOW - timedelta(seconds=61)), SETTINGS)
    assert (finding.code, finding.severity) == ("stale_table", WARNING)
    assert finding.details["scope"] == "match" and finding.details["match_id"] == 5
    assert finding.details["deal_number"] == 2 and finding.details["seconds_since_last_move"] == 61.0
    assert "stale_table" in self_resolving_codes(MatchClock)


def test_between_deals_a_match_waiting_for_its_next_deal_goes_stale_too():
    [finding] = evaluate(MatchClock(NOW, 5, None, None, NOW - timedelta(seconds=600)), SETTINGS)
    assert finding.details["deal_number"] is None and "the next deal" in finding.message


def refused(seat, by_seat=None, code="must_follow_suit"):
    return PlayRefused(9, seat, 3, 7, code, "cards", 2, by_seat or {})


def test_every_refused_play_is_a_finding_counted_by_seat():
    [first] = evaluate(refused(2), SETTINGS)
    assert (first.code, first.severity, first.keep) == ("refused_plays", WARNING, "refused")
    assert first.details["by_seat"] == {"2": 1} and first.details["seat"] == 2 and first.details["refusals"] == 1
    assert first.details["refused"] == [{"seat": 2, "deal_number": 3, "trick_number": 7, "code": "must_follow_suit",
                                         "field": "cards", "cards": 2}]
    [other] = evaluate(refused(4, {"2": 1}), SETTINGS)
    assert other.details["by_seat"] == {"2": 1, "4": 1} and other.details["refusals"] == 2
    assert other.severity == WARNING  # refusals spread over seats: one each


def test_a_refusal_repeated_at_one_seat_turns_critical():
    [third] = evaluate(refused(2, {"2": 2, "4": 1}), SETTINGS)
    assert third.severity == CRITICAL and third.details["seat_refusals"] == 3 and third.details["refusals"] == 4
    [elsewhere] = evaluate(refused(1, {"2": 2, "4": 1}), SETTINGS)
    assert elsewhere.severity == WARNING


def test_a_critical_names_the_seat_that_reached_the_threshold_and_stays_critical_after_another_seat():
    [third] = evaluate(refused(2, {"2": 2}), SETTINGS)
    assert third.details["critical_seat"] == 2 and "seat 2 reached 3 (critical at 3)" in third.message
    [after] = evaluate(refused(4, {"2": 3}), SETTINGS)  # seat 4's first refusal: the alert stays critical for seat 2
    assert after.severity == CRITICAL and after.details["critical_seat"] == 2 and after.details["seat"] == 4
    assert "seat 2 reached 3" in after.message and "1 at seat 4" in after.message
    [warning] = evaluate(refused(4, {"2": 2}), SETTINGS)
    assert warning.severity == WARNING and warning.details["critical_seat"] is None
