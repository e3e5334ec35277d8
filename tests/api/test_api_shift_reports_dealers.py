"""The shift report's dealers section (issue 45) on SQLite and PostgreSQL: the JSON's `dealers` (each dealer's
figures per game, the floor's), the CSV's rows and the PDF's table, in the reader's language; a measure a
game has not is "n/a", never 0; a report without the section (stored before it) still renders."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from betting import bet, make_table  # noqa: F401
from roadsvc.render.dealers_report import csv_rows
from roadsvc.services.pit.shifts import FloorClock

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}
PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}
WRONG_DRAW = {"cards": ["4S", "3H", "5D", "2C", "6H"]}
CLOCK = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})


def report(table, fmt="json", lang="en"):
    shift = CLOCK.shift_at(datetime.now(timezone.utc))
    return table.api.get(f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}",
                         query_string={"format": fmt, "lang": lang}, role="pitboss")


def dealt(make_table):
    table = make_table("classic")
    assert table.api.post("/api/v1/dealers", {"badge": "D-88", "name": "Wong Siu Ming"}, role="pitboss").status_code == 201
    assert table.api.post(f"/api/v1/tables/{table.id}/dealer", {"badge": "D-88"}, role="dealer").status_code == 201
    table.slip(bet("banker", "100.00"), account_id="acct-1")
    table.post(BANKER_NATURAL_9)
    assert table.api.post(f"/api/v1/tables/{table.id}/hands", WRONG_DRAW, role="dealer").status_code == 422
    table.post(PLAYER_NATURAL_9)
    return table


def test_the_report_has_each_dealers_figures_and_the_floors(make_table):
    table = dealt(make_table)
    section = report(table).json["dealers"]
    [dealer] = section["dealers"]
    assert (dealer["name"], dealer["badge"]) == ("Wong Siu Ming", "D-88")
    [baccarat] = dealer["games"]
    assert baccarat["games"] == 2 and baccarat["refusals"] == {"count": 1, "per_100_games": 50.0}
    money = baccarat["money"]  # the banker won: the house paid 95.00 where the exact edge expects it to keep 1.06
    assert (money["turnover"], money["win"], money["expected_win"]) == ("100.00", "-95.00", "1.06")
    assert section["floor"][0]["games"] == 2 and section["undeclared"] == []


def test_the_csv_and_the_pdf_carry_the_section_in_the_readers_language(make_table):
    import pypdfium2

    table = dealt(make_table)
    csv_text = report(table, "csv").data.decode("utf-8-sig")
    row = next(line for line in csv_text.splitlines() if line.startswith("dealer,"))
    assert "Wong Siu Ming,D-88,baccarat,2," in row
    assert "section,dealer_id,dealer,badge,game" in csv_text
    pdf = pypdfium2.PdfDocument(report(table, "pdf", "zh-Hans").data)
    text = " ".join(page.get_textpage().get_text_range() for page in pdf)
    pdf.close()
    text = re.sub(r"\s+", " ", text)  # a cell wraps its words
    assert "Wong Siu Ming (D-88) 百家乐 2 " in text and "荷官 游戏 局数" in text


def test_a_measure_a_game_has_not_is_written_not_applicable():
    entry = {"game": "dabang", "games": 3, "hours": 1.0, "games_per_hour": 3.0, "pace": {"z": None},
             "refusals": {"count": 1, "per_100_games": 33.33}, "voids": None, "corrections": None, "late_slips": None,
             "money": None, "timers_overrun": None, "not_applicable": {}}
    document = {"dealers": {"dealers": [{"id": 1, "name": "A", "badge": "D-1", "games": [entry]}], "undeclared": [],
                            "floor": []}}
    [_, _, row] = csv_rows(document, "zh-Hant")
    assert row[9:11] == [1, 33.33] and row[11:] == ["不適用"] * 10
    assert csv_rows({"tables": []}, "en") == []  # a report stored before the section: none
