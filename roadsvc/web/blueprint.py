"""The pages' blueprint: its templates and static files, the CSRF check on every form post,
the sign-in check on every page but /login, and errors answered as pages."""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import urlencode

from flask import Blueprint, current_app, g, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from markupsafe import Markup

from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring import texts
from roadsvc.domain.texts import actor_name, bet_title
from roadsvc.services.alerts import SYSTEM_ACTOR
from roadsvc.translations import reader
from roadsvc.services.errors import Conflict, NotFound, ServiceError, TooManyRequests
from roadsvc.web import sessions
from roadsvc.web.context import csrf, database, now, preferences
from roadsvc.web.labels import WORDS, Labels, label

blp = Blueprint("web", __name__, template_folder="templates", static_folder="static", static_url_path="/floor/static")

OPEN_ENDPOINTS = {"web.login", "web.static", "web.font", "web.favicon"}
# The pages load only their own stylesheet, scripts, font and images, post only to themselves,
# and run no inline script (the page's settings are a JSON data block, not code).
PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
            "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
STATUS_OF = {NotFound: 404, Conflict: 409}  # a refusal's status by its kind: a subclass (WrongGame) is its kind's


@blp.before_request
def check_request():
    g.lang, g.theme = preferences()  # first: a refusal below is worded in the page's language
    if request.method == "POST" and request.endpoint == "web.login":
        same_site_only()  # no session yet, so no session token to check
    elif request.method == "POST":
        csrf.protect()  # CSRFError (400) without the session's token: nothing changes
    if request.endpoint in OPEN_ENDPOINTS:
        return None
    g.pit_boss = sessions.signed_in(database(), now(), current_app.extensions[sessions.LIFETIMES])
    if g.pit_boss is None:
        return _to_login()
    return None


def same_site_only() -> None:
    """The sign-in post comes from our own page: a browser says where a post comes from (Sec-Fetch-Site,
    Origin); another site's is refused as a form without its token is (CSRFError, 400)."""
    fetched_from = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    if fetched_from is not None and fetched_from not in ("same-origin", "none"):
        raise CSRFError("a sign-in from another site")
    if origin is not None and origin.rstrip("/") != request.host_url.rstrip("/"):
        raise CSRFError("a sign-in from another origin")


def _to_login():
    if request.method == "GET" and not request.headers.get("X-Roadsvc-Live"):
        return redirect(url_for("web.login") + "?" + urlencode({"next": request.full_path.rstrip("?")}))
    return {"code": "signed_out", "message": label("session_expired"), "field": None}, 401


@blp.after_request
def page_headers(response):
    """Before the app's security headers (roadsvc.api.serving.security), which keep what is set here."""
    response.headers["Content-Security-Policy"] = PAGE_CSP
    # Same-origin posts carry their Referer: Flask-WTF checks it on HTTPS.
    response.headers["Referrer-Policy"] = "same-origin"
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"  # a page holds its CSRF token and the floor
    return response


@blp.context_processor
def page_words():
    language = getattr(g, "lang", "zh-Hans")
    clock = current_app.extensions["roadsvc.floor_clock"]
    return {"t": label, "lang": language,
            "theme": getattr(g, "theme", "light"), "labels": Labels(WORDS), "zone_name": clock.zone_name,
            "alert_title": lambda code: texts.alert_title(code, reader(language)),
            "alert_message": lambda alert: texts.alert_message(alert.code, alert.details, reader(language)),
            "bet_title": lambda code: bet_title(code, reader(language)),
            "audit_action": audit_action, "actor": actor, "actor_note": actor_note,
            "result_marks": {result: label(result)[:1] for result in ("banker", "player", "tie")}}


def actor(name: str | None) -> str:
    """Who did something (an alert's change, an audit record, a note): a person by the key's name as recorded,
    with the word for the key in the page's language; the monitor in the page's language."""
    return actor_name(name, reader(getattr(g, "lang", None)))


def actor_note(name: str | None, note: str | None) -> str:
    """The note of a change: a person's as typed; the monitor's (an English message id, marked with N_ where
    the monitor writes it) in the page's language."""
    return gettext(note) if name == SYSTEM_ACTOR and note else (note or "")


def audit_action(action: str) -> str:
    """An audit record's action in words; one with no word yet is written out, never shown as a code."""
    key = "audit_" + action
    return label(key) if key in WORDS else action.replace("_", " ")


@blp.app_template_filter("money")
def money_filter(value) -> str:
    """'12345.5' -> '12,345.50' (amounts come as decimal strings)."""
    return "—" if value is None else f"{Decimal(str(value)):,.2f}"


@blp.app_template_filter("local_time")
def local_time_filter(moment, with_date: bool = False) -> Markup:
    """A moment in the floor's time zone, the zone written out as the shift report writes it ("14:00:05
    Asia/Macau", never "CST", which names three zones): <time> with the exact instant, and the date and the
    zone's UTC offset in its title."""
    if moment is None:
        return Markup("—")
    clock = current_app.extensions["roadsvc.floor_clock"]
    local = clock.local(moment)
    shown = local.strftime("%Y-%m-%d %H:%M:%S" if with_date else "%H:%M:%S") + " " + clock.zone_name
    return Markup('<time datetime="{}" title="{}">{}</time>').format(
        moment.isoformat(timespec="seconds"), local.strftime("%Y-%m-%d %H:%M:%S ") + clock.zone_label(moment), shown)


@blp.app_template_filter("percent")
def percent_filter(value) -> str:
    return "—" if value is None else f"{100 * float(value):.2f}%"


@blp.errorhandler(CSRFError)
def refused_csrf(error: CSRFError):
    # Flask-WTF's reason ("The CSRF session token is missing.") is English: the page says it in its language.
    return _error_page(400, "csrf_failed", label("csrf_failed"), worded=True)


@blp.errorhandler(DomainError)
def refused_input(error: DomainError):
    return _error_page(422, error.code, error.message)


@blp.errorhandler(ServiceError)
def refused_service(error: ServiceError):
    response = _error_page(status_of(error), error.code, error.message)
    if isinstance(error, TooManyRequests):
        return response[0], 429, {"Retry-After": str(error.retry_after)}
    return response


def status_of(error: ServiceError) -> int:
    """The status of a refusal's kind, by class hierarchy (400 for a kind the pages do not name)."""
    return next((status for kind, status in STATUS_OF.items() if isinstance(error, kind)), 400)


def _error_page(status: int, code: str, message: str, worded: bool = False):
    """The refusal as JSON for the page's script, else as a page. A service's or the domain's message is
    English and precise: an en page shows it; a zh page says what happened in its language by the status
    (the code stays in the JSON and in the page's data-error-code). Something not found is a sentence in every
    language."""
    if status == 404:  # nothing to be precise about: a sentence in every language, the address's own when it names no page
        message = label("error_404_page" if code == "page_not_found" else "error_404")
    elif not worded and g.lang != "en":
        message = label(f"error_{status}" if f"error_{status}" in WORDS else "error_400")
    if request.headers.get("X-Roadsvc-Live"):  # the page's script shows the message as it is
        return {"code": code, "message": message, "field": None}, status
    return render_template("web/error.html", status=status, code=code, message=message), status
