"""Checking the record against its hash chain (issue 43): `roadsvc records verify`, `seal`, `export`
and `verify --bundle`. docs/records.md says what each checks and what an auditor does with it.

verify walks every link (recomputes each digest from the one before, from the genesis), keeps the
newest link naming each record, then reads every row of every chained table and compares its
canonical form with that link: a row changed, a row the chain has and the tables do not (deleted),
a row no link names (inserted behind the service's back), a row the chain deleted. A stored report's
file is bound by its SHA-256 (chained), not by its bytes: verify hashes every file's bytes and names
one whose hash is not the chained one (`file_altered`). It reads the links and the rows in one
snapshot (REPEATABLE READ on PostgreSQL).
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, Iterable, Iterator

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.records import (
    GENESIS, SEAL, ChainWalk, Finding, Link, canonical_json, canonical_row, row_key,
)
from roadsvc.persistence.records import binding, reading
from roadsvc.persistence.records import chained as chained_rows
from roadsvc.persistence import shift_reports
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport

BUNDLE_FORMAT = "roadsvc-records-bundle/1"
SHOWN_FINDINGS = 20  # findings kept with their fields (the count says how many more)


@dataclass
class Difference:
    """A record not as committed: table, key, what (changed, missing, unlinked, deleted_but_present, file_altered),
    the newest link naming it, and the fields that differ {name: (committed, found)}."""

    table: str
    key: str
    what: str
    seq: int | None
    fields: dict[str, tuple[Any, Any]]

    def describe(self) -> str:
        where = f"{self.table} {self.key}: {self.what}" + ("" if self.seq is None else f" (newest link {self.seq})")
        shown = "; ".join(f"{name}: committed {_short(a)}, found {_short(b)}" for name, (a, b) in self.fields.items())
        return f"{where}{': ' + shown if shown else ''}"

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "key": self.key, "what": self.what, "seq": self.seq,
                "fields": {name: {"committed": a, "found": b} for name, (a, b) in self.fields.items()}}


@dataclass
class Verification:
    links: int = 0
    head: tuple[int, str] | None = None
    anchor: tuple[int, str] = (0, GENESIS)
    ops: dict[str, int] = field(default_factory=dict)
    records: dict[str, int] = field(default_factory=dict)  # records checked, by table
    broken: str | None = None  # the first broken link, described
    differences: list[Difference] = field(default_factory=list)  # the first SHOWN_FINDINGS
    difference_count: int = 0
    problems: list[str] = field(default_factory=list)  # a bundle's own faults (a file's digest)

    @property
    def ok(self) -> bool:
        return self.broken is None and not self.difference_count and not self.problems

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "links": self.links, "ops": self.ops, "records": self.records,
                "anchor": {"seq": self.anchor[0], "digest": self.anchor[1]},
                "head": None if self.head is None else {"seq": self.head[0], "digest": self.head[1]},
                "broken_link": self.broken, "difference_count": self.difference_count,
                "differences": [d.as_json() for d in self.differences], "problems": self.problems}

    def lines(self) -> list[str]:
        head = "none (empty chain)" if self.head is None else f"{self.head[0]} {self.head[1]}"
        out = [f"links: {self.links} checked from link {self.anchor[0] + 1} (anchor {self.anchor[1]})",
               "  by op: " + ", ".join(f"{op} {count}" for op, count in sorted(self.ops.items())),
               f"head: {head}",
               f"records: {sum(self.records.values())} checked"]
        out += [f"  {table}: {count}" for table, count in self.records.items()]
        out += [f"PROBLEM: {problem}" for problem in self.problems]
        if self.broken:
            out.append(f"BROKEN LINK: {self.broken}")
        for difference in self.differences:
            out.append(f"DIFFERS: {difference.describe()}")
        if self.difference_count > len(self.differences):
            out.append(f"... and {self.difference_count - len(self.differences)} more records that differ")
        out.append("OK: every link follows from the one before and every record is as committed" if self.ok
                   else "FAILED")
        return out


def _short(value: Any) -> str:
    text = canonical_json(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _note(result: Verification, finding: Finding, committed_row: str | None) -> None:
    result.difference_count += 1
    if len(result.differences) < SHOWN_FINDINGS:
        result.differences.append(Difference(finding.table, finding.key, finding.what, finding.seq,
                                             finding.fields(committed_row)))


def verify(db: Database) -> Verification:
    """Walk the whole chain and re-read every record it names (and every row of a chained table)."""
    with db.consistent_read() as session:
        walk = ChainWalk(GENESIS, 1)
        for link in reading.links(session):
            walk.follow(link)
        result = _walked(walk, (0, GENESIS))
        for name, chained in chained_rows.chained_tables().items():
            count = 0
            for key, content in chained_rows.all_rows(session, chained):
                count += 1
                finding = walk.check_row(name, key, canonical_row(content))
                if finding is not None:
                    _note(result, finding, _committed_row(session, finding))
            result.records[name] = count
        for finding in walk.missing():
            _note(result, finding, _committed_row(session, finding))
        _check_files(session, result)
        return result


def _check_files(session: Session, result: Verification) -> None:
    """Each stored report file's bytes against its chained SHA-256 (the chain binds the hash, not the bytes)."""
    for row in shift_reports.stored_files(session):
        found = hashlib.sha256(row.body).hexdigest()
        if found != row.sha256:
            result.difference_count += 1
            if len(result.differences) < SHOWN_FINDINGS:
                result.differences.append(Difference("shift_report_files", row_key(row.id), "file_altered", None,
                                                     {"sha256": (row.sha256, found)}))


def _walked(walk: ChainWalk, anchor: tuple[int, str]) -> Verification:
    return Verification(links=walk.count, head=walk.head, anchor=anchor, ops=dict(walk.ops),
                        broken=None if walk.first_broken is None else walk.first_broken.describe())


def _committed_row(session: Session, finding: Finding) -> str | None:
    if finding.seq is None:
        return None
    link = reading.link_at(session, finding.seq)
    return None if link is None else link.row


# Sealing an upgraded database's history.

def seal(db: Database) -> int:
    """Bind every row of a chained table that no link names into the chain (op `seal`), in one
    transaction under the append lock; returns how many. For a database upgraded to the chain: its
    rows written before have no link. The links say `seal`, so verify's counts show it was done."""
    with db.write() as session:
        binding.lock_appends(session)
        linked: dict[str, set[str]] = {}
        for link in reading.links(session):
            linked.setdefault(link.table, set()).add(link.key)
        changes = [(name, key, SEAL, canonical_row(content))
                   for name, chained in chained_rows.chained_tables().items()
                   for key, content in chained_rows.all_rows(session, chained) if key not in linked.get(name, ())]
        for start in range(0, len(changes), 5000):
            binding.append_changes(session, changes[start:start + 5000])
        return len(changes)


# The bundle a regulator checks offline.

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
    result = _walked(walk, anchor)
    for table, key, row in records:
        result.records[table] = result.records.get(table, 0) + 1
        finding = walk.check_row(table, key, row)
        if finding is not None:
            _note(result, finding, rows.get((finding.table, finding.key)))
    for finding in walk.missing():
        if (finding.table, finding.key) in named:
            _note(result, finding, rows.get((finding.table, finding.key)))
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
