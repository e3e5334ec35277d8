"""The shift report's words and how it writes its values, for the CSV and the PDF alike (roadsvc.render.shift_report):
the words (message ids of the catalogues, read in the reader's language), times in the floor's zone, amounts and
percentages, the report's status and chain head, and each table's voids and corrections, alerts and notes."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, Callable, Iterator
from zoneinfo import ZoneInfo

from roadsvc.domain.monitoring.texts import alert_message, alert_title
from roadsvc.domain.texts import SYSTEM_ACTOR, actor_name
from roadsvc.translations import N_, NC_, Words, reader

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


def written_at(document: dict[str, Any]) -> str:
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


def table_events(entry: dict[str, Any], document: dict[str, Any], language: str, words: dict[str, str],
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
