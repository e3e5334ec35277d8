"""GET /tables/{id}/recall on each game: the outcome and every step in order, money only for readers of money,
nothing hidden while a game is in play, and every bad parameter refused naming it. Both databases."""

from __future__ import annotations

import json
import random

import pytest

from betting import bet, make_table  # noqa: F401
from dabang_api import bury_and_pass, card_codes, new_match, new_table, start_first_deal, state, whole_first_deal
from niuniu_support import HANDS, HIDDEN, by_order, hidden_codes_in, slip_body


def recall(api, table_id, role="pitboss", **query):
    response = api.get(f"/api/v1/tables/{table_id}/recall", role=role, query_string=query)
    assert response.status_code == 200, response.json
    return response.json


# Baccarat


def test_a_hand_recalls_its_cards_in_dealing_order_its_bets_and_who_corrected_it(make_table):
    table = make_table()
    assert table.slip(bet("banker", "100.00"), account_id="acct-7").status_code == 201
    assert table.close().status_code in (200, 201)
    table.post({"cards": ["4S", "KD", "3H", "9C"]})  # player 7, banker 9
    fixed = {"hand": {"cards": ["9S", "2D", "KH", "3C"]}, "reason": "misread card"}  # player 9, banker 5
    response = table.api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/correct", fixed, role="pitboss")
    assert response.status_code == 200, response.json
    [hand] = recall(table.api, table.id, hand=1)["hands"]
    assert [(c["side"], c["card"]) for c in hand["cards"]] == [
        ("player", "9S"), ("banker", "2D"), ("player", "KH"), ("banker", "3C")]
    assert hand["outcome"]["result"] == "player" and hand["state"] == "counted"
    kinds = [step["kind"] for step in hand["steps"]]
    assert kinds == ["betting_closed", "dealt", "corrected"]
    corrected = hand["steps"][-1]
    assert corrected["reason"] == "misread card" and corrected["actor"]
    assert corrected["before"]["outcome"]["result"] == "banker" and corrected["after"]["outcome"]["result"] == "player"
    assert corrected["after"]["settlement"][0]["account_id"] == "acct-7"
    [line] = hand["bets"]
    assert (line["account_id"], line["code"], line["stake"], line["status"], line["net"]) == (
        "acct-7", "banker", "100.00", "lose", "-100.00")
    assert {"table": "hands", "id": line and hand["records"][0]["id"]} in hand["records"]


def test_money_is_left_out_for_a_reader_without_read_money(make_table):
    table = make_table()
    assert table.slip(bet("banker", "100.00"), account_id="acct-7").status_code == 201
    table.post({"cards": ["4S", "KD", "3H", "9C"]})
    response = table.api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": "dealer error"},
                              role="pitboss")
    assert response.status_code == 200, response.json
    answer = recall(table.api, table.id, role="display")
    assert answer["money"] is False and answer["hands"][0]["bets"] is None
    assert "acct-7" not in json.dumps(answer)
    voided = answer["hands"][0]["steps"][-1]
    assert voided["kind"] == "voided" and voided["reason"] == "dealer error" and voided["after"]["settlement"] is None
    assert recall(table.api, table.id, role="game_server")["hands"][0]["bets"][0]["status"] == "void"


def test_third_cards_come_after_the_first_four_player_first(make_table):
    table = make_table()
    table.post({"cards": ["2S", "3D", "3C", "2H", "4S", "8C"]})  # 5 and 5: the player draws a 4, the banker draws
    [hand] = recall(table.api, table.id)["hands"]
    assert [(c["order"], c["side"], c["card"], c["third"]) for c in hand["cards"]] == [
        (1, "player", "2S", False), (2, "banker", "3D", False), (3, "player", "3C", False),
        (4, "banker", "2H", False), (5, "player", "4S", True), (6, "banker", "8C", True)]


def test_last_gives_the_newest_hands_first_across_shoes(make_table):
    table = make_table()
    for _ in range(3):
        table.post({"result": "banker"})
    table.api.post(f"/api/v1/shoes/{table.shoe_id}/close", {}, role="dealer")
    shoe = table.api.post(f"/api/v1/tables/{table.id}/shoes", {}, role="dealer")
    assert shoe.status_code == 201, shoe.json
    table.post({"result": "player"})
    hands = recall(table.api, table.id, last=3)["hands"]
    assert [(h["shoe"]["id"], h["hand"]) for h in hands] == [
        (shoe.json["id"], 1), (table.shoe_id, 3), (table.shoe_id, 2)]
    assert hands[0]["cards"] is None and hands[0]["outcome"]["result"] == "player"
    older = recall(table.api, table.id, shoe=table.shoe_id, hand=1)["hands"]
    assert [(h["shoe"]["id"], h["hand"]) for h in older] == [(table.shoe_id, 1)]
    assert len(recall(table.api, table.id)["hands"]) == 4


def test_a_held_hand_recalls_no_card_and_no_result_until_it_is_opened(make_table):
    table = make_table("classic", {"mode": "squeeze"})
    posted = table.post({"cards": ["4S", "KD", "3H", "9C"]})
    assert posted["held"] is True
    for role in ("display", "dealer", "pitboss", "game_server", "admin"):
        text = json.dumps(recall(table.api, table.id, role=role))
        hand = json.loads(text)["hands"][0]
        assert hand["state"] == "held" and hand["cards"] is None and hand["outcome"] is None
        assert card_codes(text) == [] and "banker" not in text.replace('"code"', "")
        assert [step["kind"] for step in hand["steps"]] == ["held"]
    opened = table.api.post(f"/api/v1/tables/{table.id}/hands/1/open", {}, role="dealer")
    assert opened.status_code == 201, opened.json
    hand = recall(table.api, table.id, hand=1)["hands"][0]
    assert hand["state"] == "counted" and [c["card"] for c in hand["cards"]] == ["4S", "KD", "3H", "9C"]
    assert [step["kind"] for step in hand["steps"]] == ["held", "opened"]
    assert hand["steps"][-1]["how"] == "dealer"


@pytest.mark.parametrize("query, status, code, field", [
    ({"last": 0}, 422, "invalid_parameter", "last"),
    ({"last": 51}, 422, "invalid_parameter", "last"),
    ({"last": "ten"}, 422, "invalid_parameter", "last"),
    ({"hand": 0}, 422, "invalid_parameter", "hand"),
    ({"hand": 1, "last": 3}, 422, "one_game", "last"),
    ({"hand": 1, "round": 1}, 422, "one_game", "round"),
    ({"shoe": 1}, 422, "missing_hand", "hand"),
    ({"round": 1}, 409, "wrong_game", "round"),
    ({"match": 1, "deal": 1}, 409, "wrong_game", "deal"),
    ({"hand": 99}, 404, "hand_not_found", "hand"),
    ({"shoe": 999999, "hand": 1}, 404, "shoe_not_found", "shoe"),
])
def test_bad_parameters_are_refused_naming_them(make_table, query, status, code, field):
    table = make_table()
    table.post({"result": "banker"})
    response = table.api.get(f"/api/v1/tables/{table.id}/recall", role="pitboss", query_string=query)
    assert response.status_code == status, response.json
    assert field in (response.json["field"] or "")
    if code:
        assert response.json["code"] == code


def test_an_unknown_table_is_404(api):
    response = api.get("/api/v1/tables/999999/recall", role="display")
    assert response.status_code == 404 and response.json["code"] == "table_not_found"


# 百人牛牛


def _niuniu_table(api) -> int:
    response = api.post("/api/v1/tables", {"name": "Niuniu R", "game": "niuniu"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json["id"]


def test_a_round_in_play_recalls_no_closed_fourth_card(api):
    table_id = _niuniu_table(api)
    assert api.post(f"/api/v1/tables/{table_id}/slips", slip_body(1, "acct-n"), role="game_server").status_code == 201
    assert api.post(f"/api/v1/tables/{table_id}/rounds", by_order(1), role="dealer").status_code == 201
    for role in ("display", "dealer", "pitboss", "game_server", "admin"):
        text = json.dumps(recall(api, table_id, role=role))
        assert hidden_codes_in(text) == [], role
    [round_] = recall(api, table_id)["rounds"]
    assert round_["first_receiver"] == "player_1" and round_["reveal"] == "7S"
    dealing = round_["dealing"]
    assert [c["position"] for c in dealing[:5]] == ["player_1", "player_2", "player_3", "player_4", "banker"]
    assert all(c["card"] is None for c in dealing if c["face_down"]) and len(dealing) == 25
    opened = api.post(f"/api/v1/tables/{table_id}/rounds/1/open", {"position": "player_1"}, role="dealer")
    assert opened.status_code == 200, opened.json
    text = json.dumps(recall(api, table_id, role="display"))
    assert hidden_codes_in(text) == [HIDDEN["player_1"]]


def test_a_settled_round_recalls_openings_stakes_and_settlement(api):
    table_id = _niuniu_table(api)
    assert api.post(f"/api/v1/tables/{table_id}/slips", slip_body(1, "acct-n"), role="game_server").status_code == 201
    assert api.post(f"/api/v1/tables/{table_id}/rounds", by_order(1), role="dealer").status_code == 201
    assert api.post(f"/api/v1/tables/{table_id}/rounds/1/open", {"position": "player_1"}, role="dealer").status_code \
        == 200
    assert api.post(f"/api/v1/tables/{table_id}/rounds/1/open", {}, role="dealer").status_code == 200
    [round_] = recall(api, table_id, round=1)["rounds"]
    assert round_["phase"] == "settled"
    assert [o["position"] for o in round_["openings"]] == ["player_1", "player_2", "player_3", "player_4", "banker"]
    assert {h["position"]: h["cards"] for h in round_["hands"]} == HANDS
    assert round_["results"]["player_1"] == "win"
    [slip] = round_["stakes"]
    assert slip["account_id"] == "acct-n" and slip["bets"] == [{"area": "player_1", "stake": "10.00"}]
    [account] = round_["settlement"]["accounts"]
    assert account["account_id"] == "acct-n" and account["bets"][0]["outcome"] == "win"
    assert recall(api, table_id, role="display", round=1)["rounds"][0]["settlement"] is None


def test_a_voided_round_recalls_who_voided_it_and_why(api):
    table_id = _niuniu_table(api)
    assert api.post(f"/api/v1/tables/{table_id}/rounds", by_order(1), role="dealer").status_code == 201
    response = api.post(f"/api/v1/tables/{table_id}/rounds/1/void", {"reason": "misdeal"}, role="pitboss")
    assert response.status_code == 200, response.json
    [round_] = recall(api, table_id, round=1)["rounds"]
    [step] = round_["steps"]
    assert step["kind"] == "voided" and step["reason"] == "misdeal" and step["actor"]
    assert hidden_codes_in(json.dumps(round_)) == []
    assert api.get(f"/api/v1/tables/{table_id}/recall", query_string={"round": 2}).status_code == 404
    wrong = api.get(f"/api/v1/tables/{table_id}/recall", query_string={"hand": 1})
    assert wrong.status_code == 409 and wrong.json["code"] == "wrong_game" and wrong.json["game"] == "niuniu"


# 打棒


def test_a_deal_under_way_recalls_no_seat_s_cards_except_to_a_key_that_reads_them(api):
    table_id = new_table(api, "Dabang R")["id"]
    match_id = new_match(api, table_id)["id"]
    number, draw = start_first_deal(api, match_id, 4)
    bury_and_pass(api, match_id, number, random.Random(1))
    for role in ("display", "game_server", "admin"):
        [deal] = recall(api, table_id, role=role)["deals"]
        assert deal["status"] == "under_way" and deal["hands"] is None and deal["bottom_dealt"] is None
        assert deal["buried"] is None and all(move["cards"] is None for move in deal["moves"]
                                              if move["kind"] in ("bury", "bury_jokers", "tribute_return"))
        declared = {card for declaration in deal["declarations"] for card in declaration["cards"]}
        shown = set(card_codes(json.dumps(state(api, match_id, role)))) | declared
        assert set(card_codes(json.dumps(deal))) <= shown, set(card_codes(json.dumps(deal))) - shown
    [deal] = recall(api, table_id, role="dealer")["deals"]
    assert [len(seat["cards"]) for seat in deal["hands"]] == [39, 39, 39, 39]
    assert deal["bottom_dealt"] == draw[156:]
    assert deal["declarations"][0]["cards"] == ["BJ"]


def test_a_finished_deal_recalls_every_trick_the_score_and_the_hands(api):
    table_id = new_table(api, "Dabang F")["id"]
    match_id = new_match(api, table_id)["id"]
    whole_first_deal(api, match_id, seed=4)
    [deal] = recall(api, table_id, role="display", match=match_id, deal=1)["deals"]
    assert deal["status"] == "finished" and deal["trump"] and deal["dealer_seat"] in (1, 2, 3, 4)
    assert [len(seat["cards"]) for seat in deal["hands"]] == [39, 39, 39, 39]
    plays = [play for trick in deal["tricks"] for play in trick["plays"]]
    assert sum(len(play["cards"]) for play in plays) == 156
    assert all(trick["winner"] in (1, 2, 3, 4) for trick in deal["tricks"])
    assert deal["result"]["levels_after"] == state(api, match_id)["levels"]
    assert [m["seq"] for m in deal["moves"]] == list(range(1, len(deal["moves"]) + 1))
    assert len(deal["buried"]) == 6
    missing = api.get(f"/api/v1/tables/{table_id}/recall", query_string={"deal": 5})
    assert missing.status_code == 404 and missing.json["field"] == "deal"


# The chain's links


def test_a_hand_shows_the_links_that_bind_its_records_and_money_links_only_to_money_readers(make_table):
    table = make_table()
    assert table.slip(bet("banker", "100.00"), account_id="acct-7").status_code == 201
    table.post({"cards": ["4S", "KD", "3H", "9C"]})
    answer = recall(table.api, table.id)
    [hand] = answer["hands"]
    hand_id = next(record["id"] for record in hand["records"] if record["table"] == "hands")
    bet_ids = {str(record["id"]) for record in hand["records"] if record["table"] == "bets"}
    linked = {(link["table"], link["key"], link["op"]) for link in hand["links"]}
    assert ("hands", str(hand_id), "insert") in linked
    assert {key for table_name, key, _ in linked if table_name == "bets"} == bet_ids and bet_ids
    assert [link["seq"] for link in hand["links"]] == sorted(link["seq"] for link in hand["links"])
    assert all(len(link["digest"]) == 64 for link in hand["links"])
    assert answer["chain"]["seq"] >= max(link["seq"] for link in hand["links"])
    public = recall(table.api, table.id, role="display")["hands"][0]
    assert {link["table"] for link in public["links"]} == {"hands"}
    assert {record["table"] for record in public["records"]} == {"hands"}


def test_a_game_in_play_shows_no_link(make_table, api):
    squeeze = make_table("classic", {"mode": "squeeze"})
    squeeze.post({"cards": ["4S", "KD", "3H", "9C"]})
    assert recall(squeeze.api, squeeze.id)["hands"][0]["links"] is None
    table_id = _niuniu_table(api)
    assert api.post(f"/api/v1/tables/{table_id}/rounds", by_order(1), role="dealer").status_code == 201
    assert recall(api, table_id)["rounds"][0]["links"] is None
    assert api.post(f"/api/v1/tables/{table_id}/rounds/1/open", {}, role="dealer").status_code == 200
    links = recall(api, table_id)["rounds"][0]["links"]
    assert ("niuniu_rounds", "insert") in {(link["table"], link["op"]) for link in links}
    dabang_id = new_table(api, "Dabang L")["id"]
    match_id = new_match(api, dabang_id)["id"]
    start_first_deal(api, match_id, 4)
    assert recall(api, dabang_id, role="display")["deals"][0]["links"] is None
    assert recall(api, dabang_id, role="dealer")["deals"][0]["links"]  # a key that reads hidden cards


def test_the_answer_is_what_the_schema_dumps(make_table, api, app):
    """The route writes its JSON with a dump generated from RecallSchema: the same as marshmallow's own."""
    from dataclasses import asdict, is_dataclass
    from datetime import datetime

    import json

    from roadsvc.api.recall import dump_recall, recall_json
    from roadsvc.api.schemas.recall import RecallSchema
    from roadsvc.services import recall as recalls

    def plain(value):
        if is_dataclass(value):
            return plain(asdict(value))
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, list):
            return [plain(item) for item in value]
        return value.isoformat() if isinstance(value, datetime) else value

    table = make_table()
    assert table.slip(bet("banker", "100.00"), account_id="acct-7").status_code == 201
    table.post({"cards": ["4S", "KD", "3H", "9C"]})
    niuniu = _niuniu_table(api)
    api.post(f"/api/v1/tables/{niuniu}/rounds", by_order(1), role="dealer")
    dabang = new_table(api, "Dabang D")["id"]
    whole_first_deal(api, new_match(api, dabang)["id"], seed=4)
    database = app.extensions["roadsvc.db"]
    for table_id in (table.id, niuniu, dabang):
        for _ in range(2):  # the second time, the 打棒 deal over is kept, and written as it was the first
            answer = recalls.recall(database, table_id, recalls.Ask(), recalls.Reader(money=True))
            assert plain(dump_recall(answer)) == RecallSchema().dump(plain(answer))
            assert json.loads(recall_json(answer)) == RecallSchema().dump(plain(answer))
