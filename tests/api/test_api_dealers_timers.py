"""A dealer's VIP timers overrun (issue 45): a held VIP hand whose timer ran out (opened by itself at its
deadline) counts against the dealer who dealt it; one the dealer opened in time does not."""

from __future__ import annotations

from datetime import datetime, timedelta

from betting import bet, make_table  # noqa: F401
from roadsvc.jobs import TableModesJob

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}


def test_a_vip_hand_opened_by_its_timer_is_an_overrun_of_its_dealer(make_table):
    table = make_table("classic", {"mode": "vip", "open_seconds": 60})
    dealer = table.api.post("/api/v1/dealers", {"badge": "D-5", "name": "Lam Siu Fong"}, role="pitboss").json
    assert table.api.post(f"/api/v1/tables/{table.id}/dealer", {"badge": "D-5"}, role="dealer").status_code == 201
    held = table.post({"result": "banker"})  # opened by the dealer in time
    opened = table.api.post(f"/api/v1/tables/{table.id}/hands/{held['number']}/open", {}, role="dealer")
    assert opened.status_code == 201, opened.json
    table.slip(bet("banker", "100.00"), account_id="a")
    posted = table.post(BANKER_NATURAL_9)  # nobody opens it: its timer runs out
    deadline = datetime.fromisoformat(posted["deadline"])
    assert TableModesJob(table.db, clock=lambda: deadline).run() == ([(table.id, 2)], [])
    begins, ends = deadline - timedelta(hours=1), deadline + timedelta(minutes=1)
    query = {"from": begins.isoformat(), "to": ends.isoformat()}
    answer = table.api.get(f"/api/v1/dealers/{dealer['id']}/stats", query_string=query, role="pitboss").json
    (baccarat,) = answer["games"]
    assert baccarat["timers_overrun"] == {"count": 1, "held_hands": 2} and baccarat["games"] == 2
