"""The application factory, split as in cookiecutter-flask: extensions, blueprints,
request hooks, error handlers (the one command line is `roadsvc`, roadsvc.cli).
`create_app(config)` takes overrides (tests) on top of the ROADSVC_ environment
(roadsvc.config).

What the app holds splits in two. Its routes, their OpenAPI document, hooks and
middleware are fixed once built (most of a build's cost). Its state — the database
and everything read from it or counted per process (caches, rate-limit counters, the
event hub, the clocks, logging) — is made by `init_state(app)` from `app.config` alone,
so calling it again gives the app the state of a newly built one (the tests build one
app per worker and configuration and call it for each test: tests/appsupport.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from flask import Flask, Response, request

from roadsvc.api import POLLS, create_api, docs_ui, register_blueprints as register_api_blueprints
from roadsvc.api.serving import operations, security
from roadsvc.api.serving.bodies import check_request
from roadsvc.api.context import DB, FLOOR, FLOOR_CLOCK, GAMES, KEYS, LOBBY, SCOPES, SNAPSHOTS
from roadsvc.api.errors import register_errorhandlers
from roadsvc.api.serving.polls import ConditionalPolls
from roadsvc.api.baccarat.schemas.roads import roads_json
from roadsvc.api.floor import floor_json
from roadsvc.api import read_links
from roadsvc.config import load_settings
from roadsvc.persistence.engine import Database
from roadsvc.services.floor import FloorCache
from roadsvc.services.games import TableGames
from roadsvc.services.baccarat.images import EXTENSION as IMAGES, RoadImages, font_problem
from roadsvc.services.keys.verifier import KeyVerifier
from roadsvc.services.lobby import Lobby
from roadsvc.services.scopes import TableScopes
from roadsvc.services.baccarat.snapshots import SnapshotCache
from roadsvc.stream.engine.handover import engine_handover
from roadsvc.stream.hub import EventHub
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.web import BLUEPRINT as WEB_BLUEPRINT, init_app as init_web, init_state as init_web_state

if TYPE_CHECKING:
    from sqlalchemy import Engine


class Roadsvc(Flask):
    def make_default_options_response(self) -> Response:
        """OPTIONS (a CORS preflight among them) answers what the path allows, as JSON."""
        return security.json_options(super().make_default_options_response())


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    settings = load_settings(overrides=config)
    app = Roadsvc("roadsvc", instance_path=settings["INSTANCE_PATH"], static_folder=None)
    app.config.update(settings)
    operations.init_app(app)  # request IDs, metrics, health: first, before any other hook
    app.extensions["roadsvc.api"] = create_api(app)
    init_state(app)
    register_blueprints(app)
    register_request_hooks(app)
    register_errorhandlers(app)
    register_middleware(app)
    return app


def init_state(app: Flask, engine: Engine | None = None) -> None:
    """Every object of the app that holds data (read from the database, counted, cached,
    subscribed) or a clock, made anew from `app.config`: logging, the rate limits, the
    database and its caches, the event hub, the pages' art and clock. The middleware and
    views find them in `app.extensions` at each request. `engine`: see Database."""
    operations.init_state(app)
    register_extensions(app, engine)
    init_web_state(app)


def register_extensions(app: Flask, engine: Engine | None = None) -> None:
    db = Database.from_settings(app.config, engine)
    app.extensions[DB] = db
    app.extensions[KEYS] = KeyVerifier(db, ttl=app.config["KEY_CACHE_TTL"], max_size=app.config["KEY_CACHE_SIZE"])
    app.extensions[SNAPSHOTS] = SnapshotCache(db, roads_json, max_entries=app.config["SNAPSHOT_CACHE_SIZE"])
    app.extensions[LOBBY] = Lobby(db, max_rows=app.config["LOBBY_CACHE_SIZE"])
    app.extensions[GAMES] = TableGames(db)
    app.extensions[SCOPES] = TableScopes(db)
    # A missing CJK font is logged now; images then answer 503 font_missing (never boxes).
    app.extensions[IMAGES] = RoadImages(app.extensions[SNAPSHOTS], app.config["IMAGE_CACHE_BYTES"], font_problem())
    app.extensions[FLOOR] = FloorCache(floor_json)
    app.extensions[FLOOR_CLOCK] = FloorClock.from_settings(app.config)  # a bad zone or shift list stops the start
    read_links.init_app(app)
    app.extensions["roadsvc.events"] = EventHub.from_settings(db, app.config)  # started by the first stream
    if app.config["REDIS_URL"]:  # streams nginx marks as the push engine's go to it (roadsvc.stream.engine)
        app.extensions["roadsvc.engine"] = engine_handover(app.config)


def register_blueprints(app: Flask) -> None:
    register_api_blueprints(app.extensions["roadsvc.api"])
    docs_ui.init_app(app)  # /api/docs from the installed Swagger UI
    init_web(app)  # the pit boss's pages (roadsvc.web)


def register_request_hooks(app: Flask) -> None:
    app.before_request(check_api_request)  # bodies and query strings (roadsvc.api.serving.bodies)
    security.init_app(app)  # security headers, CORS allowlist


def register_middleware(app: Flask) -> None:
    """Outermost first: ProxyFix, the request envelope (request ID, headers), the polls answered
    before Flask (roadsvc.api.serving.polls), Flask."""
    polls = ConditionalPolls(app.wsgi_app, POLLS, app.extensions)
    operations.wrap(app, polls)


def check_api_request():
    """The API's checks of bodies and query strings; the pages' forms are the pages' to check
    (roadsvc.web: CSRF and Flask-WTF's validation)."""
    return None if request.blueprint == WEB_BLUEPRINT else check_request()
