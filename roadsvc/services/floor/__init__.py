"""The floor: every table's state at a glance, for pit bosses (GET /api/v1/floor).

Every committed change writes an event naming its table in its own transaction, so the floor can only
change with the newest event id, or by the clock (a tile turning stale, idle or ending). Each process
keeps the floor it built last (`FloorState`: its tiles, services.floor.tiles, as of an event id) and
brings it up to date by reading again only the tables the events since name, and those whose status
the clock turned (a tile's `until`); a change without a table, or a log pruned past the kept id,
reads every table. A `read_money` caller's money per table is kept the same way, per shift.

`FloorView.etag` names all the floor shows apart from the clock: every tile's text (its clock figures
left out) and, with money, each table's money and the shift. Each built floor keeps its tag under
(newest event id, money shift) with the first moment a tile can turn by the clock (`FloorTag`), and
its JSON body once written under its tag: while both hold, `current_answer` gives the tag and the body
on one read of the newest event id (a 304, or the same 200 bytes again: the floor as of its
`generated_at`). A tag's body is the same bytes for as long as this process keeps it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Callable

from roadsvc.domain.shifts import Shift
from roadsvc.persistence import events as event_log
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.baccarat.snapshots import SnapshotCache
from roadsvc.services.caches import LRU
from roadsvc.services.events import newest_event_id
from roadsvc.services.floor.body import floor_body, totals, with_clocks
from roadsvc.services.floor.tiles import GAME_TILES, Tile, read_tiles
from roadsvc.services.pit import money


@dataclass(frozen=True)
class FloorState:
    """Every table's tile (by table id, in id order) as of event `newest`, good from `built_at`."""

    newest: int
    built_at: datetime
    tiles: dict[int, Tile]


@dataclass(frozen=True)
class ShiftMoney:
    """Each table's sums in a shift as of event `newest`, and their JSON."""

    newest: int
    shift_key: Any
    sums: dict[int, money.Sums]
    json: dict[int, bytes]


@dataclass(frozen=True)
class FloorTag:
    """A built floor's tag, good while no event came after it, from `since` until `until` (None: no tile
    turns by the clock alone)."""

    etag: str
    until: datetime | None
    since: datetime

    def holds_at(self, now: datetime) -> bool:
        return self.since <= now and (self.until is None or now < self.until)


class FloorCache:
    """A process's floor: its tiles and money as of an event id, each open shoe's figures by (shoe id,
    revision) (an entry never goes stale), and the tags. `encode` writes JSON (the API's)."""

    def __init__(self, encode: Callable[[Any], bytes], max_entries: int = 2048):
        self.encode = encode
        self.figures: LRU[dict[str, Any]] = LRU(max_entries)
        self.money: LRU[money.Sums] = LRU(max_entries)  # a 百人牛牛 table's shift sums by (table, revision, shift)
        self.tags: LRU[FloorTag] = LRU(64)  # the floor's tag by (newest event id, money shift key)
        self.bodies: LRU[bytes] = LRU(4)  # the body written first for a tag, by tag (with and without money)
        self.state: FloorState | None = None
        self.shift_money: ShiftMoney | None = None
        self.no_money = encode(money.sums_json((0, 0, 0)))


def current_answer(db: Database, cache: FloorCache, now: datetime,
                   money_shift: Shift | None = None) -> tuple[str, bytes | None] | None:
    """The floor's (tag, body or None when not written yet) without building it, when known: one read
    of the newest event id."""
    tag = cache.tags.get((newest_event_id(db), money_shift and money_shift.key))
    return (tag.etag, cache.bodies.get(tag.etag)) if tag is not None and tag.holds_at(now) else None


@dataclass
class FloorView:
    """The floor at `generated_at`: its tag at once, its entries and JSON only if asked
    (a 304 never builds them)."""

    etag: str
    generated_at: datetime
    tiles: list[Tile] = field(repr=False)
    money: ShiftMoney | None = field(default=None, repr=False)
    shift: Shift | None = None
    _cache: FloorCache | None = field(default=None, repr=False)

    @property
    def tables(self) -> list[dict[str, Any]]:
        return [with_clocks(tile.entry, lambda clock: clock.at(self.generated_at)) for tile in self.tiles]

    def document(self) -> dict[str, Any]:
        """The floor; each entry's `streak`, `good_roads` and `counts` are the roads' own objects.
        With money (a `read_money` caller): each entry's `money` in the shift, and the totals'."""
        tables = self.tables
        document = {"generated_at": self.generated_at.isoformat(), "totals": self._totals(), "tables": tables}
        if self.money is not None:
            for entry in tables:
                entry["money"] = money.sums_json(self.money.sums.get(entry["table"]["id"], (0, 0, 0)))
            document["shift"] = self._shift()
        return document

    def body(self) -> bytes:
        """The floor's JSON, as `document` and the API's encoder write it: the body first written for its
        tag while this process keeps it (the floor as of that body's `generated_at`: the same state)."""
        body = self._cache.bodies.get(self.etag)
        if body is None:
            body = floor_body(self.generated_at, self.tiles, self._totals(), self._cache.encode,
                              self.money and self.money.json, self._cache.no_money,
                              self._shift() if self.money is not None else None)
            self._cache.bodies.put(self.etag, body)
        return body

    def _totals(self) -> dict[str, Any]:
        found = totals([tile.facts for tile in self.tiles])
        if self.money is not None:
            found["money"] = money.sums_json(money.total(self.money.sums.values()))
        return found

    def _shift(self) -> dict[str, Any]:
        shift = self.shift
        return {"date": shift.day.isoformat(), "shift": shift.name, "begins": shift.begins.isoformat(),
                "ends": shift.ends.isoformat()}


def floor_etag(tiles: list[Tile], shift_money: ShiftMoney | None, cache: FloorCache) -> str:
    """All the floor shows apart from the clock, in one tag: each tile's text (tables in id order) and,
    with money, each table's money and the shift. The one place to change if the floor's state gets
    another name."""
    digest = hashlib.blake2b(b"".join(tile.version for tile in tiles), digest_size=12)
    if shift_money is not None:
        digest.update(repr(shift_money.shift_key).encode())
        digest.update(b"\x00".join(shift_money.json.get(tile.entry["table"]["id"], cache.no_money) for tile in tiles))
    return "floor." + digest.hexdigest()


def floor(db: Database, snapshots: SnapshotCache, cache: FloorCache, now: datetime | None = None,
          money_shift: Shift | None = None) -> FloorView:
    """The floor now; with `money_shift` (for `read_money` callers only) each table's money in that shift."""
    now = now or utcnow()
    with db.consistent_read() as session:
        newest = event_log.newest_event_id(session)  # in the same read as the floor: the tag's moment
        changes = _Changes(session, newest)
        state = _current_state(session, snapshots, cache, changes, now)
        shift_money = _current_money(session, cache, changes, money_shift) if money_shift is not None else None
    tiles = list(state.tiles.values())
    etag, key = floor_etag(tiles, shift_money, cache), (newest, money_shift and money_shift.key)
    until = min((tile.until for tile in tiles if tile.until is not None), default=None)
    cache.tags.put(key, FloorTag(etag, until, state.built_at))
    return FloorView(etag, now, tiles, shift_money, money_shift, cache)


class _Changes:
    """The tables changed since an event id (None: any may have), read once per floor build."""

    def __init__(self, session, newest: int):
        self.session, self.newest, self.found = session, newest, {}

    def since(self, event_id: int) -> set[int] | None:
        if event_id > self.newest:
            return None
        if event_id not in self.found:
            self.found[event_id] = set() if event_id == self.newest else \
                event_log.tables_changed(self.session, event_id, self.newest)
        return self.found[event_id]


def _current_state(session, snapshots: SnapshotCache, cache: FloorCache, changes: _Changes,
                   now: datetime) -> FloorState:
    """The kept tiles brought to `changes.newest` and `now`: only the changed and the turned tables read."""
    kept = cache.state
    dirty = None if kept is None or now < kept.built_at else changes.since(kept.newest)
    if dirty is None:
        tiles = read_tiles(session, snapshots, cache.figures, now, cache.encode)
    else:
        dirty = dirty | {table_id for table_id, tile in kept.tiles.items() if tile.until is not None
                         and tile.until <= now}
        if not dirty:
            return kept if kept.newest == changes.newest else _keep(cache, replace(kept, newest=changes.newest))
        fresh = read_tiles(session, snapshots, cache.figures, now, cache.encode, dirty)
        tiles = dict(kept.tiles)
        for table_id in dirty:  # a kept key keeps its place; a new table's goes to the end, then sorted
            if table_id in fresh:
                tiles[table_id] = fresh[table_id]
            else:
                tiles.pop(table_id, None)
        if not fresh.keys() <= kept.tiles.keys():
            tiles = dict(sorted(tiles.items()))
    return _keep(cache, FloorState(changes.newest, now, tiles))


def _keep(cache: FloorCache, state: FloorState) -> FloorState:
    if cache.state is None or cache.state.newest <= state.newest:
        cache.state = state
    return state


def _current_money(session, cache: FloorCache, changes: _Changes, shift: Shift) -> ShiftMoney:
    """The kept shift's money brought to `changes.newest`: only the changed tables' sums read."""
    kept = cache.shift_money
    dirty = None if kept is None or kept.shift_key != shift.key else changes.since(kept.newest)
    if dirty is not None and not dirty:
        return kept if kept.newest == changes.newest else replace(kept, newest=changes.newest)
    sums = money.floor_shift_money(session, shift, cache.money, dirty)
    found, json = ({}, {}) if dirty is None else (
        {table_id: value for table_id, value in kept.sums.items() if table_id not in dirty},
        {table_id: value for table_id, value in kept.json.items() if table_id not in dirty})
    found.update(sums)
    json.update((table_id, cache.encode(money.sums_json(value))) for table_id, value in sums.items())
    shift_money = ShiftMoney(changes.newest, shift.key, found, json)
    if kept is None or kept.shift_key != shift.key or kept.newest <= changes.newest:
        cache.shift_money = shift_money
    return shift_money


def game_version(entry: dict[str, Any]) -> tuple | None:
    """What names a game tile's figures apart from the clock (None for a baccarat entry)."""
    game = entry["table"]["game"]
    figures = entry.get(game)
    return GAME_TILES[game].figures_version(figures) if figures is not None and game in GAME_TILES else None
