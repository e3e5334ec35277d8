"""Every alert's title and message in zh-Hans, zh-Hant and en (issue 24): one catalogue, as
data, read by the pages, the shift report (CSV, PDF) and nothing else. A message is built
from the alert's `details` (the figures the rule stored), never from its English `message`,
so no raw code and no "hand(s)" reaches a reader. English counts are plural-correct; the
Chinese forms need none. Times are not worded here: the pages and reports show them in the
floor's time zone.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from roadsvc.domain.texts import LANGUAGES, bet_title, count, duration, lang_of

Words = Mapping[str, str]

TITLES: dict[str, Words] = {
    "stale_table": {"en": "Table stopped", "zh-Hans": "牌台停滞", "zh-Hant": "牌台停滯"},
    "refused_hands": {"en": "Hands refused", "zh-Hans": "牌局被拒", "zh-Hant": "牌局被拒"},
    "refused_rounds": {"en": "Rounds refused", "zh-Hans": "牌局被拒", "zh-Hant": "牌局被拒"},
    "refused_plays": {"en": "Plays refused", "zh-Hans": "出牌被拒", "zh-Hant": "出牌被拒"},
    "corrections": {"en": "Voids and corrections", "zh-Hans": "作废与更正", "zh-Hant": "作廢與更正"},
    "late_slips": {"en": "Late bets", "zh-Hans": "迟到投注", "zh-Hant": "遲到投注"},
    "improbable_results": {"en": "Improbable results", "zh-Hans": "结果异常", "zh-Hant": "結果異常"},
    "positive_ev": {"en": "Player edge", "zh-Hans": "玩家占优", "zh-Hant": "玩家佔優"},
    "change_dealer_requested": {"en": "New dealer asked for", "zh-Hans": "要求换荷官", "zh-Hant": "要求換荷官"},
    "change_shoe_requested": {"en": "New shoe asked for", "zh-Hans": "要求换靴", "zh-Hant": "要求換靴"},
    "shoe_change_overdue": {"en": "Shoe change overdue", "zh-Hans": "换靴逾时", "zh-Hant": "換靴逾時"},
    "large_win": {"en": "Large win", "zh-Hans": "大额赢钱", "zh-Hant": "大額贏錢"},
    "hold_out_of_line": {"en": "Hold out of line", "zh-Hans": "赢率异常", "zh-Hant": "贏率異常"},
}

# Why the rules or the card supply refused a hand (refused_hands' last refusal).
REFUSALS: dict[str, Words] = {
    "third_card_rule": {"en": "the third-card rule was not followed", "zh-Hans": "不符合补牌规则",
                        "zh-Hant": "不符合補牌規則"},
    "impossible_card": {"en": "a card the shoe cannot hold", "zh-Hans": "牌靴中不可能有的牌", "zh-Hant": "牌靴中不可能有的牌"},
    "card_count": {"en": "the wrong number of cards", "zh-Hans": "牌数不对", "zh-Hant": "牌數不對"},
}
# Why a 百人牛牛 round post was refused (refused_rounds' last refusal): never which card.
ROUND_REFUSALS: dict[str, Words] = {
    "repeated_card": {"en": "a card repeated", "zh-Hans": "有重复的牌", "zh-Hant": "有重複的牌"},
    "invalid_card": {"en": "a code that is not a card", "zh-Hans": "有不是牌的代码", "zh-Hant": "有不是牌的代碼"},
    "invalid_cards": {"en": "cards that are not a list", "zh-Hans": "牌不是列表", "zh-Hant": "牌不是列表"},
    "joker_reveal": {"en": "a joker as the reveal card", "zh-Hans": "亮牌是王", "zh-Hant": "亮牌是王"},
    "wrong_card_count": {"en": "the wrong number of cards", "zh-Hans": "牌数不对", "zh-Hant": "牌數不對"},
    "missing_position": {"en": "a hand missing", "zh-Hans": "缺少一手牌", "zh-Hant": "缺少一手牌"},
    "unknown_position": {"en": "an unknown position", "zh-Hans": "未知的位置", "zh-Hant": "未知的位置"},
    "invalid_hands": {"en": "hands not given by position", "zh-Hans": "牌没有按位置提交", "zh-Hant": "牌沒有按位置提交"},
    "missing_cards": {"en": "no cards", "zh-Hans": "没有牌", "zh-Hant": "沒有牌"},
    "missing_reveal": {"en": "no reveal card", "zh-Hans": "没有亮牌", "zh-Hant": "沒有亮牌"},
    "ambiguous_round": {"en": "both a dealing order and hands", "zh-Hans": "同时提交了发牌顺序和各手牌",
                        "zh-Hant": "同時提交了發牌順序和各手牌"},
}
# Why a 打棒 play was refused (refused_plays' last refusal): the rule, never which card.
PLAY_REFUSALS: dict[str, Words] = {
    "not_your_turn": {"en": "not this seat's turn", "zh-Hans": "未轮到该座位", "zh-Hant": "未輪到該座位"},
    "not_in_hand": {"en": "a card the seat does not hold", "zh-Hans": "手中没有这张牌", "zh-Hant": "手中沒有這張牌"},
    "invalid_lead": {"en": "not a single, a 棒 or a 三联", "zh-Hans": "首出不是单牌、棒或三联",
                     "zh-Hant": "首出不是單牌、棒或三聯"},
    "wrong_count": {"en": "the wrong number of cards", "zh-Hans": "牌数不对", "zh-Hant": "牌數不對"},
    "must_follow_suit": {"en": "the led suit not followed", "zh-Hans": "未跟出首出花色", "zh-Hant": "未跟出首出花色"},
    "must_play_bang": {"en": "a 棒 held but not played", "zh-Hans": "有棒未出棒", "zh-Hant": "有棒未出棒"},
    "must_play_sanlian": {"en": "a 三联 held but not played", "zh-Hans": "有三联未出三联",
                          "zh-Hant": "有三聯未出三聯"},
    "invalid_card": {"en": "a code that is not a card", "zh-Hans": "有不是牌的代码", "zh-Hant": "有不是牌的代碼"},
    "wrong_phase": {"en": "no trick is being played", "zh-Hans": "现在不是出牌阶段", "zh-Hant": "現在不是出牌階段"},
    "deal_over": {"en": "a deal that is over", "zh-Hans": "该局已结束", "zh-Hant": "該局已結束"},
}
SIDES: dict[str, Words] = {"banker": {"en": "banker", "zh-Hans": "庄", "zh-Hant": "莊"},
                           "player": {"en": "player", "zh-Hans": "闲", "zh-Hant": "閒"}}


def alert_title(code: str, language: str) -> str:
    words = TITLES.get(code)
    return words[lang_of(language)] if words else TITLES_FALLBACK[lang_of(language)]


TITLES_FALLBACK: Words = {"en": "Alert", "zh-Hans": "警报", "zh-Hant": "警報"}


def alert_message(code: str, details: Mapping[str, Any] | None, language: str, hand_number: int | None = None) -> str:
    """The alert's message in `language`, from its details; the title alone for an unknown code."""
    language = lang_of(language)
    build = MESSAGES.get(code)
    if build is None:
        return alert_title(code, language)
    try:
        return build(details or {}, language, hand_number)
    except (KeyError, IndexError, TypeError, ValueError):  # details of an older form: say what it is
        return alert_title(code, language)


def _at_table(d: Mapping[str, Any]) -> bool:
    """An alert about a table that deals rounds (百人牛牛), not a shoe: its words say round and table."""
    return d.get("scope") == "table"


def _stale(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    if _at_table(d):
        return _stale_table(d, lang)
    if d.get("scope") == "match":
        return _stale_match(d, lang)
    idle, limit = duration(d["seconds_since_last_hand"], lang), duration(d["stale_after_seconds"], lang)
    since_start = d.get("last_hand_at") is None
    return {"en": f"No hand for {idle} since {'the shoe opened' if since_start else 'the last hand'} "
                  f"(stopped after {limit})",
            "zh-Hans": f"{'开靴后' if since_start else '上一局后'} {idle} 没有新牌局（{limit} 后算停滞）",
            "zh-Hant": f"{'開靴後' if since_start else '上一局後'} {idle} 沒有新牌局（{limit} 後算停滯）"}[lang]


def _stale_table(d: Mapping[str, Any], lang: str) -> str:
    idle, limit = duration(d["seconds_since_last_round"], lang), duration(d["stale_after_seconds"], lang)
    n, waiting = d["round_number"], d["phase"] in ("settled", "voided")
    if waiting:
        return {"en": f"No new round for {idle} since round {n} ended (stopped after {limit})",
                "zh-Hans": f"第 {n} 局结束后 {idle} 没有新牌局（{limit} 后算停滞）",
                "zh-Hant": f"第 {n} 局結束後 {idle} 沒有新牌局（{limit} 後算停滯）"}[lang]
    return {"en": f"Round {n} has not moved for {idle} (stopped after {limit})",
            "zh-Hans": f"第 {n} 局 {idle} 没有进展（{limit} 后算停滞）",
            "zh-Hant": f"第 {n} 局 {idle} 沒有進展（{limit} 後算停滯）"}[lang]


def _stale_match(d: Mapping[str, Any], lang: str) -> str:
    idle, limit = duration(d["seconds_since_last_move"], lang), duration(d["stale_after_seconds"], lang)
    match, deal = d["match_id"], d.get("deal_number")
    if deal is None:
        return {"en": f"Match {match}: no new deal for {idle} (stopped after {limit})",
                "zh-Hans": f"比赛 {match}：{idle} 没有新的一局（{limit} 后算停滞）",
                "zh-Hant": f"比賽 {match}：{idle} 沒有新的一局（{limit} 後算停滯）"}[lang]
    return {"en": f"Match {match}: deal {deal} has not moved for {idle} (stopped after {limit})",
            "zh-Hans": f"比赛 {match}：第 {deal} 局 {idle} 没有进展（{limit} 后算停滞）",
            "zh-Hant": f"比賽 {match}：第 {deal} 局 {idle} 沒有進展（{limit} 後算停滯）"}[lang]


def _refused_plays(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    last = (d.get("refused") or [{}])[-1]
    reason = PLAY_REFUSALS.get(last.get("code"), {}).get(lang) or {"en": "refused", "zh-Hans": "被拒",
                                                                    "zh-Hant": "被拒"}[lang]
    n, seat, at_seat, match = d["refusals"], d.get("seat"), d["seat_refusals"], d["match_id"]
    where = f"seat {seat}" if seat else "an unknown seat"
    return {"en": f"Match {match}: {count(n, 'play', lang)} refused, {at_seat} at {where}; the last "
                  f"(deal {last.get('deal_number')}): {reason}",
            "zh-Hans": f"比赛 {match}：{n} 次出牌被拒，{seat or '?'} 号位 {at_seat} 次；最近一次（第 "
                       f"{last.get('deal_number')} 局）：{reason}",
            "zh-Hant": f"比賽 {match}：{n} 次出牌被拒，{seat or '?'} 號位 {at_seat} 次；最近一次（第 "
                       f"{last.get('deal_number')} 局）：{reason}"}[lang]


def _refused_rounds(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    last = (d.get("refused") or [{}])[-1]
    reason = ROUND_REFUSALS.get(last.get("code"), {}).get(lang) or {"en": "refused", "zh-Hans": "被拒",
                                                                     "zh-Hant": "被拒"}[lang]
    n, number, which = d["refusals"], last.get("round_number"), _made_critical(d, "round_number", "round", lang)
    return {"en": f"{count(n, 'round post', lang)} refused at this table{which}; the last (round {number}): {reason}",
            "zh-Hans": f"本台有 {n} 次牌局提交被拒{which}；最近一次（第 {number} 局）：{reason}",
            "zh-Hant": f"本台有 {n} 次牌局提交被拒{which}；最近一次（第 {number} 局）：{reason}"}[lang]


def _refused(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    last = (d.get("refused") or [{}])[-1]
    reason = REFUSALS.get(last.get("code"), {}).get(lang) or {"en": "refused", "zh-Hans": "被拒", "zh-Hant": "被拒"}[lang]
    n, hand, which = d["refusals"], last.get("hand_number"), _made_critical(d, "hand_number", "hand", lang)
    return {"en": f"{count(n, 'hand', lang)} refused in this shoe{which}; the last (hand {hand}): {reason}",
            "zh-Hans": f"本靴有 {n} 局被拒{which}；最近一局（第 {hand} 局）：{reason}",
            "zh-Hant": f"本靴有 {n} 局被拒{which}；最近一局（第 {hand} 局）：{reason}"}[lang]


NAMED = 5  # the newest hands (rounds) a critical refusal alert names


def _made_critical(d: Mapping[str, Any], key: str, word: str, lang: str) -> str:
    """A critical refusal alert names what made it critical: the hands (rounds) refused, as kept, and the
    threshold; nothing while it is a warning."""
    if d["refusals"] < d.get("critical_at", d["refusals"] + 1):
        return ""
    numbers = list(dict.fromkeys(entry[key] for entry in d.get("refused") or [] if entry.get(key) is not None))
    more = len(numbers) > NAMED or len(d.get("refused") or []) < d["refusals"]  # older ones, not named
    numbers = numbers[-NAMED:]
    if lang == "en":
        listed = ", ".join(map(str, numbers[:-1])) + (" and " if len(numbers) > 1 else "") + str(numbers[-1])
        return f" ({'…, ' if more else ''}{word}{'s' if len(numbers) > 1 else ''} {listed}; critical at {d['critical_at']})"
    listed = "、".join(map(str, numbers))
    critical = {"zh-Hans": "达到严重", "zh-Hant": "達到嚴重"}[lang]
    return f"（{'…、' if more else ''}第 {listed} 局；{d['critical_at']} 次即{critical}）"


def _corrections(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    last = (d.get("changes") or [{}])[-1]
    voided = last.get("action") == "void"
    n, actor = d["corrections"], last.get("actor", "")
    if _at_table(d):
        number = last.get("round_number")
        return {"en": f"Round {number} {'voided' if voided else 'corrected'} by {actor}: "
                      f"{count(n, 'void or correction', lang, 'voids or corrections')} at this table",
                "zh-Hans": f"第 {number} 局被 {actor} {'作废' if voided else '更正'}：本台共 {n} 次作废或更正",
                "zh-Hant": f"第 {number} 局被 {actor} {'作廢' if voided else '更正'}：本台共 {n} 次作廢或更正"}[lang]
    hand = last.get("hand_number")
    return {"en": f"Hand {hand} {'voided' if voided else 'corrected'} by {actor}: "
                  f"{count(n, 'void or correction', lang, 'voids or corrections')} in this shoe",
            "zh-Hans": f"第 {hand} 局被 {actor} {'作废' if voided else '更正'}：本靴共 {n} 次作废或更正",
            "zh-Hant": f"第 {hand} 局被 {actor} {'作廢' if voided else '更正'}：本靴共 {n} 次作廢或更正"}[lang]


def _late(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    n, account = d["late_slips"], (d.get("slips") or [{}])[-1].get("account_id", "")
    if _at_table(d):
        return {"en": f"{count(n, 'slip', lang)} refused as late at this table (the last from account {account})",
                "zh-Hans": f"本台有 {n} 张投注单因已停止投注被拒（最近一张来自账户 {account}）",
                "zh-Hant": f"本台有 {n} 張投注單因已停止投注被拒（最近一張來自帳戶 {account}）"}[lang]
    return {"en": f"{count(n, 'slip', lang)} refused as late in this shoe (the last from account {account})",
            "zh-Hans": f"本靴有 {n} 张投注单因已停止投注被拒（最近一张来自账户 {account}）",
            "zh-Hant": f"本靴有 {n} 張投注單因已停止投注被拒（最近一張來自帳戶 {account}）"}[lang]


def _improbable(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    p, streak, share = d["p_value"], d["streak"], d["banker_share"]
    if streak["p_value"] <= share["p_value"]:
        side = SIDES[streak["side"]][lang]
        what = {"en": f"A {side} streak of {streak['longest']}", "zh-Hans": f"{side}连开 {streak['longest']} 局",
                "zh-Hant": f"{side}連開 {streak['longest']} 局"}[lang]
    else:
        b, n = share["banker"], d["decided_hands"]
        what = {"en": f"{count(b, 'banker win', lang)} in {count(n, 'decided hand', lang)}",
                "zh-Hans": f"{n} 局（不计和局）中庄赢 {b} 局", "zh-Hant": f"{n} 局（不計和局）中莊贏 {b} 局"}[lang]
    tail = {"en": f": a chance of {p:.2g} under the exact odds", "zh-Hans": f"：按精确概率仅 {p:.2g}",
            "zh-Hant": f"：按精確機率僅 {p:.2g}"}[lang]
    return what + tail


def _positive_ev(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    best, more = d["bets"][0], len(d["bets"]) - 1
    bet, ev, hand, left = bet_title(best["bet"], lang), best["ev"], d["hand_number"], d["cards_left"]
    others = {"en": f" and {count(more, 'more bet', lang)}" if more else "",
              "zh-Hans": f"及另外 {more} 种投注" if more else "", "zh-Hant": f"及另外 {more} 種投注" if more else ""}[lang]
    return {"en": f"Hand {hand}: {bet} at {ev:+.2%} for the player{others}, {count(left, 'card', lang)} left",
            "zh-Hans": f"第 {hand} 局：{bet}期望值 {ev:+.2%}，对玩家有利{others}；剩余 {left} 张牌",
            "zh-Hant": f"第 {hand} 局：{bet}期望值 {ev:+.2%}，對玩家有利{others}；剩餘 {left} 張牌"}[lang]


def _dealer(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    return {"en": "The charter asks for a new dealer; the dealer carries on until the change",
            "zh-Hans": "包台客人要求换荷官；换人前荷官继续发牌", "zh-Hant": "包台客人要求換荷官；換人前荷官繼續發牌"}[lang]


def _shoe(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    n = d.get("hands_dealt", 0)
    return {"en": f"The charter asks for a new shoe after {count(n, 'hand', lang)}",
            "zh-Hans": f"包台客人在 {n} 局后要求换靴", "zh-Hant": f"包台客人在 {n} 局後要求換靴"}[lang]


def _overdue(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    return {"en": "The new shoe the charter asked for is not open yet, past its deadline",
            "zh-Hans": "包台客人要求的新靴已过时限仍未开", "zh-Hant": "包台客人要求的新靴已過時限仍未開"}[lang]


def _large_win(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    account, won, limit = d["account_id"], d["won"], d["limit"]
    if d["scope"] == "hand":
        where = {"en": f"on hand {d['hand_number']}", "zh-Hans": f"在第 {d['hand_number']} 局",
                 "zh-Hant": f"在第 {d['hand_number']} 局"}[lang]
    else:
        where = {"en": "in this shoe", "zh-Hans": "在本靴", "zh-Hant": "在本靴"}[lang]
    return {"en": f"Account {account} won {won} {where} (the table's limit: {limit})",
            "zh-Hans": f"账户 {account} {where}赢了 {won}（本台上限 {limit}）",
            "zh-Hant": f"帳戶 {account} {where}贏了 {won}（本台上限 {limit}）"}[lang]


def _hold(d: Mapping[str, Any], lang: str, _: int | None) -> str:
    hold, expected, turnover = d["hold"], d["expected_hold"], d["turnover"]
    return {"en": f"This shoe holds {hold:.2%} where the exact edges expect {expected:.2%}, after {turnover} turnover",
            "zh-Hans": f"本靴赢率 {hold:.2%}，按精确优势应为 {expected:.2%}（投注额 {turnover}）",
            "zh-Hant": f"本靴贏率 {hold:.2%}，按精確優勢應為 {expected:.2%}（投注額 {turnover}）"}[lang]


MESSAGES: dict[str, Callable[[Mapping[str, Any], str, int | None], str]] = {
    "stale_table": _stale, "refused_hands": _refused, "refused_rounds": _refused_rounds,
    "refused_plays": _refused_plays, "corrections": _corrections,
    "late_slips": _late,
    "improbable_results": _improbable, "positive_ev": _positive_ev, "change_dealer_requested": _dealer,
    "change_shoe_requested": _shoe, "shoe_change_overdue": _overdue, "large_win": _large_win,
    "hold_out_of_line": _hold,
}

__all__ = ["LANGUAGES", "TITLES", "alert_message", "alert_title"]
