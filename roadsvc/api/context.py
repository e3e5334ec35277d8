"""The app's shared objects, for views: the database, the key verifier, the snapshot cache."""

from __future__ import annotations

from datetime import datetime

from flask import current_app, g

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.admin_audit import Actor
from roadsvc.services.floor import FloorCache
from roadsvc.services.games import TableGames
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.services.keys.principals import Principal
from roadsvc.services.lobby import Lobby
from roadsvc.services.scopes import TableScopes
from roadsvc.services.baccarat.snapshots import SnapshotCache

DB, KEYS, SNAPSHOTS = "roadsvc.db", "roadsvc.keys", "roadsvc.snapshots"
FLOOR = "roadsvc.floor"
LOBBY = "roadsvc.lobby"
GAMES = "roadsvc.games"
SCOPES = "roadsvc.scopes"
FLOOR_CLOCK = "roadsvc.floor_clock"
CLOCK = "roadsvc.clock"  # the app's clock (a test's controllable one; else the wall clock)


def now() -> datetime:
    """The app's time: what the pages, the page sessions and the floor's statuses are read against."""
    return current_app.extensions.get(CLOCK, utcnow)()


def database() -> Database:
    return current_app.extensions[DB]


def snapshots() -> SnapshotCache:
    return current_app.extensions[SNAPSHOTS]


def principal() -> Principal:
    """The caller, set by @requires."""
    return g.principal


def acting() -> Actor:
    """The caller as the audit trail names it."""
    caller = principal()
    return Actor(caller.actor, caller.key_id)
def monitor_rules_on() -> bool:
    """Whether the monitoring rules run on the writes (ROADSVC_MONITOR_WRITE_RULES)."""
    return bool(current_app.config["MONITOR_WRITE_RULES"])


def floor_clock() -> FloorClock:
    """The floor's time zone and shifts (roadsvc.services.pit.shifts)."""
    return current_app.extensions[FLOOR_CLOCK]


def floor_cache() -> FloorCache:
    return current_app.extensions[FLOOR]


def lobby() -> Lobby:
    return current_app.extensions[LOBBY]


def table_games() -> TableGames:
    return current_app.extensions[GAMES]


def table_scopes() -> TableScopes:
    """The table of a path's shoe or match, for the bound keys' check (roadsvc.api.auth)."""
    return current_app.extensions[SCOPES]
