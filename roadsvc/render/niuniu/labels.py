"""Every word the 百人牛牛 trend road image shows: English message ids (`N_`/`NC_`), translated by each
language's catalogue (roadsvc/translations) when the image is drawn, `CAPTIONS[language]["title"]`; the
game's font subset must cover every translation of them."""

from __future__ import annotations

from roadsvc.domain.niuniu.dealing import POSITION_LABELS as POSITION_NAMES
from roadsvc.translations import NC_, Languages

LANGUAGES = ("zh-Hans", "zh-Hant", "en")

POSITION_LABELS = Languages(POSITION_NAMES)  # 庄, 闲一 ... 闲四 (the areas' names)

# The banker's type as drawn in a trend cell: short enough for one cell (炸弹 BM, 牛1 B1, 无牛 NB ...).
TYPE_SHORT = Languages({
    "bomb": NC_("hand type, short", "BM"), "gold_bull": NC_("hand type, short", "GB"),
    "silver_bull": NC_("hand type, short", "SB"), "bull_bull": NC_("hand type, short", "BB"),
    "bull_1": NC_("hand type, short", "B1"), "bull_2": NC_("hand type, short", "B2"),
    "bull_3": NC_("hand type, short", "B3"), "bull_4": NC_("hand type, short", "B4"),
    "bull_5": NC_("hand type, short", "B5"), "bull_6": NC_("hand type, short", "B6"),
    "bull_7": NC_("hand type, short", "B7"), "bull_8": NC_("hand type, short", "B8"),
    "bull_9": NC_("hand type, short", "B9"), "no_bull": NC_("hand type, short", "NB"),
})

CAPTIONS = Languages({
    "title": NC_("niuniu trend image", "Niu Niu Trend"),
    "rounds": NC_("niuniu trend image", "Rounds"),
    "last_10": NC_("niuniu trend image", "Last 10"),
    "last_20": NC_("niuniu trend image", "Last 20"),
    "last_50": NC_("niuniu trend image", "Last 50"),
    "all": NC_("niuniu trend image", "All"),
    "win": NC_("niuniu trend image", "Win"),
    "lose": NC_("niuniu trend image", "Lose"),
    "wins": NC_("niuniu trend image", "Wins"),
})


ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def all_label_text() -> str:
    """Every character these labels use in any language's catalogue (and the printable ASCII: figures,
    English): the text of the game's font subset (roadsvc.render.fonts.NIUNIU_FONT_FILE)."""
    words = [ASCII_PRINTABLE]
    for table in (POSITION_LABELS, TYPE_SHORT, CAPTIONS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
