"""The shift report's dealers section in the CSV and the PDF (issue 45), from the document's `dealers` key
(roadsvc.services.dealers.report); a report stored before it existed has none, and shows none. A measure a
game has not is written "n/a" in the reader's language, never 0."""

from __future__ import annotations

from typing import Any, Iterator
from xml.sax.saxutils import escape

from reportlab.platypus import Paragraph, Spacer, Table
from reportlab.lib.units import mm

from roadsvc.translations import N_, NC_, Words

WORDS = {
    "dealers": N_("Dealers"), "dealer": N_("Dealer"), "game": N_("Game"), "games": N_("Games"),
    "hours": N_("Hours"), "per_hour": N_("Games an hour"), "refusals": N_("Refusals (per 100)"),
    "voids": N_("Voids (per 100)"), "corrections": N_("Corrections (per 100)"),
    "late_slips": N_("Late bets (per 100)"), "money": N_("House win / expected"),
    "timers": N_("Timers overrun / held"), "na": N_("n/a"), "no_dealer": N_("No dealer declared"),
    "floor": NC_("report totals", "Floor"), "baccarat": N_("Baccarat"), "niuniu": N_("Niu Niu"),
    "dabang": N_("Da Bang"),
}
CSV_HEADER = ["section", "dealer_id", "dealer", "badge", "game", "games", "hours", "games_per_hour", "pace_z",
              "refusals", "refusals_per_100", "voids", "voids_per_100", "corrections", "corrections_per_100",
              "late_slips", "late_slips_per_100", "win", "expected_win", "timers_overrun", "held_hands"]


def rows(document: dict[str, Any]) -> Iterator[tuple[str, Any, str, str, dict[str, Any]]]:
    """(kind, dealer id, name, badge, a game's figures) of each row of the section."""
    found = document.get("dealers") or {}
    for dealer in found.get("dealers", []):
        for entry in dealer["games"]:
            yield "dealer", dealer["id"], dealer["name"], dealer["badge"], entry
    for entry in found.get("undeclared", []):
        yield "no_dealer", "", "", "", entry
    for entry in found.get("floor", []):
        yield "floor", "", "", "", entry


def _counted(entry: dict[str, Any], measure: str, na: str) -> list[Any]:
    value = entry[measure]
    return [na, na] if value is None else [value["count"], "" if value["per_100_games"] is None else value["per_100_games"]]


def csv_rows(document: dict[str, Any], language: str) -> list[list[Any]]:
    """The section's rows after a blank row and its own header (none when the document has no dealers)."""
    found = list(rows(document))
    if not found:
        return []
    na = Words(WORDS, language)["na"]
    lines: list[list[Any]] = [[], CSV_HEADER]
    for kind, dealer_id, name, badge, entry in found:
        money, timers = entry["money"], entry["timers_overrun"]
        lines.append([kind, dealer_id, name, badge, entry["game"], entry["games"], entry["hours"],
                      entry["games_per_hour"] if entry["games_per_hour"] is not None else "", entry["pace"]["z"] or "",
                      *(cell for measure in ("refusals", "voids", "corrections", "late_slips")
                        for cell in _counted(entry, measure, na)),
                      *([na, na] if money is None else [money["win"], money["expected_win"]]),
                      *([na, na] if timers is None else [timers["count"], timers["held_hands"]])])
    return lines


def _cell(entry: dict[str, Any], measure: str, na: str) -> str:
    value = entry[measure]
    if value is None:
        return na
    return f"{value['count']}" + ("" if value["per_100_games"] is None else f" ({value['per_100_games']})")


def story(document: dict[str, Any], language: str, style, sub, grid, money) -> list:
    """The PDF's dealers table (nothing when the document has no dealers)."""
    found = list(rows(document))
    if not found:
        return []
    words = Words(WORDS, language)
    header = [words[key] for key in ("dealer", "game", "games", "hours", "per_hour", "refusals", "voids",
                                     "corrections", "late_slips", "money", "timers")]
    body = []
    for kind, _, name, badge, entry in found:
        who = f"{name} ({badge})" if kind == "dealer" else words["no_dealer" if kind == "no_dealer" else "floor"]
        win = words["na"] if entry["money"] is None else f"{money(entry['money']['win'])} / " \
                                                          f"{money(entry['money']['expected_win'])}"
        timers = words["na"] if entry["timers_overrun"] is None else \
            f"{entry['timers_overrun']['count']} / {entry['timers_overrun']['held_hands']}"
        body.append([Paragraph(escape(who), style), words[entry["game"]], str(entry["games"]), str(entry["hours"]),
                     "" if entry["games_per_hour"] is None else str(entry["games_per_hour"]),
                     *(_cell(entry, measure, words["na"]) for measure in ("refusals", "voids", "corrections",
                                                                          "late_slips")), win, timers])
    return [Spacer(1, 3 * mm), Paragraph(escape(words["dealers"]), sub),
            Table([header, *body], repeatRows=1, style=grid, hAlign="LEFT")]
