"""The bundle a regulator checks offline (issue 43): `roadsvc records export` writes the period's links (to the
head), the records they name as they are now and the stored reports; `roadsvc records verify --bundle` checks one
with no database. docs/records.md says what each file holds."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, Iterable, Iterator

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.records import GENESIS, ChainWalk, Link, canonical_json, canonical_row, row_key
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport
from roadsvc.persistence.records import chained as chained_rows
from roadsvc.persistence.records import reading
from roadsvc.services.records.audit import Verification, note, walked

BUNDLE_FORMAT = "roadsvc-records-bundle/1"

@dataclass
class Export:
    links: int
    records: int
    shift_reports: int
    anchor: tuple[int, str]
    head: tuple[int, str] | None
    manifest_sha256: str


class ExportRefused(Exception):
    """The database does not agree with its chain: nothing is exported (the verification says why)."""

    def __init__(self, verification: Verification):
        super().__init__("the records differ from the chain")
        self.verification = verification


def period_bounds(first: date, last: date) -> tuple[datetime, datetime]:
    """[first 00:00 UTC, the day after last 00:00 UTC)."""
    return (datetime.combine(first, time(), timezone.utc),
            datetime.combine(last + timedelta(days=1), time(), timezone.utc))


def export(db: Database, first: date, last: date, out: io.BufferedIOBase | Any) -> Export:
    """Write the bundle of the period [first, last] (UTC days) to the binary file `out`: the links from the
    period's first to the head (and the digest before the first: the anchor), the records the period's
    links name as they are now, and the shift reports stored for the period's days."""
    begins, ends = period_bounds(first, last)
    with db.consistent_read() as session:
        period = reading.seq_range_between(session, begins, ends)
        links = [] if period is None else list(reading.links(session, period[0]))
        anchor = (0, GENESIS) if not links else (links[0].seq - 1, links[0].prev)
        named = {(link.table, link.key) for link in links if period and link.seq <= period[1]}
        records = list(_current_records(session, named))
        reports = _stored_reports(session, first, last)
    check = _check(links, records, anchor, named)
    if not check.ok:
        raise ExportRefused(check)
    files = {
        "links.jsonl": _jsonl(link.as_json() for link in links),
        "records.jsonl": _jsonl({"table": t, "key": k, "row": row} for t, k, row in records),
        "shift_reports.jsonl": _jsonl(reports),
    }
    manifest = canonical_json({
        "format": BUNDLE_FORMAT, "from": first.isoformat(), "to": last.isoformat(),
        "period_links": None if period is None else {"first": period[0], "last": period[1]},
        "anchor": {"seq": anchor[0], "digest": anchor[1]},
        "head": None if not links else {"seq": links[-1].seq, "digest": links[-1].digest},
        "counts": {"links": len(links), "records": len(records), "shift_reports": len(reports)},
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()},
    }).encode()
    digest = hashlib.sha256(manifest).hexdigest()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("manifest.json", manifest)
        bundle.writestr("manifest.sha256", f"{digest}  manifest.json\n")
        for name, data in files.items():
            bundle.writestr(name, data)
    return Export(len(links), len(records), len(reports), anchor,
                  None if not links else (links[-1].seq, links[-1].digest), digest)


def _current_records(session: Session, named: set[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
    tables = chained_rows.chained_tables()
    by_table: dict[str, list[str]] = {}
    for table, key in sorted(named):
        if table in tables:
            by_table.setdefault(table, []).append(key)
    for table, keys in by_table.items():
        chained = tables[table]
        python_keys = [chained.key.type.python_type(key) for key in keys]
        for row in chained_rows.read_rows(session, chained, python_keys):
            yield table, row_key(row[chained.key_index]), canonical_row(chained.content(row))


def _stored_reports(session: Session, first: date, last: date) -> list[dict[str, Any]]:
    rows = session.scalars(select(ShiftReport).where(ShiftReport.day >= first.isoformat(),
                                                     ShiftReport.day <= last.isoformat())
                           .order_by(ShiftReport.day, ShiftReport.shift))
    return [{"id": r.id, "day": r.day, "shift": r.shift, "written_at": r.written_at.isoformat(),
             "chain_head": r.chain_head, "document": r.document} for r in rows]


def _jsonl(documents: Iterable[dict[str, Any]]) -> bytes:
    return "".join(canonical_json(document) + "\n" for document in documents).encode()


def _check(links: list[Link], records: list[tuple[str, str, str]], anchor: tuple[int, str],
           named: set[tuple[str, str]]) -> Verification:
    walk = ChainWalk(anchor[1], anchor[0] + 1)
    rows = {}
    for link in links:
        walk.follow(link)
        rows[(link.table, link.key)] = link.row
    result = walked(walk, anchor)
    for table, key, row in records:
        result.records[table] = result.records.get(table, 0) + 1
        finding = walk.check_row(table, key, row)
        if finding is not None:
            note(result, finding, rows.get((finding.table, finding.key)))
    for finding in walk.missing():
        if (finding.table, finding.key) in named:
            note(result, finding, rows.get((finding.table, finding.key)))
    return result


def verify_bundle(source: Any) -> Verification:
    """Check a bundle with no database: the manifest's digest and its files', every link recomputed
    from the anchor, every record equal to the newest link naming it, every record the period's
    links name (and did not delete) present."""
    problems = []
    try:
        with zipfile.ZipFile(source) as bundle:
            manifest_bytes = bundle.read("manifest.json")
            stated = bundle.read("manifest.sha256").decode().split()[0]
            manifest = json.loads(manifest_bytes)
            files = {name: bundle.read(name) for name in manifest["files"]}
    except (zipfile.BadZipFile, KeyError, ValueError, IndexError) as error:
        return Verification(problems=[f"not a readable bundle: {error}"])
    if hashlib.sha256(manifest_bytes).hexdigest() != stated:
        problems.append("manifest.json: its SHA-256 is not the one in manifest.sha256")
    for name, data in files.items():
        if hashlib.sha256(data).hexdigest() != manifest["files"][name]:
            problems.append(f"{name}: its SHA-256 is not the manifest's")
    links = [Link(**json.loads(line)) for line in files["links.jsonl"].decode().splitlines()]
    records = [(d["table"], d["key"], d["row"]) for d in map(json.loads, files["records.jsonl"].decode().splitlines())]
    period = manifest.get("period_links")
    named = {(link.table, link.key) for link in links if period and link.seq <= period["last"]}
    anchor = (manifest["anchor"]["seq"], manifest["anchor"]["digest"])
    result = _check(links, records, anchor, named)
    result.problems = problems + result.problems
    head = manifest.get("head")
    if head and result.head != (head["seq"], head["digest"]):
        result.problems.append(f"the manifest's head {head['seq']} {head['digest']} is not the last link's")
    return result
