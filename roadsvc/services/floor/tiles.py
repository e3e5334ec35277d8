"""The floor's tiles: each table's entry, read and built for the tables asked only (services.floor keeps
them and asks again for the tables that changed).

A tile is its table's entry as of its state: the figures that move with the clock alone (seconds since
the last hand, round or move; a 打棒 match's time left) stand in it as `Clock`s, given their seconds
when a document is written (services.floor.body), so a tile stays good until its table changes or its
status turns by the clock (`until`). A baccarat shoe's figures are cached by (shoe id, revision), like
the roads they come from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Callable, Collection, Sequence

from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot
from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.domain.monitoring import SEVERITIES, resolve_settings
from roadsvc.domain.monitoring.floor import DEALING, IDLE, Clock, pace_per_hour, table_status
from roadsvc.domain.monitoring.priority import worst
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import table_modes as modes_repo
from roadsvc.persistence.models import ALERT_OPEN, OPEN, Shoe, Table
from roadsvc.services.baccarat.snapshots import SnapshotCache
from roadsvc.services.baccarat.stored_hands import stored_hand
from roadsvc.services.caches import LRU
from roadsvc.services.dabang import floor as dabang_floor
from roadsvc.services.floor.body import encode_tile, tile_facts
from roadsvc.services.niuniu import floor as niuniu_floor
from roadsvc.services.tables import table_brief

RECENT = 12
CARDS_PER_DECK = 52
# The games whose tables have no shoe: each gives its tile's figures (`floor_figures`, with the tile's
# `status`) and when its status can turn by the clock (`status_turns`); the entry carries them under the
# game's name. Never a closed 百人牛牛 hand, never a 打棒 seat's hand or hidden bottom.
GAME_TILES = {NIUNIU: niuniu_floor, DABANG: dabang_floor}


@dataclass(frozen=True)
class Tile:
    """A table's entry (its clock figures as `Clock`s, no money), its JSON split at those clocks
    (`pieces`, without the closing brace), what it adds to the totals (`facts`), a digest of all it
    shows apart from the clock and of its clocks' anchors (`version`) and the first moment its status can turn by the clock
    alone (`until`; None: only a change turns it)."""

    entry: dict[str, Any]
    pieces: tuple[bytes, ...]
    clocks: tuple[Clock, ...]
    facts: tuple
    version: bytes
    until: datetime | None


def read_tiles(session, snapshots: SnapshotCache, figures: LRU[dict[str, Any]], now: datetime,
               encode: Callable[[Any], bytes], table_ids: Collection[int] | None = None) -> dict[int, Tile]:
    """The tiles of these tables (None: every table) at `now`, by table id."""
    rows = alerts_repo.floor_rows(session, table_ids)
    alerts = _alerts_by_table(alerts_repo.open_alert_counts(session, table_ids))
    modes = _modes(*modes_repo.floor_modes(session, table_ids))
    _fill_figures(session, snapshots, figures, [shoe for _, shoe in rows if shoe is not None and shoe.status == OPEN])
    tiles = {}
    for table, shoe in rows:
        if table.game in GAME_TILES:
            entry = _game_entry(session, table, now, alerts.get(table.id), modes.get(table.id))
        else:
            entry = _entry(table, shoe, figures, now, alerts.get(table.id), modes.get(table.id))
        tiles[table.id] = _tile(entry, encode, _turns(table, shoe, entry, now))
    return tiles


def _tile(entry: dict[str, Any], encode: Callable[[Any], bytes], until: datetime | None) -> Tile:
    pieces, clocks = encode_tile(entry, encode)
    anchors = repr([(clock.anchor.isoformat(), clock.kind) for clock in clocks]).encode()  # its clocks' moments
    version = hashlib.blake2b(b"\x00".join((*pieces, anchors)), digest_size=12).digest()
    return Tile(entry, pieces, clocks, tile_facts(entry), version, until)


def _turns(table: Table, shoe: Shoe | None, entry: dict[str, Any], now: datetime) -> datetime | None:
    """The first moment the tile's status can turn by the clock alone."""
    settings = resolve_settings(table.settings)
    if table.game in GAME_TILES:
        moments = GAME_TILES[table.game].status_turns(entry[table.game], now, settings)
    elif entry["status"] != DEALING or (entry["vip"] and entry["vip"]["held"]):
        moments = []  # stale, ending and idle stay so until a change; a held hand is never stale
    else:
        last = entry["seconds_since_last_hand"]
        moments = [(last.anchor if last is not None else shoe.opened_at)
                   + timedelta(seconds=settings["stale_after_seconds"])]
    return min((moment for moment in moments if moment >= now), default=None)


def _game_entry(session, table: Table, now: datetime, alerts: dict | None, modes: dict | None) -> dict[str, Any]:
    """A table without a shoe: its game's figures (GAME_TILES) under the game's name."""
    settings = resolve_settings(table.settings)
    if table.game == NIUNIU:
        figures = niuniu_floor.floor_figures(session, table, now, settings["stale_after_seconds"],
                                             settings["closed_after_seconds"])
    else:
        figures = dabang_floor.floor_figures(session, table, now, settings["stale_after_seconds"])
    return {"table": table_brief(table), "status": figures["status"], "shoe": None, "cards": None,
            "last_hand_at": None, "seconds_since_last_hand": None, "pace_per_hour": None, "recent": [],
            "streak": None, "good_roads": [], "counts": None, "alerts": alerts or no_alerts(),
            "vip": _vip(table, modes), table.game: figures}


# Each open shoe's figures


def _fill_figures(session, snapshots: SnapshotCache, cache: LRU[dict[str, Any]], shoes: list[Shoe]) -> None:
    missing = [shoe for shoe in shoes if cache.get((shoe.id, shoe.revision)) is None]
    if not missing:
        return
    ids = [shoe.id for shoe in missing]
    hands: dict[int, list] = {shoe_id: [] for shoe_id in ids}
    for row in alerts_repo.hand_times(session, ids):
        hands[row.shoe_id].append(row)
    corrections = alerts_repo.correction_counts(session, ids)
    for shoe in missing:
        roads = snapshots.document(shoe.id, shoe.revision).roads
        cache.put((shoe.id, shoe.revision), _figures(shoe, hands[shoe.id], corrections.get(shoe.id, 0), roads))


def _figures(shoe: Shoe, rows: list, corrections: int, roads: RoadSnapshot) -> dict[str, Any]:
    counted = [stored_hand(row.data) for row in rows if not row.voided]
    last_at = max((row.created_at for row in rows), default=None)
    return {
        "shoe": {
            "id": shoe.id, "number": shoe.number, "revision": shoe.revision, "decks": shoe.decks,
            "hands": len(rows), "counted_hands": len(counted), "voids": len(rows) - len(counted),
            "corrections": corrections, "opened_at": shoe.opened_at.isoformat(),
            "cut_card_out": shoe.last_hand is not None, "last_hand": shoe.last_hand,
        },
        "cards": _cards(shoe, counted),
        "last_hand_at": last_at,
        "pace_per_hour": pace_per_hour([row.created_at for row in rows]),
        "recent": [bead.result for bead in roads.bead_plate[-RECENT:]],
        "streak": roads.streaks.current,
        "good_roads": roads.good_roads,
        "counts": roads.counts,
    }


def _cards(shoe: Shoe, counted: list) -> dict[str, int] | None:
    """Cards out of the shoe (the burn card and those it burned, the counted hands'
    cards) and cards left; None for a shoe whose hands come by result."""
    if any(not hand.has_cards for hand in counted):
        return None
    burned = 1 + shoe.burn_count if shoe.burn_card else 0
    dealt = burned + sum(len(hand.all_cards()) for hand in counted)
    return {"dealt": dealt, "left": shoe.decks * CARDS_PER_DECK - dealt}


# A table's entry


def no_alerts() -> dict[str, Any]:
    """A table's alerts: open ones by severity, acknowledged ones (a count, and by severity under
    `unresolved` with the open ones), and the worst unresolved severity (the tile's frame)."""
    return {"open": dict.fromkeys(SEVERITIES, 0), "acknowledged": 0, "unresolved": dict.fromkeys(SEVERITIES, 0),
            "worst": None}


def _alerts_by_table(rows: Sequence) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for table_id, state, severity, count, _ in rows:
        entry = found.setdefault(table_id, no_alerts())
        if state == ALERT_OPEN:
            entry["open"][severity] += count
        else:
            entry["acknowledged"] += count
        entry["unresolved"][severity] += count
    for entry in found.values():
        entry["worst"] = worst(severity for severity, count in entry["unresolved"].items() if count)
    return found


def _modes(held: Sequence, charters: Sequence, requests: Sequence) -> dict[int, dict[str, Any]]:
    """Per table with something to show: its held hand (number and deadline, never the cards),
    its charter's account, its open requests."""
    found: dict[int, dict[str, Any]] = {}

    def entry(table_id: int) -> dict[str, Any]:
        return found.setdefault(table_id, {"held": None, "charter": None, "requests": []})

    for table_id, number, deadline in held:
        entry(table_id)["held"] = {"hand_number": number, "deadline": deadline.isoformat() if deadline else None}
    for table_id, account_id in charters:
        entry(table_id)["charter"] = account_id
    for request_id, table_id, kind in requests:
        entry(table_id)["requests"].append({"id": request_id, "kind": kind})
    return found


def _vip(table: Table, modes: dict | None) -> dict[str, Any] | None:
    mode = (table.settings or {}).get("mode", "standard")
    return {"mode": mode, **(modes or {"held": None, "charter": None, "requests": []})} \
        if mode != "standard" or modes else None


def _entry(table: Table, shoe: Shoe | None, cache: LRU[dict[str, Any]], now: datetime, alerts: dict | None,
           modes: dict | None) -> dict[str, Any]:
    """A baccarat table's entry: its shoe's figures and its status now. A table holding a hand for its
    opening is not stale: it waits for the cards to be opened."""
    figures = cache.get((shoe.id, shoe.revision)) if shoe is not None and shoe.status == OPEN else None
    alerts, vip = alerts or no_alerts(), _vip(table, modes)
    if figures is None:
        return {"table": table_brief(table), "status": IDLE, "shoe": None, "cards": None, "last_hand_at": None,
                "seconds_since_last_hand": None, "pace_per_hour": None, "recent": [], "streak": None,
                "good_roads": [], "counts": None, "alerts": alerts, "vip": vip}
    stale_after = resolve_settings(table.settings)["stale_after_seconds"]
    last_at = figures["last_hand_at"]
    last_activity = now if modes and modes["held"] else (last_at or shoe.opened_at)
    status = table_status(True, shoe.last_hand is not None, last_activity, now, stale_after)
    if table.settings.get("hands_by") == "result":
        figures = {**figures, "cards": None}
    entry = {"table": table_brief(table), "status": status, **figures}
    entry.update(last_hand_at=last_at.isoformat() if last_at else None,
                 seconds_since_last_hand=Clock(last_at) if last_at else None, alerts=alerts, vip=vip)
    return entry
