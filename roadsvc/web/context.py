"""The pages' shared objects: the app's database and caches, the clock, the CSRF check, the
signed-in pit boss, and the page's language and theme."""

from __future__ import annotations

from datetime import datetime

from flask import current_app, g, request, session
from flask_wtf.csrf import CSRFProtect

from roadsvc.persistence.engine import Database
from roadsvc.render.themes import THEMES
from roadsvc.services.floor import FloorCache
from roadsvc.services.floor.page import RoadArt
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.services.keys.principals import Principal
from roadsvc.services.baccarat.snapshots import SnapshotCache
from roadsvc.web.labels import check_language

ART, CLOCK = "roadsvc.web.art", "roadsvc.clock"
csrf = CSRFProtect()


def database() -> Database:
    return current_app.extensions["roadsvc.db"]


def snapshots() -> SnapshotCache:
    return current_app.extensions["roadsvc.snapshots"]


def floor_cache() -> FloorCache:
    return current_app.extensions["roadsvc.floor"]


def floor_clock() -> FloorClock:
    return current_app.extensions["roadsvc.floor_clock"]


def art() -> RoadArt:
    return current_app.extensions[ART]


def now() -> datetime:
    """The pages' clock: `utcnow` unless a test put a controllable clock in its place."""
    return current_app.extensions[CLOCK]()


def pit_boss() -> Principal:
    """The signed-in pit boss (set by the blueprint's before_request)."""
    return g.pit_boss


def preferences() -> tuple[str, str]:
    """(language, theme): from the query string when given (then kept in the session), else the session's."""
    for name, check in (("lang", check_language), ("theme", _check_theme)):
        if name in request.args:
            session[name] = check(request.args[name])
    return check_language(session.get("lang")), _check_theme(session.get("theme"))


def _check_theme(theme: str | None) -> str:
    return theme if theme in THEMES else "light"
