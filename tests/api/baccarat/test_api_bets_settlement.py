"""Settlement through the API: exact amounts when the hand is posted, Niu Niu's hold, pushes,
a void's refund, a correction's re-settlement with the difference in the audit log, bets a
result-only hand cannot settle, and a shoe closed before its hand came."""

from __future__ import annotations

from betting import bet, make_table  # noqa: F401

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9 (natural), no pairs
PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}  # player 9 (natural), banker 5
TIE_AT_7 = {"cards": ["5S", "3D", "2H", "4C"]}  # 7 a side, no draws
BANKER_TWO_CARD_6 = {"cards": ["KS", "3D", "QH", "3C", "5S"]}  # player 0+0+5, banker stands on 3+3


def settled(table, number: int = 1, **query) -> dict:
    response = table.settlement(number, **query)
    assert response.status_code == 200, response.json
    return response.json


def amounts(line: dict) -> tuple:
    return line["status"], line["held"], line["returned"], line["net"]


def test_posting_the_hand_settles_its_bets_exactly(make_table):
    table = make_table("classic")
    table.slip(bet("banker", "33.33"), bet("player", "100.00"), account_id="a")
    table.slip(bet("banker_natural", "20.00"), bet("tie", "5.00"), account_id="b")
    assert settled(table)["status"] == "open"
    table.post(BANKER_NATURAL_9)
    document = settled(table)
    assert (document["status"], document["result"]) == ("settled", "banker")
    lines = {(b["account_id"], b["bet"]): b for b in document["bets"]}
    assert amounts(lines["a", "banker"]) == ("win", "33.33", "64.99", "31.66")  # 31.6635 rounded down
    assert lines["a", "banker"]["pay"] == "0.95"
    assert amounts(lines["a", "player"]) == ("lose", "100.00", "0.00", "-100.00")
    assert amounts(lines["b", "banker_natural"]) == ("win", "20.00", "90.00", "70.00")  # 3.5 to 1
    assert amounts(lines["b", "tie"]) == ("lose", "5.00", "0.00", "-5.00")
    accounts = {a["account_id"]: (a["staked"], a["returned"], a["net"]) for a in document["accounts"]}
    assert accounts == {"a": ("133.33", "64.99", "-68.34"), "b": ("25.00", "90.00", "65.00")}
    assert (document["totals"]["staked"], document["totals"]["net"]) == ("158.33", "-3.34")
    assert [b["bet"] for b in settled(table, account_id="b")["bets"]] == ["banker_natural", "tie"]


def test_a_tie_pushes_banker_and_player_and_pays_the_tie(make_table):
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), bet("player", "100.00"), bet("tie", "10.00"))
    table.post(TIE_AT_7)
    lines = {b["bet"]: amounts(b) for b in settled(table)["bets"]}
    assert lines == {"banker": ("push", "100.00", "100.00", "0.00"), "player": ("push", "100.00", "100.00", "0.00"),
                     "tie": ("win", "10.00", "90.00", "80.00")}


def test_niu_niu_holds_nine_times_and_settles_by_the_winning_total(make_table):
    table = make_table("niuniu")
    answer = table.slip(bet("banker", "100.00"), bet("player", "100.00")).json
    assert [b["held"] for b in answer["bets"]] == ["900.00", "900.00"] and answer["held"] == "1800.00"
    table.post(BANKER_NATURAL_9)
    lines = {b["bet"]: amounts(b) for b in settled(table)["bets"]}
    assert lines["banker"] == ("win", "900.00", "1755.00", "855.00")  # W = 9 pays 8.55
    assert lines["player"] == ("lose", "900.00", "0.00", "-900.00")  # a loss costs W x the stake


def test_a_void_refunds_every_bet_and_the_audit_keeps_the_difference(make_table, api):
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), bet("player", "50.00"), account_id="a")
    table.post(BANKER_NATURAL_9)
    api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    document = settled(table)
    assert document["status"] == "void" and document["result"] is None
    assert [amounts(b) for b in document["bets"]] == [("void", "100.00", "100.00", "0.00"),
                                                      ("void", "50.00", "50.00", "0.00")]
    record = api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json[-1]
    assert record["after"]["settlement"] == {"a": {"net_before": "45.00", "net_after": "0.00", "difference": "-45.00"}}


def test_a_correction_resettles_and_the_audit_keeps_each_accounts_difference(make_table, api):
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), bet("player", "50.00"), account_id="a")
    table.slip(bet("tie", "10.00"), account_id="b")
    table.post(BANKER_NATURAL_9)
    response = api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/correct",
                        {"hand": PLAYER_NATURAL_9, "reason": "reader misread"}, role="pitboss")
    assert response.status_code == 200
    lines = {b["bet"]: amounts(b) for b in settled(table)["bets"]}
    assert lines["banker"] == ("lose", "100.00", "0.00", "-100.00")
    assert lines["player"] == ("win", "50.00", "100.00", "50.00")
    record = api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json[-1]
    assert (record["action"], record["after"]["settlement"]) == ("correct", {
        "a": {"net_before": "45.00", "net_after": "-50.00", "difference": "-95.00"},
        "b": {"net_before": "-10.00", "net_after": "-10.00", "difference": "0.00"},
    })


def test_a_hand_posted_by_result_refunds_the_bets_it_cannot_settle_until_corrected(make_table, api):
    table = make_table("extended")
    table.slip(bet("lucky_six", "10.00"), bet("banker", "10.00"), account_id="a")
    table.post({"result": "banker"})
    lines = {b["bet"]: amounts(b) for b in settled(table)["bets"]}
    assert lines["lucky_six"] == ("needs_cards", "10.00", "10.00", "0.00")  # never guessed
    assert lines["banker"] == ("win", "10.00", "19.50", "9.50")
    api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/correct", {"hand": BANKER_TWO_CARD_6, "reason": "cards read"},
             role="pitboss")
    lucky = next(b for b in settled(table)["bets"] if b["bet"] == "lucky_six")
    assert (lucky["status"], lucky["tier"], lucky["returned"]) == ("win", "two_card", "130.00")  # 12 to 1
    record = api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json[-1]
    assert record["after"]["settlement"]["a"]["difference"] == "120.00"


def test_a_bet_settles_by_the_pays_it_was_placed_under(make_table, api):
    table = make_table("classic")
    table.slip(bet("tie", "10.00"))
    api.patch(f"/api/v1/tables/{table.id}", {"settings": {"pays": {"tie": "9"}}}, role="pitboss")
    assert table.bet_type("tie")["pays"] == {"win": "9"}
    table.slip(bet("tie", "10.00"))
    table.post(TIE_AT_7)
    assert [b["returned"] for b in settled(table)["bets"]] == ["90.00", "100.00"]


def test_closing_the_shoe_before_the_hand_came_refunds_its_bets(make_table, api):
    table = make_table("classic")
    table.post(BANKER_NATURAL_9)
    table.slip(bet("banker", "10.00"))
    api.post(f"/api/v1/tables/{table.id}/shoes", {}, role="dealer")  # a new shoe closes this one
    document = settled(table, 2)
    assert document["status"] == "void"
    assert [amounts(b) for b in document["bets"]] == [("void", "10.00", "10.00", "0.00")]
    assert settled(table, 1)["bets"] == []


def test_a_hand_that_is_neither_in_nor_next_has_no_settlement(make_table):
    table = make_table("classic")
    response = table.settlement(2)
    assert (response.status_code, response.json["code"]) == (404, "hand_not_found")
    assert table.api.get("/api/v1/shoes/999/hands/1/settlement", role="game_server").status_code == 404


def test_a_round_cancelled_before_dealing_gives_its_bets_back_and_betting_reopens(make_table, api):
    table = make_table("classic", {"total_limits": {"tie": "100.00"}})
    table.slip(bet("tie", "100.00"), bet("banker", "40.00"), account_id="a")
    table.close()
    cancel = api.post(f"/api/v1/tables/{table.id}/bets/cancel", {"hand_number": 1, "reason": "shuffler fault"},
                      role="pitboss")
    assert cancel.status_code == 200
    assert (cancel.json["betting"]["open"], cancel.json["refunded"]) == (True, {"a": "140.00"})
    assert table.refusals(bet("tie", "100.00"), account_id="b") == [None]  # the cancelled tie holds no room
    table.post(TIE_AT_7)
    lines = {(b["account_id"], b["bet"]): amounts(b) for b in settled(table)["bets"]}
    assert lines == {("a", "tie"): ("cancelled", "100.00", "100.00", "0.00"),
                     ("a", "banker"): ("cancelled", "40.00", "40.00", "0.00"),
                     ("b", "tie"): ("win", "100.00", "900.00", "800.00")}
    api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    assert [b["status"] for b in settled(table)["bets"]] == ["cancelled", "cancelled", "void"]
    actions = [(r["action"], r["hand_number"]) for r in api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json]
    assert actions == [("cancel_round", 1), ("void", 1)]


def test_only_the_next_hands_round_can_be_cancelled(make_table, api):
    table = make_table("classic")
    table.post(TIE_AT_7)
    response = api.post(f"/api/v1/tables/{table.id}/bets/cancel", {"hand_number": 1, "reason": "late"},
                        role="pitboss")
    assert (response.status_code, response.json["code"]) == (409, "hand_changed")
    assert api.post(f"/api/v1/tables/{table.id}/bets/cancel", {"hand_number": 2, "reason": "x"},
                    role="dealer").status_code == 403
