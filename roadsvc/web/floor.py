"""/floor: a tile per table and the unresolved alerts beside them, with the live feeds the
page's script reads (/floor/state, /floor/tiles, /floor/alerts) and the alert forms."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Response, current_app, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from roadsvc.domain.games import GAMES
from roadsvc.domain.monitoring import SEVERITIES
from roadsvc.domain.monitoring.floor import STATUSES
from roadsvc.domain.baccarat.roads.good_roads import GoodRoad
from roadsvc.render import RenderParams
from roadsvc.render.fonts import font_path
from roadsvc.services import alerts as alerts_service
from roadsvc.services.baccarat.vip import table_requests
from roadsvc.services.capabilities import READ_MONEY
from roadsvc.services.errors import NotFound
from roadsvc.services.floor.page import SORTS, FloorPage, floor_page
from roadsvc.web.blueprint import blp
from roadsvc.web.context import art, database, floor_cache, floor_clock, now, pit_boss, snapshots
from roadsvc.web.forms import LogoutForm, NoteForm
from roadsvc.web.labels import label

TILE_ROAD = {"cell": 20, "columns": 14}
EVENTS_ENDPOINT = "events.stream_events"  # GET /api/v1/events (docs/events.md)
NAME_SEARCH_LENGTH = 80  # a table's name is shorter
ACTIONS = {"acknowledge": alerts_service.acknowledge, "resolve": alerts_service.resolve}


def events_url(**query: Any) -> str | None:
    """The live event stream's URL when this server has one (the page's one EventSource)."""
    return url_for(EVENTS_ENDPOINT, **query) if EVENTS_ENDPOINT in current_app.view_functions else None


def table_live(table_id: int) -> dict[str, Any]:
    """What a table's page script (static/table.js) reads: the floor's state to watch the table's
    version in, the page to fetch again, the stream to wake it, the polling period."""
    return {"state": url_for("web.floor_state"), "table": table_id, "page": request.path,
            "events": events_url(table_id=table_id), "poll": current_app.config["WEB_POLL_SECONDS"]}


def page_live(wake: tuple[str, ...] | None = None) -> dict[str, Any]:
    """What a page's script (static/table.js) reads when no table's version says it moved (a 打棒 bracket):
    the page itself to fetch again (its main part, 304 while its ETag holds), the stream's event types that
    wake it (`wake`; None: every type), the polling period."""
    return {"page": request.path, "events": events_url(), "wake": wake, "poll": current_app.config["WEB_POLL_SECONDS"]}


def live_template(page: str, main: str) -> str:
    """The page's main part alone when its script asks for it again (X-Roadsvc-Live), else the page."""
    return main if request.headers.get("X-Roadsvc-Live") else page


def current_floor() -> FloorPage:
    """The floor now; the shift's money for a pit boss whose key reads money; tiles in the chosen order."""
    moment = now()
    shift = floor_clock().shift_at(moment) if pit_boss().can(READ_MONEY) else None
    return floor_page(database(), snapshots(), floor_cache(), moment, shift, request.args.get("sort", "name"))


def filters() -> dict[str, Any]:
    """The filters from the query string; anything unknown means "any"."""
    status, severity = request.args.get("status", ""), request.args.get("severity", "")
    sort = request.args.get("sort", "name")
    game, name = request.args.get("game", ""), request.args.get("q", "").strip()[:NAME_SEARCH_LENGTH]
    return {"status": status if status in STATUSES else "", "severity": severity if severity in SEVERITIES else "",
            "good": request.args.get("good") == "1", "sort": sort if sort in SORTS else "name",
            "game": game if game in GAMES else "", "q": name}


def tile_shown(tile: dict[str, Any], chosen: dict[str, Any]) -> bool:
    """The same rule as the page's script (floor.js, matches)."""
    worst = tile["worst"]
    return ((not chosen["status"] or tile["status"] == chosen["status"])
            and (not chosen["severity"] or (worst is not None
                                            and SEVERITIES.index(worst) >= SEVERITIES.index(chosen["severity"])))
            and (not chosen["good"] or bool(tile["good_roads"]))
            and (not chosen["game"] or tile["table"]["game"] == chosen["game"])
            and chosen["q"].casefold() in tile["table"]["name"].casefold())


def road_svg(shoe: dict[str, Any] | None, road: str = "big_road", **params: Any) -> Markup:
    """A tile's small big road (marks without data-*), or the road named with `params`."""
    if shoe is None:
        return Markup("")
    chosen = RenderParams(theme=g.theme, language=g.lang, **(params or TILE_ROAD))
    return Markup(art().svg(shoe["id"], shoe["revision"], road, chosen, mark_data=bool(params)))


@blp.app_template_filter("good_road")
def good_road_filter(road: GoodRoad) -> str:
    """A good road's name in the page's language (its English name is the message id)."""
    return gettext(road.name_en)


def page_context(page: FloorPage) -> dict[str, Any]:
    names = {tile["table"]["id"]: tile["table"]["name"] for tile in page.tiles}
    return {"page": page, "names": names, "road_svg": road_svg, "note_form": NoteForm(), "severities": SEVERITIES,
            "statuses": STATUSES, "sorts": SORTS}


@blp.route("/floor")
def floor():
    page, chosen = current_floor(), filters()
    live = {"state": url_for("web.floor_state"), "tiles": url_for("web.floor_tiles"),
            "alerts": url_for("web.floor_alerts"), "events": events_url(), "poll": current_app.config["WEB_POLL_SECONDS"]}
    return render_template("web/floor.html", **page_context(page), filters=chosen, shown=tile_shown, live=live,
                           games=GAMES,
                           logout_form=LogoutForm(), who=pit_boss())


@blp.route("/floor/state")
def floor_state():
    """What the page's script polls: each tile's version and the alerts' version, with an ETag."""
    page = current_floor()
    if request.if_none_match.contains_weak(page.etag):
        response = Response(status=304)
    else:
        response = jsonify(tables=page.versions(), alerts=page.alerts_version, totals=page.totals, sort=page.sort)
    response.set_etag(page.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.route("/floor/tiles")
def floor_tiles():
    """The tiles named by `ids` (comma separated), as HTML for the page to put in place."""
    wanted = {int(part) for part in request.args.get("ids", "").split(",") if part.strip().isdigit()}
    page = current_floor()
    tiles = [tile for tile in page.tiles if tile["table"]["id"] in wanted]
    return render_template("web/_tiles.html", **page_context(page), tiles=tiles)


@blp.route("/floor/alerts")
def floor_alerts():
    return render_template("web/_alerts.html", **page_context(current_floor()))


@blp.route("/floor/alerts/<int:alert_id>/<any(acknowledge, resolve):action>", methods=["POST"])
def alert_action(alert_id: int, action: str):
    form = NoteForm()
    if not form.validate():
        return _refused(label("note_refused"))
    ACTIONS[action](database(), alert_id, pit_boss().actor, form.note.data)
    if request.headers.get("X-Roadsvc-Live"):
        return {"id": alert_id, "action": action}
    flash(label("done"))
    return redirect(_back())


@blp.route("/floor/requests/<int:request_id>/done", methods=["POST"])
def request_done(request_id: int):
    """The pit boss marks a charter's change of dealer done, from the floor's tile."""
    table_requests.mark_done(database(), request_id, pit_boss().actor, None, now())
    if request.headers.get("X-Roadsvc-Live"):
        return {"id": request_id, "state": "done"}
    flash(label("done"))
    return redirect(_back())


def _refused(message: str):
    if request.headers.get("X-Roadsvc-Live"):
        return {"code": "note_required", "message": message, "field": "note"}, 422
    flash(message, "error")
    return redirect(_back())


def _back() -> str:
    target = request.form.get("back", "")
    return target if target.startswith("/floor") and "//" not in target else url_for("web.floor")


@blp.route("/floor/<path:address>")
def no_such_page(address: str):
    """An address under /floor that names no page (a mistyped link, a GET of a form's address): the pages'
    404 page in the reader's language, not the API's English JSON. Every page's own route is more specific."""
    raise NotFound("page_not_found", f"No page at /floor/{address}.")


FAVICON = Path(__file__).parent / "static" / "favicon.svg"


@blp.route("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico whatever the page says: the pages' icon, not a 404. Its bytes, not a file left open
    for the server to stream (a browser that drops the request left the file to the garbage collector)."""
    response = Response(FAVICON.read_bytes(), mimetype="image/svg+xml")
    response.cache_control.max_age = 86400
    return response


@blp.route("/floor/static/fonts/roads.otf")
def font():
    """The roads' CJK font, declared once by the page's stylesheet for every inline SVG."""
    response = Response(font_path().read_bytes(), mimetype="font/otf")
    response.cache_control.max_age = 86400
    return response
