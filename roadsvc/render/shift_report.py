"""The shift report as CSV and as a printable PDF (issue 24), from its JSON document, in the
reader's language (titles and messages from the one catalogue), times in the floor's zone.

Every text a person typed (names, reasons, notes, alert texts) is escaped before ReportLab reads a
Paragraph's markup; every CSV cell goes through roadsvc.domain.spreadsheets. The PDF is drawn by ReportLab
(pure Python). Its CJK font: ROADSVC_REPORT_FONT (a TrueType
file or collection) if set, else
the system's WenQuanYi Micro Hei when installed (Debian's fonts-wqy-microhei, the font the
browser tests install), embedded as a subset; else ReportLab's built-in Adobe CID font
(STSong-Light, MSung-Light), which the PDF viewer supplies. The road images' font cannot serve:
it is a subset of the few characters the roads draw.
"""

from __future__ import annotations

import io
import os
from functools import partial
from datetime import datetime
from decimal import Decimal
from typing import Any, Callable, Iterator
from urllib.parse import quote
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from roadsvc.domain.monitoring.texts import alert_message, alert_title
from roadsvc.render import dealers_report
from roadsvc.domain.shifts import zone_label
from roadsvc.domain.spreadsheets import csv_text
from roadsvc.domain.texts import SYSTEM_ACTOR, actor_name, bet_title, lang_of
from roadsvc.translations import N_, NC_, Words, reader

SYSTEM_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
CID_FONTS = {"zh-Hans": "STSong-Light", "zh-Hant": "MSung-Light", "en": "STSong-Light"}

# The report's words: message ids of the catalogues (roadsvc.translations), read in the reader's language.
WORDS = {
    "title": N_("Shift report"), "table": N_("Table"), "hands": N_("Hands"), "voids": N_("Voids"),
    "corrections": N_("Corrections"), "leaves": N_("Left early"), "shoes": N_("Shoes"), "turnover": N_("Turnover"),
    "win": N_("House win"),
    "hold": N_("Hold"), "expected": N_("Expected hold"), "bets": N_("Bets"), "accounts": N_("Accounts"),
    "largest_bet": N_("Largest bet"), "largest_win": N_("Largest win"), "changes": N_("Voids and corrections"),
    "alerts": N_("Alerts"), "notes": N_("Pit notes"), "by": N_("by"), "why": N_("why"), "void": N_("voided"),
    "correct": N_("corrected"), "hand": N_("hand"), "acknowledged": N_("acknowledged"), "resolved": N_("resolved"),
    "open": NC_("alert state", "open"), "raised": N_("raised"), "final": NC_("report status", "Final"),
    "provisional": N_("Provisional: the shift has not ended"), "totals": NC_("report totals", "Floor"),
    "not_stored": N_("Provisional: no final report was stored for this shift"), "as_of": N_("As of"),
    "rounds": NC_("report", "Rounds"), "deals": NC_("report", "Deals"), "matches": NC_("report", "Matches"),
    "refusals": N_("Refused plays"), "col_time": N_("Time"), "col_what": NC_("report column", "What"),
    "col_by": NC_("report column", "Who"), "col_detail": NC_("report column", "Details"),
    "chain": N_("Record chain head: sequence {sequence}, digest {digest}"),
    "no_chain": N_("Record chain head: none (no chain when this report was stored)"),
    "file": NC_("file name", "shift-report"),
    "none": N_("none"), "by_bet": N_("Turnover by bet"), "generated": N_("Written"), "info": N_("info"),
    "warning": N_("warning"), "critical": N_("critical"), "monitor": N_("roadsvc monitor"),
    "times_in": N_("Times in"), "page": N_("Page {n} of {total}"), "sign_off": N_("Checked and signed"),
    "game_niuniu": N_("Niu Niu"), "game_dabang": N_("Da Bang"),
    "pit_manager": N_("Pit manager"), "signed_at": N_("Date and time"), "signature": N_("Signature"),
}
GAMES = {"niuniu": "game_niuniu", "dabang": "game_dabang"}  # the games a table's heading names (not baccarat)
FIGURES = ("turnover", "win", "hold", "expected_hold", "bets", "accounts", "largest_bet", "largest_win")
# What each game dealt, counted apart (baccarat's hands, 百人牛牛's rounds, 打棒's matches, deals and refused plays),
# then the changes: the report's count columns, in the CSV and the PDF's summary, in this order.
COUNTS = ("hands", "rounds", "deals", "matches", "refusals", "voids", "corrections", "leaves")


def local(text: str, document: dict[str, Any]) -> str:
    """A moment in the floor's zone, its UTC offset written (2026-11-27 14:00:00 +08:00): never the zone's
    letters, which name several zones ("CST"). The PDF writes the zone once at the top and the times bare."""
    moment = datetime.fromisoformat(text).astimezone(ZoneInfo(document["shift"]["time_zone"]))
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + moment.isoformat()[-6:]


def bare(text: str, document: dict[str, Any]) -> str:
    return local(text, document)[:-7]


def percent(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.2f}%"


def money(value: str | None) -> str:
    """An amount as the pages show it: 513,400.00."""
    return "" if value is None else f"{Decimal(value):,.2f}"


def handled(alert: dict[str, Any], document: dict[str, Any], words: Words,
            when: Callable[[str, dict[str, Any]], str] = local) -> str:
    parts = [f"{words[state]} {words['by']} {_by(alert[state]['by'], words)} {when(alert[state]['at'], document)}: "
             f"{_by_note(alert[state], words)}" for state in ("acknowledged", "resolved") if alert.get(state)]
    return "; ".join(parts) or words["open"]


def _by(actor: str, words: Words) -> str:
    """A person as recorded; the monitor in the reader's language."""
    return words["monitor"] if actor == SYSTEM_ACTOR else actor_name(actor, words.reader)


def _by_note(change: dict[str, Any], words: Words) -> str:
    """A person's note as typed; the monitor's (an English message id) in the reader's language."""
    return words.catalogue.gettext(change["note"]) if change["by"] == SYSTEM_ACTOR and change["note"] else change["note"]


# CSV: the report's status first, then one row per table (its figures), then one row per void or correction,
# alert and note. Every cell is defused (roadsvc.domain.spreadsheets): names, reasons and notes are typed.

def to_csv(document: dict[str, Any], language: str) -> str:
    language = lang_of(language)
    words = Words(WORDS, language)
    header = ["section", "table_id", "table", *COUNTS, "shoes", *FIGURES, "time", "title", "by", "detail"]
    blank = [""] * (len(COUNTS) + 1 + len(FIGURES))
    rows = [["report", "", "", *blank, local(_moment(document), document), status(document, words), "",
             chain_line(document, words)]]
    for entry in document["tables"]:
        figures = entry["money"]
        rows.append(["table", entry["table"]["id"], entry["table"]["name"], *(entry.get(name, 0) for name in COUNTS),
                     " ".join(map(str, entry["shoes"])),
                     *(percent(figures[f]) if "hold" in f else figures[f] for f in FIGURES), "", "", "", ""])
        rows += [[row[0], entry["table"]["id"], entry["table"]["name"], *blank, *row[1:]]
                 for row in _events(entry, document, language, words)]
    rows += dealers_report.csv_rows(document, language)  # the dealers section (issue 45)
    return csv_text(header, rows)


def _moment(document: dict[str, Any]) -> str:
    """When the report was written (a stored one), else when it was drawn from the records."""
    return document.get("written_at") or document["generated_at"]


def status(document: dict[str, Any], words: Words) -> str:
    """Final (stored), else provisional: the shift running, or ended with no final report stored."""
    if document["final"]:
        return words["final"]
    ended = datetime.fromisoformat(document["generated_at"]) >= datetime.fromisoformat(document["shift"]["ends"])
    return words["not_stored"] if ended else words["provisional"]


def chain_line(document: dict[str, Any], words: Words) -> str:
    """A final report's record chain head (what a printed report is checked against); nothing for a provisional."""
    if not document["final"]:
        return ""
    head = document.get("chain_head")
    return words["no_chain"] if head is None else words["chain"].format(**head)


def file_name(day: str, shift: str, kind: str, language: str) -> tuple[str, str]:
    """(an ASCII name, the name in the reader's language) of a report's file: shift-report-2026-12-07-0600-en.pdf,
    班次报告-2026-12-07-0600.pdf."""
    stem, language = f"{day}-{shift}", lang_of(language)
    return f"shift-report-{stem}-{language}.{kind}", f"{Words(WORDS, language)['file']}-{stem}.{kind}"


def content_disposition(day: str, shift: str, kind: str, language: str) -> str:
    """The attachment header with both names (RFC 6266: `filename*` in UTF-8, `filename` for old clients)."""
    ascii_name, name = file_name(day, shift, kind, language)
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name)}"


def _events(entry: dict[str, Any], document: dict[str, Any], language: str, words: dict[str, str],
            when: Callable[[str, dict[str, Any]], str] = local) -> Iterator[tuple[str, str, str, str, str]]:
    """(kind, time, what, by, detail) of each void or correction, alert and note; an alert's `by` is who
    acknowledged and resolved it."""
    for change in entry["changes"]:
        yield ("change", when(change["at"], document), f"{words[change['action']]} {words['hand']} {change['hand']}",
               _by(change["by"], words), change["why"])
    for alert in entry["alerts"]:
        title = f"{alert_title(alert['code'], reader(language))} ({words.get(alert['severity'], alert['severity'])})"
        detail = f"{alert_message(alert['code'], alert['details'], reader(language))} — {handled(alert, document, words, when)}"
        by = " / ".join(dict.fromkeys(_by(alert[state]["by"], words) for state in ("acknowledged", "resolved")
                                      if alert.get(state)))
        yield ("alert", when(alert["raised_at"], document), title, by, detail)
    for note in entry["notes"]:
        yield ("note", when(note["at"], document), words["notes"], _by(note["by"], words), note["text"])


def rendered(document: dict[str, Any], kind: str, language: str, font_path: str | None = None) -> tuple[bytes, str]:
    """(the file, its media type): `kind` csv or pdf."""
    if kind == "csv":
        return to_csv(document, language).encode("utf-8-sig"), "text/csv"  # Flask names the charset, once
    return to_pdf(document, language, font_path), "application/pdf"


# PDF

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
                              f"{bare(_moment(document), document)}"), style)]
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
    events = list(_events(entry, document, language, words, bare))
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
