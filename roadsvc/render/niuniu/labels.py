"""Every word the 百人牛牛 trend road image shows, per language (the font subset must cover them)."""

from __future__ import annotations

LANGUAGES = ("zh-Hans", "zh-Hant", "en")

POSITION_LABELS = {
    "zh-Hans": {"banker": "庄", "player_1": "闲一", "player_2": "闲二", "player_3": "闲三", "player_4": "闲四"},
    "zh-Hant": {"banker": "莊", "player_1": "閒一", "player_2": "閒二", "player_3": "閒三", "player_4": "閒四"},
    "en": {"banker": "Banker", "player_1": "Player 1", "player_2": "Player 2", "player_3": "Player 3",
           "player_4": "Player 4"},
}

# The banker's type as drawn in a trend cell: short enough for one cell.
_BULLS_ZH = {f"bull_{n}": f"牛{n}" for n in range(1, 10)}
TYPE_SHORT = {
    "zh-Hans": {"bomb": "炸弹", "gold_bull": "金牛", "silver_bull": "银牛", "bull_bull": "牛牛", **_BULLS_ZH,
                "no_bull": "无牛"},
    "zh-Hant": {"bomb": "炸彈", "gold_bull": "金牛", "silver_bull": "銀牛", "bull_bull": "牛牛", **_BULLS_ZH,
                "no_bull": "無牛"},
    "en": {"bomb": "BM", "gold_bull": "GB", "silver_bull": "SB", "bull_bull": "BB",
           **{f"bull_{n}": f"B{n}" for n in range(1, 10)}, "no_bull": "NB"},
}

CAPTIONS = {
    "zh-Hans": {"title": "百人牛牛 走势", "rounds": "局数", "last_10": "近10", "last_20": "近20", "last_50": "近50",
                "all": "全部", "win": "赢", "lose": "输", "wins": "赢局"},
    "zh-Hant": {"title": "百人牛牛 走勢", "rounds": "局數", "last_10": "近10", "last_20": "近20", "last_50": "近50",
                "all": "全部", "win": "贏", "lose": "輸", "wins": "贏局"},
    "en": {"title": "Niu Niu Trend", "rounds": "Rounds", "last_10": "Last 10", "last_20": "Last 20",
           "last_50": "Last 50", "all": "All", "win": "Win", "lose": "Lose", "wins": "Wins"},
}


ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def all_label_text() -> str:
    """Every character these labels use (and the printable ASCII: figures, English): the text of the
    game's font subset (roadsvc.render.fonts.NIUNIU_FONT_FILE)."""
    words = [ASCII_PRINTABLE]
    for table in (POSITION_LABELS, TYPE_SHORT, CAPTIONS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
