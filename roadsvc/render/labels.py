"""Every word a road image shows, in each language the service speaks.

The words are English message ids (`N_`/`NC_`), translated by the language's gettext catalogue
(roadsvc/translations) when an image is drawn: `RESULT_LABELS[language][result]`. They are listed in
one place so that the vendored font subset can be checked against every translation of them: a label
whose glyph is missing from the font would be drawn as a box.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.roads.registry import ASK_ROAD_LABEL, ROADS
from roadsvc.translations import N_, NC_, Languages

LANGUAGES = ("zh-Hans", "zh-Hant", "en")

# The letter or character drawn inside a bead, and before each ask-road row: 庄/闲/和, 莊/閒/和, B/P/T.
RESULT_LABELS = Languages({"banker": NC_("bead", "B"), "player": NC_("bead", "P"), "tie": NC_("bead", "T")})

# Road names come from the road registry; the ask road's and the whole board's are added.
ROAD_NAMES = Languages({**{road.name: road.label for road in ROADS}, "ask_road": ASK_ROAD_LABEL,
                        "scoreboard": N_("Scoreboard")})

# The counts strip of the scoreboard, in the order it shows them.
COUNT_KEYS = ("banker", "player", "banker_pair", "player_pair", "tie", "hands")
COUNT_LABELS = Languages({"banker": N_("Banker"), "player": N_("Player"), "tie": N_("Tie"),
                          "banker_pair": N_("B Pair"), "player_pair": N_("P Pair"), "hands": N_("Hands")})

# Digits (tie counts, count figures) and Latin letters are always in the font.
ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def result_label(language: str, result: str) -> str:
    return RESULT_LABELS[language][result]


def road_name(language: str, road: str) -> str:
    return ROAD_NAMES[language][road]


def count_label(language: str, key: str) -> str:
    return COUNT_LABELS[language][key]


def all_label_text() -> str:
    """Every character any label uses in any language's catalogue: the text the font subset must cover."""
    words = [ASCII_PRINTABLE]
    for table in (RESULT_LABELS, ROAD_NAMES, COUNT_LABELS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
