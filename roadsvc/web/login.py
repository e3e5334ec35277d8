"""/login and /logout: a pit boss or admin key, entered once, becomes a signed session."""

from __future__ import annotations

from urllib.parse import unquote

from flask import current_app, flash, redirect, render_template, request, url_for

from roadsvc.services.pit import page_sessions
from roadsvc.services.admin_audit import Actor
from roadsvc.services.errors import Unauthenticated
from roadsvc.web import sessions
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, now, pit_boss
from roadsvc.web.forms import LoginForm, LogoutForm
from roadsvc.web.labels import label

LIMITS = "roadsvc.limits"  # the app's rate limits (roadsvc.api.serving.limits), shared with the API's key checks


@blp.route("/login", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if not form.validate_on_submit():
        status = 400 if request.method == "POST" else 200
        return render_template("web/login.html", form=form, error=None, next=_next()), status
    try:
        limited(lambda: sessions.sign_in(current_app.extensions["roadsvc.keys"], database(), form.key.data, now()))
    except sessions.Refused as refused:
        status = 401 if refused.reason == "wrong_key" else 403
        error = label(refused.reason, role=refused.role or "")
        return render_template("web/login.html", form=LoginForm(formdata=None), error=error, next=_next()), status
    return redirect(_next())


def limited(sign_in):
    """Sign in within the API's budget of failed authentications per client address
    (ROADSVC_RATELIMIT_AUTH_FAILURES): a wrong key spends one; spent, a wrong key's answer is 429
    (TooManyRequests, the blueprint's error page). A right key signs in whatever was spent."""

    def verify():
        try:
            return sign_in()
        except sessions.Refused as refused:
            if refused.reason != "wrong_key":
                raise
            raise WrongKey(refused) from refused

    try:
        return current_app.extensions[LIMITS].authenticate(verify)
    except WrongKey as wrong:
        raise wrong.refused from None


class WrongKey(Unauthenticated):
    """A wrong key at /login, as the rate limits count it."""

    def __init__(self, refused: sessions.Refused):
        super().__init__("invalid_key", "this key is unknown, revoked or expired")
        self.refused = refused


@blp.route("/logout", methods=["POST"])
def logout():
    LogoutForm()  # the token was checked before the view (blueprint.check_request)
    if request.form.get("everywhere") == "1":  # this key's every page, on every device
        who = pit_boss()
        page_sessions.sign_out_everywhere(database(), now(), who.key_id, Actor(who.actor, who.key_id))
    sessions.sign_out(database(), now())
    flash(label("logged_out"))
    return redirect(url_for("web.login"))


def _next() -> str:
    """Where to go after signing in: a page of ours, never another site nor out of /floor."""
    target = request.values.get("next", "")
    return target if is_floor_page(target) else url_for("web.floor")


def is_floor_page(target: str) -> bool:
    """A path under /floor as a browser will read it: percent-decoded (%2e%2e is ..) before the check, no
    control character (a newline cannot go in a Location header), no backslash, no `//`, no `..` segment."""
    decoded = target
    for _ in range(3):  # %252e%252e decodes twice
        decoded = unquote(decoded)
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in decoded) or "\\" in decoded or "//" in decoded:
        return False
    path = decoded.split("?", 1)[0].split("#", 1)[0]
    return (path == "/floor" or path.startswith("/floor/")) and ".." not in path.split("/") and "%" not in path
