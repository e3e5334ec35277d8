"""The shift report as CSV and as a printable PDF (issue 24), from its JSON document, in the
reader's language (titles and messages from the one catalogue), times in the floor's zone.

Every text a person typed (names, reasons, notes, alert texts) is escaped before ReportLab reads a
Paragraph's markup (the PDF, roadsvc.render.shift_report_pdf, with its CJK font); every CSV cell goes through
roadsvc.domain.spreadsheets. The words and how values are written, for both, are in
roadsvc.render.shift_report_words. This module writes the CSV, names the files and picks the kind.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from roadsvc.domain.spreadsheets import csv_text
from roadsvc.domain.texts import lang_of
from roadsvc.render import dealers_report
from roadsvc.render.shift_report_pdf import to_pdf
from roadsvc.render.shift_report_words import (
    COUNTS,
    FIGURES,
    WORDS,
    chain_line,
    local,
    percent,
    status,
    table_events,
    written_at,
)
from roadsvc.translations import Words

# CSV: the report's status first, then one row per table (its figures), then one row per void or correction,
# alert and note. Every cell is defused (roadsvc.domain.spreadsheets): names, reasons and notes are typed.

def to_csv(document: dict[str, Any], language: str) -> str:
    language = lang_of(language)
    words = Words(WORDS, language)
    header = ["section", "table_id", "table", *COUNTS, "shoes", *FIGURES, "time", "title", "by", "detail"]
    blank = [""] * (len(COUNTS) + 1 + len(FIGURES))
    rows = [["report", "", "", *blank, local(written_at(document), document), status(document, words), "",
             chain_line(document, words)]]
    for entry in document["tables"]:
        figures = entry["money"]
        rows.append(["table", entry["table"]["id"], entry["table"]["name"], *(entry.get(name, 0) for name in COUNTS),
                     " ".join(map(str, entry["shoes"])),
                     *(percent(figures[f]) if "hold" in f else figures[f] for f in FIGURES), "", "", "", ""])
        rows += [[row[0], entry["table"]["id"], entry["table"]["name"], *blank, *row[1:]]
                 for row in table_events(entry, document, language, words)]
    rows += dealers_report.csv_rows(document, language)  # the dealers section (issue 45)
    return csv_text(header, rows)


def file_name(day: str, shift: str, kind: str, language: str) -> tuple[str, str]:
    """(an ASCII name, the name in the reader's language) of a report's file: shift-report-2026-12-07-0600-en.pdf,
    班次报告-2026-12-07-0600.pdf."""
    stem, language = f"{day}-{shift}", lang_of(language)
    return f"shift-report-{stem}-{language}.{kind}", f"{Words(WORDS, language)['file']}-{stem}.{kind}"


def content_disposition(day: str, shift: str, kind: str, language: str) -> str:
    """The attachment header with both names (RFC 6266: `filename*` in UTF-8, `filename` for old clients)."""
    ascii_name, name = file_name(day, shift, kind, language)
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name)}"


def rendered(document: dict[str, Any], kind: str, language: str, font_path: str | None = None) -> tuple[bytes, str]:
    """(the file, its media type): `kind` csv or pdf."""
    if kind == "csv":
        return to_csv(document, language).encode("utf-8-sig"), "text/csv"  # Flask names the charset, once
    return to_pdf(document, language, font_path), "application/pdf"
