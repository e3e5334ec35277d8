"""百人牛牛's money alerts (issue 34): `large_win` and `hold_out_of_line` about the table (subject `table`),
raised by the jobs' money watch after each settled round, on SQLite and PostgreSQL, with the table's own
limits and a clock the test sets. The window is the floor's shift the round was settled in.

The hands (niuniu_support.HANDS), at commission 0: player_1 wins 10x, player_4 wins 10x, player_2 and
player_3 lose 8x (the banker's bull 8).

Regression: before issue 34's money alerts the watch read baccarat shoes only, so none of these was raised.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from betting import bet, make_table  # noqa: F401  (baccarat's table, beside a 百人牛牛 one)
from niuniu_support import by_order, slip_body
from roadsvc.persistence.models import NiuniuRound, utcnow
from roadsvc.services import alerts
from roadsvc.services.baccarat import monitor as baccarat_monitor
from roadsvc.services.niuniu import monitor as niuniu_monitor
from roadsvc.services.pit.money_watch import MoneyWatch
from roadsvc.services.pit.shifts import FloorClock

CLOCK = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})  # default


class Watch:
    """The jobs' money watch on a clock the test moves (a few seconds a step)."""

    def __init__(self, db):
        self.now = utcnow()
        self.watch = MoneyWatch(db, clock=lambda: self.now)
        self.watch.step()  # starts at the log's newest event

    def step(self) -> list[int]:
        self.now += timedelta(seconds=2)
        self.watch.step()
        return self.watch.tables


def niuniu_table(api, monitoring: dict, **niuniu) -> int:
    settings = {"monitoring": monitoring, **({"niuniu": niuniu} if niuniu else {})}
    answer = api.post("/api/v1/tables", {"name": "Niu 9", "game": "niuniu", "settings": settings}, role="pitboss")
    assert answer.status_code == 201, answer.json
    return answer.json["id"]


def play(api, table_id: int, number: int, **slips: dict) -> None:
    """Round `number`: each account's bets ({account: {area: stake}}), its cards, opened and settled."""
    for account, bets in slips.items():
        taken = api.post(f"/api/v1/tables/{table_id}/slips", slip_body(number, account, "100000.00", bets),
                         role="game_server")
        assert taken.status_code == 201, taken.json
    rounds = f"/api/v1/tables/{table_id}/rounds"
    assert api.post(rounds, by_order(number), role="dealer").status_code == 201
    assert api.post(f"{rounds}/{number}/open", {}, role="dealer").status_code == 200


def found(api, table_id: int, code: str) -> list[dict]:
    answer = api.get(f"/api/v1/alerts?table_id={table_id}&code={code}", role="pitboss")
    assert answer.status_code == 200, answer.json
    return answer.json["alerts"]


def tile(api, table_id: int) -> dict:
    floor = api.get("/api/v1/floor", role="pitboss").json
    [entry] = [entry for entry in floor["tables"] if entry["table"]["id"] == table_id]
    return entry


def test_regression_the_money_watch_reads_niuniu_rounds(api):
    """On main before issue 34's money alerts, a 百人牛牛 account winning past the limit raised nothing."""
    table = niuniu_table(api, {"large_win_amount": 1000, "hold_min_turnover": 100})
    watch = MoneyWatch(api.client.application.extensions["roadsvc.db"])
    watch.step()
    play(api, table, 1, a={"player_1": "150.00"}, b={"player_2": "10.00"})
    watch.step()
    assert [a["details"]["account_id"] for a in found(api, table, "large_win")] == ["a"]
    assert len(found(api, table, "hold_out_of_line")) == 1


def test_a_large_win_on_a_round_and_across_the_shift_is_raised_once_per_sighting(api):
    table = niuniu_table(api, {"large_win_amount": 1000})
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    play(api, table, 1, a={"player_1": "60.00"})  # a +600.00: below the limit
    assert watch.step() == [] and found(api, table, "large_win") == []
    play(api, table, 2, a={"player_1": "60.00"})  # a +1,200.00 in the shift: over it, on round 2
    assert watch.step() == [table]
    [alert] = found(api, table, "large_win")
    assert (alert["subject"], alert["shoe_id"], alert["severity"], alert["state"]) == ("table", None, "warning", "open")
    details = alert["details"]
    assert (details["scope"], details["account_id"], details["won"], details["round_number"], details["limit"]) == (
        "shift", "a", "1,200.00", 2, "1,000.00")
    assert details["shift"] == CLOCK.shift_at(datetime.now(timezone.utc)).key
    assert watch.step() == [] and found(api, table, "large_win")[0]["count"] == 1  # not again on the next pass
    assert tile(api, table)["alerts"]["unresolved"]["warning"] == 1
    play(api, table, 3, a={"player_1": "1.00"}, b={"player_4": "150.00"})  # b +1,500.00 on round 3
    assert watch.step() == [table]
    [alert] = found(api, table, "large_win")
    assert alert["count"] == 2 and (alert["details"]["scope"], alert["details"]["account_id"]) == ("round", "b")
    assert [(w["account_id"], w["round_number"], w["scope"]) for w in alert["details"]["wins"]] == [
        ("a", 2, "shift"), ("b", 3, "round")]
    play(api, table, 4, a={"player_1": "1.00"})  # a crossed the limit already in this shift: not again
    assert watch.step() == [] and found(api, table, "large_win")[0]["count"] == 2


def test_a_player_banker_s_large_win_names_the_banker(api):
    table = niuniu_table(api, {"large_win_amount": 1000})
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    applied = api.post(f"/api/v1/tables/{table}/banker/apply", {"account_id": "bk", "balance": "50000.00"},
                       role="game_server")
    assert applied.status_code == 200, applied.json
    play(api, table, 1, a={"player_1": "1.00"})  # the house banks round 1; bk from round 2
    play(api, table, 2, c={"player_2": "100.00", "player_3": "100.00"})  # bk wins 1,600.00 from c
    assert watch.step() == [table]
    [alert] = found(api, table, "large_win")
    details = alert["details"]
    assert (details["scope"], details["account_id"], details["won"], details["banker"], details["round_number"]) == (
        "round", "bk", "1,600.00", True, 2)


def test_a_table_whose_shift_hold_strays_and_comes_back(api):
    table = niuniu_table(api, {"hold_min_turnover": 100, "hold_tolerance": 0.5})  # the house banks, commission 0
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    play(api, table, 1, a={"player_2": "100.00"})  # the house wins 800.00 on 100.00: a hold of 800 %
    assert watch.step() == [table]
    [alert] = found(api, table, "hold_out_of_line")
    details = alert["details"]
    assert (alert["subject"], alert["state"], details["scope"], details["hold"], details["expected_hold"]) == (
        "table", "open", "shift", 8.0, 0.0)
    assert (details["turnover"], details["win"], details["round_number"]) == ("100.00", "800.00", 1)
    money = api.get(f"/api/v1/tables/{table}/money", role="pitboss").json["money"]
    assert (money["hold"], money["expected_hold"]) == (details["hold"], details["expected_hold"])  # the page's
    assert watch.step() == [] and found(api, table, "hold_out_of_line")[0]["count"] == 1
    play(api, table, 2, a={"player_1": "80.00"})  # the house pays 800.00: 0.00 on 180.00, back in line
    assert watch.step() == [table]
    [alert] = found(api, table, "hold_out_of_line")
    assert (alert["state"], alert["resolved_by"]) == ("resolved", alerts.SYSTEM_ACTOR)
    assert alert["resolved_note"] == "the table's hold is back within the tolerance"
    assert tile(api, table)["alerts"]["unresolved"]["warning"] == 0


def test_a_table_a_player_banks_at_commission_0_holds_0_and_is_never_out_of_line(api):
    table = niuniu_table(api, {"hold_min_turnover": 1, "hold_tolerance": 0.001})
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    applied = api.post(f"/api/v1/tables/{table}/banker/apply", {"account_id": "bk", "balance": "50000.00"},
                       role="game_server")
    assert applied.status_code == 200, applied.json
    play(api, table, 1)
    play(api, table, 2, c={"player_2": "100.00", "player_1": "50.00"})  # bk's money, not the house's
    watch.step()
    assert found(api, table, "hold_out_of_line") == []
    money = api.get(f"/api/v1/tables/{table}/money", role="pitboss").json["money"]
    assert (money["turnover"], money["win"], money["hold"], money["expected_hold"]) == ("150.00", "0.00", 0.0, 0.0)


def test_at_a_commission_the_expected_hold_is_the_table_s_exact_edge(api):
    table = niuniu_table(api, {"hold_min_turnover": 100, "hold_tolerance": 0.5}, commission_percent="5")
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    play(api, table, 1, a={"player_2": "100.00"})
    watch.step()
    [alert] = found(api, table, "hold_out_of_line")
    edge = api.get(f"/api/v1/tables/{table}/niuniu/odds", role="pitboss").json["house_edge"]["of_stake"]
    assert alert["details"]["expected_hold"] == round(float(edge), 6) > 0


def test_a_new_shift_judges_the_hold_again(api):
    db = api.client.application.extensions["roadsvc.db"]
    table = niuniu_table(api, {"hold_min_turnover": 100, "hold_tolerance": 0.5})
    watch = Watch(db)
    play(api, table, 1, a={"player_2": "100.00"})
    earlier = CLOCK.shift_at(datetime.now(timezone.utc)).begins - timedelta(hours=1)  # the previous shift
    with db.write() as session:
        session.query(NiuniuRound).filter_by(table_id=table, number=1).update({"settled_at": earlier})
    watch.step()
    [alert] = found(api, table, "hold_out_of_line")
    assert alert["details"]["shift"] == CLOCK.shift_at(earlier).key
    play(api, table, 2, a={"player_2": "10.00"})  # the shift now: 10.00 staked, below the minimum
    assert watch.step() == [table]
    [alert] = found(api, table, "hold_out_of_line")
    assert alert["state"] == "resolved"
    assert alert["resolved_note"] == "a new shift began: the table's hold is judged again from its first round"


@pytest.mark.parametrize("lang, words", [("en", "in this shift, past the limit on round 2"),
                                         ("zh-Hans", "在本班（第 2 局超过上限）赢了 1,200.00"),
                                         ("zh-Hant", "在本班（第 2 局超過上限）贏了 1,200.00")])
def test_the_shift_report_words_the_alert_in_each_language(api, lang, words):
    table = niuniu_table(api, {"large_win_amount": 1000})
    watch = Watch(api.client.application.extensions["roadsvc.db"])
    play(api, table, 1, a={"player_1": "60.00"})
    play(api, table, 2, a={"player_1": "60.00"})
    watch.step()
    shift = CLOCK.shift_at(datetime.now(timezone.utc))
    url = f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}"
    document = api.get(url, role="pitboss").json
    [entry] = [entry for entry in document["tables"] if entry["table"]["id"] == table]
    assert [(a["code"], a["details"]["account_id"]) for a in entry["alerts"]] == [("large_win", "a")]
    csv = api.get(url, query_string={"format": "csv", "lang": lang}, role="pitboss").data.decode("utf-8-sig")
    [line] = [line for line in csv.splitlines() if "1,200.00" in line]
    assert "a" in line and words in line and "large_win" not in line


PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}


def test_each_game_s_money_check_resolves_only_its_own_hold_alert(api, make_table):
    """A baccarat shoe's hold alert (`shoe:<id>`) and a 百人牛牛 table's (`table`) out of line at once: each comes
    back in line on its own game's settled hand or round, and only its own alert resolves; the clock passes
    (baccarat's and 百人牛牛's monitors) never resolve a money alert."""
    db = api.client.application.extensions["roadsvc.db"]
    shoe = make_table("classic", {"monitoring": {"hold_min_turnover": 1000, "hold_tolerance": 0.2}})
    table = niuniu_table(api, {"hold_min_turnover": 100, "hold_tolerance": 0.5})
    watch = Watch(db)
    shoe.slip(bet("banker", "1000.00"), account_id="acct-1")
    shoe.post(PLAYER_NATURAL_9)  # the shoe keeps all of 1,000: 100 %
    play(api, table, 1, a={"player_2": "100.00"})  # the table keeps 800.00 of 100.00: 800 %
    watch.step()
    [baccarat] = found(api, shoe.id, "hold_out_of_line")
    [niuniu] = found(api, table, "hold_out_of_line")
    assert (baccarat["subject"], niuniu["subject"]) == (f"shoe:{shoe.shoe_id}", "table")

    play(api, table, 2, a={"player_1": "80.00"})  # the table back in line; the shoe still out
    for now in (watch.now + timedelta(seconds=1), watch.now + timedelta(seconds=400)):
        baccarat_monitor.check_open_shoes(db, now)
        niuniu_monitor.check_tables(db, now)
    watch.step()
    assert found(api, table, "hold_out_of_line")[0]["state"] == "resolved"
    assert found(api, shoe.id, "hold_out_of_line")[0]["state"] == "open"

    play(api, table, 3, a={"player_2": "100.00"})  # the table out again (800.00 of 280.00): a new alert
    shoe.slip(bet("player", "900.00"), account_id="acct-1")
    shoe.post(PLAYER_NATURAL_9)  # the shoe back in line (5.3 %)
    watch.step()
    assert found(api, shoe.id, "hold_out_of_line")[0]["state"] == "resolved"
    assert [a["state"] for a in found(api, table, "hold_out_of_line")] in (["open", "resolved"], ["resolved", "open"])
