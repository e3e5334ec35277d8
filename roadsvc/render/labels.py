"""Every word a road image shows, in each language the service speaks.

Kept as data in one place so the vendored font subset can be checked against
it: a label whose glyph is missing from the font would be drawn as a box.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.roads.registry import ASK_ROAD_LABELS, ROADS

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
SCOREBOARD_LABELS = {"zh-Hans": "路单", "zh-Hant": "路單", "en": "Scoreboard"}

# The letter or character drawn inside a bead, and before each ask-road row.
RESULT_LABELS: dict[str, dict[str, str]] = {
    "zh-Hans": {"banker": "庄", "player": "闲", "tie": "和"},
    "zh-Hant": {"banker": "莊", "player": "閒", "tie": "和"},
    "en": {"banker": "B", "player": "P", "tie": "T"},
}

# Road names come from the road registry; the ask road's and the whole board's are added.
ROAD_NAMES: dict[str, dict[str, str]] = {
    language: {**{road.name: road.labels[language] for road in ROADS},
               "ask_road": ASK_ROAD_LABELS[language], "scoreboard": SCOREBOARD_LABELS[language]}
    for language in LANGUAGES
}

# The counts strip of the scoreboard, in the order it shows them.
COUNT_KEYS = ("banker", "player", "banker_pair", "player_pair", "tie", "hands")
COUNT_LABELS: dict[str, dict[str, str]] = {
    "zh-Hans": {"banker": "庄", "player": "闲", "tie": "和",
                "banker_pair": "庄对", "player_pair": "闲对", "hands": "局数"},
    "zh-Hant": {"banker": "莊", "player": "閒", "tie": "和",
                "banker_pair": "莊對", "player_pair": "閒對", "hands": "局數"},
    "en": {"banker": "Banker", "player": "Player", "tie": "Tie",
           "banker_pair": "B Pair", "player_pair": "P Pair", "hands": "Hands"},
}

# Digits (tie counts, count figures) and Latin letters are always in the font.
ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def result_label(language: str, result: str) -> str:
    return RESULT_LABELS[language][result]


def road_name(language: str, road: str) -> str:
    return ROAD_NAMES[language][road]


def count_label(language: str, key: str) -> str:
    return COUNT_LABELS[language][key]


def all_label_text() -> str:
    """Every character any label uses: the text the font subset must cover."""
    words = [ASCII_PRINTABLE]
    for table in (RESULT_LABELS, ROAD_NAMES, COUNT_LABELS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
