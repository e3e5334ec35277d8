"""打棒 on the pit boss's pages: /floor/tables/<id> for a 打棒 table (its current match, the match road image
and the deals, the table's alerts to acknowledge or resolve there, the matches played there),
/floor/dabang/matches/<m> (one match in full, and its alerts) and the tournaments' brackets,
/floor/dabang/tournaments[/<t>] (rounds, slots, byes, winners, links to the matches).

Every match is shown as the players at the table see it (services.dabang.page): never a seat's hand or a
hidden bottom. The table and match pages are live as the baccarat table's is (static/table.js): a move, a
deal's end or an alert puts their main part in place again, the match road drawn in it (inline SVG, the
drawing of `GET /api/v1/matches/{m}/road.svg`), and the match clock counts down in the page.
"""

from __future__ import annotations

from typing import Any

from flask import Response, g, make_response, render_template, request
from markupsafe import Markup

from roadsvc.render.dabang import render_road_inline
from roadsvc.services.dabang import page
from roadsvc.services.floor.page import alerts_key, digest
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, now, pit_boss
from roadsvc.web.dealers import dealer_version
from roadsvc.web.floor import live_template, page_live, table_live
from roadsvc.web.forms import LogoutForm, NoteForm

SUITS = {"S": ("♠", "black"), "H": ("♥", "red"), "C": ("♣", "black"), "D": ("♦", "red")}
ROAD_CELL = 32
DABANG_EVENTS = ("dabang", "resync")  # what moves a bracket: the stream's one 打棒 event type (docs/events.md), a resync


def suit(code: str | None) -> tuple[str, str]:
    """(symbol, colour) of a trump suit letter; ("—", "") before trump is fixed."""
    return SUITS.get(code or "", ("—", ""))


def clock(seconds: int | None) -> str:
    """Seconds as m:ss (the countdown's own format, floor.js), or — when the match is over."""
    return "—" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


def road_svg(road: dict | None) -> Markup:
    if road is None:
        return Markup("")
    return Markup(render_road_inline(road, {"cell": ROAD_CELL, "theme": g.theme, "language": g.lang}))


def match_version(match: dict | None) -> tuple | None:
    """What the match panel changes with (not the clock: the page counts down by itself)."""
    return match and (match["id"], match["revision"])


def _render(template: str, **context: Any):
    return render_template(template, suit=suit, clock=clock, who=pit_boss(), logout_form=LogoutForm(),
                           note_form=NoteForm(), **context)


def dabang_table_page(table_id: int):
    detail = page.table_detail(database(), table_id, now())
    version = digest((match_version(detail.match), alerts_key(detail.alerts),
                      [(m.id, m.winner) for m in detail.matches], dealer_version(table_id)))
    return _render(live_template("web/dabang_table.html", "web/_dabang_table_main.html"), detail=detail,
                   road=road_svg(detail.road), names={detail.table_id: detail.name}, version=version,
                   live=table_live(table_id))


@blp.route("/floor/dabang/matches/<int:match_id>")
def dabang_match(match_id: int):
    detail = page.match_detail(database(), match_id, now())
    version = digest((match_version(detail.match), alerts_key(detail.alerts)))
    return _render(live_template("web/dabang_match.html", "web/_dabang_match_main.html"), detail=detail,
                   road=road_svg(detail.road), names={detail.table_id: detail.table_name}, version=version,
                   live=table_live(detail.table_id))


@blp.route("/floor/dabang/tournaments")
def dabang_tournaments():
    return _render("web/dabang_tournaments.html", tournaments=page.tournaments(database()))


@blp.route("/floor/dabang/tournaments/<int:tournament_id>")
def dabang_bracket(tournament_id: int):
    """The bracket, live: its script asks for the main part again (with its ETag: 304 while nothing moved) at
    each 打棒 event of the stream, so a match's end advances its winner on the open page."""
    tournament = page.bracket(database(), tournament_id)
    version = digest((tournament, g.lang, g.theme))
    context = {"tournament": tournament, "version": version, "live": page_live(DABANG_EVENTS)}
    if not request.headers.get("X-Roadsvc-Live"):
        return _render("web/dabang_bracket.html", **context)
    if request.if_none_match.contains_weak(version):
        response = Response(status=304)
    else:
        response = make_response(_render("web/_dabang_bracket_main.html", **context))
    response.set_etag(version)  # the main part's only: the whole page carries the session's forms
    return response
