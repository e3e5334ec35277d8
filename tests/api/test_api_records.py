"""The tamper-evident record (issue 43), on SQLite and PostgreSQL: every game's flows through the
API verify clean; a change made behind the service (SQL on the database) is found and named."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import text

from betting import bet, make_table  # noqa: F401
from dabang_api import bury_and_pass, new_match, new_table, next_legal_play, start_first_deal, state
from niuniu_support import by_order, slip_body
from roadsvc.services.records import audit as records_audit
from roadsvc.services.records.chain import chain_head, proofs

NATURAL = {"cards": ["4S", "KD", "3H", "9C"]}  # banker 9 over player 7


def database(api):
    return api.client.application.extensions["roadsvc.db"]


def verified(api) -> records_audit.Verification:
    return records_audit.verify(database(api))


def tamper(api, sql: str, **params) -> None:
    with database(api).engine.begin() as conn:
        conn.execute(text(sql), params)


def baccarat_flows(api, make_table) -> dict:
    """Hands (one corrected, one voided), a slip settled, a VIP hand held then opened, an alert
    acknowledged and resolved, a pit note."""
    table = make_table()
    assert api.post("/api/v1/dealers", {"badge": "D-7", "name": "Chan"}, role="pitboss").status_code == 201
    assert api.post(f"/api/v1/tables/{table.id}/dealer", {"badge": "D-7"}, role="dealer").status_code in (200, 201)
    placed = table.slip(bet("banker", "10.00"), bet("player", "5.00"))
    assert placed.status_code == 201, placed.json
    for body in (NATURAL, {"result": "player"}, {"result": "banker"}):
        table.post(body)
    shoe = f"/api/v1/shoes/{table.shoe_id}/hands"
    assert api.post(f"{shoe}/2/correct", {"hand": {"result": "tie"}, "reason": "misread"}, role="pitboss").status_code == 200
    assert api.post(f"{shoe}/3/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    refused = api.post(f"/api/v1/tables/{table.id}/hands", {"cards": ["4S", "3H", "5D", "2C", "6H"]}, role="dealer")
    assert refused.status_code == 422
    alert = api.get("/api/v1/alerts", role="pitboss").json["alerts"][0]
    assert api.post(f"/api/v1/alerts/{alert['id']}/acknowledge", {"note": "looking"}, role="pitboss").status_code == 200
    assert api.post(f"/api/v1/alerts/{alert['id']}/resolve", {"note": "reader fixed"}, role="pitboss").status_code == 200
    note = api.post(f"/api/v1/tables/{table.id}/notes", {"text": "seat 2 disputes hand 1"}, role="pitboss")
    assert note.status_code == 201, note.json
    vip = make_table("classic", {"mode": "vip"})
    assert api.post(f"/api/v1/tables/{vip.id}/charter", {"account_id": "acct-vip"}, role="game_server").status_code == 201
    held = vip.post(NATURAL)
    assert held["held"] is True
    assert api.post(f"/api/v1/tables/{vip.id}/hands/{held['number']}/open", {}, role="dealer").status_code == 201
    return {"table": table, "alert": alert}


def niuniu_round(api) -> dict:
    niuniu = api.post("/api/v1/tables", {"name": "Niu Niu 1", "game": "niuniu"}, role="pitboss").json
    rounds = f"/api/v1/tables/{niuniu['id']}/rounds"
    taken = api.post(f"/api/v1/tables/{niuniu['id']}/slips", slip_body(1, bets={"player_1": "10.00"}), role="game_server")
    assert taken.status_code == 201, taken.json
    assert api.post(rounds, by_order(1), role="dealer").status_code == 201
    assert api.post(f"{rounds}/1/open", {}, role="dealer").status_code in (200, 201)
    return niuniu


def dabang_deal(api) -> int:
    rng = random.Random(5)
    match_id = new_match(api, new_table(api)["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=11)
    bury_and_pass(api, match_id, number, rng)
    url = f"/api/v1/matches/{match_id}/deals/{number}/plays"
    for _ in range(8):
        seat, cards = next_legal_play(state(api, match_id)["current_deal"], rng)
        assert api.post(url, {"seat": seat, "cards": cards}, role="dealer").status_code == 201
    return match_id


def keys_made_and_revoked(api) -> None:
    created = api.post("/api/v1/keys", {"role": "display", "name": "lobby screen"}).json
    assert api.delete(f"/api/v1/keys/{created['id']}").status_code in (200, 204)


def test_every_games_flows_verify_clean(api, make_table):
    baccarat_flows(api, make_table)
    niuniu_round(api)
    dabang_deal(api)
    keys_made_and_revoked(api)
    result = verified(api)
    assert result.ok, result.lines()
    assert result.broken is None and result.difference_count == 0
    for table in ("hands", "audit_records", "bets", "bet_slips", "held_hands", "alerts", "pit_notes", "niuniu_rounds",
                  "niuniu_slips", "niuniu_bets", "dabang_deals", "dabang_moves", "api_keys", "admin_audit"):
        assert result.records[table] > 0, table
    head = chain_head(database(api))
    assert head is not None and result.head == (head.seq, head.digest) and head.seq == result.links


def test_a_hands_proofs_name_its_insert_and_its_correction(api, make_table):
    flows = baccarat_flows(api, make_table)
    with database(api).read() as session:
        hand_id = session.execute(text("SELECT id FROM hands WHERE shoe_id = :s AND number = 2"),
                                  {"s": flows["table"].shoe_id}).scalar_one()
    found = proofs(database(api), [("hands", hand_id)])
    assert [p.op for p in found] == ["insert", "update"]
    assert found[0].seq < found[1].seq and all(len(p.digest) == 64 for p in found)


def only(result, what: str, table: str):
    assert not result.ok
    difference = result.differences[0]
    assert (difference.table, difference.what) == (table, what), result.lines()
    return difference


def test_a_hands_card_changed_is_named(api, make_table):
    flows = baccarat_flows(api, make_table)
    with database(api).read() as session:
        hand_id, data = session.execute(text("SELECT id, data FROM hands WHERE shoe_id = :s AND number = 1"),
                                        {"s": flows["table"].shoe_id}).one()
    forged = (data if isinstance(data, str) else __import__("json").dumps(data)).replace('"4S"', '"5S"')
    tamper(api, "UPDATE hands SET data = :d WHERE id = :i", d=forged, i=hand_id)
    difference = only(verified(api), "changed", "hands")
    assert difference.key == str(hand_id) and list(difference.fields) == ["data"]
    committed, found = difference.fields["data"]
    assert "4S" in str(committed) and "5S" in str(found)


def test_a_slips_stake_changed_is_named(api, make_table):
    baccarat_flows(api, make_table)
    tamper(api, "UPDATE bets SET stake = stake * 10 WHERE code = 'banker'")
    difference = only(verified(api), "changed", "bets")
    assert difference.fields["stake"] == (1000, 10000)


def test_a_settlement_changed_is_named(api, make_table):
    baccarat_flows(api, make_table)
    tamper(api, "UPDATE bets SET returned = returned + 100000, net = net + 100000 WHERE code = 'player'")
    difference = only(verified(api), "changed", "bets")
    assert set(difference.fields) == {"returned", "net"}
    assert difference.fields["net"][1] - difference.fields["net"][0] == 100000


def test_a_dabang_play_changed_is_named(api):
    dabang_deal(api)
    with database(api).read() as session:
        move_id = session.execute(text("SELECT max(id) FROM dabang_moves WHERE kind = 'play'")).scalar_one()
    tamper(api, "UPDATE dabang_moves SET seat = CASE WHEN seat = 1 THEN 2 ELSE 1 END WHERE id = :i", i=move_id)
    difference = only(verified(api), "changed", "dabang_moves")
    assert difference.key == str(move_id) and list(difference.fields) == ["seat"]


def test_an_alerts_resolution_changed_is_named(api, make_table):
    flows = baccarat_flows(api, make_table)
    tamper(api, "UPDATE alerts SET resolved_by = 'nobody', resolved_note = 'all fine' WHERE id = :i", i=flows["alert"]["id"])
    difference = only(verified(api), "changed", "alerts")
    assert difference.key == str(flows["alert"]["id"])
    assert set(difference.fields) == {"resolved_by", "resolved_note"}
    assert difference.fields["resolved_note"] == ("reader fixed", "all fine")


def test_a_deleted_row_is_named(api, make_table):
    flows = baccarat_flows(api, make_table)
    tamper(api, "DELETE FROM pit_notes WHERE table_id = :t", t=flows["table"].id)
    difference = only(verified(api), "missing", "pit_notes")
    assert difference.fields["text"] == ("seat 2 disputes hand 1", None)


def test_a_row_inserted_behind_the_service_is_named(api, make_table):
    flows = baccarat_flows(api, make_table)
    tamper(api, "INSERT INTO pit_notes (table_id, author, text, created_at) VALUES (:t, 'ghost', 'x', :at)",
           t=flows["table"].id, at="2026-12-07 01:00:00")
    only(verified(api), "unlinked", "pit_notes")


def test_a_forged_link_is_the_first_broken_link(api, make_table):
    baccarat_flows(api, make_table)
    tamper(api, "UPDATE record_links SET row = replace(row, '\"4S\"', '\"5S\"') WHERE table_name = 'hands' "
                "AND row LIKE '%\"4S\"%'")
    with database(api).read() as session:
        forged = session.execute(text("SELECT min(seq) FROM record_links WHERE row LIKE '%\"5S\"%'")).scalar_one()
    result = verified(api)
    assert not result.ok and result.broken.startswith(f"link {forged}: digest")


def test_the_chain_outlives_the_pruned_event_log(api, make_table):
    baccarat_flows(api, make_table)
    tamper(api, "DELETE FROM events")
    assert verified(api).ok


@pytest.mark.parametrize("column", ["revision", "summary"])
def test_a_shoes_caches_are_not_chained(api, make_table, column):
    baccarat_flows(api, make_table)
    tamper(api, f"UPDATE shoes SET {column} = NULL" if column == "summary" else "UPDATE shoes SET revision = 999")
    assert verified(api).ok


def test_a_displays_reads_never_touch_the_chain(api, make_table):
    from sqlalchemy import event

    table = make_table()
    table.post(NATURAL)
    statements: list[str] = []

    def seen(conn, cursor, statement, *args) -> None:
        statements.append(statement)

    engine = database(api).engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        for url in (f"/api/v1/tables/{table.id}/roads", "/api/v1/tables", f"/api/v1/tables/{table.id}/bets"):
            assert api.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert statements and not [s for s in statements if "record_links" in s]
