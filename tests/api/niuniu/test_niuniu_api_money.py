"""百人牛牛's money (issue 34) against the settlements of rounds with known slips, on SQLite and PostgreSQL:
the table's money, the floor's tile and totals, the shift report (JSON, CSV, PDF).

The hands (niuniu_support.HANDS): the banker bull 8; player_1 牛牛 (wins 10x), player_2 bull 2 (loses 8x),
player_3 no bull (loses 8x), player_4 bomb (wins 10x). Commission 5 % of the winnings.

Round 1, the house banks: a 10.00 on player_1 (+100.00 less 5.00), 20.00 on player_2 (-160.00);
b 5.00 on player_4 (+50.00 less 2.50), 30.00 on player_3 (-240.00); c 40.00 on player_1, then leaves
(refunded: no money). The house wins what the bettors lose: 65.00 + 192.50 = 257.50.
Round 2, bk banks: a 100.00 on player_1 (+1000.00 less 50.00), b 50.00 on player_2 (-400.00); the banker
loses 600.00, a player's money: the house wins the commission, 50.00. Corrected (the same result for these
bets). Round 3: a 10.00, voided (refunded).
"""

from __future__ import annotations

from datetime import datetime, timezone
from fractions import Fraction

import pytest

from niuniu_support import by_order, by_position, other_hands, slip_body
from roadsvc.domain.niuniu.odds import house_edge, table_multiples
from roadsvc.services.pit.shifts import FloorClock

CLOCK = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})
EDGE = round(float(house_edge(table_multiples(), "5")), 6)
FIGURES = {"turnover": "215.00", "win": "307.50", "hold": round(307.5 / 215, 6), "expected_hold": EDGE, "bets": 6,
           "accounts": 2, "largest_bet": "100.00", "largest_win": "950.00",
           "by_bet": {"player_1": "110.00", "player_2": "70.00", "player_3": "30.00", "player_4": "5.00"}}


def slip(api, table_id: int, number: int, account: str, **bets) -> None:
    taken = api.post(f"/api/v1/tables/{table_id}/slips", slip_body(number, account, "100000.00", bets),
                     role="game_server")
    assert taken.status_code == 201, taken.json


def play(api, table_id: int, number: int) -> None:
    rounds = f"/api/v1/tables/{table_id}/rounds"
    assert api.post(rounds, by_order(number), role="dealer").status_code == 201
    assert api.post(f"{rounds}/{number}/open", {}, role="dealer").status_code == 200


@pytest.fixture
def played(api):
    table = api.post("/api/v1/tables", {"name": "Niu 1", "game": "niuniu",
                                        "settings": {"niuniu": {"commission_percent": "5"}}}, role="pitboss").json
    table_id, rounds = table["id"], f"/api/v1/tables/{table['id']}/rounds"
    slip(api, table_id, 1, "a", player_1="10.00", player_2="20.00")
    slip(api, table_id, 1, "b", player_4="5.00", player_3="30.00")
    slip(api, table_id, 1, "c", player_1="40.00")
    applied = api.post(f"/api/v1/tables/{table_id}/banker/apply", {"account_id": "bk", "balance": "20000.00"},
                       role="game_server")
    assert applied.status_code == 200, applied.json
    assert api.post(rounds, by_order(1), role="dealer").status_code == 201
    assert api.post(f"{rounds}/1/leave", {"account_id": "c"}, role="game_server").status_code == 200
    assert api.post(f"{rounds}/1/open", {}, role="dealer").status_code == 200
    slip(api, table_id, 2, "a", player_1="100.00")
    slip(api, table_id, 2, "b", player_2="50.00")
    play(api, table_id, 2)
    corrected = api.post(f"{rounds}/2/correct", {**by_position(hands=other_hands()), "reason": "misread"},
                         role="pitboss")
    assert corrected.status_code == 200 and corrected.json["differences"] == {}
    slip(api, table_id, 3, "a", player_1="10.00")
    assert api.post(rounds, by_order(3), role="dealer").status_code == 201
    assert api.post(f"{rounds}/3/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    return table_id


def settlement(api, table_id: int, number: int) -> dict:
    return api.get(f"/api/v1/tables/{table_id}/rounds/{number}/settlement", role="pitboss").json


def test_the_settlements_the_figures_come_from(api, played):
    first, second = settlement(api, played, 1), settlement(api, played, 2)
    assert (first["accounts"]["a"]["net"], first["accounts"]["b"]["net"]) == ("-65.00", "-192.50")
    assert first["accounts"]["c"]["bets"][0]["outcome"] == "refunded"
    assert first["banker"] == {"account_id": None, "net": "250.00"}  # before the 7.50 commission: the house's
    assert (second["accounts"]["a"]["net"], second["accounts"]["b"]["net"]) == ("950.00", "-400.00")
    assert second["banker"] == {"account_id": "bk", "net": "-600.00"}  # the player banker pays the gross


def test_the_table_s_money_is_its_settlements(api, played):
    answer = api.get(f"/api/v1/tables/{played}/money", role="pitboss")
    assert answer.status_code == 200, answer.json
    assert answer.json["money"] == FIGURES and answer.json["shoe"] is None
    assert api.get(f"/api/v1/tables/{played}/money", role="dealer").status_code == 403


def test_the_floor_counts_the_table_s_money(api, played):
    floor = api.get("/api/v1/floor", role="pitboss").json
    [entry] = [entry for entry in floor["tables"] if entry["table"]["id"] == played]
    assert entry["money"] == {"turnover": "215.00", "win": "307.50", "bets": 6, "hold": FIGURES["hold"]}
    assert floor["totals"]["money"] == entry["money"]
    slip(api, played, 4, "a", player_4="10.00")  # the floor kept the table's sums by its revision: a new round
    play(api, played, 4)  # (bk banks: the bomb wins 100.00, commission 5.00) moves them
    floor = api.get("/api/v1/floor", role="pitboss").json
    [entry] = [entry for entry in floor["tables"] if entry["table"]["id"] == played]
    assert (entry["money"]["turnover"], entry["money"]["win"], entry["money"]["bets"]) == ("225.00", "312.50", 7)


def test_the_shift_report_counts_rounds_money_changes_and_leaves(api, played):
    shift = CLOCK.shift_at(datetime.now(timezone.utc))
    url = f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}"
    document = api.get(url, role="pitboss").json
    [entry] = [entry for entry in document["tables"] if entry["table"]["id"] == played]
    assert entry["table"] == {"id": played, "name": "Niu 1", "game": "niuniu"}
    assert (entry["rounds"], entry["voids"], entry["corrections"], entry["leaves"]) == (2, 1, 1, 1)
    assert entry["hands"] == 0  # rounds, not hands: counted apart (issue 43)
    assert [(c["action"], c["hand"], c["why"]) for c in entry["changes"]] == [("correct", 2, "misread"),
                                                                                ("void", 3, "misdeal")]
    assert entry["money"] == FIGURES and document["totals"]["money"] == FIGURES
    assert (document["totals"]["rounds"], document["totals"]["leaves"]) == (2, 1)
    csv = api.get(url, query_string={"format": "csv", "lang": "zh-Hans"}, role="pitboss").data.decode("utf-8-sig")
    header, _, row = csv.splitlines()[:3]  # the report's status, then the tables
    assert header.startswith("section,table_id,table,hands,rounds,deals,matches,refusals,voids,corrections,leaves,"
                             "shoes,turnover,win,hold")
    assert row.startswith(f"table,{played},Niu 1,0,2,0,0,0,1,1,1,,215.00,307.50,{100 * 307.5 / 215:.2f}%")
    assert "更正 局 2" in csv and "misread" in csv
    pdf = api.get(url, query_string={"format": "pdf", "lang": "zh-Hant"}, role="pitboss")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")


def test_the_expected_hold_is_the_commission_s_exact_share():
    assert house_edge(table_multiples(), "0") == 0
    assert house_edge(table_multiples(), "5") == Fraction(5, 100) * house_edge_gross()


def house_edge_gross() -> Fraction:
    """The mean winnings per unit staked before commission: the expected loss with 100 % commission."""
    return house_edge(table_multiples(), "100")
