"""The pit boss's pages: /login, /logout, /floor and /floor/tables/<id>, server-rendered
(Jinja), with plain CSS and a little plain JavaScript from the package: no build step,
no CDN, so they work on a closed network.

`init_app(app)` sets the signed session cookie (roadsvc.web.sessions), Flask-WTF's CSRF
check on every form post, then registers the blueprint, and Flask-Babel over the gettext
catalogues (roadsvc.translations) in the page's language; `init_state(app)` (part of
roadsvc.app.init_state) the road art cache, the clock the pages read and the sessions'
lifetimes. See docs/floor_page.md.
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask, g
from flask_babel import Babel

from roadsvc.domain.texts import DEFAULT_LANGUAGE
from roadsvc.persistence.models import utcnow
from roadsvc.translations import LOCALES, compiled_directory
from roadsvc.services.floor.page import RoadArt
from roadsvc.web import sessions
from roadsvc.web.context import ART, CLOCK, csrf
from roadsvc.web.views import blp

BLUEPRINT = blp.name


def init_app(app: Flask) -> None:
    hours = app.config["WEB_SESSION_HOURS"]
    app.secret_key = sessions.secret_key(app.config["SECRET_KEY"], app.instance_path)
    app.config.update(
        PERMANENT_SESSION_LIFETIME=timedelta(hours=hours),
        SESSION_COOKIE_NAME="roadsvc_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        # Set the cookie only when the session changes (sign-in, sign-out, language, theme): a page
        # read in flight at logout, answered after it, must not hand the browser its session back.
        SESSION_REFRESH_EACH_REQUEST=False,
        # The API's writes carry a key, not a cookie: the pages' blueprint asks for the check itself.
        WTF_CSRF_CHECK_DEFAULT=False,
        WTF_CSRF_TIME_LIMIT=int(hours * 3600),
    )
    app.session_interface = sessions.PageSessionInterface()
    csrf.init_app(app)
    Babel(app, default_locale=LOCALES[DEFAULT_LANGUAGE], default_translation_directories=str(compiled_directory()),
          locale_selector=page_locale)
    app.register_blueprint(blp)


def init_state(app: Flask) -> None:
    app.extensions[ART] = RoadArt(app.extensions["roadsvc.snapshots"])
    app.extensions[CLOCK] = utcnow
    app.extensions[sessions.LIFETIMES] = sessions.lifetimes(app)


def page_locale() -> str:
    """The catalogue of the page's language (roadsvc.web.context.preferences: ?lang=, kept in the session)."""
    return LOCALES[getattr(g, "lang", DEFAULT_LANGUAGE)]
