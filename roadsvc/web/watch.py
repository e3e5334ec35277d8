"""/floor/watch: the watched accounts (issue 45), for pit bosses, linked from the floor. The accounts with an
unresolved `advantage_play` or `opposite_bets` alert first, then the others the advantage-play watch has
counted, the strongest evidence first: their stakes at EV > 0 and at or below 0, the stake-weighted mean EV
against the same stakes placed regardless of the shoe, the p-value and the bets that carry it."""

from __future__ import annotations

from flask import render_template

from roadsvc.services.baccarat import play
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, pit_boss
from roadsvc.web.forms import LogoutForm

SHOWN = 50


@blp.route("/floor/watch")
def watched_accounts():
    accounts = play.watched_accounts(database(), SHOWN)
    names = {table.id: table.name for table in play.table_names(database())}
    return render_template("web/watched_accounts.html", accounts=accounts, names=names, who=pit_boss(),
                           logout_form=LogoutForm())
