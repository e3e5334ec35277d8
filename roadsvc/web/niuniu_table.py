"""/floor/tables/<id> for a 百人牛牛 table: the trend road, the table's money in the shift (a `read_money` key),
the floor monitor's alerts about the table (to acknowledge or resolve there), the pit notes, the newest rounds
with their times (a closed hand's fourth card as a card back, no type) and the rounds' audit log. Times are
the floor's, its zone written out (the `local_time` filter: "14:00:05 Asia/Macau")."""

from __future__ import annotations

from datetime import datetime

from flask import current_app, g, render_template, url_for
from markupsafe import Markup

from roadsvc.render.niuniu import TrendParams, render_trend_inline
from roadsvc.services.floor.page import alerts_key, digest
from roadsvc.services.niuniu.page import niuniu_table_detail
from roadsvc.services.niuniu.stakes import stakes_in_play
from roadsvc.services.niuniu.trend import app_trend_cache
from roadsvc.services.capabilities import READ_MONEY
from roadsvc.services.pit import money, pit_notes
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, floor_clock, now, pit_boss
from roadsvc.web.dealers import dealer_version
from roadsvc.web.floor import live_template, table_live
from roadsvc.web.forms import LogoutForm, NoteForm
from roadsvc.web.labels import Labels, label
from roadsvc.translations import N_, NC_

TREND = {"cell": 28, "columns": 30}
SUITS = {"S": ("♠", "black"), "C": ("♣", "black"), "H": ("♥", "red"), "D": ("♦", "red")}
JOKERS = {"BJ": ("big_joker", "red"), "SJ": ("small_joker", "black")}  # their names in the page's language
WORDS = {
    "trend": N_("Trend road"),
    "rounds": N_("Rounds"),
    "number": N_("Round"),
    "phase": N_("Phase"),
    "hands": NC_("cards", "Hands"),
    "late": N_("Late slips"),
    "banker": N_("Banker"),
    "player_1": N_("Player 1"),
    "player_2": N_("Player 2"),
    "player_3": N_("Player 3"),
    "player_4": N_("Player 4"),
    "time": N_("Time"),
}



def face(code: str | None) -> tuple[str, str, str]:
    """(rank, suit symbol, colour) of a card code; a hidden card (None) is a card back."""
    if code is None:
        return "🂠", "", "back"
    if code in JOKERS:
        name, colour = JOKERS[code]
        return label(name), "", colour
    return (code[:-1], *SUITS[code[-1]])


def trend_svg(table_id: int, revision: int) -> Markup:
    _, road = app_trend_cache(current_app.extensions, database()).document(table_id, revision)
    return Markup(render_trend_inline(road, TrendParams(theme=g.theme, language=g.lang, **TREND)))


def shift_money(table_id: int) -> dict | None:
    """The table's money in the current shift, for a pit boss whose key reads money."""
    if not pit_boss().can(READ_MONEY):
        return None
    shift = floor_clock().shift_at(now())
    return {"shift": shift, "figures": money.table_shift_money(database(), table_id, shift)}


def niuniu_table_page(table_id: int):
    detail = niuniu_table_detail(database(), table_id)
    notes = pit_notes.table_notes(database(), table_id)
    found_money = shift_money(table_id)
    stakes = stakes_in_play(database(), table_id, now())
    version = digest((detail.revision, detail.late_slips, len(detail.audit), alerts_key(detail.alerts),
                      [note.id for note in notes], found_money and found_money["figures"], stakes,
                      dealer_version(table_id)))
    live = {**table_live(table_id), "stakes": url_for("web.niuniu_stakes", table_id=table_id)}
    return render_template(live_template("web/niuniu_table.html", "web/_niuniu_main.html"), detail=detail,
                           trend=trend_svg(table_id, detail.revision), face=face, words=Labels(WORDS), who=pit_boss(),
                           logout_form=LogoutForm(), note_form=NoteForm(), names={detail.table_id: detail.name},
                           version=version, live=live, notes=notes, money=found_money,
                           moment=datetime.fromisoformat, stakes=stakes, stakes_version=digest(stakes))


@blp.route("/floor/tables/<int:table_id>/stakes")
def niuniu_stakes(table_id: int):
    """The stakes section alone (the page's script puts it in place at each slip or round event)."""
    stakes = stakes_in_play(database(), table_id, now())
    return render_template("web/_niuniu_stakes.html", stakes=stakes, stakes_version=digest(stakes))
