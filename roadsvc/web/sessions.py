"""Who is signed in: a pit boss (or admin) key entered once at /login becomes a server-side
session (roadsvc.services.pit.page_sessions): the signed cookie holds the session's random token
(and the page's language and theme), never the key.

The cookie is HttpOnly and SameSite=Strict, Secure when the request came over HTTPS
(ROADSVC_WEB_COOKIE_SECURE=auto; 1 or 0 force it, e.g. behind a TLS-terminating proxy
without ProxyFix), and expires ROADSVC_WEB_SESSION_HOURS (12 by default) after it was last
set: Flask refuses a cookie older than that even if a browser kept it. It is set only when
the session changes, never by a mere read, so a read that was in flight when the pit boss
signed out cannot put the signed-in cookie back. Every page request checks the token's row
with its key: signing out, "sign out everywhere", revoking the key, the idle timeout
(ROADSVC_WEB_SESSION_IDLE_MINUTES) and the absolute one end the session at once, even for a
copy of the cookie.

The signing secret is ROADSVC_SECRET_KEY; when unset, one is generated once into the
instance folder (`secret_key`, readable by its owner only) so restarts and workers agree.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from datetime import datetime, timedelta

from flask import Flask, Request, Response, has_request_context, request, session
from flask.sessions import SecureCookieSessionInterface, SessionMixin

from roadsvc.persistence.engine import Database
from roadsvc.services.pit import page_sessions
from roadsvc.services.errors import Unauthenticated
from roadsvc.services.keys.principals import PAGE_ROLES, Principal, presented_in
from roadsvc.services.keys.verifier import KeyVerifier

SECRET_FILE = "secret_key"
LIFETIMES, TOKEN = page_sessions.LIFETIMES, page_sessions.TOKEN


def lifetimes(app: Flask) -> page_sessions.Lifetimes:
    return page_sessions.Lifetimes(idle=timedelta(minutes=app.config["WEB_SESSION_IDLE_MINUTES"]),
                                   absolute=timedelta(hours=app.config["WEB_SESSION_HOURS"]))


def secret_key(configured: str | None, instance_path: str) -> str:
    """The configured secret, else the instance folder's (created once, mode 0600).

    Written to a private temporary file and linked into place: a second process starting
    at the same moment either wins the link or reads the complete winner's secret."""
    if configured:
        return configured
    path = Path(instance_path) / SECRET_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret-")  # mode 0600
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32))
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    return path.read_text().strip()


class PageSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, with Secure decided per request (see the module).

    A request that carries an API key never touches the pages' session: it gets Flask's null
    session (empty, and refusing writes), and no cookie is read, signed or set. A request
    without the session cookie gets an empty session without building the signing serializer;
    an empty session nobody changed is saved by doing nothing. So the displays' polls, which
    carry a key and no cookie, pay for no session at all.
    """

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:
        if presented_in(request.headers) is not None:
            return self.make_null_session(app)
        if self.get_cookie_name(app) not in request.cookies:
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if not session and not session.modified and not session.accessed:
            return  # nothing to set, delete or vary on
        super().save_session(app, session, response)

    def get_cookie_secure(self, app: Flask) -> bool:
        setting = str(app.config["WEB_COOKIE_SECURE"]).lower()
        if setting == "auto":
            return has_request_context() and request.is_secure
        return setting in ("1", "true", "yes")


class Refused(Exception):
    """The key given at /login is not a page key: `reason` names the label to show."""

    def __init__(self, reason: str, role: str | None = None):
        super().__init__(reason)
        self.reason, self.role = reason, role


def sign_in(verifier: KeyVerifier, db: Database, plain: str, now: datetime) -> Principal:
    """The key's principal if it may see the floor; Refused otherwise."""
    try:
        principal = verifier.verify(plain.strip()) if len(plain) <= 200 else None
    except Unauthenticated:  # expired
        principal = None
    if principal is None:
        raise Refused("wrong_key")
    if principal.role not in PAGE_ROLES:
        raise Refused("low_key", principal.role)
    preferences = _preferences()
    session.clear()  # a new session: nothing from before the sign-in survives but the page's language and theme
    session.permanent = True
    session.update(preferences)
    session[TOKEN] = page_sessions.start(db, principal, now)
    return principal


def signed_in(db: Database, now: datetime, lives: page_sessions.Lifetimes) -> Principal | None:
    """The session's pit boss while the session lives and its key may still see the floor."""
    if TOKEN not in session:
        return None
    principal = page_sessions.check(db, session[TOKEN], now, lives)
    if principal is None:
        _forget()
    return principal


def sign_out(db: Database, now: datetime) -> None:
    page_sessions.end(db, session.get(TOKEN), now)
    _forget()


def _forget() -> None:
    preferences = _preferences()
    session.clear()
    session.update(preferences)


def _preferences() -> dict[str, str]:
    return {name: session[name] for name in ("lang", "theme") if name in session}
