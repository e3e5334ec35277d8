"""`roadsvc records verify|export|seal` (issue 43), on SQLite and PostgreSQL: exit 0 and what was
checked; exit 1 naming the record that differs or the first broken link; a bundle checked offline."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import datetime, timezone

import pytest
from sqlalchemy import text

from dbsupport import database_url, postgres_schema  # noqa: F401
from roadsvc.cli import main
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport
from roadsvc.services.baccarat import hands
from roadsvc.services.baccarat.shoes import open_shoe
from roadsvc.services.tables import create_table

TODAY = datetime.now(timezone.utc).date().isoformat()


@pytest.fixture
def played(database_url, monkeypatch, tmp_path):
    monkeypatch.setenv("ROADSVC_DATABASE_URL", database_url)
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path / "instance"))
    db = Database(database_url, synchronous="OFF")
    table = create_table(db, "Table 1")
    open_shoe(db, table.id)
    for body in ({"cards": ["4S", "KD", "3H", "9C"]}, {"result": "player"}, {"result": "banker"}):
        hands.post_hand(db, table.id, parse_hand(body))
    with db.write() as session:
        session.add(ShiftReport(day=TODAY, shift="0600", document={"hands": 3}))
    yield db
    db.dispose()


def sql(db, statement: str, **params) -> None:
    with db.engine.begin() as conn:
        conn.execute(text(statement), params)


def test_verify_prints_what_it_checked_and_exits_0(played, capsys):
    assert main(["records", "verify"]) == 0
    out = capsys.readouterr().out
    assert "  hands: 3" in out and "  shift_reports: 1" in out and "head: " in out and out.rstrip().endswith("committed")
    assert main(["records", "verify", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["ok"] and document["records"]["hands"] == 3 and document["head"]["seq"] == document["links"]


def test_verify_names_the_record_that_differs_and_exits_1(played, capsys):
    sql(played, "UPDATE hands SET result = 'tie' WHERE number = 3")
    assert main(["records", "verify"]) == 1
    out = capsys.readouterr().out
    assert "DIFFERS: hands 3: changed" in out and 'result: committed "banker", found "tie"' in out
    assert out.rstrip().endswith("FAILED")


def export(tmp_path, capsys) -> bytes:
    out = tmp_path / "bundle.zip"
    assert main(["records", "export", "--from", TODAY, "--to", TODAY, "--out", str(out)]) == 0
    assert "shift reports" in capsys.readouterr().out
    return out.read_bytes()


def rewritten(bundle: bytes, name: str, edit, fix_manifest: bool) -> bytes:
    """The bundle with one file edited (and the manifest's digests made to match, when asked)."""
    with zipfile.ZipFile(io.BytesIO(bundle)) as source:
        files = {info.filename: source.read(info.filename) for info in source.infolist()}
    files[name] = edit(files[name].decode()).encode()
    if fix_manifest:
        import hashlib

        manifest = json.loads(files["manifest.json"])
        manifest["files"][name] = hashlib.sha256(files[name]).hexdigest()
        files["manifest.json"] = json.dumps(manifest).encode()
        files["manifest.sha256"] = f"{hashlib.sha256(files['manifest.json']).hexdigest()}  manifest.json\n".encode()
    target = io.BytesIO()
    with zipfile.ZipFile(target, "w") as bundle_out:
        for file_name, data in files.items():
            bundle_out.writestr(file_name, data)
    return target.getvalue()


def check(tmp_path, data: bytes, capsys) -> tuple[int, str]:
    path = tmp_path / "checked.zip"
    path.write_bytes(data)
    status = main(["records", "verify", "--bundle", str(path)])
    return status, capsys.readouterr().out


def test_a_bundle_verifies_with_no_database(played, tmp_path, capsys, monkeypatch):
    bundle = export(tmp_path, capsys)
    monkeypatch.setenv("ROADSVC_DATABASE_URL", "sqlite:////nonexistent/none.db")
    status, out = check(tmp_path, bundle, capsys)
    assert status == 0, out
    with zipfile.ZipFile(io.BytesIO(bundle)) as opened:
        manifest = json.loads(opened.read("manifest.json"))
        reports = [json.loads(line) for line in opened.read("shift_reports.jsonl").decode().splitlines()]
    assert manifest["anchor"] == {"seq": 0, "digest": "0" * 64} and manifest["counts"]["records"] >= 5
    assert reports[0]["document"] == {"hands": 3} and f"head: {manifest['head']['seq']} {manifest['head']['digest']}" in out


def edit_record(text_: str) -> str:
    lines = [json.loads(line) for line in text_.splitlines()]
    for line in lines:
        if line["table"] == "hands" and '"number":3' in line["row"]:
            line["row"] = line["row"].replace('"result":"banker"', '"result":"tie"')
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_a_bundle_with_an_edited_record_fails_naming_it(played, tmp_path, capsys):
    bundle = export(tmp_path, capsys)
    status, out = check(tmp_path, rewritten(bundle, "records.jsonl", edit_record, fix_manifest=True), capsys)
    assert status == 1 and "DIFFERS: hands 3: changed" in out and 'found "tie"' in out
    status, out = check(tmp_path, rewritten(bundle, "records.jsonl", edit_record, fix_manifest=False), capsys)
    assert status == 1 and "records.jsonl: its SHA-256 is not the manifest's" in out


def edit_link(text_: str) -> str:
    lines = [json.loads(line) for line in text_.splitlines()]
    lines[1]["row"] = lines[1]["row"].replace('"Table 1"', '"Table 9"')
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_a_bundle_with_an_edited_link_fails_naming_it(played, tmp_path, capsys):
    bundle = export(tmp_path, capsys)
    status, out = check(tmp_path, rewritten(bundle, "links.jsonl", edit_link, fix_manifest=True), capsys)
    assert status == 1 and "BROKEN LINK: link 2: digest" in out


def test_nothing_is_exported_from_a_database_that_differs(played, tmp_path, capsys):
    sql(played, "UPDATE hands SET result = 'tie' WHERE number = 3")
    out = tmp_path / "bundle.zip"
    assert main(["records", "export", "--from", TODAY, "--to", TODAY, "--out", str(out)]) == 1
    assert "DIFFERS: hands 3: changed" in capsys.readouterr().out


def test_bad_dates_are_refused(played, tmp_path, capsys):
    assert main(["records", "export", "--from", "2026-13-01", "--to", TODAY, "--out", str(tmp_path / "b")]) == 2
    assert "invalid_date" in capsys.readouterr().err


def test_seal_binds_rows_written_before_the_chain(played, capsys):
    sql(played, "DELETE FROM record_links")
    assert main(["records", "verify"]) == 1
    assert "unlinked" in capsys.readouterr().out
    assert main(["records", "seal"]) == 0
    assert "records bound into the chain" in capsys.readouterr().out
    assert main(["records", "verify"]) == 0
    assert "seal " in capsys.readouterr().out
