"""A shoe's EV chart: the exact expected value of each bet before every hand, as PNG or SVG.

Input is plain data (the shoe odds series of `roadsvc.services.baccarat.integrity`): hand numbers
and, per bet, the EV per unit staked before each. One polyline per bet, a zero line (above
it the player is favoured), the hands along x. The same series always gives the same bytes.

It follows the page's theme (roadsvc.render.themes: the panel, text and muted colours) and, in SVG, its
language: the bets' names (roadsvc.domain.texts.bet_title) and the axis words from the catalogues
(roadsvc.translations). The PNG is drawn with the vendored font subset, which holds the road labels' glyphs
only, so its words stay English.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, ImageDraw, ImageFont

from roadsvc.domain.errors import DomainError
from roadsvc.domain.texts import bet_title
from roadsvc.render.fonts import SVG_FONT_STACK, font_path
from roadsvc.render.themes import THEMES, Theme
from roadsvc.translations import N_, reader, translations

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#7f7f7f")
WIDTH, HEIGHT, MARGIN, LEGEND = 800, 400, 48, 150
MAX_LINES = len(PALETTE)
CHART_FORMATS = ("png", "svg")
_FONT_LOCK = threading.Lock()  # a FreeType face is not safe to draw with from two threads at once
_FONT: list[ImageFont.FreeTypeFont] = []
TITLE = N_("EV of every bet before each hand")
HANDS = N_("hands %(first)s to %(last)s")


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
    first, last = (series.hands[0], series.hands[-1]) if series.hands else (0, 1)
    width = WIDTH - 2 * MARGIN - LEGEND

    def point(hand: int, ev: float) -> tuple[float, float]:
        x = MARGIN + width * ((hand - first) / ((last - first) or 1))
        y = MARGIN + (HEIGHT - 2 * MARGIN) * (high - ev) / span
        return round(x, 2), round(y, 2)

    return point, low, high


def ev_chart_png(series: EvSeries, look: ChartLook) -> bytes:
    with _FONT_LOCK:
        if not _FONT:
            _FONT.append(ImageFont.truetype(str(font_path()), 12))
        return _draw_png(series, _FONT[0], look.colours())


def _draw_png(series: EvSeries, font: ImageFont.FreeTypeFont, theme: Theme) -> bytes:
    muted, text = _hex(theme.muted), _hex(theme.text)
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.panel)
    draw = ImageDraw.Draw(image)
    point, low, high = _scale(series)
    first = series.hands[0] if series.hands else 0
    last = series.hands[-1] if series.hands else 1
    draw.line([point(first, 0.0), point(last, 0.0)], fill=muted, width=1)
    draw.text((MARGIN - 14, point(first, 0.0)[1] - 7), "0", fill=muted, font=font)
    draw.text((4, MARGIN - 16), f"EV {high:+.2%}", fill=muted, font=font)
    draw.text((4, HEIGHT - MARGIN + 4), f"EV {low:+.2%}", fill=muted, font=font)
    draw.text((MARGIN, HEIGHT - 20), f"hands {first} to {last}", fill=muted, font=font)
    for index, (bet, evs) in enumerate(series.lines):
        colour = PALETTE[index]
        points = [point(hand, ev) for hand, ev in zip(series.hands, evs)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        y = MARGIN + 18 * index
        draw.line([(WIDTH - LEGEND, y), (WIDTH - LEGEND + 16, y)], fill=colour, width=3)
        draw.text((WIDTH - LEGEND + 22, y - 7), bet_title(bet, reader("en")), fill=text, font=font)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


def ev_chart_svg(series: EvSeries, look: ChartLook) -> bytes:
    theme = look.colours()
    point, low, high = _scale(series)
    first = series.hands[0] if series.hands else 0
    last = series.hands[-1] if series.hands else 1
    (x0, y0), (x1, _) = point(first, 0.0), point(last, 0.0)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'font-family={quoteattr(SVG_FONT_STACK)} font-size="12" fill="{_hex(theme.text)}">',
        f"<title>{escape(look.word(TITLE))}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{_hex(theme.panel)}"/>',
        f'<line class="zero" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="{_hex(theme.muted)}"/>',
        f'<text x="{MARGIN - 14}" y="{y0 + 4}">0</text>',
        f'<text x="4" y="{MARGIN - 6}">EV {high:+.2%}</text>',
        f'<text x="4" y="{HEIGHT - MARGIN + 16}">EV {low:+.2%}</text>',
        f'<text x="{MARGIN}" y="{HEIGHT - 8}">{escape(look.word(HANDS, first=first, last=last))}</text>',
    ]
    for index, (bet, evs) in enumerate(series.lines):
        colour, y = PALETTE[index], MARGIN + 18 * index
        coords = " ".join(f"{x},{y}" for x, y in (point(hand, ev) for hand, ev in zip(series.hands, evs)))
        parts.append(f'<g class="bet" data-bet={quoteattr(bet)}>'
                     f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{coords}"/>'
                     f'<line x1="{WIDTH - LEGEND}" y1="{y}" x2="{WIDTH - LEGEND + 16}" y2="{y}" stroke="{colour}" '
                     f'stroke-width="3"/><text x="{WIDTH - LEGEND + 22}" y="{y + 4}">{escape(look.bet(bet))}</text></g>')
    parts.append("</svg>")
    return "\n".join(parts).encode("utf-8")


WRITERS = {"png": ev_chart_png, "svg": ev_chart_svg}


def render_ev_chart(series: EvSeries, fmt: str, look: ChartLook = ChartLook()) -> bytes:
    if fmt not in WRITERS:
        raise DomainError("invalid_parameter", "the chart is png or svg", "format")
    return WRITERS[fmt](series, look)
