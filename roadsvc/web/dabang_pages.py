"""打棒 on the pit boss's pages: /floor/tables/<id> for a 打棒 table (its current match, the match road image
and the deals, the table's alerts to acknowledge or resolve there, the matches played there),
/floor/dabang/matches/<m> (one match in full, and its alerts) and the tournaments' brackets,
/floor/dabang/tournaments[/<t>] (rounds, slots, byes, winners, links to the matches).

Every match is shown as the players at the table see it (services.dabang.page): never a seat's hand or a
hidden bottom. The road image is the API's own (`GET /api/v1/matches/{m}/road.png`), read with the page's
session like every other read of the pages.
"""

from __future__ import annotations

from typing import Any

from flask import g, render_template, url_for

from roadsvc.services.dabang import page
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, now, pit_boss
from roadsvc.web.forms import LogoutForm, NoteForm

SUITS = {"S": ("♠", "black"), "H": ("♥", "red"), "C": ("♣", "black"), "D": ("♦", "red")}
ROAD_CELL = 32


def suit(code: str | None) -> tuple[str, str]:
    """(symbol, colour) of a trump suit letter; ("—", "") before trump is fixed."""
    return SUITS.get(code or "", ("—", ""))


def clock(seconds: int | None) -> str:
    """Seconds as m:ss (the countdown's own format, floor.js), or — when the match is over."""
    return "—" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


def road_image_url(match_id: int) -> str:
    return url_for("dabang_road.road_picture", match_id=match_id, fmt="png", cell=ROAD_CELL, theme=g.theme,
                   language=g.lang)


def _render(template: str, **context: Any):
    return render_template(template, suit=suit, clock=clock, road_image=road_image_url, who=pit_boss(),
                           logout_form=LogoutForm(), note_form=NoteForm(), **context)


def dabang_table_page(table_id: int):
    detail = page.table_detail(database(), table_id, now())
    return _render("web/dabang_table.html", detail=detail, names={detail.table_id: detail.name})


@blp.route("/floor/dabang/matches/<int:match_id>")
def dabang_match(match_id: int):
    detail = page.match_detail(database(), match_id, now())
    return _render("web/dabang_match.html", detail=detail, names={detail.table_id: detail.table_name})


@blp.route("/floor/dabang/tournaments")
def dabang_tournaments():
    return _render("web/dabang_tournaments.html", tournaments=page.tournaments(database()))


@blp.route("/floor/dabang/tournaments/<int:tournament_id>")
def dabang_bracket(tournament_id: int):
    return _render("web/dabang_bracket.html", tournament=page.bracket(database(), tournament_id))
