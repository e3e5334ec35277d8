"""Texts people typed, in the shift report (issue 43), on SQLite and PostgreSQL: every one is drawn in the PDF
as typed (never read as ReportLab markup: a `<b>` is no error, an `<img>` fetches nothing) and defused in every
CSV roadsvc writes (a cell starting with = + - @ tab or CR is no formula); the CSV names its charset once, the
PDF's alert tables have headings, its file name is in the report's language."""

from __future__ import annotations

import csv
import io
import re
import socket
from datetime import datetime, timezone
from urllib.parse import unquote

import pytest
from betting import make_table  # noqa: F401
from test_api_shift_reports import BANKER_NATURAL_9, CLOCK, pdf_text

from roadsvc.services.keys.lifecycle import create_role_keys

MARKUP = "VIP <b>Gold"
FORMULA = '=HYPERLINK("http://evil.example/x","click")'


def shift_path() -> str:
    shift = CLOCK.shift_at(datetime.now(timezone.utc))
    return f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}"


def report(api, fmt: str, lang: str = "en"):
    return api.get(shift_path(), query_string={"format": fmt, "lang": lang}, role="pitboss")


def flat(text: str) -> str:
    """The text without its line breaks and spaces (the PDF wraps a long cell)."""
    return re.sub(r"\s+", "", text)


# Each field a person types, written with `text`: a table named so, a key named so voiding a hand (its name is
# the change's `by` and in the corrections alert's words), a void reason, a correction reason, a pit note, an
# alert's acknowledgement note.

def _table_name(api, make_table, text):
    table = make_table()
    assert api.patch(f"/api/v1/tables/{table.id}", {"name": text}, role="pitboss").status_code == 200
    table.post(BANKER_NATURAL_9)
    return table


def _key_name(api, make_table, text):
    table = make_table()
    table.post(BANKER_NATURAL_9)
    (_, plain), = create_role_keys(table.db, {"pitboss": text}).values()
    api.keys["typed"] = plain
    voided = api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": "exposed"}, role="typed")
    assert voided.status_code == 200, voided.json
    return table


def _void_reason(api, make_table, text):
    table = make_table()
    table.post(BANKER_NATURAL_9)
    assert api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": text}, role="pitboss").status_code == 200
    return table


def _correction_reason(api, make_table, text):
    table = make_table()
    table.post(BANKER_NATURAL_9)
    body = {"hand": {"result": "tie"}, "reason": text}
    assert api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/correct", body, role="pitboss").status_code == 200
    return table


def _pit_note(api, make_table, text):
    table = make_table()
    assert api.post(f"/api/v1/tables/{table.id}/notes", {"text": text}, role="pitboss").status_code == 201
    return table


def _alert_note(api, make_table, text):
    table = _void_reason(api, make_table, "exposed")
    [alert] = api.get(f"/api/v1/alerts?table_id={table.id}&code=corrections", role="pitboss").json["alerts"]
    handled = api.post(f"/api/v1/alerts/{alert['id']}/acknowledge", {"note": text}, role="pitboss")
    assert handled.status_code == 200, handled.json
    return table


FIELDS = {"table name": _table_name, "key name": _key_name, "void reason": _void_reason,
          "correction reason": _correction_reason, "pit note": _pit_note, "alert note": _alert_note}


@pytest.mark.parametrize("field", FIELDS)
def test_a_typed_text_with_markup_is_drawn_as_typed_in_the_pdf(api, make_table, field):
    FIELDS[field](api, make_table, MARKUP)
    answer = report(api, "pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert MARKUP in pdf_text(answer.data), field  # the tag shown, not taken as bold


@pytest.fixture
def listening_port():
    """A port on this machine that would take a connection: nothing must connect to it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.setblocking(False)
    yield server
    server.close()


@pytest.mark.parametrize("field", ["pit note", "void reason", "table name"])
def test_an_image_tag_fetches_nothing_and_the_pdf_shows_it(api, make_table, listening_port, field):
    port = listening_port.getsockname()[1]
    typed = f'note <img src="http://127.0.0.1:{port}/x.png" width="10" height="10"/>'
    FIELDS[field](api, make_table, typed)
    answer = report(api, "pdf")
    assert answer.status_code == 200
    assert flat(typed) in flat(pdf_text(answer.data))
    with pytest.raises(BlockingIOError):  # no request reached the port
        listening_port.accept()


@pytest.mark.parametrize("field", ["table name", "key name", "void reason", "correction reason", "pit note",
                                   "alert note"])
def test_a_formula_is_defused_in_the_report_csv(api, make_table, field):
    FIELDS[field](api, make_table, FORMULA)
    answer = report(api, "csv")
    assert answer.status_code == 200
    cells = [cell for row in csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))) for cell in row]
    assert any(FORMULA in cell for cell in cells), field  # the text is there, as typed
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")], field  # and no cell runs
    if field != "alert note":  # a note is written after the alert's words: that cell starts with them
        assert any(cell.startswith("'" + FORMULA) for cell in cells), field  # a key's name: "... (key 5)"


def test_negative_amounts_stay_numbers_in_the_csv(api, make_table):
    table = make_table()
    assert table.slip({"bet": "player", "stake": "100.00"}, account_id="acct-1").status_code == 201
    table.post({"cards": ["9S", "2D", "KH", "3C"]})  # the player wins: the house's win is -100.00
    rows = report(api, "csv").data.decode("utf-8-sig").splitlines()
    assert any(",-100.00," in row for row in rows) and "'-100.00" not in "".join(rows)


def test_the_shoe_hands_csv_defuses_a_void_reason(api, make_table):
    table = _void_reason(api, make_table, "@SUM(A1:A9)")
    answer = api.get(f"/api/v1/shoes/{table.shoe_id}/hands.csv", role="pitboss")
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert ",'@SUM(A1:A9)," in answer.data.decode()


@pytest.mark.parametrize("start", ["\t", "\r", "+", "-", "@", "="])
def test_every_formula_start_is_defused(start):
    from roadsvc.domain.spreadsheets import csv_text, defused

    assert defused(start + "cmd") == "'" + start + "cmd"
    assert defused("-12.50") == "-12.50" and defused("-2.50%") == "-2.50%" and defused(None) == ""
    assert csv_text(["a"], [[start + "x"]]).splitlines()[1].lstrip('"').startswith("'")


def test_the_csv_names_its_charset_once_and_the_pdf_heads_its_alert_tables(api, make_table):
    _void_reason(api, make_table, "exposed")
    csv = report(api, "csv")
    assert csv.headers["Content-Type"] == "text/csv; charset=utf-8"
    words = {"en": ("Time", "What", "Who", "Details"), "zh-Hans": ("时间", "事项", "人员", "详情"),
             "zh-Hant": ("時間", "事項", "人員", "詳情")}
    for language, headings in words.items():
        text = pdf_text(report(api, "pdf", language).data)
        assert all(heading in text for heading in headings), language


def test_the_file_name_is_in_the_report_s_language(api, make_table):
    make_table().post(BANKER_NATURAL_9)
    shift = CLOCK.shift_at(datetime.now(timezone.utc))
    stem = f"{shift.day.isoformat()}-{shift.name}"
    names = {}
    for language in ("en", "zh-Hans", "zh-Hant"):
        for kind in ("pdf", "csv"):
            header = report(api, kind, language).headers["Content-Disposition"]
            assert f'filename="shift-report-{stem}-{language}.{kind}"' in header  # the ASCII name for old clients
            names[language, kind] = unquote(header.split("filename*=UTF-8''")[1])
    assert names["en", "pdf"] == f"shift-report-{stem}.pdf"
    assert names["zh-Hans", "pdf"] == f"班次报告-{stem}.pdf" and names["zh-Hant", "csv"] == f"班次報告-{stem}.csv"
