"""/floor/tables/<id>: one table's newest shoe in full: the scoreboard, the shoe's statistics,
its hands with their cards, its audit log and its alerts (a 百人牛牛 table: roadsvc.web.niuniu_table; a
打棒 table: roadsvc.web.dabang_pages)."""

from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from markupsafe import Markup

from roadsvc.domain.games import DABANG, NIUNIU
from roadsvc.services.floor.page import alerts_key, digest, held_hand_number, table_detail
from roadsvc.web.blueprint import blp
from roadsvc.render.money_chart import running_win_svg
from roadsvc.services.pit import money, pit_notes
from roadsvc.services.admin_audit import Actor
from roadsvc.services.capabilities import READ_MONEY
from roadsvc.web.context import database, floor_clock, now, pit_boss, snapshots
from roadsvc.web.labels import label
from roadsvc.web.floor import live_template, road_svg, table_live
from roadsvc.web.forms import LogoutForm, NoteForm
from roadsvc.web.dabang_pages import dabang_table_page
from roadsvc.web.dealers import dealer_version
from roadsvc.web.niuniu_table import niuniu_table_page

SCOREBOARD = {"cell": 24, "columns": 30}
SUITS = {"S": ("♠", "black"), "C": ("♣", "black"), "H": ("♥", "red"), "D": ("♦", "red")}


def card_faces(codes: list[str] | None) -> list[tuple[str, str, str]]:
    """(rank, suit symbol, colour) of each card code ("10H", "KD")."""
    return [(code[:-1], *SUITS[code[-1]]) for code in codes or []]


def table_money(table_id: int, shoe) -> dict | None:
    """The shoe's and the shift's money at this table, for a pit boss whose key reads money."""
    if shoe is None or not pit_boss().can(READ_MONEY):
        return None
    found = money.shoe_money(database(), shoe.id)
    points = [(point["hand"], float(point["win"])) for point in found.running_win]
    shift = floor_clock().shift_at(now())
    return {"shoe": found, "shift": money.table_shift_money(database(), table_id, shift), "shift_name": shift,
            "chart": Markup(running_win_svg(points, label("running_win")))}


@blp.route("/floor/tables/<int:table_id>")
def table(table_id: int):
    game = current_app.extensions["roadsvc.games"].game_of(table_id)
    if game == NIUNIU:
        return niuniu_table_page(table_id)
    if game == DABANG:
        return dabang_table_page(table_id)
    detail = table_detail(database(), snapshots(), table_id)
    shoe = detail.shoe
    revision = detail.document.revision if detail.document else None
    notes = pit_notes.table_notes(database(), table_id)
    found_money = table_money(table_id, shoe)
    version = digest((revision, alerts_key(detail.alerts), [n.id for n in notes], dealer_version(table_id),
                      found_money and (found_money["shoe"].figures, found_money["shoe"].open_bets)))
    scoreboard = road_svg({"id": shoe.id, "revision": revision}, "scoreboard", **SCOREBOARD) if shoe else ""
    return render_template(live_template("web/table.html", "web/_table_main.html"), detail=detail,
                           scoreboard=scoreboard, cards=card_faces, note_form=NoteForm(),
                           logout_form=LogoutForm(), who=pit_boss(), version=version,
                           names={detail.table.id: detail.table.name}, live=table_live(table_id),
                           money=found_money, notes=notes, note_shoe=shoe,
                           held=held_hand_number(database(), shoe.id) if shoe else None)


@blp.route("/floor/tables/<int:table_id>/notes", methods=["POST"])
def add_note(table_id: int):
    """A pit note from the table's page (on the table, or on its newest shoe when asked)."""
    form = NoteForm()
    if not form.validate():
        flash(label("note_refused"), "error")
        return redirect(url_for("web.table", table_id=table_id))
    shoe_id = request.form.get("shoe_id", type=int)
    who = pit_boss()
    pit_notes.add_note(database(), table_id, form.note.data, Actor(who.actor, who.key_id), shoe_id, now())
    flash(label("done"))
    return redirect(url_for("web.table", table_id=table_id) + "#notes")
