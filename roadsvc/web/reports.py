"""/floor/reports: the shift reports a pit manager prints and signs (issue 36), linked from the floor for a
pit boss whose key reads money: the shift running now (provisional) and the ones before it over a week,
each with its PDF and CSV in every language (the API's files, read with the page's session), and whether its
final report was stored (when) or the report is provisional."""

from __future__ import annotations

from flask import abort, render_template

from roadsvc.services.capabilities import READ_MONEY
from roadsvc.services.pit import shift_reports
from roadsvc.web.blueprint import blp
from roadsvc.web.context import database, floor_clock, now, pit_boss
from roadsvc.web.forms import LogoutForm


@blp.route("/floor/reports")
def shift_reports_page():
    if not pit_boss().can(READ_MONEY):
        abort(403)
    clock, moment = floor_clock(), now()
    shifts = [{**shift, "hours": f"{clock.local(shift['begins']):%Y-%m-%d %H:%M} – {clock.local(shift['ends']):%H:%M}",
               "written": shift["written_at"] and f"{clock.local(shift['written_at']):%Y-%m-%d %H:%M:%S}"}
              for shift in shift_reports.recent_shifts(database(), clock, moment)]  # the zone once, above
    return render_template("web/shift_reports.html", shifts=shifts,
                           zone=clock.zone_label(moment), who=pit_boss(),
                           logout_form=LogoutForm())
