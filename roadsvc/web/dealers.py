"""/floor/dealers: each dealer's figures in the shift running now, per game, beside the floor's (issue 45),
linked from the floor for a pit boss or admin; and the dealer card every game's table page shows (the dealer
now and the table's newest changes)."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template
from flask_babel import gettext

from roadsvc.services.capabilities import DEALERS
from roadsvc.services.dealers import figures, registry
from roadsvc.services.dealers.figures import NONE
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, floor_clock, now, pit_boss
from roadsvc.web.forms import LogoutForm


@blp.app_template_global()
def table_dealer(table_id: int) -> dict[str, Any]:
    """The table's dealer now and its newest changes (the table pages' dealer card)."""
    dealer, changes = registry.table_dealer(database(), table_id)
    return {"now": dealer, "changes": changes}


def dealer_version(table_id: int) -> int | None:
    """What names the table's dealer state in a page's version: its newest change."""
    _, changes = registry.table_dealer(database(), table_id)
    return changes[0].id if changes else None


def not_applicable(entry: dict[str, Any]) -> dict[str, str]:
    """Each measure a game has not, with its reason in the page's language."""
    return {measure: gettext(reason) for measure, reason in entry["not_applicable"].items()}


@blp.route("/floor/dealers")
def dealers_page():
    if not pit_boss().can(DEALERS):
        abort(403)
    clock, moment = floor_clock(), now()
    shift = clock.shift_at(moment)
    found = figures.period_figures(database(), shift.begins, moment, moment)
    roster = registry.list_dealers(database())
    rows = [(dealer, entry) for dealer in roster for entry in figures.dealer_json(found, dealer.id)]
    idle = [dealer for dealer in roster if dealer.id not in found]
    undeclared = [figures.game_json(game, entry) for game, entry in found.get(NONE, {}).items()]
    return render_template("web/dealers.html", rows=rows, idle=idle, undeclared=undeclared,
                           floor=figures.floor_json(found), not_applicable=not_applicable,
                           shift=f"{clock.local(shift.begins):%Y-%m-%d %H:%M} – {clock.local(shift.ends):%H:%M}",
                           zone=clock.zone_label(moment), who=pit_boss(), logout_form=LogoutForm())
