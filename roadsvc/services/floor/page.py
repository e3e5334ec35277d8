"""What the pit boss's pages show: the floor's tiles with their versions, the unresolved
alerts in the order a pit boss reads them, one table's shoe in full, and its roads as
inline SVG.

A tile's `version` names everything the tile shows (table, shoe revision, status, alerts):
the page asks for the versions, and fetches again only the tiles whose version moved.
Inline SVG is a pure function of (shoe id, revision, road, parameters), kept in an LRU
like the road images.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from datetime import datetime
from decimal import Decimal
from typing import Any, Iterable

from roadsvc.persistence import repositories as shoes_repo
from roadsvc.persistence import table_modes as modes_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert, AuditRecord, Table
from roadsvc.render import RenderParams, render_inline
from roadsvc.services import alerts as alerts_service
from roadsvc.services import floor, tables
from roadsvc.services.baccarat import audit, hands, integrity, shoes
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.caches import LRU
from roadsvc.domain.shifts import Shift
from roadsvc.services.floor import FloorCache, FloorView
from roadsvc.services.baccarat.hands import HandView
from roadsvc.services.baccarat.snapshots import Document, SnapshotCache

ALERTS_SHOWN = 200  # unresolved alerts listed beside the tiles, per state


class RoadArt:
    """Inline SVG of a shoe's road at a revision, rendered once per key."""

    def __init__(self, snapshots: SnapshotCache, max_entries: int = 4096):
        self.snapshots = snapshots
        self.cache: LRU[str] = LRU(max_entries)

    def svg(self, shoe_id: int, revision: int, road: str, params: RenderParams, mark_data: bool = True) -> str:
        key = (shoe_id, revision, road, params.key(), mark_data)
        cached = self.cache.get(key)
        if cached is None:
            document = self.snapshots.document(shoe_id, revision)
            cached = render_inline(document.roads, road, params, mark_data)
            self.cache.put(key, cached)
        return cached


def digest(value: Any) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=8).hexdigest()


def alerts_key(shown: Iterable[Alert]) -> list[tuple]:
    """What a page shows of its alerts changes with (a version's part)."""
    return [(alert.id, alert.state, alert.count) for alert in shown]


# The floor


@dataclass
class FloorPage:
    """The floor for the page: its tag at once; the tiles (entries with their versions) only
    when asked, so a poll answered 304 never builds them."""

    etag: str
    view: FloorView
    alerts: list[Alert]
    alerts_version: str
    sort: str = "name"

    @cached_property
    def document(self) -> dict[str, Any]:
        return self.view.document()

    @cached_property
    def tiles(self) -> list[dict[str, Any]]:
        tiles = [{**entry, "version": tile_version(entry), "worst": worst_severity(entry)}
                 for entry in self.document["tables"]]
        return sorted(tiles, key=tile_order(self.sort)) if self.sort != "name" else tiles

    @property
    def totals(self) -> dict[str, Any]:
        return self.document["totals"]

    def versions(self) -> list[list]:
        return [[tile["table"]["id"], tile["version"]] for tile in self.tiles]


SORTS = ("name", "win", "turnover", "hold")  # the tiles' orders (money sorts: highest first)


def floor_page(db: Database, snapshots: SnapshotCache, cache: FloorCache, now: datetime,
               money_shift: Shift | None = None, sort: str = "name") -> FloorPage:
    view = floor.floor(db, snapshots, cache, now, money_shift)
    shown = unresolved_alerts(db)
    version = alerts_version(shown)
    sort = sort if sort in SORTS and money_shift is not None else "name"
    return FloorPage(f"{view.etag}.{version}.{sort}", view, shown, version, sort)


def tile_version(entry: dict[str, Any]) -> str:
    """Everything a tile shows, in one short tag (the clock's seconds are not shown)."""
    shoe = entry["shoe"]
    return digest((entry["table"], shoe and shoe["id"], shoe and shoe["revision"], entry["status"], entry["alerts"],
                   entry.get("money"), floor.game_version(entry)))


def tile_order(sort: str):
    """Highest first by the shift's win, turnover or hold; a table without turnover last."""

    def key(tile: dict[str, Any]) -> tuple:
        value = tile["money"][sort]
        return (value is None, -Decimal(str(value)) if value is not None else 0, tile["table"]["id"])

    return key


def worst_severity(entry: dict[str, Any]) -> str | None:
    """The tile's worst unresolved severity: an acknowledged critical still makes it critical."""
    return entry["alerts"]["worst"]


def unresolved_alerts(db: Database) -> list[Alert]:
    """Every table's unresolved alerts, in the floor's order (services.alerts.in_floor_order)."""
    return alerts_service.in_floor_order(db, {}, ALERTS_SHOWN, resolved=False)


def alerts_version(shown: Iterable[Alert]) -> str:
    return digest([(a.id, a.state, a.severity, a.count, a.updated_at.isoformat()) for a in shown])


# One table


@dataclass
class TableDetail:
    table: Table
    shoe: Any | None  # shoes.ShoeView
    document: Document | None
    hands: list[HandView]
    audit: list[AuditRecord]
    alerts: list[Alert]
    odds: dict[str, Any] | None = None  # the next hand's exact odds (tables entering cards)
    odds_problem: str | None = None  # why there are none (no open shoe, hands by result...)


def table_detail(db: Database, snapshots: SnapshotCache, table_id: int) -> TableDetail:
    """The table's newest shoe: its roads, hands, audit log and alerts (NotFound for no table)."""
    table = tables.get_table(db, table_id)
    found = shoes.list_shoes(db, table_id)
    if not found:
        return TableDetail(table, None, None, [], [], [])
    shoe = found[0]
    shoe_alerts = alerts_service.in_floor_order(db, {"table_id": table_id})
    odds, problem = next_hand_odds(db, table_id)
    shown = [a for a in shoe_alerts if a.shoe_id in (shoe.id, None)]  # the shoe's, and the table's own
    return TableDetail(table, shoe, snapshots.document(shoe.id), hands.list_hands(db, shoe.id),
                       audit.audit_log(db, shoe.id), shown, odds, problem)


def held_hand_number(db: Database, shoe_id: int) -> int | None:
    """The number of the shoe's hand held for its opening (VIP, squeeze), if one is: never its cards."""
    with db.read() as session:
        number = shoes_repo.last_hand_number(session, shoe_id) + 1
        return number if modes_repo.still_held(session, shoe_id, number) is not None else None


def next_hand_odds(db: Database, table_id: int) -> tuple[dict[str, Any] | None, str | None]:
    """(the odds document, None), or (None, why not): the integrity service's own refusal."""
    try:
        return integrity.table_odds(db, table_id), None
    except (Conflict, NotFound) as refused:
        return None, refused.message
