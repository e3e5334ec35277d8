"""The lobby: every table, its current shoe and what its roads show (a 百人牛牛 table's rounds, a
打棒 table's match), built once per revision.

A lobby row is a pure function of (table id, table revision, shoe id, shoe revision, match id,
match revision): every change of a table bumps its revision, every write to a shoe bumps the
shoe's, every move of a 打棒 match the match's. One indexed
query reads those six integers for every table (repositories.lobby_versions); a row whose
versions are cached is not built again, and a row that is built reads the shoe's stored
summary (services.summaries), never the shoe's hands or whole snapshot. The encoded body
of each (validator, good_road, sort) is cached too, so a warm lobby is that one query and
a dictionary lookup.

`lobby_validator` is the lobby's ETag: the event log's newest id, one indexed read. Every
change that alters a lobby row writes an event in its transaction (a table created or
changed, a shoe opened, cut or closed, a hand posted, voided or corrected, betting closed
or cancelled), and event ids only grow (pruning keeps the newest), so an unchanged id means
an unchanged lobby. Events that alter no row (alerts, odds) only cost a poll one 200.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from roadsvc.domain.baccarat.roads.good_roads import NAMES as GOOD_ROAD_NAMES
from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.persistence.models import utcnow
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.services.caches import LRU
from roadsvc.services.errors import DomainError
from roadsvc.services.dabang import floor as dabang_floor
from roadsvc.services.niuniu import floor as niuniu_floor
from roadsvc.services.events import newest_event_id
from roadsvc.services.tables import table_brief
from roadsvc.services.baccarat.good_road_events import announced_good_roads
from roadsvc.services.baccarat.summaries import summary_of

SORTS = ("table", "good_road_length")
"""`table`: by table id (the default); `good_road_length`: longest good road first."""
Row = tuple[dict[str, Any], bytes]


def lobby_validator(db: Database) -> str:
    """A text that changes whenever any lobby row would (the lobby's ETag, before the variant):
    the newest event id, read on the hot path without a transaction."""
    return str(newest_event_id(db))


def lobby_tag(validator: str, good_road: str | None, sort: str) -> str:
    """The lobby's ETag: its validator and the variant asked for."""
    return f"lobby.{validator}.{good_road or ''}.{sort}"


def check_query(args: dict[str, str]) -> tuple[str | None, str]:
    """(good_road, sort) from the query; anything else, or a bad value, is a 422 naming it."""
    unknown = sorted(set(args) - {"good_road", "sort"})
    if unknown:
        raise DomainError("invalid_parameter", f"unknown parameter {unknown[0]!r}", unknown[0])
    good_road, sort = args.get("good_road"), args.get("sort", "table")
    if good_road is not None and good_road not in GOOD_ROAD_NAMES:
        raise DomainError("invalid_parameter", f"good_road must be one of {', '.join(GOOD_ROAD_NAMES)}",
                          "good_road")
    if sort not in SORTS:
        raise DomainError("invalid_parameter", f"sort must be one of {', '.join(SORTS)}", "sort")
    return good_road, sort


class Lobby:
    """Lobby rows by their versions, and encoded bodies by (validator, good_road, sort)."""

    def __init__(self, db: Database, max_rows: int = 4096, max_bodies: int = 64):
        self.db = db
        self.rows: LRU[Row] = LRU(max_rows)
        self.bodies: LRU[bytes] = LRU(max_bodies)

    def body(self, validator: str, good_road: str | None = None, sort: str = "table") -> bytes:
        """The lobby's JSON (a list of rows) for this state, filtered and sorted."""
        cached = self.bodies.get((validator, good_road, sort))
        if cached is not None:
            return cached
        rows = self.current_rows()
        if good_road is not None:
            rows = [row for row in rows if any(g["code"] == good_road for g in row[0]["good_roads"])]
        if sort == "good_road_length":
            rows = sorted(rows, key=lambda row: length_key(row[0], good_road))
        body = b"[" + b",".join(encoded for _, encoded in rows) + b"]"
        self.bodies.put((validator, good_road, sort), body)
        return body

    def cached_body(self, validator: str, good_road: str | None = None, sort: str = "table") -> bytes | None:
        """The lobby's JSON for this state if this process has it (answered before Flask), else None."""
        return self.bodies.get((validator, good_road, sort))

    def current_rows(self) -> list[Row]:
        """Every table's row, by table id: cached ones as they are, the others built now."""
        versions = repo.lobby_versions(self.db)
        found = {version[0]: self.rows.get(version) for version in versions}
        missing = [table_id for table_id, row in found.items() if row is None]
        if missing:
            found.update(self._build(None if len(missing) == len(versions) else missing))
        return [found[version[0]] for version in versions if found.get(version[0]) is not None]

    def _build(self, table_ids: list[int] | None) -> Iterable[tuple[int, Row]]:
        """Rows of these tables (None: every table, as in a fresh worker), cached by their versions."""
        built = []
        with self.db.read() as session:
            for detail in repo.lobby_details(session, table_ids):
                if detail.game == NIUNIU:  # its rounds' phase and trend summary; never a closed hand
                    entry = {**lobby_entry(detail, None), **niuniu_floor.lobby_figures(session, detail.id)}
                elif detail.game == DABANG:  # its current match, as the floor's tile shows it: no hand
                    entry = {**lobby_entry(detail, None), **dabang_floor.lobby_figures(session, detail.id, utcnow())}
                else:
                    entry = lobby_entry(detail, summary_of(session, detail.shoe_id, detail.summary)
                                        if detail.shoe_id is not None else None)
                row = (entry, json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
                version = (detail.id, detail.revision, detail.shoe_id or 0, detail.shoe_revision or 0,
                           detail.match_id or 0, detail.match_revision or 0)
                self.rows.put(version, row)
                built.append((detail.id, row))
        return built


def lobby_entry(detail: Any, summary: dict[str, Any] | None) -> dict[str, Any]:
    """One table's lobby row: the table, its current shoe, and what the shoe's roads show."""
    entry: dict[str, Any] = {
        "table": table_brief(detail),
        "shoe": None, "hand_count": 0, "last_result": None, "counts": None, "good_roads": [],
    }
    if summary is None:
        return entry
    entry.update(
        shoe={"id": detail.shoe_id, "number": detail.number, "status": detail.status,
              "revision": detail.shoe_revision},
        hand_count=summary["hands"], last_result=summary["last_result"], counts=summary["counts"],
        good_roads=announced_good_roads(summary, detail.settings),
    )
    return entry


def length_key(entry: dict[str, Any], good_road: str | None) -> tuple:
    """Longest good road first (by hands, then columns; `good_road`'s own if given), then by table id."""
    lengths = [(g["hands"], g["columns"]) for g in entry["good_roads"] if good_road in (None, g["code"])]
    hands, columns = max(lengths, default=(0, 0))
    return -hands, -columns, entry["table"]["id"]
