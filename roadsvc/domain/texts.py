"""What every reader-facing text shares (issue 24): the languages (zh-Hans, zh-Hant, en),
English plurals, durations, and simplified-to-traditional for the few characters the
catalogues' Chinese names use."""

from __future__ import annotations

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.domain.niuniu.dealing import POSITION_LABELS  # 百人牛牛's bets are on its areas

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANGUAGE = "zh-Hans"
# Who an alert's change is by when the monitor made it; its notes are English message ids, and both are
# translated where they are shown (roadsvc.web, roadsvc.render.shift_report).
SYSTEM_ACTOR = "roadsvc monitor"

# Simplified -> traditional for the characters the bet, road and label names use.
TRADITIONAL = str.maketrans({
    "长": "長", "庄": "莊", "闲": "閒", "厅": "廳", "两": "兩", "单": "單", "对": "對", "宝": "寶", "龙": "龍",
    "运": "運", "红": "紅", "无": "無", "敌": "敵", "烧": "燒", "细": "細", "赐": "賜", "边": "邊", "黄": "黃",
    "佣": "傭", "门": "門", "赢": "贏", "输": "輸",
})


def lang_of(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def traditional(text: str) -> str:
    return text.translate(TRADITIONAL)


def count(n: int, one: str, language: str, many: str | None = None) -> str:
    """'1 hand', '3 hands' in English; the number alone is correct in Chinese ('3 局' is the caller's)."""
    if lang_of(language) != "en":
        return str(n)
    word = one if n == 1 else (many or one + "s")
    return f"{n} {word}"


def duration(seconds: float, language: str) -> str:
    """'45 s', '4 min 10 s', '2 h 5 min'; 秒/分/小时 in Chinese."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    units = {"en": ("h", "min", "s"), "zh-Hans": ("小时", "分", "秒"), "zh-Hant": ("小時", "分", "秒")}[lang_of(language)]
    parts = [(hours, units[0]), (minutes, units[1])] if hours else [(minutes, units[1]), (secs, units[2])]
    shown = [f"{value} {unit}" for value, unit in parts if value] or [f"0 {units[2]}"]
    return " ".join(shown)


def bet_title(code: str, language: str) -> str:
    """A bet's name for a reader, from the bets' catalogue; a code it does not know is shown as
    words ('dragon_7' -> 'Dragon 7'), never as the raw code."""
    found = BET_TYPES.get(code)
    name, name_en = (found.name, found.name_en) if found is not None else POSITION_LABELS.get(code, (None, None))
    language = lang_of(language)
    if name is None:
        return code.replace("_", " ").capitalize()
    if language == "en":
        return name_en
    return name if language == "zh-Hans" else traditional(name)
