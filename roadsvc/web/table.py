"""/floor/tables/<id>: one table's newest shoe in full: the scoreboard, the shoe's statistics,
its hands with their cards, its audit log and its alerts (a 百人牛牛 table: roadsvc.web.niuniu_table)."""

from __future__ import annotations

from flask import current_app, render_template, request

from roadsvc.domain.games import NIUNIU

from roadsvc.services.floor_page import digest, table_detail
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, pit_boss, snapshots
from roadsvc.web.floor import events_url, road_svg
from roadsvc.web.forms import LogoutForm, NoteForm
from roadsvc.web.niuniu_table import niuniu_table_page

SCOREBOARD = {"cell": 24, "columns": 30}
SUITS = {"S": ("♠", "black"), "C": ("♣", "black"), "H": ("♥", "red"), "D": ("♦", "red")}


def card_faces(codes: list[str] | None) -> list[tuple[str, str, str]]:
    """(rank, suit symbol, colour) of each card code ("10H", "KD")."""
    return [(code[:-1], *SUITS[code[-1]]) for code in codes or []]


@blp.route("/floor/tables/<int:table_id>")
def table(table_id: int):
    if current_app.extensions["roadsvc.games"].game_of(table_id) == NIUNIU:
        return niuniu_table_page(table_id)
    detail = table_detail(database(), snapshots(), table_id)
    shoe = detail.shoe
    revision = detail.document.revision if detail.document else None
    version = digest((revision, [(a.id, a.state, a.count) for a in detail.alerts]))
    scoreboard = road_svg({"id": shoe.id, "revision": revision}, "scoreboard", **SCOREBOARD) if shoe else ""
    template = "web/_table_main.html" if request.headers.get("X-Roadsvc-Live") else "web/table.html"
    return render_template(template, detail=detail, scoreboard=scoreboard, cards=card_faces, note_form=NoteForm(),
                           logout_form=LogoutForm(), who=pit_boss(), version=version,
                           names={detail.table.id: detail.table.name}, events=events_url(table_id=table_id))
