"""A shoe's EV chart: the exact expected value of each bet before every hand, as PNG or SVG.

Input is plain data (the shoe odds series of `roadsvc.services.baccarat.integrity`): hand numbers
and, per bet, the EV per unit staked before each. One polyline per bet, a zero line (above
it the player is favoured), the hands along x. The same series always gives the same bytes.

It follows the page's theme (roadsvc.render.themes: the panel, text and muted colours, and a palette of
lines that stands out from the theme's panel) and its language, in both formats: the bets' names
(roadsvc.domain.texts.bet_title) and the axis words from the catalogues (roadsvc.translations), the same
words in the PNG as in the SVG (`ChartWords`). The PNG draws them with the chart's own subset of the
vendored CJK font (roadsvc.render.fonts.EV_CHART_FONT_FILE), cut from `all_label_text()` as the road
images' subsets are cut from their labels.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, ImageDraw, ImageFont

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.domain.errors import DomainError
from roadsvc.domain.texts import LANGUAGES, bet_title
from roadsvc.render.fonts import EV_CHART_FONT_FILE, SVG_FONT_STACK, font_path
from roadsvc.render.themes import THEMES, Theme
from roadsvc.translations import N_, reader, translations

# The lines' colours, each at least 3:1 against its theme's panel (WCAG 1.4.11, graphical objects).
PALETTES = {
    "light": ("#d62728", "#1f77b4", "#2a8a2a", "#c45a00", "#9467bd", "#8c564b", "#c2368f", "#0f7c87", "#7a7a12",
              "#6b6b6b"),
    "dark": ("#ef5350", "#5aa9f5", "#4cc264", "#ff9f43", "#b39ddb", "#c49c94", "#f48fb1", "#26c6da", "#d4d64a",
             "#a8a8a8"),
}
WIDTH, HEIGHT, MARGIN, LEGEND = 800, 400, 48, 170  # LEGEND: the widest name (Banker, no commission) fits
ZERO_CLEARANCE = 16  # a scale label is 12 px high: the "0" is left out nearer than this to the top or bottom
MAX_LINES = min(len(palette) for palette in PALETTES.values())
CHART_FORMATS = ("png", "svg")
_FONT_LOCK = threading.Lock()  # a FreeType face is not safe to draw with from two threads at once
_FONT: list[ImageFont.FreeTypeFont] = []
TITLE = N_("EV of every bet before each hand")
HANDS = N_("hands %(first)s to %(last)s")
EV = N_("EV")
ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))  # figures, signs, and a code shown as words


@dataclass(frozen=True)
class ChartLook:
    """How a chart is drawn for its reader: the theme's colours and the language of its words."""

    theme: str = "light"
    language: str = "zh-Hans"

    def colours(self) -> Theme:
        return THEMES[self.theme]

    def word(self, message: str, **values: object) -> str:
        return translations(self.language).gettext(message) % values if values else \
            translations(self.language).gettext(message)

    def bet(self, code: str) -> str:
        return bet_title(code, reader(self.language))

    def palette(self) -> tuple[str, ...]:
        return PALETTES[self.theme]


@dataclass(frozen=True)
class ChartWords:
    """Every word a chart draws, in its reader's language: both formats draw these."""

    high: str  # the EV at the top of the scale, "EV +1.25%" / "期望值 +1.25%"
    low: str
    hands: str  # "hands 1 to 66" / "第 1 至 66 局"
    legend: tuple[str, ...]  # the bets' names, in the lines' order


def chart_words(series: "EvSeries", look: ChartLook) -> ChartWords:
    _, low, high = _scale(series)
    first, last = _span(series)
    return ChartWords(f"{look.word(EV)} {high:+.2%}", f"{look.word(EV)} {low:+.2%}",
                      look.word(HANDS, first=first, last=last), tuple(look.bet(bet) for bet, _ in series.lines))


def all_label_text() -> str:
    """Every character the PNG can draw in any language (the bets' names, the axis words, figures): the text
    of the chart's font subset (roadsvc.render.fonts.EV_CHART_FONT_FILE)."""
    words = [ASCII_PRINTABLE]
    for language in LANGUAGES:
        look = ChartLook(language=language)
        words.extend([look.word(EV), look.word(HANDS, first=0, last=0)])
        words.extend(look.bet(code) for code in BET_TYPES)
    return "".join(sorted(set("".join(words))))


def _hex(colour: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % colour


@dataclass(frozen=True)
class EvSeries:
    hands: tuple[int, ...]  # x: the hand each EV is taken before
    lines: tuple[tuple[str, tuple[float, ...]], ...]  # (bet, EV before each hand)


def choose_lines(hands: Sequence[dict], bets: Sequence[str]) -> EvSeries:
    """The series of `bets` from the shoe odds' `hands` entries ({hand_number, ev: {bet: ev}})."""
    if len(bets) > MAX_LINES:
        raise DomainError("invalid_parameter", f"at most {MAX_LINES} bets on one chart", "bets")
    return EvSeries(tuple(entry["hand_number"] for entry in hands),
                    tuple((bet, tuple(entry["ev"][bet] for entry in hands)) for bet in bets))


def _scale(series: EvSeries):
    values = [ev for _, line in series.lines for ev in line] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    first, last = _span(series)
    width = WIDTH - 2 * MARGIN - LEGEND

    def point(hand: int, ev: float) -> tuple[float, float]:
        x = MARGIN + width * ((hand - first) / ((last - first) or 1))
        y = MARGIN + (HEIGHT - 2 * MARGIN) * (high - ev) / span
        return round(x, 2), round(y, 2)

    return point, low, high


def _zero_labelled(y: float) -> bool:
    """Whether the zero line gets its "0": not where it lies at the top or the bottom of the scale, whose own
    labels ("EV +0.00%") say it already and would be written over."""
    return MARGIN + ZERO_CLEARANCE <= y <= HEIGHT - MARGIN - ZERO_CLEARANCE


def _span(series: EvSeries) -> tuple[int, int]:
    return (series.hands[0], series.hands[-1]) if series.hands else (0, 1)


def ev_chart_png(series: EvSeries, look: ChartLook) -> bytes:
    with _FONT_LOCK:
        if not _FONT:
            _FONT.append(ImageFont.truetype(str(font_path(file=EV_CHART_FONT_FILE)), 12))
        return _draw_png(series, _FONT[0], look)


def _draw_png(series: EvSeries, font: ImageFont.FreeTypeFont, look: ChartLook) -> bytes:
    theme, words, palette = look.colours(), chart_words(series, look), look.palette()
    muted, text = _hex(theme.muted), _hex(theme.text)
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.panel)
    draw = ImageDraw.Draw(image)
    point, _, _ = _scale(series)
    first, last = _span(series)
    draw.line([point(first, 0.0), point(last, 0.0)], fill=muted, width=1)
    if _zero_labelled(point(first, 0.0)[1]):
        draw.text((MARGIN - 14, point(first, 0.0)[1] - 7), "0", fill=muted, font=font)
    draw.text((4, MARGIN - 16), words.high, fill=muted, font=font)
    draw.text((4, HEIGHT - MARGIN + 4), words.low, fill=muted, font=font)
    draw.text((MARGIN, HEIGHT - 20), words.hands, fill=muted, font=font)
    for index, ((_, evs), name) in enumerate(zip(series.lines, words.legend)):
        colour = palette[index]
        points = [point(hand, ev) for hand, ev in zip(series.hands, evs)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        y = MARGIN + 18 * index
        draw.line([(WIDTH - LEGEND, y), (WIDTH - LEGEND + 16, y)], fill=colour, width=3)
        draw.text((WIDTH - LEGEND + 22, y - 7), name, fill=text, font=font)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


def ev_chart_svg(series: EvSeries, look: ChartLook) -> bytes:
    theme, words, palette = look.colours(), chart_words(series, look), look.palette()
    point, _, _ = _scale(series)
    first, last = _span(series)
    (x0, y0), (x1, _) = point(first, 0.0), point(last, 0.0)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'font-family={quoteattr(SVG_FONT_STACK)} font-size="12" fill="{_hex(theme.text)}">',
        f"<title>{escape(look.word(TITLE))}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{_hex(theme.panel)}"/>',
        f'<line class="zero" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="{_hex(theme.muted)}"/>',
        *([f'<text x="{MARGIN - 14}" y="{y0 + 4}">0</text>'] if _zero_labelled(y0) else []),
        f'<text x="4" y="{MARGIN - 6}">{escape(words.high)}</text>',
        f'<text x="4" y="{HEIGHT - MARGIN + 16}">{escape(words.low)}</text>',
        f'<text x="{MARGIN}" y="{HEIGHT - 8}">{escape(words.hands)}</text>',
    ]
    for index, ((bet, evs), name) in enumerate(zip(series.lines, words.legend)):
        colour, y = palette[index], MARGIN + 18 * index
        coords = " ".join(f"{x},{y}" for x, y in (point(hand, ev) for hand, ev in zip(series.hands, evs)))
        parts.append(f'<g class="bet" data-bet={quoteattr(bet)}>'
                     f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{coords}"/>'
                     f'<line x1="{WIDTH - LEGEND}" y1="{y}" x2="{WIDTH - LEGEND + 16}" y2="{y}" stroke="{colour}" '
                     f'stroke-width="3"/><text x="{WIDTH - LEGEND + 22}" y="{y + 4}">{escape(name)}</text></g>')
    parts.append("</svg>")
    return "\n".join(parts).encode("utf-8")


WRITERS = {"png": ev_chart_png, "svg": ev_chart_svg}


def render_ev_chart(series: EvSeries, fmt: str, look: ChartLook = ChartLook()) -> bytes:
    if fmt not in WRITERS:
        raise DomainError("invalid_parameter", "the chart is png or svg", "format")
    return WRITERS[fmt](series, look)
