"""The floor's rules at a table that deals rounds (百人牛牛), at their boundaries: a stopped table (and
one closed for now), refused round posts, voids and corrections, late slips; their words in every
language. (That no alert shows a closed hand's card: tests/services/niuniu/test_niuniu_service_monitor.py.)"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from roadsvc.domain.monitoring import (
    ALL_RULES, CRITICAL, INFO, WARNING, LateRoundSlip, RoundCorrected, RoundRefused, TableClock, evaluate,
    resolve_settings, self_resolving_codes,
)
from roadsvc.domain.monitoring.priority import RANK
from roadsvc.domain.texts import LANGUAGES

from alert_words import alert_message, alert_title

T0 = datetime(2026, 11, 25, 7, 0, tzinfo=timezone.utc)
DEFAULTS = resolve_settings(None)


def settings(**changes):
    return {**DEFAULTS, **changes}


def clock(idle: float, phase: str | None = "dealing", number: int | None = 7) -> TableClock:
    return TableClock(T0 + timedelta(seconds=idle), number, phase, None if number is None else T0)


def test_the_table_rules_share_the_shoes_codes_and_stale_resolves_itself():
    assert {(code, fact.__name__) for code, fact in ALL_RULES if fact in (TableClock, RoundRefused, RoundCorrected,
                                                                             LateRoundSlip)} == {
        ("stale_table", "TableClock"), ("refused_rounds", "RoundRefused"), ("corrections", "RoundCorrected"),
        ("late_slips", "LateRoundSlip")}
    assert self_resolving_codes(TableClock) == ["stale_table"] and RANK["refused_rounds"] == RANK["refused_hands"]


@pytest.mark.parametrize("phase", ["dealing", "opening", "settled", "voided"])
def test_a_round_table_is_stale_just_over_its_threshold_in_any_phase(phase):
    assert evaluate(clock(120, phase), DEFAULTS) == []
    [finding] = evaluate(clock(120.5, phase), DEFAULTS)
    assert (finding.code, finding.severity, finding.hand_number) == ("stale_table", WARNING, None)
    assert finding.details == {"scope": "table", "round_number": 7, "phase": phase, "seconds_since_last_round": 120.5,
                               "last_round_at": T0.isoformat(), "stale_after_seconds": 120}
    assert evaluate(clock(61, phase), settings(stale_after_seconds=60)) != []


def test_a_table_before_its_first_round_is_never_stale():
    assert evaluate(clock(10**6, None, None), DEFAULTS) == []


def test_a_finished_round_long_ago_is_a_table_closed_for_now_but_a_stuck_round_stays_stale():
    assert evaluate(clock(1800, "settled"), DEFAULTS) != []
    assert evaluate(clock(1800.5, "settled"), DEFAULTS) == []
    assert evaluate(clock(1800.5, "voided"), DEFAULTS) == []
    assert evaluate(clock(601, "settled"), settings(closed_after_seconds=600)) == []
    assert evaluate(clock(10**5, "dealing"), DEFAULTS) != [] and evaluate(clock(10**5, "opening"), DEFAULTS) != []


def test_one_refused_round_is_a_warning_and_the_threshold_makes_it_critical():
    def refused(n):
        return RoundRefused(n, 8, "repeated_card", "cards[12]")
    assert [f.severity for f in evaluate(refused(2), DEFAULTS)] == [WARNING]
    [finding] = evaluate(refused(3), DEFAULTS)
    assert (finding.code, finding.severity, finding.keep) == ("refused_rounds", CRITICAL, "refused")
    assert finding.details == {"scope": "table", "refusals": 3, "critical_at": 3,
                               "refused": [{"round_number": 8, "code": "repeated_card", "field": "cards[12]"}]}
    assert [f.severity for f in evaluate(refused(1), settings(refused_critical_at=1))] == [CRITICAL]


def test_voids_and_corrections_are_info_then_a_warning_at_the_threshold():
    def corrected(n, action="void"):
        return RoundCorrected(n, 4, action, "pit boss 2", "misdeal")
    assert [f.severity for f in evaluate(corrected(2), DEFAULTS)] == [INFO]
    [finding] = evaluate(corrected(3, "correction"), DEFAULTS)
    assert (finding.code, finding.severity) == ("corrections", WARNING)
    assert finding.details["changes"] == [{"round_number": 4, "action": "correction", "actor": "pit boss 2",
                                           "reason": "misdeal"}]
    assert [f.severity for f in evaluate(corrected(1), settings(corrections_warning_at=1))] == [WARNING]


def test_late_slips_are_raised_at_the_threshold_not_before():
    def late(n):
        return LateRoundSlip(n, 9, "acct-7", "its cards are dealt")
    assert evaluate(late(2), DEFAULTS) == []
    [finding] = evaluate(late(3), DEFAULTS)
    assert (finding.code, finding.severity, finding.details["late_slips"]) == ("late_slips", WARNING, 3)
    assert finding.details["slips"] == [{"round_number": 9, "account_id": "acct-7", "why": "its cards are dealt"}]
    assert evaluate(late(1), settings(late_slips_threshold=1)) != []


def test_the_closed_after_setting_is_bounded():
    from roadsvc.domain.errors import DomainError
    from roadsvc.domain.monitoring import check_monitoring_settings
    assert check_monitoring_settings({"closed_after_seconds": 60}) == {"closed_after_seconds": 60}
    with pytest.raises(DomainError) as refused:
        check_monitoring_settings({"closed_after_seconds": 59})
    assert refused.value.field == "settings.monitoring.closed_after_seconds"


TABLE_DETAILS = {
    "stale_table": [{"scope": "table", "round_number": 7, "phase": "opening", "seconds_since_last_round": 250.0,
                     "stale_after_seconds": 120}, "Round 7 has not moved for 4 min 10 s"],
    "refused_rounds": [{"scope": "table", "refusals": 2, "refused": [{"round_number": 8, "code": "joker_reveal"}]},
                       "2 round posts refused at this table; the last (round 8): a joker as the reveal card"],
    "corrections": [{"scope": "table", "corrections": 1, "changes": [{"round_number": 4, "action": "void",
                                                                      "actor": "pit boss 2"}]},
                    "Round 4 voided by pit boss 2: 1 void or correction at this table"],
    "late_slips": [{"scope": "table", "late_slips": 3, "slips": [{"account_id": "acct-7"}]},
                   "3 slips refused as late at this table (the last from account acct-7)"],
}


@pytest.mark.parametrize("code", sorted(TABLE_DETAILS))
def test_a_tables_alerts_say_round_and_table_in_every_language(code):
    details, english = TABLE_DETAILS[code]
    assert alert_message(code, details, "en").startswith(english)
    for language in LANGUAGES:
        message = alert_message(code, details, language)
        assert "shoe" not in message and "靴" not in message and "_" not in message and alert_title(code, language)
    assert "本台" in alert_message(code, details, "zh-Hans") or "第 7 局" in alert_message(code, details, "zh-Hans")


def test_a_stale_table_waiting_for_its_next_round_says_so():
    details = {**TABLE_DETAILS["stale_table"][0], "phase": "settled"}
    assert alert_message("stale_table", details, "en").startswith("No new round for 4 min 10 s since round 7 ended")


@pytest.mark.parametrize("code", ["repeated_card", "invalid_card", "invalid_cards", "joker_reveal", "wrong_card_count",
                                  "missing_position", "unknown_position", "invalid_hands", "missing_cards",
                                  "missing_reveal", "ambiguous_round"])
def test_every_round_refusal_has_its_own_words(code):
    details = {"scope": "table", "refusals": 1, "refused": [{"round_number": 2, "code": code}]}
    for language in LANGUAGES:
        message = alert_message("refused_rounds", details, language)
        assert not message.endswith(("refused", "被拒")) and "_" not in message
