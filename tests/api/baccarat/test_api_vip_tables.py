"""VIP (包桌) and squeeze (咪牌) tables through the API, on SQLite and PostgreSQL: held hands
invisible until opened, opening by whom, the automatic open at the deadline (a controllable
clock), charters, flies, the charter's requests and their alerts."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from betting import bet, make_table  # noqa: F401
from roadsvc.jobs import TableModesJob
from roadsvc.services import events as event_log

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9
PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}  # player 9, banker 5
CHARTER = "acct-vip"


def _ts(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.fixture
def vip(make_table):
    """A chartered VIP table with an open shoe."""
    table = make_table("classic", {"mode": "vip"})
    response = table.api.post(f"/api/v1/tables/{table.id}/charter", {"account_id": CHARTER}, role="game_server")
    assert response.status_code == 201, response.json
    return table


def open_hand(table, number: int, role: str = "game_server", **body):
    return table.api.post(f"/api/v1/tables/{table.id}/hands/{number}/open", body, role=role)


def hold(table, hand: dict = BANKER_NATURAL_9) -> dict:
    posted = table.post(hand)
    assert posted["held"] is True
    return posted


def deal(table, hands: int) -> None:
    """Deal `hands` result-only hands, each held then opened by the dealer."""
    for _ in range(hands):
        number = hold(table, {"result": "banker"})["number"]
        assert open_hand(table, number, role="dealer").status_code == 201


def roads(table) -> dict:
    return table.api.get(f"/api/v1/tables/{table.id}/roads").json["roads"]


def lobby_row(table) -> dict:
    rows = table.api.get("/api/v1/tables").json
    return next(row for row in rows if row["table"]["id"] == table.id)


def image(table) -> bytes:
    response = table.api.get(f"/api/v1/tables/{table.id}/roads/bead_plate.png")
    assert response.status_code == 200
    return response.data


def floor_entry(table) -> dict:
    entries = table.api.get("/api/v1/floor", role="pitboss").json["tables"]
    return next(entry for entry in entries if entry["table"]["id"] == table.id)


def odds(table) -> dict:
    response = table.api.get(f"/api/v1/tables/{table.id}/odds", role="pitboss")
    assert response.status_code == 200, response.json
    return response.json


def events(table) -> list:
    return [e for e in event_log.events_after(table.db, 0) if e.table_id == table.id]


# Settings


@pytest.mark.parametrize("settings, field", [
    ({"mode": "charter"}, "settings.mode"),
    ({"open_seconds": 0}, "settings.open_seconds"),
    ({"open_seconds": 3601}, "settings.open_seconds"),
    ({"max_consecutive_flies": -1}, "settings.max_consecutive_flies"),
    ({"shoe_change_after_hands": 201}, "settings.shoe_change_after_hands"),
    ({"shoe_change_minutes": 0}, "settings.shoe_change_minutes"),
    ({"open_seconds": "60"}, "settings.open_seconds"),
])
def test_mode_settings_are_bounded(api, settings, field):
    response = api.post("/api/v1/tables", {"name": "V", "settings": settings}, role="pitboss")
    assert response.status_code == 422 and response.json["field"] == field, response.json


def test_a_standard_table_counts_hands_as_before(make_table):
    table = make_table()
    posted = table.post(BANKER_NATURAL_9)
    assert posted["held"] is False and roads(table)["hands"] == 1


# Held hands: invisible until opened


def test_a_held_hand_is_invisible_in_roads_lobby_floor_odds_events_images_until_opened(vip):
    before_image, before_odds = image(vip), odds(vip)
    before_floor = floor_entry(vip)
    vip.slip(bet("banker", "100.00"), account_id=CHARTER)
    hold(vip)
    assert floor_entry(vip)["cards"] == before_floor["cards"]
    assert (floor_entry(vip)["recent"], floor_entry(vip)["shoe"]["hands"]) == ([], 0)
    assert (before_floor["recent"], before_floor["shoe"]["hands"]) == ([], 0)
    assert {k: odds(vip)[k] for k in ("after_hand", "cards_left", "composition")} == \
        {k: before_odds[k] for k in ("after_hand", "cards_left", "composition")}
    assert roads(vip)["hands"] == 0
    assert lobby_row(vip)["hand_count"] == 0 and lobby_row(vip)["last_result"] is None
    assert image(vip) == before_image
    assert vip.api.get(f"/api/v1/shoes/{vip.shoe_id}/hands").json == []
    seen = events(vip)
    assert [e for e in seen if e.type == "hand"] == []
    (held_event,) = [e for e in seen if e.type == "hand_held"]
    assert held_event.audience == "all" and "result" not in held_event.data and "cards" not in str(held_event.data)
    assert held_event.data["state"] == "held" and held_event.data["deadline"]
    assert vip.settlement(1).json["status"] == "open"

    opened = open_hand(vip, 1, account_id=CHARTER)
    assert opened.status_code == 201 and opened.json["held"] is False, opened.json
    assert roads(vip)["hands"] == 1
    assert (lobby_row(vip)["hand_count"], lobby_row(vip)["last_result"]) == (1, "banker")
    assert image(vip) != before_image
    assert floor_entry(vip)["recent"] == ["banker"] and floor_entry(vip)["shoe"]["hands"] == 1
    assert (odds(vip)["after_hand"], odds(vip)["cards_left"]) == (1, before_odds["cards_left"] - 4)
    (hand_event,) = [e for e in events(vip) if e.type == "hand"]
    assert hand_event.data["result"] == "banker" and hand_event.data["state"] == "opened"


def test_settlement_only_after_opening(vip):
    vip.slip(bet("banker", "100.00"), account_id=CHARTER)
    hold(vip)
    assert vip.settlement(1).json["status"] == "open"
    assert [b["status"] for b in vip.settlement(1).json["bets"]] == ["open"]
    open_hand(vip, 1, role="dealer")
    settled = vip.settlement(1).json
    assert settled["status"] == "settled" and settled["bets"][0]["status"] == "win"


def test_bets_on_a_held_hand_are_refused_cards_known(vip):
    hold(vip)
    refusal = vip.slip(bet("banker", "100.00"), account_id=CHARTER).json["bets"][0]["refusal"]
    assert (refusal["code"], refusal["why"]) == ("betting_closed", "cards_known")
    play = vip.open_bets()["play"]
    assert (play["state"], play["hand_number"]) == ("held", 1) and play["deadline"]


def test_a_held_post_is_idempotent_and_the_next_hand_waits(vip):
    first = hold(vip)
    again = vip.api.post(f"/api/v1/tables/{vip.id}/hands", {**BANKER_NATURAL_9, "number": 1}, role="dealer")
    assert again.status_code == 200 and again.json["held"] and again.json["number"] == first["number"]
    other = vip.api.post(f"/api/v1/tables/{vip.id}/hands", {**PLAYER_NATURAL_9, "number": 1}, role="dealer")
    assert (other.status_code, other.json["code"]) == (409, "hand_conflict")
    nxt = vip.api.post(f"/api/v1/tables/{vip.id}/hands", {**PLAYER_NATURAL_9, "number": 2}, role="dealer")
    assert (nxt.status_code, nxt.json["code"]) == (409, "hand_held")


def test_a_held_hand_is_validated_as_now(vip):
    bad = vip.api.post(f"/api/v1/tables/{vip.id}/hands", {"cards": ["4S", "KD", "3H", "9C", "2D"]}, role="dealer")
    assert bad.status_code == 422
    assert vip.open_bets()["play"]["state"] == "waiting_for_bets"


def test_who_may_open(make_table):
    table = make_table("classic", {"mode": "squeeze"})
    table.slip(bet("player", "100.00"), account_id="bettor")
    posted = hold(table)
    assert posted["deadline"] is None  # squeeze hands wait for a bettor or the dealer
    stranger = open_hand(table, 1, account_id="stranger")
    assert (stranger.status_code, stranger.json["code"]) == (403, "not_allowed_to_open")
    assert open_hand(table, 1).json["code"] == "missing_field"
    assert open_hand(table, 2, account_id="bettor").json["code"] == "hand_not_held"
    assert open_hand(table, 1, account_id="bettor").status_code == 201
    assert open_hand(table, 1, account_id="bettor").status_code == 200  # a retry
    assert roads(table)["hands"] == 1


# The automatic open


def test_the_vip_hand_opens_by_itself_open_seconds_after_the_first_bet(make_table):
    table = make_table("classic", {"mode": "vip", "open_seconds": 60})
    slip = table.slip(bet("banker", "100.00"), account_id="a").json
    posted = hold(table)
    deadline = _ts(posted["deadline"])
    assert deadline == _ts(slip["placed_at"]) + timedelta(seconds=60)
    assert table.open_bets()["play"]["deadline"] == posted["deadline"]

    early = TableModesJob(table.db, clock=lambda: deadline - timedelta(milliseconds=1)).run()
    assert early == ([], []) and roads(table)["hands"] == 0
    on_time = TableModesJob(table.db, clock=lambda: deadline).run()
    assert on_time == ([(table.id, 1)], []) and roads(table)["hands"] == 1
    audit = table.api.get(f"/api/v1/shoes/{table.shoe_id}/audit").json
    assert [(a["hand_number"], a["action"]) for a in audit] == [(1, "auto_open")]
    assert table.settlement(1).json["status"] == "settled"
    play = table.open_bets()["play"]
    assert (play["state"], play["hand_number"], play["last"]["opened_how"]) == ("waiting_for_bets", 2, "automatic")
    assert TableModesJob(table.db, clock=lambda: deadline + timedelta(seconds=5)).run() == ([], [])


# Charters


def test_charter_refusals(vip):
    other = vip.slip(bet("banker", "100.00"), account_id="someone-else")
    assert (other.status_code, other.json["code"]) == (409, "chartered")
    assert vip.slip(bet("banker", "100.00"), account_id=CHARTER).status_code == 201
    taken = vip.api.post(f"/api/v1/tables/{vip.id}/charter", {"account_id": "b"}, role="game_server")
    assert (taken.status_code, taken.json["code"]) == (409, "chartered")
    same = vip.api.post(f"/api/v1/tables/{vip.id}/charter", {"account_id": CHARTER}, role="game_server")
    assert same.status_code == 200
    wrong = vip.api.post(f"/api/v1/tables/{vip.id}/charter/end", {"account_id": "b"}, role="game_server")
    assert wrong.json["code"] == "not_charter_account"
    assert vip.api.post(f"/api/v1/tables/{vip.id}/charter/end", role="game_server").status_code == 200
    assert vip.api.post(f"/api/v1/tables/{vip.id}/charter/end", role="game_server").json["code"] == "not_chartered"
    assert vip.slip(bet("banker", "100.00"), account_id="someone-else").status_code == 201


def test_only_vip_tables_are_chartered(make_table):
    table = make_table("classic", {"mode": "squeeze"})
    response = table.api.post(f"/api/v1/tables/{table.id}/charter", {"account_id": "a"}, role="game_server")
    assert (response.status_code, response.json["code"]) == (409, "not_vip")


# Flies


def fly(table, account: str = CHARTER):
    return table.api.post(f"/api/v1/tables/{table.id}/fly", {"account_id": account}, role="game_server")


def test_the_fifth_fly_is_accepted_the_sixth_refused_and_a_bet_resets_the_count(vip):
    for n in range(1, 6):
        flown = fly(vip)
        assert flown.status_code == 201 and flown.json["consecutive_flies"] == n, flown.json
        assert vip.open_bets()["play"]["state"] == "flown"
        assert vip.post(BANKER_NATURAL_9)["held"] is False  # a flown hand counts at once
    sixth = fly(vip)
    assert (sixth.status_code, sixth.json["code"]) == (409, "fly_limit") and "5" in sixth.json["message"]
    assert roads(vip)["hands"] == 5
    vip.slip(bet("banker", "100.00"), account_id=CHARTER)
    hold(vip)
    open_hand(vip, 6, account_id=CHARTER)
    assert fly(vip).json["consecutive_flies"] == 1


def test_a_flown_hand_takes_no_bets_and_only_the_charter_flies(vip):
    assert fly(vip, "stranger").json["code"] == "not_charter_account"
    fly(vip)
    refusal = vip.slip(bet("banker", "100.00"), account_id=CHARTER).json["bets"][0]["refusal"]
    assert refusal["why"] == "flown"
    kinds = [e.type for e in events(vip)]
    assert "hand_flown" in kinds


def test_a_hand_with_bets_cannot_be_flown(vip):
    vip.slip(bet("banker", "100.00"), account_id=CHARTER)
    assert fly(vip).json["code"] == "hand_has_bets"


# Requests


def ask(table, kind: str, account: str = CHARTER):
    return table.api.post(f"/api/v1/tables/{table.id}/requests", {"kind": kind, "account_id": account},
                          role="game_server")


def alerts(table, code: str) -> list:
    found = table.api.get("/api/v1/alerts", role="pitboss", query_string={"code": code, "table_id": table.id}).json
    return found["alerts"] if isinstance(found, dict) else found


def test_a_shoe_change_is_refused_at_hand_30_and_accepted_at_31(vip):
    deal(vip, 30)
    early = ask(vip, "change_shoe")
    assert (early.status_code, early.json["code"]) == (409, "too_early")
    assert "30 hands" in early.json["message"] and "more than 30" in early.json["message"]
    deal(vip, 1)
    accepted = ask(vip, "change_shoe")
    assert accepted.status_code == 201 and accepted.json["hands_dealt"] == 31, accepted.json
    assert [a["state"] for a in alerts(vip, "change_shoe_requested")] == ["open"]
    assert ask(vip, "change_shoe").json["code"] == "request_pending"


def test_an_overdue_shoe_change_raises_its_alert_and_a_new_shoe_does_it(vip):
    deal(vip, 31)
    request = ask(vip, "change_shoe").json
    due = _ts(request["due_at"])
    assert due == _ts(request["requested_at"]) + timedelta(minutes=5)
    assert TableModesJob(vip.db, clock=lambda: due - timedelta(seconds=1)).run() == ([], [])
    assert alerts(vip, "shoe_change_overdue") == []
    assert TableModesJob(vip.db, clock=lambda: due).run() == ([], [request["id"]])
    (overdue,) = alerts(vip, "shoe_change_overdue")
    assert (overdue["severity"], overdue["state"]) == ("warning", "open")
    assert TableModesJob(vip.db, clock=lambda: due + timedelta(minutes=1)).run() == ([], [])  # raised once
    assert vip.api.post(f"/api/v1/tables/{vip.id}/shoes", {}, role="dealer").status_code == 201
    states = {a["code"]: a["state"] for a in alerts(vip, "shoe_change_overdue") + alerts(vip, "change_shoe_requested")}
    assert states == {"shoe_change_overdue": "resolved", "change_shoe_requested": "resolved"}


def test_a_dealer_change_is_done_when_the_pit_boss_marks_it(vip):
    request = ask(vip, "change_dealer")
    assert request.status_code == 201
    assert [a["state"] for a in alerts(vip, "change_dealer_requested")] == ["open"]
    assert ask(vip, "change_dealer", "stranger").json["code"] == "not_charter_account"
    done = vip.api.post(f"/api/v1/requests/{request.json['id']}/done", {"note": "dealer 12 in"}, role="pitboss")
    assert done.status_code == 200 and done.json["state"] == "done"
    (alert,) = alerts(vip, "change_dealer_requested")
    assert alert["state"] == "resolved"
    again = vip.api.post(f"/api/v1/requests/{request.json['id']}/done", role="pitboss")
    assert again.json["code"] == "request_done"
    assert vip.api.post("/api/v1/requests/999/done", role="pitboss").status_code == 404


# Roles


@pytest.mark.parametrize("role, status", [("game_server", 201), ("dealer", 201), ("pitboss", 201),
                                          ("display", 403), ("admin", 403)])
def test_who_may_open_cards_by_role(make_table, role, status):
    table = make_table("classic", {"mode": "squeeze"})
    table.slip(bet("banker", "100.00"), account_id="bettor")
    hold(table)
    response = open_hand(table, 1, role=role, **({"account_id": "bettor"} if role == "game_server" else {}))
    assert response.status_code == status, response.json
    assert roads(table)["hands"] == (1 if status == 201 else 0)


@pytest.mark.parametrize("role", ["display", "dealer", "pitboss", "admin"])
def test_only_game_servers_charter_fly_and_ask(vip, role):
    for url, body in [("charter", {"account_id": CHARTER}), ("fly", {"account_id": CHARTER}),
                      ("requests", {"kind": "change_dealer", "account_id": CHARTER})]:
        response = vip.api.post(f"/api/v1/tables/{vip.id}/{url}", body, role=role)
        assert response.status_code == 403, (url, role)


def test_a_held_hands_round_cannot_be_cancelled(vip):
    vip.slip(bet("banker", "100.00"), account_id=CHARTER)
    hold(vip)
    response = vip.api.post(f"/api/v1/tables/{vip.id}/bets/cancel", {"hand_number": 1, "reason": "oops"},
                            role="pitboss")
    assert (response.status_code, response.json["code"]) == (409, "cards_known")
