"""The application factory, split as in cookiecutter-flask: extensions, blueprints,
error handlers, commands. `create_app(config)` takes overrides (tests) on top of the
ROADSVC_ environment (roadsvc.config)."""

from __future__ import annotations

import logging
from typing import Any, Mapping

from flask import Flask, request

from roadsvc.api import create_api, register_blueprints as register_api_blueprints
from roadsvc.api import read_links
from roadsvc.api.application import RoadsFlask
from roadsvc.api.context import DB, KEYS, LOBBY, SNAPSHOTS
from roadsvc.api.errors import error_response, register_errorhandlers
from roadsvc.config import load_settings
from roadsvc.persistence.engine import Database
from roadsvc.persistence.migrations import upgrade
from roadsvc.services.images import EXTENSION as IMAGES, RoadImages, font_problem
from roadsvc.services.keys import KeyVerifier
from roadsvc.services.lobby import Lobby
from roadsvc.services.snapshots import SnapshotCache

BODY_METHODS = {"POST", "PUT", "PATCH"}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    settings = load_settings(overrides=config)
    app = RoadsFlask("roadsvc", instance_path=settings["INSTANCE_PATH"], static_folder=None)
    app.config.update(settings)
    logging.basicConfig(level=settings["LOG_LEVEL"])
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_commands(app)
    return app


def register_extensions(app: Flask) -> None:
    db = Database.from_settings(app.config)
    app.extensions[DB] = db
    app.extensions[KEYS] = KeyVerifier(db, ttl=app.config["KEY_CACHE_TTL"], max_size=app.config["KEY_CACHE_SIZE"])
    app.extensions[SNAPSHOTS] = SnapshotCache(db, max_entries=app.config["SNAPSHOT_CACHE_SIZE"])
    app.extensions[LOBBY] = Lobby(db, max_rows=app.config["LOBBY_CACHE_SIZE"])
    # A missing CJK font is logged now; images then answer 503 font_missing (never boxes).
    app.extensions[IMAGES] = RoadImages(app.extensions[SNAPSHOTS], app.config["IMAGE_CACHE_BYTES"], font_problem())
    read_links.init_app(app)
    app.extensions["roadsvc.api"] = create_api(app)


def register_blueprints(app: Flask) -> None:
    register_api_blueprints(app.extensions["roadsvc.api"])
    app.before_request(refuse_non_json_body)


def refuse_non_json_body():
    """A write with a body that is not JSON is refused before any view sees it."""
    if request.method in BODY_METHODS and request.content_length and not request.is_json:
        return error_response(415, "unsupported_media_type", "send the body as application/json")
    return None


def register_commands(app: Flask) -> None:
    @app.cli.command("db-upgrade")
    def db_upgrade() -> None:
        """Apply the Alembic migrations (same as `roadsvc db upgrade`)."""
        upgrade(app.config["DATABASE_URL"])
