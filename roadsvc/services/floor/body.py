"""The floor's document and JSON body, written from its tiles (services.floor.tiles).

Each tile's JSON is encoded once, when its table changes, and kept split at its clock figures
(`Clock`s: the seconds since a table's last hand, round or move, a 打棒 match's time left); a body
is its tiles' pieces joined with those figures at the document's `generated_at`, the totals and,
for a `read_money` caller, each table's money. So writing the floor after k tables changed encodes
k entries, and the rest is joining bytes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Sequence

from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.domain.monitoring import SEVERITIES
from roadsvc.domain.monitoring.floor import STATUSES, Clock

MARK = "\x00clock\x00"  # a clock's place in a tile's JSON (a control character: no entry's text has it)
ENCODED_MARK = b'"\\u0000clock\\u0000"'


def with_clocks(value: Any, give: Callable[[Clock], Any], found: list[Clock] | None = None) -> Any:
    """`value` with each Clock replaced by give(clock), in the order JSON writes them (listed in `found`)."""
    if isinstance(value, Clock):
        if found is not None:
            found.append(value)
        return give(value)
    if isinstance(value, dict):
        return {key: with_clocks(item, give, found) for key, item in value.items()}
    if isinstance(value, list):
        return [with_clocks(item, give, found) for item in value]
    return value


def encode_tile(entry: dict[str, Any], encode: Callable[[Any], bytes]) -> tuple[tuple[bytes, ...], tuple[Clock, ...]]:
    """The entry's JSON split at its clocks, without its closing brace, and the clocks in order."""
    clocks: list[Clock] = []
    encoded = encode(with_clocks(entry, lambda _: MARK, clocks))
    pieces = encoded[:-1].split(ENCODED_MARK)
    if len(pieces) != len(clocks) + 1:
        raise ValueError("a tile's text holds the clock mark")
    return tuple(pieces), tuple(clocks)


def tile_json(pieces: Sequence[bytes], clocks: Sequence[Clock], at: datetime, money: bytes | None) -> bytes:
    """A tile's JSON at `at` (a float's or an int's repr is what JSON writes), with its money if given."""
    end = b"}" if money is None else b',"money":' + money + b"}"
    if len(clocks) == 1:  # a dealing table's seconds since its last hand: most tiles
        return b"".join((pieces[0], repr(clocks[0].at(at)).encode(), pieces[1], end))
    parts = [pieces[0]]
    for clock, piece in zip(clocks, pieces[1:]):
        parts.append(repr(clock.at(at)).encode())
        parts.append(piece)
    parts.append(end)
    return b"".join(parts)


def floor_body(generated_at: datetime, tiles: Sequence, totals: dict[str, Any], encode: Callable[[Any], bytes],
               money: dict[int, bytes] | None = None, no_money: bytes = b"", shift: dict | None = None) -> bytes:
    """The floor's JSON as `FloorView.document` writes it: generated_at, totals, tables (each tile with
    its money when `money` is given: `no_money` for a table without any), shift."""
    parts = [b'{"generated_at":', encode(generated_at.isoformat()), b',"totals":', encode(totals), b',"tables":[']
    entries = [tile_json(tile.pieces, tile.clocks, generated_at,
                         None if money is None else money.get(tile.entry["table"]["id"], no_money))
               for tile in tiles]
    parts.append(b",".join(entries))
    parts.append(b"]")
    if shift is not None:
        parts += [b',"shift":', encode(shift)]
    parts.append(b"}")
    return b"".join(parts)


def tile_facts(entry: dict[str, Any]) -> tuple:
    """What a tile adds to the floor's totals: (status, counted hands, rounds, deals, pace, open alerts by
    severity, acknowledged alerts, unresolved by severity)."""
    alerts = entry["alerts"]
    return (entry["status"], entry["shoe"]["counted_hands"] if entry["shoe"] else 0,
            (entry.get(NIUNIU) or {}).get("rounds", 0),
            ((entry.get(DABANG) or {}).get("match") or {}).get("deals_done", 0),
            entry["pace_per_hour"] or 0, tuple(alerts["open"][severity] for severity in SEVERITIES),
            alerts["acknowledged"], tuple(alerts["unresolved"][severity] for severity in SEVERITIES))


def totals(facts: Sequence[tuple]) -> dict[str, Any]:
    by_status = dict.fromkeys(STATUSES, 0)
    open_alerts, unresolved = [0] * len(SEVERITIES), [0] * len(SEVERITIES)
    hands = rounds = deals = acknowledged = pace = 0
    for status, counted, tile_rounds, tile_deals, tile_pace, tile_open, tile_acknowledged, tile_unresolved in facts:
        by_status[status] += 1
        hands, rounds, deals = hands + counted, rounds + tile_rounds, deals + tile_deals
        pace += tile_pace
        acknowledged += tile_acknowledged
        for index in range(len(SEVERITIES)):
            open_alerts[index] += tile_open[index]
            unresolved[index] += tile_unresolved[index]
    return {
        "tables": len(facts),
        "by_status": by_status,
        # What each game dealt, counted apart (never one figure of hands and rounds): baccarat's counted hands in
        # the open shoes, 百人牛牛's rounds at its tables, 打棒's deals of each table's current match.
        "hands": hands, "rounds": rounds, "deals": deals,
        "pace_per_hour": round(pace, 1),
        "open_alerts": dict(zip(SEVERITIES, open_alerts)),
        "acknowledged_alerts": acknowledged,
        "unresolved_alerts": dict(zip(SEVERITIES, unresolved)),
    }
