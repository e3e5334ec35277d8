"""The floor: every table's state at a glance, for pit bosses (GET /api/v1/floor; the API
writes its JSON).

A table's figures that follow from its shoe (hands, voids, corrections, cards, pace,
recent results, streak, good roads, counts) are cached by (shoe id, revision), like the
roads they come from; what follows from the clock (status, seconds since the last hand)
and the open alerts are added on every answer. `FloorView.etag` names the floor's state:
a poll holding it is answered 304 before any JSON is written.

A floor that did not move costs one read: every committed change writes an event in its own
transaction, so the floor's tag can only change with the newest event id, or by the clock (a
tile turning stale, idle or ending). Each built floor keeps its tag under (newest event id,
money shift) with the first moment a tile's status can turn by the clock alone (`FloorTag`);
`current_tag` answers from it while both hold (the API's 304 then reads nothing else).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Callable, Sequence

from roadsvc.domain.monitoring import SEVERITIES, resolve_settings
from roadsvc.domain.monitoring.priority import worst
from roadsvc.domain.monitoring.floor import DEALING, IDLE, STATUSES, pace_per_hour, table_status
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot
from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import events as event_log
from roadsvc.persistence import table_modes as modes_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_OPEN, OPEN, Shoe, Table, utcnow
from roadsvc.domain.shifts import Shift
from roadsvc.services.pit import money
from roadsvc.services.caches import LRU
from roadsvc.services.dabang import floor as dabang_floor
from roadsvc.services.niuniu import floor as niuniu_floor
from roadsvc.services.baccarat.snapshots import SnapshotCache
from roadsvc.services.baccarat.stored_hands import stored_hand
from roadsvc.services.events import newest_event_id
from roadsvc.services.tables import table_brief

RECENT = 12
CARDS_PER_DECK = 52
# The games whose tables have no shoe: each gives its tile's figures (`floor_figures`, with the tile's
# `status`) and what names them apart from the clock (`figures_version`); the entry carries them under
# the game's name. Never a closed 百人牛牛 hand, never a 打棒 seat's hand or hidden bottom.
GAME_TILES = {NIUNIU: niuniu_floor, DABANG: dabang_floor}


class FloorCache:
    """Each open shoe's figures by (shoe id, revision): an entry never goes stale."""

    def __init__(self, max_entries: int = 2048):
        self.figures: LRU[dict[str, Any]] = LRU(max_entries)
        self.money: LRU[money.Sums] = LRU(max_entries)  # a 百人牛牛 table's shift sums by (table, revision, shift)
        self.tags: LRU[FloorTag] = LRU(64)  # the floor's tag by (newest event id, money shift key)


@dataclass(frozen=True)
class FloorTag:
    """A built floor's tag, good while no event came after it and until `until` (None: no tile turns by the
    clock alone)."""

    etag: str
    until: datetime | None

    def holds_at(self, now: datetime) -> bool:
        return self.until is None or now < self.until


def current_tag(db: Database, cache: FloorCache, now: datetime, money_shift: Shift | None = None) -> str | None:
    """The floor's tag without building the floor, when it is known: one read of the newest event id."""
    tag = cache.tags.get((newest_event_id(db), money_shift and money_shift.key))
    return tag.etag if tag is not None and tag.holds_at(now) else None


@dataclass
class FloorView:
    """The floor at `generated_at`: its tag at once, its entries and JSON only if asked
    (a 304 never builds them)."""

    etag: str
    generated_at: datetime
    _states: list[tuple] = field(repr=False)
    _alerts: dict[int, dict[str, Any]] = field(repr=False)
    _money: Callable[[], dict[int, money.Sums]] | None = field(default=None, repr=False)
    shift: Shift | None = None

    @property
    def tables(self) -> list[dict[str, Any]]:
        return [_entry(*state, self._alerts.get(state[0].id), self.generated_at) for state in self._states]

    def document(self) -> dict[str, Any]:
        """The floor; each entry's `streak`, `good_roads` and `counts` are the roads' own objects.
        With money (a `read_money` caller): each entry's `money` in the shift, and the totals'."""
        tables = self.tables
        document = {"generated_at": self.generated_at.isoformat(), "totals": _totals(tables), "tables": tables}
        if self._money is not None and self.shift is not None:
            sums = self._money()
            for entry in tables:
                entry["money"] = money.sums_json(sums.get(entry["table"]["id"], (0, 0, 0)))
            document["totals"]["money"] = money.sums_json(money.total(sums.values()))
            document["shift"] = {"date": self.shift.day.isoformat(), "shift": self.shift.name,
                                 "begins": self.shift.begins.isoformat(), "ends": self.shift.ends.isoformat()}
        return document


def floor_etag(tables: Sequence[tuple], alerts: Sequence[tuple]) -> str:
    """The floor's state in one tag: each table's (id, name, rule set, shoe id, revision,
    status) and the unresolved alerts' (table, state, severity, count, newest change).
    The one place to change if the floor's state gets another name (say an event id)."""
    digest = hashlib.blake2b(repr((tables, alerts)).encode(), digest_size=12)
    return "floor." + digest.hexdigest()


def floor(db: Database, snapshots: SnapshotCache, cache: FloorCache, now: datetime | None = None,
          money_shift: Shift | None = None) -> FloorView:
    """The floor now; with `money_shift` (for `read_money` callers only) each table's money in that shift."""
    now = now or utcnow()
    with db.consistent_read() as session:
        newest = event_log.event_id_range(session)[1]  # in the same read as the floor: the tag's moment
        rows = alerts_repo.floor_rows(session)
        alert_rows = alerts_repo.open_alert_counts(session)
        modes = _modes(*modes_repo.floor_modes(session))
        _fill_figures(session, snapshots, cache, [s for _, s in rows if s is not None and s.status == OPEN])
        games = _game_figures(session, [table for table, _ in rows if table.game in GAME_TILES], now)
    states = [_state(table, shoe, cache, now, modes.get(table.id)) if table.id not in games
              else (table, None, games[table.id], games[table.id]["status"], None) for table, shoe in rows]
    signature = [(table.id, table.name, table.rule_set, shoe and shoe.id, shoe and shoe.revision, status,
                  modes.get(table.id), GAME_TILES[table.game].figures_version(games[table.id])
                  if table.id in games else None)
                 for table, shoe, _, status, _ in states]
    if money_shift is not None:
        signature.append(("shift", money_shift.key))  # a new shift starts every tile's win again
    etag = floor_etag(signature, sorted((r[0], r[1], r[2], r[3], str(r[4])) for r in alert_rows))
    cache.tags.put((newest, money_shift and money_shift.key), FloorTag(etag, _turns_at(states, now)))
    loader = (lambda: money.floor_shift_money(db, money_shift, cache.money)) if money_shift is not None else None
    return FloorView(etag, now, states, _alerts_by_table(alert_rows), loader, money_shift)


def _turns_at(states: list[tuple], now: datetime) -> datetime | None:
    """The first moment a tile's status can turn by the clock alone (a few tenths early is only a rebuild)."""
    moments = [moment for state in states for moment in _tile_turns(state, now) if moment >= now]
    return min(moments, default=None)


def _tile_turns(state: tuple, now: datetime) -> list[datetime]:
    table, shoe, figures, status, modes = state
    settings = resolve_settings(table.settings)
    if table.game in GAME_TILES:
        return GAME_TILES[table.game].status_turns(figures, now, settings)
    if status != DEALING or figures is None or (modes and modes["held"]):
        return []  # stale, ending and idle stay so until a change; a held hand is never stale
    last = figures["last_hand_at"] or shoe.opened_at
    return [last + timedelta(seconds=settings["stale_after_seconds"])]


def _game_figures(session, tables: list[Table], now: datetime) -> dict[int, dict[str, Any]]:
    """The tile of a table without a shoe, by its game (GAME_TILES): a 百人牛牛 table's phase, pace and
    counts, never a closed hand; a 打棒 table's current match, never a hand."""
    return {table.id: _tile_figures(session, table, now) for table in tables}


def _tile_figures(session, table: Table, now: datetime) -> dict[str, Any]:
    settings = resolve_settings(table.settings)
    if table.game == NIUNIU:
        return niuniu_floor.floor_figures(session, table, now, settings["stale_after_seconds"],
                                          settings["closed_after_seconds"])
    return dabang_floor.floor_figures(session, table, now, settings["stale_after_seconds"])


def game_version(entry: dict[str, Any]) -> tuple | None:
    """What names a game tile's figures apart from the clock (None for a baccarat entry)."""
    game = entry["table"]["game"]
    figures = entry.get(game)
    return GAME_TILES[game].figures_version(figures) if figures is not None and game in GAME_TILES else None


# Each open shoe's figures


def _fill_figures(session, snapshots: SnapshotCache, cache: FloorCache, shoes: list[Shoe]) -> None:
    missing = [shoe for shoe in shoes if cache.figures.get((shoe.id, shoe.revision)) is None]
    if not missing:
        return
    ids = [shoe.id for shoe in missing]
    hands: dict[int, list] = {shoe_id: [] for shoe_id in ids}
    for row in alerts_repo.hand_times(session, ids):
        hands[row.shoe_id].append(row)
    corrections = alerts_repo.correction_counts(session, ids)
    for shoe in missing:
        roads = snapshots.document(shoe.id, shoe.revision).roads
        figures = _figures(shoe, hands[shoe.id], corrections.get(shoe.id, 0), roads)
        cache.figures.put((shoe.id, shoe.revision), figures)


def _figures(shoe: Shoe, rows: list, corrections: int, roads: RoadSnapshot) -> dict[str, Any]:
    counted = [stored_hand(row.data) for row in rows if not row.voided]
    last_at = max((row.created_at for row in rows), default=None)
    return {
        "shoe": {
            "id": shoe.id, "number": shoe.number, "revision": shoe.revision, "decks": shoe.decks,
            "hands": len(rows), "counted_hands": len(counted), "voids": len(rows) - len(counted),
            "corrections": corrections, "opened_at": shoe.opened_at.isoformat(), "cut_card_out": shoe.last_hand is not None,
            "last_hand": shoe.last_hand,
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


def _state(table: Table, shoe: Shoe | None, cache: FloorCache, now: datetime, modes: dict | None) -> tuple:
    """(table, shoe, its figures or None, status now, its VIP state). A table holding a hand
    for its opening is not stale: it waits for the cards to be opened."""
    figures = cache.figures.get((shoe.id, shoe.revision)) if shoe is not None and shoe.status == OPEN else None
    if figures is None:
        return table, shoe, None, IDLE, modes
    stale_after = resolve_settings(table.settings)["stale_after_seconds"]
    last_activity = now if modes and modes["held"] else (figures["last_hand_at"] or shoe.opened_at)
    return table, shoe, figures, table_status(True, shoe.last_hand is not None, last_activity, now, stale_after), modes


def _entry(table: Table, shoe: Shoe | None, figures: dict | None, status: str, modes: dict | None,
           alerts: dict | None, now: datetime) -> dict[str, Any]:
    alerts = alerts or no_alerts()
    mode = (table.settings or {}).get("mode", "standard")
    vip = {"mode": mode, **(modes or {"held": None, "charter": None, "requests": []})} if mode != "standard" or modes \
        else None
    if figures is None or table.game in GAME_TILES:
        entry = {"table": table_brief(table), "status": status, "shoe": None, "cards": None, "last_hand_at": None,
                 "seconds_since_last_hand": None, "pace_per_hour": None, "recent": [], "streak": None,
                 "good_roads": [], "counts": None, "alerts": alerts, "vip": vip}
        return {**entry, table.game: figures} if table.game in GAME_TILES else entry
    last_at = figures["last_hand_at"]
    since = None if last_at is None else round(max(0.0, (now - last_at).total_seconds()), 1)
    if table.settings.get("hands_by") == "result":
        figures = {**figures, "cards": None}
    entry = {"table": table_brief(table), "status": status, **figures}
    entry.update(last_hand_at=last_at.isoformat() if last_at else None, seconds_since_last_hand=since, alerts=alerts,
                 vip=vip)
    return entry


def _totals(tables: list[dict[str, Any]]) -> dict[str, Any]:
    by_status = dict.fromkeys(STATUSES, 0)
    open_alerts, unresolved = dict.fromkeys(SEVERITIES, 0), dict.fromkeys(SEVERITIES, 0)
    for entry in tables:
        by_status[entry["status"]] += 1
        for severity in SEVERITIES:
            open_alerts[severity] += entry["alerts"]["open"][severity]
            unresolved[severity] += entry["alerts"]["unresolved"][severity]
    return {
        "tables": len(tables),
        "by_status": by_status,
        # What each game dealt, counted apart (never one figure of hands and rounds): baccarat's counted hands in
        # the open shoes, 百人牛牛's rounds at its tables, 打棒's deals of each table's current match.
        "hands": sum(entry["shoe"]["counted_hands"] for entry in tables if entry["shoe"]),
        "rounds": sum((entry.get(NIUNIU) or {}).get("rounds", 0) for entry in tables),
        "deals": sum(((entry.get(DABANG) or {}).get("match") or {}).get("deals_done", 0) for entry in tables),
        "pace_per_hour": round(sum(entry["pace_per_hour"] or 0 for entry in tables), 1),
        "open_alerts": open_alerts,
        "acknowledged_alerts": sum(entry["alerts"]["acknowledged"] for entry in tables),
        "unresolved_alerts": unresolved,
    }
