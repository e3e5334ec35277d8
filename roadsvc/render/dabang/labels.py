"""Every word the 打棒 road image shows: English message ids (`NC_`), translated by each language's
catalogue (roadsvc/translations) when the image is drawn; the game's font subset must cover every
translation of them."""

from __future__ import annotations

from roadsvc.render.labels import ASCII_PRINTABLE
from roadsvc.translations import NC_, Languages

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
SUIT_GLYPHS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}

CAPTIONS = Languages({
    "title": NC_("dabang road image", "Da Bang road"),
    "team_A": NC_("dabang road image", "Team A"),
    "team_B": NC_("dabang road image", "Team B"),
    "level": NC_("dabang road image", "Lv {}"),
    "win_row": NC_("dabang road image", "Win"),
    "start": NC_("dabang road image", "Start"),
    "holder": NC_("dabang road image", "Declarer"),
    "trump": NC_("dabang road image", "Trump"),
    "points": NC_("dabang road image", "Points"),
    "bottom": NC_("dabang road image", "Bottom"),
    "blood": NC_("dabang road image", "Blood"),
    # one letter (one character) in a deal's cell, explained by the legend
    "kou_di": NC_("dabang road image, cell", "T"),
    "bao_di": NC_("dabang road image, cell", "K"),
    "dry_pot": NC_("dabang road image, cell", "D"),
    "redeal": NC_("dabang road image, cell", "R"),
    "legend": NC_("dabang road image",
                  "T scorers took the bottom  K declarers kept it  D dry pot  Blood: tribute next deal"),
    "wins": NC_("dabang road image", "wins"),
})

REASONS = Languages({
    "passed_ten": NC_("dabang road image", "passed 10"),
    "time_limit": NC_("dabang road image", "time limit"),
    "zero_points": NC_("dabang road image", "zero points"),
    "three_jokers": NC_("dabang road image", "three jokers"),
    "four_hundred_points": NC_("dabang road image", "400 points"),
})


def caption(language: str, key: str) -> str:
    return CAPTIONS[language][key]


def all_label_text() -> str:
    """Every character the 打棒 image may draw in any language: the font subset must cover them."""
    words = [ASCII_PRINTABLE, "".join(SUIT_GLYPHS.values()), "·"]
    for table in (CAPTIONS, REASONS):
        for by_key in table.values():
            words.extend(by_key.values())
    return "".join(sorted(set("".join(words))))
