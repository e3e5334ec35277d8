"""Every word the 打棒 road image shows, per language (kept as data so the font subset covers them)."""

from __future__ import annotations

from roadsvc.render.labels import ASCII_PRINTABLE

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
SUIT_GLYPHS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}

CAPTIONS: dict[str, dict[str, str]] = {
    "zh-Hans": {"title": "打棒 路单", "team_A": "A队", "team_B": "B队", "level": "{}级", "win_row": "胜",
                "start": "开局", "holder": "打家", "trump": "主", "points": "得分", "bottom": "底",
                "blood": "血", "kou_di": "抠", "bao_di": "保", "dry_pot": "干", "redeal": "重",
                "legend": "抠 抠底  保 保底  干 干锅  血 下局喝血", "wins": "胜"},
    "zh-Hant": {"title": "打棒 路單", "team_A": "A隊", "team_B": "B隊", "level": "{}級", "win_row": "勝",
                "start": "開局", "holder": "打家", "trump": "主", "points": "得分", "bottom": "底",
                "blood": "血", "kou_di": "摳", "bao_di": "保", "dry_pot": "乾", "redeal": "重",
                "legend": "摳 摳底  保 保底  乾 乾鍋  血 下局喝血", "wins": "勝"},
    "en": {"title": "Da Bang road", "team_A": "Team A", "team_B": "Team B", "level": "Lv {}", "win_row": "Win",
           "start": "Start", "holder": "Declarer", "trump": "Trump", "points": "Points", "bottom": "Bottom",
           "blood": "Blood", "kou_di": "T", "bao_di": "K", "dry_pot": "D", "redeal": "R",
           "legend": "T scorers took the bottom  K declarers kept it  D dry pot  Blood: tribute next deal",
           "wins": "wins"},
}

REASONS: dict[str, dict[str, str]] = {
    "zh-Hans": {"passed_ten": "打过十", "time_limit": "限时", "zero_points": "零分", "three_jokers": "三王扣底",
                "four_hundred_points": "四百分"},
    "zh-Hant": {"passed_ten": "打過十", "time_limit": "限時", "zero_points": "零分", "three_jokers": "三王扣底",
                "four_hundred_points": "四百分"},
    "en": {"passed_ten": "passed 10", "time_limit": "time limit", "zero_points": "zero points",
           "three_jokers": "three jokers", "four_hundred_points": "400 points"},
}


def caption(language: str, key: str) -> str:
    return CAPTIONS[language][key]


def all_label_text() -> str:
    """Every character the 打棒 image may draw: the font subset must cover them."""
    words = [ASCII_PRINTABLE, "".join(SUIT_GLYPHS.values()), "·"]
    for table in (CAPTIONS, REASONS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
