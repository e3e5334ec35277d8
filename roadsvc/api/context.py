"""The app's shared objects, for views: the database, the key verifier, the snapshot cache."""

from __future__ import annotations

from flask import current_app, g

from roadsvc.persistence.engine import Database
from roadsvc.services.keys import Principal
from roadsvc.services.lobby import Lobby
from roadsvc.services.snapshots import SnapshotCache

DB, KEYS, SNAPSHOTS = "roadsvc.db", "roadsvc.keys", "roadsvc.snapshots"
LOBBY = "roadsvc.lobby"


def database() -> Database:
    return current_app.extensions[DB]


def snapshots() -> SnapshotCache:
    return current_app.extensions[SNAPSHOTS]


def principal() -> Principal:
    """The caller, set by @requires."""
    return g.principal


def lobby() -> Lobby:
    return current_app.extensions[LOBBY]
