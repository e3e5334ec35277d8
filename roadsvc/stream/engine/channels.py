"""The engine's channels: one per scope (a table, or the whole floor) and audience, so that a
display's channel never carries an operators' event; and one per key (or signed-in page's session), which
carries nothing and is deleted when the key is revoked (the session ended): the engine then closes its
streams.

Every event is published to each channel whose readers may see it: an event of table 7 for everyone
to `t7`, `t7.ops`, `floor` and `floor.ops`; an operators' event to `t7.ops` and `floor.ops` only.
`floor.ops` carries every event and is published to last.
"""

from __future__ import annotations

from roadsvc.services.events import ALL, OPERATORS

FLOOR = "floor"
OPS = ".ops"


def event_channels(prefix: str, table_id: int | None, audience: str) -> list[str]:
    """The channels an event is published to, in the order it is published."""
    scopes = ([f"t{table_id}"] if table_id is not None else []) + [FLOOR]
    if audience == OPERATORS:
        return [f"{prefix}{scope}{OPS}" for scope in scopes]
    return [f"{prefix}{scope}{suffix}" for scope in scopes for suffix in ("", OPS)]


def view_channel(prefix: str, tables: frozenset[int] | None, audiences: frozenset[str]) -> str | None:
    """The one channel carrying exactly what a view shows: its table's (or the floor's), with the
    operators' events for a view that may see them; None for a view of several tables (roadsvc
    serves those itself)."""
    if tables is not None and len(tables) != 1:
        return None
    scope = FLOOR if tables is None else f"t{next(iter(tables))}"
    if not audiences <= {ALL, OPERATORS}:
        raise ValueError(f"unknown audiences {sorted(audiences)}")
    return f"{prefix}{scope}{OPS if OPERATORS in audiences else ''}"


def key_channel(prefix: str, key_id: int) -> str:
    return f"{prefix}k{key_id}"


def session_channel(prefix: str, session_id: int) -> str:
    """A signed-in page's own channel: carries nothing, deleted when the session ends (signed out, ended by an
    admin, its key revoked), which closes that page's streams and no other stream of the key."""
    return f"{prefix}s{session_id}"


def probe_channel(prefix: str) -> str:
    """The publisher's probe's own channel (stream.engine.probe): carries nothing, as a key's."""
    return f"{prefix}probe"
