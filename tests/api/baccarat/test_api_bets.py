"""Open bets and slips through the API: the next hand, cutoffs at N and N+1, every refusal
code, limits at their edges, the dealer's close, idempotent retries, ETags."""

from __future__ import annotations

import pytest

from betting import bet, make_table  # noqa: F401


def test_the_open_bets_show_the_next_hand_its_pays_to_1_and_the_ranges(make_table):
    table = make_table("classic", {"limits": {"banker": {"min": "10.00", "max": "5000.00"}}})
    document = table.open_bets(account_min="100.00", account_max="20000.00")
    assert (document["hand_number"], document["pays_basis"]) == (1, "to 1")
    assert document["betting"] == {"open": True, "closed_by": None}
    banker = next(b for b in document["bets"] if b["bet"] == "banker")
    assert banker["pays"] == {"win": "0.95"} and banker["open"] is True
    assert banker["table_range"] == {"min": "10.00", "max": "5000.00"}
    assert banker["range"] == {"min": "100.00", "max": "5000.00"}
    assert {b["bet"] for b in document["bets"]} == {"player", "banker", "tie", "player_pair", "banker_pair",
                                                   "lucky_six", "player_natural", "banker_natural"}
    table.post({"result": "player"})
    assert table.open_bets()["hand_number"] == 2


def test_an_account_range_that_misses_the_tables_closes_the_bet_type(make_table):
    table = make_table("classic")
    banker = table.bet_type("banker", account_min="20000.00", account_max="30000.00")
    assert (banker["open"], banker["range"], banker["closed_by"]["code"]) == (False, None, "range_closed")
    assert table.refusals(bet("banker", "20000.00"), account={"min": "20000.00", "max": "30000.00"}) == ["range_closed"]


@pytest.mark.parametrize("code, cutoff", [("banker_pair", 50), ("tiger", 50), ("small_tiger", 30), ("fire_sevens", 30)])
def test_a_cutoff_takes_the_bet_on_hand_n_and_refuses_it_on_n_plus_1(make_table, code, cutoff):
    table = make_table("extended")
    table.reach(cutoff)
    assert table.bet_type(code)["open"] is True
    assert table.refusals(bet(code, "10.00"), hand_number=cutoff) == [None]
    table.post({"result": "tie"})
    listed = table.bet_type(code)
    assert listed["open"] is False
    assert listed["closed_by"] == {"code": "cutoff", "bet": code, "hand_number": cutoff + 1, "cutoff": cutoff,
                                   "message": listed["closed_by"]["message"]}
    refused = table.slip(bet(code, "10.00"), bet("banker", "10.00")).json["bets"]
    assert [b["accepted"] for b in refused] == [False, True]
    assert refused[0]["refusal"]["cutoff"] == cutoff


def test_a_tables_cutoff_setting_moves_the_cutoff(make_table):
    table = make_table("classic", {"cutoffs": {"banker_pair": 2}})
    table.reach(3)
    assert table.refusals(bet("banker_pair", "10.00")) == ["cutoff"]


def test_stakes_at_the_edges_of_the_range(make_table):
    table = make_table("classic", {"limits": {"banker": {"min": "10.00", "max": "1000.00"}}})
    stakes = ["9.99", "10.00", "1000.00", "1000.01"]
    assert table.refusals(*(bet("banker", s) for s in stakes)) == ["below_min", None, None, "above_max"]


def test_the_account_range_narrows_the_tables(make_table):
    table = make_table("classic")
    account = {"min": "100.00", "max": "200.00"}
    assert table.refusals(bet("tie", "99.99"), bet("tie", "100.00"), bet("tie", "200.01"), account=account) == [
        "below_min", None, "above_max"]


def test_the_hedge_limit_holds_banker_against_player_at_its_edge(make_table):
    table = make_table("classic", {"difference_limit": "1000.00"})
    assert table.refusals(bet("banker", "1000.00")) == [None]
    assert table.refusals(bet("banker", "1.00")) == ["hedge_limit"]
    assert table.refusals(bet("player", "3000.00"), bet("player", "2000.00"), account_id="other") == [
        "hedge_limit", None]  # 1000 - 3000 is beyond; 1000 - 2000 is at the edge
    assert table.refusals(bet("banker", "2000.00")) == [None]


def test_the_total_limit_holds_each_other_bet_type_across_slips(make_table):
    table = make_table("classic", {"total_limits": {"tie": "500.00"}})
    assert table.refusals(bet("tie", "300.00")) == [None]
    assert table.refusals(bet("tie", "200.00"), bet("tie", "1.00"), account_id="b") == [None, "total_limit"]
    assert table.refusals(bet("player_pair", "500.00")) == [None]  # another bet type has its own total


def test_an_unknown_bet_is_refused_and_the_others_taken(make_table):
    table = make_table("classic")
    assert table.refusals(bet("tiger", "10.00"), bet("player", "10.00")) == ["unknown_bet", None]


def test_a_table_entering_results_refuses_bets_that_need_cards(make_table):
    table = make_table("extended", {"hands_by": "result"})
    assert table.bet_type("lucky_six")["closed_by"]["code"] == "needs_cards"
    assert table.refusals(bet("lucky_six", "10.00"), bet("banker_pair", "10.00"), bet("banker", "10.00")) == [
        "needs_cards", None, None]


def test_a_dealer_closes_betting_until_the_hand_arrives(make_table):
    table = make_table("classic")
    closed = table.close(hand_number=1)
    assert closed.status_code == 200
    assert closed.json["betting"]["closed_by"]["why"] == "closed_by_dealer"
    assert table.close().status_code == 200  # closing twice changes nothing
    assert table.open_bets()["betting"]["open"] is False
    assert all(b["closed_by"]["code"] == "betting_closed" for b in table.open_bets()["bets"])
    assert table.refusals(bet("banker", "10.00"), bet("nonsense", "1")) == ["betting_closed", "betting_closed"]
    table.post({"result": "banker"})
    assert table.open_bets()["betting"] == {"open": True, "closed_by": None}
    assert table.refusals(bet("banker", "10.00"), hand_number=2) == [None]


def test_a_void_of_the_last_hand_does_not_reopen_its_betting(make_table, api):
    table = make_table("classic")
    table.post({"result": "banker"})
    api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    assert table.open_bets()["hand_number"] == 2
    assert table.refusals(bet("banker", "10.00"), hand_number=1) == ["betting_closed"]


def test_closing_a_hand_that_is_not_the_next_is_a_conflict(make_table):
    table = make_table("classic")
    response = table.close(hand_number=2)
    assert (response.status_code, response.json["code"]) == (409, "hand_changed")


def test_a_slip_for_a_hand_already_in_is_refused_betting_closed(make_table):
    table = make_table("classic")
    table.post({"result": "player"})
    answer = table.slip(bet("banker", "10.00"), hand_number=1).json
    assert answer["bets"][0]["refusal"]["why"] == "hand_changed" and answer["accepted"] == 0


def test_the_cut_cards_hand_in_closes_betting_until_a_new_shoe(make_table, api):
    table = make_table("classic")
    api.post(f"/api/v1/tables/{table.id}/shoes/{table.shoe_id}/cut-card", {}, role="dealer")
    table.post({"result": "player"})
    assert table.open_bets()["betting"]["closed_by"]["why"] == "shoe_complete"
    response = table.slip(bet("banker", "10.00"))
    assert (response.status_code, response.json["code"]) == (409, "shoe_complete")


def test_a_retried_slip_gets_the_stored_answer(make_table):
    table = make_table("classic", {"total_limits": {"tie": "100.00"}})
    first = table.slip(bet("tie", "100.00"), slip_id="gs-1")
    again = table.slip(bet("tie", "100.00"), slip_id="gs-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json == first.json and again.json["accepted"] == 1  # not refused by its own first copy
    table.post({"result": "tie"})
    assert table.slip(bet("tie", "100.00"), slip_id="gs-1").json == first.json
    assert table.settlement(1).json["totals"]["bets"] == 1


def test_the_same_slip_id_with_other_bets_is_a_conflict(make_table):
    table = make_table("classic")
    table.slip(bet("tie", "100.00"), slip_id="gs-2")
    response = table.slip(bet("tie", "200.00"), slip_id="gs-2")
    assert (response.status_code, response.json["code"], response.json["field"]) == (409, "slip_conflict",
                                                                                     "client_slip_id")


@pytest.mark.parametrize("stake", [100.0, 100, "100.001", "-5", "1e3", ""])
def test_a_stake_that_is_not_a_decimal_string_of_cents_is_422(make_table, stake):
    table = make_table("classic")
    response = table.slip(bet("banker", stake))
    assert response.status_code == 422 and response.json["field"] == "bets[0].stake"


def test_a_stake_of_zero_and_an_upside_down_account_range_are_422(make_table):
    table = make_table("classic")
    assert table.slip(bet("banker", "0.00")).json["code"] == "invalid_amount"
    response = table.slip(bet("banker", "10.00"), account={"min": "500.00", "max": "100.00"})
    assert (response.status_code, response.json["code"]) == (422, "invalid_range")


def test_a_table_without_an_open_shoe_takes_no_slip(api, make_table):
    table = make_table("classic")
    api.post(f"/api/v1/tables/{table.id}/shoes/{table.shoe_id}/close", {}, role="pitboss")
    response = table.slip(bet("banker", "10.00"))
    assert (response.status_code, response.json["code"]) == (409, "no_open_shoe")
    assert table.open_bets()["betting"]["closed_by"]["why"] == "no_open_shoe"


def test_the_open_bets_answer_304_until_the_shoe_changes(make_table, api):
    table = make_table("classic")
    url = f"/api/v1/tables/{table.id}/bets"
    first = api.get(url)
    assert api.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    other_account = api.get(url, query_string={"account_min": "5.00", "account_max": "50.00"})
    assert other_account.headers["ETag"] != first.headers["ETag"]
    table.close()
    after = api.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert after.status_code == 200 and after.json["betting"]["open"] is False


def test_the_account_range_query_needs_both_ends(make_table, api):
    table = make_table("classic")
    response = api.get(f"/api/v1/tables/{table.id}/bets", query_string={"account_min": "5.00"})
    assert response.status_code == 422


def test_table_settings_are_checked_by_the_betting_rules_once(api):
    def create(settings, rule_set="classic"):
        return api.post("/api/v1/tables", {"name": "S", "rule_set": rule_set, "settings": settings}, role="pitboss")

    refused = create({"cutoffs": {"banker_pair": 0}})
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (
        422, "invalid_cutoff", "settings.cutoffs.banker_pair")
    refused = create({"limits": {"no_such_bet": {"min": "1.00", "max": "2.00"}}})
    assert (refused.json["code"], refused.json["field"]) == ("unknown_bet", "settings.limits.no_such_bet")
    refused = create({"total_limits": {"banker": "100.00"}})
    assert (refused.status_code, refused.json["field"]) == (422, "settings.total_limits.banker")
    refused = create({"pays": {"lucky_six": {"five_card": "3"}}})
    assert (refused.json["code"], refused.json["field"]) == ("unknown_tier", "settings.pays.lucky_six.five_card")
    kept = create({"cutoffs": {"tiger": 40}})  # an extended bet, unused at a classic table
    assert kept.status_code == 201
    switched = api.patch(f"/api/v1/tables/{kept.json['id']}", {"rule_set": "extended"}, role="pitboss")
    assert switched.status_code == 200


def test_a_retry_is_the_same_slip_by_content_bets_in_any_order_amounts_by_value(make_table):
    # issue 46 item 3: the same slip with its bets in another order was a 409 conflict
    table = make_table("classic")
    first = table.slip(bet("banker", "100.00"), bet("tie", "10"), slip_id="gs-3",
                       account={"min": "1", "max": "100000.00"})
    again = table.slip(bet("tie", "10.00"), bet("banker", "100"), slip_id="gs-3",
                       account={"min": "1.00", "max": "100000"})
    assert (first.status_code, again.status_code, again.json) == (201, 200, first.json)
    twice = table.slip(bet("tie", "10.00"), bet("banker", "100"), bet("tie", "10"), slip_id="gs-3")
    other = table.slip(bet("tie", "10.00"), bet("banker", "100.01"), slip_id="gs-3")
    account = table.slip(bet("tie", "10.00"), bet("banker", "100"), slip_id="gs-3", account_id="acct-2")
    assert [r.json["code"] for r in (twice, other, account)] == ["slip_conflict"] * 3
