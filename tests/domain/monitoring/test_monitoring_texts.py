"""The alert catalogue (issue 24): every alert code has a title and a message in every
language, built from its details: no raw code, no "(s)", English plurals right."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "i18n"))
from catalogues import SIMPLIFIED  # noqa: E402  (tests/i18n: the catalogue checks' list)

from roadsvc.domain.monitoring import RULES
from roadsvc.domain.monitoring import refusal_texts, texts
from roadsvc.domain.monitoring.texts import MESSAGES, TITLES
from roadsvc.domain.texts import LANGUAGES, bet_title, duration
from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.translations import reader

from alert_words import alert_message, alert_title

DETAILS = {
    "stale_table": {"seconds_since_last_hand": 250.4, "stale_after_seconds": 120, "last_hand_at": "t", "hands": 9},
    "refused_hands": {"refusals": 1, "refused": [{"code": "third_card_rule", "hand_number": 4}]},
    "corrections": {"corrections": 1, "changes": [{"hand_number": 3, "action": "void", "actor": "pit boss 2"}]},
    "late_slips": {"late_slips": 3, "slips": [{"account_id": "acct-7"}]},
    "refused_rounds": {"scope": "table", "refusals": 1, "refused": [{"code": "repeated_card", "round_number": 4}]},
    "refused_plays": {"scope": "match", "match_id": 5, "seat": 2, "refusals": 3, "seat_refusals": 2,
                      "refused": [{"seat": 2, "deal_number": 4, "code": "must_follow_suit"}]},
    "improbable_results": {"p_value": 3e-5, "decided_hands": 30, "streak": {"side": "banker", "longest": 14, "p_value": 3e-5},
                           "banker_share": {"banker": 22, "player": 8, "p_value": 0.01}},
    "positive_ev": {"hand_number": 41, "cards_left": 52, "bets": [{"bet": "banker_pair", "ev": 0.0231}]},
    "change_dealer_requested": {"request_id": 2},
    "change_shoe_requested": {"request_id": 3, "hands_dealt": 1},
    "shoe_change_overdue": {"request_id": 3},
    "large_win": {"account_id": "acct-9", "won": "12,000.00", "limit": "10,000.00", "scope": "hand", "hand_number": 7},
    "hold_out_of_line": {"hold": 0.25, "expected_hold": 0.0121, "turnover": "60,000.00"},
    "dealer_refusals": {"name": "Chan Mei Ling", "game": "baccarat", "refusals": 9, "games": 40, "per_100": 22.5,
                        "floor_per_100": 4.1, "p_value": 0.00012},
    "dealer_pace": {"name": "Chan Mei Ling", "game": "niuniu", "games_per_hour": 31.2, "floor_games_per_hour": 44.0,
                    "z": 4.1, "slower": True},
    "report_mismatch": {"scope": "shift_report", "report_id": 4, "date": "2026-12-07", "shift": "0600",
                        "differ": ["hands", "money"]},
    "report_file_altered": {"scope": "shift_report", "report_id": 4, "date": "2026-12-07", "shift": "0600",
                            "kind": "pdf", "language": "zh-Hant", "stored_sha256": "ab" * 32, "found_sha256": "cd" * 32},
    "replication_degraded": {"streaming": 1, "expected": 2, "synchronous": 1},
    "push_engine_unreachable": {"unreachable": ["10.0.0.5:80"], "nodes": 2, "seconds": 40},
    "publisher_behind": {"seconds": 20, "publisher": "roadsvc-1:4242:ab12cd34", "unpublished": 3, "ledger": True},
    "advantage_play": {"account_id": "acct-5", "stakes": 29, "positive_stakes": 29, "expected_positive": 6.6,
                       "p_value": 1.3e-10, "mean_ev": 0.0327, "null_mean_ev": -0.0748},
    "opposite_bets": {"accounts": ["acct-3", "acct-4"], "banker_staked": "500.00", "player_staked": "400.00",
                      "hand_number": 12, "hands": [{"shoe_id": 3, "hand_number": 12}]},
}
CODES = sorted(set(RULES) | set(TITLES))


def test_every_rule_has_a_title_and_a_message():
    assert set(RULES) <= set(TITLES) and set(TITLES) == set(MESSAGES) == set(DETAILS)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_titles_and_messages_are_words_not_codes(code, language):
    title, message = alert_title(code, language), alert_message(code, DETAILS[code], language)
    for text in (title, message):
        assert text and "_" not in text and "(s)" not in text
    if language != "en":
        assert re.search(r"[\u4e00-\u9fff]", message)  # a Chinese message, not English
    else:
        assert not re.search(r"[\u4e00-\u9fff]", title + message)  # no 棒 or 三联 in an English message
    if language == "zh-Hant":
        assert not set(title + message) & SIMPLIFIED, (title, message)


def test_english_counts_are_plural_correct():
    one = alert_message("refused_hands", DETAILS["refused_hands"], "en")
    many = alert_message("refused_hands", {**DETAILS["refused_hands"], "refusals": 3}, "en")
    assert one.startswith("1 hand refused") and many.startswith("3 hands refused")
    assert duration(61, reader("en")) == "1 min 1 s" and duration(7260, reader("zh-Hans")) == "2 小时 1 分"
    assert duration(7260, reader("zh-Hant")) == "2 小時 1 分" and duration(0, reader("en")) == "0 s"


def test_traditional_chinese_differs_where_the_characters_do():
    assert alert_title("corrections", "zh-Hans") == "作废与更正" and alert_title("corrections", "zh-Hant") == "作廢與更正"
    assert bet_title("banker_pair", reader("zh-Hant")) == "莊對"
    assert bet_title("banker_pair", reader("en")) == "Banker pair"


def test_every_bet_has_a_title_in_every_language():
    for code in BET_TYPES:
        for language in LANGUAGES:
            assert "_" not in bet_title(code, reader(language))


def test_details_of_an_older_form_give_the_title_not_a_crash():
    assert alert_message("refused_hands", {}, "en") == "Hands refused"


def test_a_dabang_matchs_alerts_say_match_deal_and_seat():
    plays = alert_message("refused_plays", DETAILS["refused_plays"], "en")
    assert plays == "Match 5: 3 plays refused, 2 at seat 2; the last (deal 4): the led suit not followed"
    assert "2 号位 2 次" in alert_message("refused_plays", DETAILS["refused_plays"], "zh-Hans")
    stale = {"scope": "match", "match_id": 5, "deal_number": 4, "seconds_since_last_move": 130,
             "stale_after_seconds": 120}
    assert alert_message("stale_table", stale, "en") == "Match 5: deal 4 has not moved for 2 min 10 s " \
        "(stopped after 2 min)"
    assert alert_message("stale_table", {**stale, "deal_number": None}, "zh-Hant").startswith("比賽 5：")


def test_a_critical_refusal_alert_names_the_hands_or_rounds_that_made_it_critical():
    hands = {"refusals": 3, "critical_at": 3, "refused": [{"code": "card_count", "hand_number": 10},
                                                          {"code": "card_count", "hand_number": 11},
                                                          {"code": "third_card_rule", "hand_number": 12}]}
    assert alert_message("refused_hands", hands, "en") == "3 hands refused in this shoe (hands 10 (dealt since), " \
        "11 (dealt since) and 12; critical at 3 refusals); the last (hand 12): the third-card rule was not followed"
    assert "（第 10（其后已发出）、11（其后已发出）、12 局；被拒 3 次即达到严重）" in alert_message("refused_hands", hands, "zh-Hans")
    assert "（第 10（其後已發出）、11（其後已發出）、12 局；被拒 3 次即達到嚴重）" in alert_message("refused_hands", hands, "zh-Hant")
    warning = alert_message("refused_hands", {**hands, "refusals": 2, "refused": hands["refused"][:2]}, "en")
    assert warning == "2 hands refused in this shoe; the last (hand 11): the wrong number of cards"
    rounds = {"scope": "table", "refusals": 25, "critical_at": 3,
              "refused": [{"code": "repeated_card", "round_number": n} for n in range(6, 26)]}  # the kept 20
    assert alert_message("refused_rounds", rounds, "en").startswith(
        "25 round posts refused at this table (…, rounds 21 (dealt since), 22 (dealt since), 23 (dealt since), "
        "24 (dealt since) and 25; critical at 3 refusals); the last (round 25)")


def test_a_refusal_alert_counts_hands_not_posts_and_says_which_were_dealt_since():
    """Issue 46: four refused posts of two hands, the first dealt since, said "4 hands refused (…, hand 69)"."""
    posts = [{"code": "card_count", "hand_number": 68}, {"code": "card_count", "hand_number": 68},
             {"code": "card_count", "hand_number": 68}, {"code": "third_card_rule", "hand_number": 69}]
    hands = {"refusals": 4, "critical_at": 3, "refused": posts}
    assert alert_message("refused_hands", hands, "en") == "2 hands refused in this shoe in 4 posts (hands 68 " \
        "(dealt since) and 69; critical at 3 refusals); the last (hand 69): the third-card rule was not followed"
    assert alert_message("refused_hands", hands, "zh-Hans").startswith(
        "本靴有 2 局被拒，共 4 次提交（第 68（其后已发出）、69 局；被拒 3 次即达到严重）")
    once = {"refusals": 2, "critical_at": 3, "refused": posts[:2]}
    assert alert_message("refused_hands", once, "en") == "1 hand refused in this shoe in 2 posts; the last " \
        "(hand 68): the wrong number of cards"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_reason_is_worded_in_the_reader_s_language(language):
    """The reasons a message ends with: a 打棒 refusal said 'a 棒 held but not played' on an en page."""
    words = reader(language)
    for table in (refusal_texts.REFUSALS, refusal_texts.ROUND_REFUSALS, refusal_texts.PLAY_REFUSALS):
        for reason in table.values():
            said = words(reason)
            assert said and "_" not in said
            assert bool(re.search(r"[\u4e00-\u9fff]", said)) == (language != "en"), said
            assert language != "zh-Hant" or not set(said) & SIMPLIFIED, said


NIUNIU_MONEY = {
    "round": ({"account_id": "a", "won": "1,500.00", "limit": "1,000.00", "scope": "round", "round_number": 3,
               "banker": False}, "Account a won 1,500.00 on round 3 (the table's limit: 1,000.00)"),
    "banker": ({"account_id": "bk", "won": "1,600.00", "limit": "1,000.00", "scope": "round", "round_number": 2,
                "banker": True}, "Account bk won 1,600.00 as the banker on round 2 (the table's limit: 1,000.00)"),
    "shift": ({"account_id": "a", "won": "1,200.00", "limit": "1,000.00", "scope": "shift", "round_number": 2,
               "banker": False},
              "Account a won 1,200.00 in this shift, past the limit on round 2 (the table's limit: 1,000.00)"),
}


@pytest.mark.parametrize("case", sorted(NIUNIU_MONEY))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_niuniu_large_win_names_the_account_and_the_round(case, language):
    details, english = NIUNIU_MONEY[case]
    said = alert_message("large_win", details, language)
    assert details["account_id"] in said and str(details["round_number"]) in said and "shoe" not in said
    if language == "en":
        assert said == english
    else:
        assert re.search(r"[\u4e00-\u9fff]", said) and "靴" not in said
        assert language != "zh-Hant" or not set(said) & SIMPLIFIED, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_niuniu_table_s_hold_is_worded_as_the_shift_s(language):
    details = {"scope": "shift", "shift": "2026-11-28/1400", "round_number": 7, "hold": 8.0, "expected_hold": 0.0,
               "turnover": "100.00", "win": "800.00"}
    said = alert_message("hold_out_of_line", details, language)
    assert "800.00%" in said and "0.00%" in said and "7" in said and "靴" not in said and "shoe" not in said
    if language == "en":
        assert said == "This table holds 800.00% in this shift where its settings expect 0.00%, after 100.00 " \
            "turnover (as of round 7)"
