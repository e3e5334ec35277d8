"""Stored final reports (issue 43), on SQLite and PostgreSQL, the jobs' clock set by the test: only a report
the jobs stored says final (JSON, CSV, PDF), with the time it was written and the record chain's head, and it
never changes (its PDF served byte for byte); any other shift's report is provisional; computing a stored report
again and finding other figures raises report_mismatch once per table. Bad dates and shifts are 422 with their
field, typed in the OpenAPI document."""

from __future__ import annotations

import csv
import hashlib
import io
from datetime import datetime, timedelta, timezone

import pytest
from betting import bet, make_table  # noqa: F401
from sqlalchemy import select, update
from test_api_shift_reports import BANKER_NATURAL_9, CLOCK, PLAYER_NATURAL_9, pdf_text

from roadsvc.jobs.shift_reports import ShiftReportsJob
from roadsvc.persistence.models import PitNote, ShiftReport, ShiftReportFile
from roadsvc.render.shift_report_words import bare
from roadsvc.services.pit import shift_reports


@pytest.fixture
def dealt(make_table):
    """A table at work in the shift running now: two hands with bets, a pit note."""
    table = make_table()
    table.slip(bet("banker", "100.00"), account_id="acct-1")
    table.post(BANKER_NATURAL_9)
    table.slip(bet("banker", "300.00"), account_id="acct-2")
    table.post(PLAYER_NATURAL_9)
    assert table.api.post(f"/api/v1/tables/{table.id}/notes", {"text": "dispute at seat 2"},
                          role="pitboss").status_code == 201
    return table


def running():
    return CLOCK.shift_at(datetime.now(timezone.utc))


def path(shift) -> str:
    return f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}"


def get(api, shift, fmt="json", lang="en"):
    return api.get(path(shift), query_string={"format": fmt, "lang": lang}, role="pitboss")


def csv_status(answer) -> list[str]:
    """The report row of a CSV: its time, status and chain head (the last three cells but one)."""
    row = list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))[1]
    assert row[0] == "report"
    return row[-4:]


def test_a_report_not_stored_is_provisional_everywhere(dealt):
    shift = running()
    for asked, words in ((shift, "Provisional: the shift has not ended"),
                         (CLOCK.previous(shift), "Provisional: no final report was stored for this shift"),
                         (CLOCK.shift_named("1999-01-01", "0600"), "Provisional: no final report was stored")):
        document = get(dealt.api, asked).json
        assert document["final"] is False and document["written_at"] is None and document["chain_head"] is None
        assert words in csv_status(get(dealt.api, asked, "csv"))[1]
        text = pdf_text(get(dealt.api, asked, "pdf").data)
        assert words in text and "Final" not in text and "Record chain head" not in text
        assert "As of" in text and "Written" not in text  # a provisional report is not "written"


def test_the_stored_report_is_final_with_its_time_and_chain_head_and_never_changes(dealt):
    shift, db = running(), dealt.db
    written = shift.ends + timedelta(minutes=1)
    job = ShiftReportsJob(db, CLOCK, clock=lambda: written)
    assert job.run()["written"] == shift.key
    assert job.run()["written"] is None  # once
    document = get(dealt.api, shift).json
    assert document["final"] is True and document["written_at"] == written.isoformat()
    [entry] = [e for e in document["tables"] if e["table"]["id"] == dealt.id]
    assert (entry["hands"], entry["money"]["turnover"]) == (2, "400.00")
    head = document["chain_head"]  # the chain's head when it was stored (None where there is no chain)
    with db.read() as session:
        stored = session.scalars(select(ShiftReport).where(ShiftReport.day == shift.day.isoformat(),
                                                           ShiftReport.shift == shift.name)).one()
        files = {f.language: (f.body, f.sha256) for f in session.scalars(
            select(ShiftReportFile).where(ShiftReportFile.report_id == stored.id))}
    assert stored.chain_head == head and set(files) == {"zh-Hans", "zh-Hant", "en"}
    pdf = get(dealt.api, shift, "pdf").data
    assert pdf == files["en"][0] and hashlib.sha256(pdf).hexdigest() == files["en"][1]
    text = pdf_text(pdf)
    assert f"Final · Written {bare(written.isoformat(), document)}" in text  # when stored, not when downloaded
    assert head is not None and head["sequence"] >= 1  # the hands, slips and note before it are chained
    assert f"Record chain head: sequence {head['sequence']}, digest {head['digest']}" in text.replace("\r\n", "")
    assert "定稿" in pdf_text(get(dealt.api, shift, "pdf", "zh-Hans").data)  # a final report, not a match's final
    when, status, _, chain = csv_status(get(dealt.api, shift, "csv"))
    assert status == "Final" and when == written.astimezone(CLOCK.zone).strftime("%Y-%m-%d %H:%M:%S +08:00")
    assert chain.startswith("Record chain head")
    dealt.post(BANKER_NATURAL_9)  # records after it was stored change nothing in it
    dealt.api.post(f"/api/v1/tables/{dealt.id}/notes", {"text": "after the report"}, role="pitboss")
    assert get(dealt.api, shift).json == document and get(dealt.api, shift, "pdf").data == pdf


def _mismatches(api, table_id):
    found = api.get(f"/api/v1/alerts?table_id={table_id}&code=report_mismatch", role="pitboss")
    assert found.status_code == 200
    return found.json["alerts"]


def test_a_record_changed_after_the_shift_raises_report_mismatch_once(dealt, make_table):
    shift, db = running(), dealt.db
    quiet = make_table()
    quiet.post(BANKER_NATURAL_9)
    now = [shift.ends + timedelta(minutes=1)]
    job = ShiftReportsJob(db, CLOCK, clock=lambda: now[0])
    assert job.run() == {"written": shift.key, "mismatches": {}}  # stored, and the same when computed again
    assert _mismatches(dealt.api, dealt.id) == []
    with db.write() as session:  # a pit note edited in the database
        session.execute(update(PitNote).where(PitNote.table_id == dealt.id).values(text="nothing happened"))
    voided = dealt.api.post(f"/api/v1/shoes/{dealt.shoe_id}/hands/2/void", {"reason": "late"}, role="pitboss")
    assert voided.status_code == 200
    now[0] += timedelta(minutes=10)
    assert job.run()["mismatches"] == {}  # computed again once an hour
    now[0] += timedelta(hours=1)
    assert job.run()["mismatches"] == {shift.key: [dealt.id]}  # the quiet table's figures did not change
    [alert] = _mismatches(dealt.api, dealt.id)
    stored_id = int(alert["subject"].split(":")[1])
    assert (alert["severity"], alert["state"], alert["subject"]) == ("critical", "open", f"shift_report:{stored_id}")
    assert alert["details"]["differ"] == ["changes", "hands", "money", "notes", "voids"]
    assert alert["details"]["stored"]["hands"] == 2 and alert["details"]["now"]["hands"] == 1
    assert (alert["details"]["date"], alert["details"]["shift"]) == (shift.day.isoformat(), shift.name)
    assert _mismatches(dealt.api, quiet.id) == []
    resolved = dealt.api.post(f"/api/v1/alerts/{alert['id']}/resolve", {"note": "void approved"}, role="pitboss")
    assert resolved.status_code == 200
    now[0] += timedelta(hours=1)
    assert job.run()["mismatches"] == {}  # raised once per table and report
    assert [a["count"] for a in _mismatches(dealt.api, dealt.id)] == [1]
    assert get(dealt.api, shift).json["tables"][0]["hands"] == 2  # the stored report is not rewritten


BAD = [("0001-01-01", "0600", "date", "date_out_of_range"), ("9999-12-31", "2200", "date", "date_out_of_range"),
       ("20261207", "0600", "date", "invalid_date"), ("2026-02-30", "0600", "date", "invalid_date"),
       ("2026-1-07", "0600", "date", "invalid_date"), ("２０２６-12-07", "0600", "date", "invalid_date"),
       ("2026-12-07", "0700", "shift", "unknown_shift"), ("2026-12-07", "06:00", "shift", "unknown_shift"),
       ("2026-12-07", "600", "shift", "unknown_shift")]


@pytest.mark.parametrize("day,name,field,code", BAD)
@pytest.mark.parametrize("fmt", ["json", "pdf", "csv"])
def test_a_bad_date_or_shift_is_422_with_its_field(api, day, name, field, code, fmt):
    answer = api.get(f"/api/v1/reports/shifts/{day}/{name}", query_string={"format": fmt}, role="pitboss")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, code, field)


def test_the_first_and_last_shifts_a_date_can_name_are_answered(api):
    assert api.get("/api/v1/reports/shifts/0001-01-02/0600", role="pitboss").json["final"] is False
    assert api.get("/api/v1/reports/shifts/9999-12-31/1400", role="pitboss").status_code == 404  # not begun


def test_the_document_types_the_date_and_the_shift(api):
    spec = api.get("/api/v1/openapi.json").json
    operation = spec["paths"]["/api/v1/reports/shifts/{date}/{shift}"]["get"]
    parameters = {p["name"]: p["schema"] for p in operation["parameters"] if p["in"] == "path"}
    if not parameters:  # flask-smorest may put path parameters on the path item
        parameters = {p["name"]: p["schema"] for p in spec["paths"]["/api/v1/reports/shifts/{date}/{shift}"]
                      ["parameters"]}
    assert parameters["date"]["format"] == "date" and parameters["date"]["type"] == "string"
    assert parameters["shift"]["enum"] == ["0600", "1400", "2200"]  # the floor's shifts, from the settings


def test_every_report_answer_conforms_to_the_document(dealt, app):
    from conformance import CheckedClient, Conformance

    spec = app.test_client().get("/api/v1/openapi.json").get_json()
    client = CheckedClient(app.test_client(), Conformance(app, spec))
    headers = {"Authorization": f"Bearer {dealt.api.keys['pitboss']}"}
    shift = running()
    shift_reports.write_due(dealt.db, CLOCK, shift.ends)  # the running shift stored as if it had ended
    for asked in (shift, CLOCK.previous(shift), CLOCK.shift_named("1999-01-01", "0600")):
        for fmt in ("json", "csv", "pdf"):
            assert client.get(path(asked), query_string={"format": fmt}, headers=headers).status_code == 200
    for day, name, *_ in BAD:
        assert client.get(f"/api/v1/reports/shifts/{day}/{name}", headers=headers).status_code == 422


def test_a_stored_report_and_its_pdfs_are_bound_into_the_chain(dealt):
    from roadsvc.services.records import audit as records_audit

    shift, db = running(), dealt.db
    assert shift_reports.write_due(db, CLOCK, shift.ends) == shift.key
    assert records_audit.verify(db).ok
    with db.write() as session:  # a stored report's PDF swapped behind the service
        session.execute(update(ShiftReportFile).where(ShiftReportFile.language == "en")
                        .values(sha256="0" * 64))
    found = records_audit.verify(db)
    assert not found.ok and [(d.table, d.what) for d in found.differences] == [
        ("shift_report_files", "changed"), ("shift_report_files", "file_altered")]  # the hash changed; no longer the bytes'



def test_a_stored_pdf_whose_bytes_were_altered_is_refused_alerted_and_named_by_verify(dealt):
    """The chain binds a stored PDF's SHA-256, not its bytes: bytes swapped behind the service (the hash left as
    written) are never served: 409 report_file_altered, a critical alert at the report's table, verify names it;
    the other languages' files, untouched, are served as written."""
    from roadsvc.services.records import audit as records_audit

    shift, db = running(), dealt.db
    assert shift_reports.write_due(db, CLOCK, shift.ends) == shift.key
    with db.read() as session:
        original = session.scalars(select(ShiftReportFile.body).where(ShiftReportFile.language == "en")).one()
    forged = original + b"%% one line added after it was signed\n"
    with db.engine.begin() as conn:  # behind the service: no link, the chained sha256 left as it was
        conn.execute(update(ShiftReportFile).where(ShiftReportFile.language == "en").values(body=forged))
    refused = get(dealt.api, shift, "pdf")
    assert refused.status_code == 409 and refused.json["code"] == "report_file_altered"
    assert refused.json["field"] == "lang" and forged not in refused.data
    assert get(dealt.api, shift, "pdf", "zh-Hant").status_code == 200
    [alert] = [a for a in dealt.api.get("/api/v1/alerts", role="pitboss").json["alerts"]
               if a["code"] == "report_file_altered"]
    assert (alert["severity"], alert["table_id"], alert["details"]["language"]) == ("critical", dealt.id, "en")
    assert alert["details"]["found_sha256"] == hashlib.sha256(forged).hexdigest()
    assert get(dealt.api, shift, "pdf").status_code == 409  # seen again, not raised twice
    again = [a for a in dealt.api.get("/api/v1/alerts", role="pitboss").json["alerts"]
             if a["code"] == "report_file_altered"]
    assert [a["count"] for a in again] == [2]
    found = records_audit.verify(db)
    assert not found.ok and [(d.table, d.what) for d in found.differences] == [("shift_report_files", "file_altered")]


def test_the_printed_head_never_binds_a_card_hidden_when_it_is_written(dealt):
    """A 百人牛牛 round dealt and not opened when the report is stored holds closed fourth cards: the head printed is
    the link before the round's first, never one at or after it (its digest would let the card be found by trying
    each); once the round is opened, the next report prints the newest link."""
    from niuniu_support import by_order

    from roadsvc.persistence.records import reading
    from roadsvc.services.records.chain import chain_head

    shift, db, api = running(), dealt.db, dealt.api
    niuniu = api.post("/api/v1/tables", {"name": "Niu Niu 9", "game": "niuniu"}, role="pitboss").json
    rounds = f"/api/v1/tables/{niuniu['id']}/rounds"
    assert api.post(rounds, by_order(1), role="dealer").status_code == 201  # dealt: its fourth cards closed
    dealt.post(BANKER_NATURAL_9)  # a public record after the hidden one
    newest = chain_head(db)
    with db.read() as session:
        first_hidden = min(link.seq for link in reading.links_naming(session, [("niuniu_rounds", "1")]))
        before_it = reading.link_at(session, first_hidden - 1)
    assert first_hidden < newest.seq
    document = shift_reports.final_document(db, CLOCK, shift, shift.ends)
    assert document["chain_head"]["sequence"] == before_it.seq == first_hidden - 1
    assert document["chain_head"]["digest"] == before_it.digest
    assert api.post(f"{rounds}/1/open", {}, role="dealer").status_code in (200, 201)
    opened = shift_reports.final_document(db, CLOCK, shift, shift.ends)["chain_head"]
    assert (opened["sequence"], opened["digest"]) == (chain_head(db).seq, chain_head(db).digest)
