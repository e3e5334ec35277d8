"""The shift report as a printable PDF (roadsvc.render.shift_report): landscape A4, drawn by ReportLab (pure
Python), every text a person typed escaped before a Paragraph reads its markup. Its CJK font: ROADSVC_REPORT_FONT
(a TrueType file or collection) if set, else the system's WenQuanYi Micro Hei when installed, embedded as a
subset (Debian's fonts-wqy-microhei, the font the browser tests install); else ReportLab's built-in Adobe CID
font (STSong-Light, MSung-Light), which the PDF viewer supplies. The road images' font cannot serve: it is a
subset of the few characters the roads draw."""

from __future__ import annotations

import io
import os
from datetime import datetime
from functools import partial
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from roadsvc.domain.shifts import zone_label
from roadsvc.domain.texts import bet_title, lang_of
from roadsvc.render import dealers_report
from roadsvc.render.shift_report_words import (
    COUNTS,
    GAMES,
    WORDS,
    bare,
    chain_line,
    money,
    percent,
    status,
    table_events,
    written_at,
)
from roadsvc.translations import Words, reader

SYSTEM_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
CID_FONTS = {"zh-Hans": "STSong-Light", "zh-Hant": "MSung-Light", "en": "STSong-Light"}


def _font(language: str, font_path: str | None) -> tuple[str, bool]:
    """(font name, embedded) registered with ReportLab for `language`."""
    path = font_path or SYSTEM_FONT
    if os.path.exists(path):
        name = "ReportCJK-" + os.path.basename(path)
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, path, subfontIndex=0))
        return name, True
    name = CID_FONTS[language]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name, False


def to_pdf(document: dict[str, Any], language: str, font_path: str | None = None) -> bytes:
    """The report a pit manager prints and signs: landscape A4, the zone written out once at the top
    (times bare below it), money with thousands separators, "page n of m" on every page, every game's
    tables (a table without shoes names none), no column empty on every row, a sign-off block last.
    Laid out twice: the first pass counts the pages the second numbers."""
    language = lang_of(language)
    words, (font, _) = Words(WORDS, language), _font(language, font_path)
    shift = document["shift"]
    title = (f"{words['title']} · {shift['date']} {shift['shift'][:2]}:{shift['shift'][2:]} "
             f"({bare(shift['begins'], document)} – {bare(shift['ends'], document)})")
    pages = [0]

    def foot(canvas, _doc, total: int | None = None) -> None:
        pages[0] = canvas.getPageNumber()
        canvas.setFont(font, 8)
        canvas.drawString(12 * mm, 8 * mm, title)
        if total:
            canvas.drawRightString(landscape(A4)[0] - 12 * mm, 8 * mm,
                                   words["page"].format(n=canvas.getPageNumber(), total=total))

    def laid_out(numbered) -> bytes:
        out = io.BytesIO()
        SimpleDocTemplate(out, pagesize=landscape(A4), title=title, leftMargin=12 * mm, rightMargin=12 * mm,
                          topMargin=12 * mm, bottomMargin=15 * mm).build(
            _story(document, language, words, font, title), onFirstPage=numbered, onLaterPages=numbered)
        return out.getvalue()

    laid_out(partial(foot, total=None))  # counts the pages
    return laid_out(partial(foot, total=pages[0]))


def _story(document: dict[str, Any], language: str, words: dict[str, str], font: str, title: str) -> list:
    style = ParagraphStyle("body", fontName=font, fontSize=8.5, leading=11, wordWrap="CJK")
    heading = ParagraphStyle("heading", parent=style, fontSize=15, leading=19, spaceAfter=4)
    sub = ParagraphStyle("sub", parent=style, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3)
    shift = document["shift"]
    zone = zone_label(shift["time_zone"], datetime.fromisoformat(shift["begins"]))
    when = words["generated"] if document["final"] else words["as_of"]  # a final report: when it was stored
    story = [Paragraph(escape(title), heading),
             Paragraph(escape(f"{words['times_in']} {zone} · {status(document, words)} · {when} "
                              f"{bare(written_at(document), document)}"), style)]
    if chain_line(document, words):
        story.append(Paragraph(escape(chain_line(document, words)), style))
    grid = TableStyle([("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 8),
                       ("GRID", (0, 0), (-1, -1), 0.3, colors.grey), ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke),
                       ("VALIGN", (0, 0), (-1, -1), "TOP")])
    header = [words[k] for k in ("table", *COUNTS, "turnover", "win", "hold", "expected", "bets", "accounts",
                                 "largest_bet", "largest_win")]
    tables, totals = document["tables"], document["totals"]
    rows = [_summary_row(entry["table"]["name"], entry, entry["money"]) for entry in tables]
    rows.append(_summary_row(words["totals"], {name: sum(entry.get(name, 0) for entry in tables) for name in COUNTS},
                             totals["money"]))
    numbers = TableStyle([("ALIGN", (1, 1), (-1, -1), "RIGHT"), ("FONTNAME", (0, -1), (-1, -1), font),
                          ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black)])
    summary = Table(_filled_columns([header, *rows]), repeatRows=1, style=grid, hAlign="LEFT")
    summary.setStyle(numbers)
    story += [Spacer(1, 3 * mm), summary]
    for entry in tables:
        story += _table_story(entry, document, language, words, style, sub, grid)
    story += dealers_report.story(document, language, style, sub, grid, money)  # the dealers section (issue 45)
    return story + _sign_off(words, sub, font)


def _summary_row(name: str, entry: dict[str, Any], figures: dict[str, Any]) -> list[str]:
    """A table's (the floor's) row: each count apart, then the money. A plain cell (not a Paragraph): a name is drawn as typed, never read as markup."""
    return [name, *(str(entry.get(count, 0)) for count in COUNTS), money(figures["turnover"]),
            money(figures["win"]), percent(figures["hold"]), percent(figures["expected_hold"]), str(figures["bets"]),
            str(figures["accounts"]), money(figures["largest_bet"]), money(figures["largest_win"])]


def _filled_columns(rows: list[list[str]]) -> list[list[str]]:
    """The rows without the columns empty below their heading on every row (an expected hold no game gave), nor
    the counts zero on every row (no 打棒 table: no matches, deals or refused plays)."""
    counts = range(1, 1 + len(COUNTS))
    keep = [index for index in range(len(rows[0]))
            if any(row[index] not in ("", None) and not (index in counts and row[index] == "0") for row in rows[1:])]
    return [[row[index] for index in keep] for row in rows]


def _table_story(entry, document, language, words, style, sub, grid) -> list:
    by_bet = ", ".join(f"{bet_title(code, reader(language))} {money(stake)}"
                       for code, stake in entry["money"]["by_bet"].items())
    shoes = f" · {words['shoes']} {', '.join(map(str, entry['shoes']))}" if entry["shoes"] else ""
    game = f" · {words[GAMES[entry['table'].get('game')]]}" if entry["table"].get("game") in GAMES else ""
    story = [Paragraph(escape(f"{words['table']} {entry['table']['name']}{game}{shoes}"), sub)]
    if by_bet:
        story.append(Paragraph(escape(f"{words['by_bet']}: {by_bet}"), style))
    events = list(table_events(entry, document, language, words, bare))
    if events:  # every cell escaped: reasons, notes, names and alert texts are typed by people
        heading = [words[key] for key in ("col_time", "col_what", "col_by", "col_detail")]
        rows = [heading, *([Paragraph(escape(cell or ""), style) for cell in row[1:]] for row in events)]
        story.append(Table(rows, colWidths=[95, 150, 110, 400], style=grid, hAlign="LEFT", repeatRows=1))
    return story


def _sign_off(words: dict[str, str], sub, font: str) -> list:
    """The pit manager's name, the time and the signature, each on a line to write on."""
    line = TableStyle([("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 9),
                       ("LINEBELOW", (1, 0), (1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                       ("TOPPADDING", (0, 0), (-1, -1), 14)])
    rows = [[words[key], ""] for key in ("pit_manager", "signed_at", "signature")]
    return [KeepTogether([Paragraph(words["sign_off"], sub), Table(rows, colWidths=[90, 240], style=line,
                                                                   hAlign="LEFT")])]
