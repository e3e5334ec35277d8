"""Checking the record against its hash chain (issue 43): `roadsvc records verify` and `seal`
(the bundle: roadsvc.services.records.bundle). docs/records.md says what each checks and what an auditor does with it.

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
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.records import GENESIS, SEAL, ChainWalk, Finding, canonical_json, canonical_row, row_key
from roadsvc.persistence import shift_reports
from roadsvc.persistence.engine import Database
from roadsvc.persistence.records import binding, reading
from roadsvc.persistence.records import chained as chained_rows

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


def note(result: Verification, finding: Finding, committed_row: str | None) -> None:
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
        result = walked(walk, (0, GENESIS))
        for name, chained in chained_rows.chained_tables().items():
            count = 0
            for key, content in chained_rows.all_rows(session, chained):
                count += 1
                finding = walk.check_row(name, key, canonical_row(content))
                if finding is not None:
                    note(result, finding, _committed_row(session, finding))
            result.records[name] = count
        for finding in walk.missing():
            note(result, finding, _committed_row(session, finding))
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


def walked(walk: ChainWalk, anchor: tuple[int, str]) -> Verification:
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
