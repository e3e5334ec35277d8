"""The shift report (issue 24), for keys with `read_money`: JSON, CSV or a printable PDF."""

from __future__ import annotations

from flask import Response, current_app, jsonify, request
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import database, floor_clock
from roadsvc.api.docs import error_responses
from roadsvc.api.pit.report_schemas import ShiftReportSchema
from roadsvc.domain.errors import DomainError
from roadsvc.domain.texts import LANGUAGES, lang_of
from roadsvc.persistence.models import utcnow
from roadsvc.render.shift_report import content_disposition
from roadsvc.services.pit import shift_reports
from roadsvc.services.capabilities import READ_MONEY

blp = Blueprint("reports", __name__, description="Shift reports: per table, hands, shoes, money, voids and "
                                                 "corrections, alerts and how they were handled, pit notes")

FORMATS = {"json": "application/json", "csv": "text/csv", "pdf": "application/pdf"}


def chosen_format() -> str:
    """?format=json|csv|pdf, else the Accept header's best, else JSON."""
    asked = request.args.get("format")
    if asked is not None:
        if asked not in FORMATS:
            raise DomainError("invalid_format", "format is json, csv or pdf", "format")
        return asked
    best = request.accept_mimetypes.best_match(list(FORMATS.values()), default="application/json")
    return next(name for name, mimetype in FORMATS.items() if mimetype == best)


def chosen_language() -> str:
    """?lang=zh-Hans|zh-Hant|en (none: the default); anything else is refused, as the document says."""
    asked = request.args.get("lang")
    if asked is not None and asked not in LANGUAGES:
        raise DomainError("invalid_language", f"lang is {', '.join(LANGUAGES)}", "lang")
    return lang_of(asked)


@blp.route("/reports/shifts/<shift_date:date>/<shift_code:shift>", methods=["GET"])
@requires(READ_MONEY, parameters=[
    {"in": "query", "name": "format", "schema": {"type": "string", "enum": list(FORMATS)}},
    {"in": "query", "name": "lang", "schema": {"type": "string", "enum": list(LANGUAGES)}}],
    responses={"200": {"description": "The report: JSON (per table and the floor's totals), CSV or PDF", "content": {
        "application/json": {"schema": ShiftReportSchema},
        "text/csv": {"schema": {"type": "string"}},
        "application/pdf": {"schema": {"type": "string", "format": "binary"}}}}})
@error_responses(401, 403, 404, 409, 422)
def shift_report(date, shift):
    """A shift's report

    The shift starting on `date` (YYYY-MM-DD, the floor's time zone) at `shift` (its start,
    HHMM: one of the floor's shifts, ROADSVC_FLOOR_SHIFTS). Per table: what its game dealt, each
    counted apart (baccarat's hands, 百人牛牛's rounds and leaves, 打棒's matches, deals and refused
    plays), voids, corrections (who, why), the shoes, the money (turnover, the house's win, hold,
    expected hold, bets, accounts, largest bet and win, turnover by bet), the alerts raised and how
    they were handled, the pit notes; and the floor's totals of each. Stored once by the jobs process
    when the shift ends, with its PDFs and the record chain's head: only that report says
    `final: true` (and `written_at`); asked before, or for a shift the jobs never stored, it is built
    from the records as they stand and says `final: false` (docs/shift-reports.md). JSON by default;
    CSV or PDF with `?format=` or `Accept`; the CSV's and PDF's words and file name in `?lang=`
    (zh-Hans, zh-Hant, en), times in the floor's time zone. A malformed or out-of-range date is 422
    `invalid_date` / `date_out_of_range` (field `date`), a shift that is none of the floor's 422
    `unknown_shift` (field `shift`), a shift that has not begun 404 `shift_not_started`; a stored PDF whose bytes
    are not the ones written (their SHA-256 differs from the one chained) is never served: 409
    `report_file_altered` (field `lang`) and a critical alert of that code. The PDF is
    the one a pit manager signs: money with thousands separators, page numbers, the zone written
    out, the chain head, a sign-off line.
    """
    clock, kind, language = floor_clock(), chosen_format(), chosen_language()
    found = clock.shift_named(date, shift)
    if kind == "json":
        return jsonify(shift_reports.report(database(), clock, found, utcnow()))
    body, mimetype = shift_reports.report_file(database(), clock, found, utcnow(), kind, language,
                                               current_app.config["REPORT_FONT"] or None)
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = content_disposition(found.day.isoformat(), found.name, kind, language)
    return response
