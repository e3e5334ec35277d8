"""Hostile request bodies and query strings: each refused with a JSON 4xx and a stable code,
never a 500, and nothing stored. Chunked bodies go through a real HTTP server (werkzeug's,
in a thread on a free port): only a server decodes chunked transfer encoding."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from werkzeug.serving import make_server

from test_api_garbage import database_state


@pytest.fixture
def world(api, table, shoe):
    return {"table_id": table["id"], "shoe_id": shoe["id"]}


def raw_post(api, url: str, data: str | bytes, role: str = "pitboss", method: str = "POST"):
    return api.client.open(url, method=method, data=data, content_type="application/json", headers=api.headers(role))


def assert_code(response, status: int, code: str, field: str | None = None):
    assert (response.status_code, response.json["code"]) == (status, code), response.get_data(as_text=True)
    assert set(response.json) == {"code", "message", "field", "request_id"}
    if field is not None:
        assert response.json["field"] == field


@pytest.mark.parametrize("path", ["/api/v1/tables", "/api/v1/tables/{table_id}/hands", "/api/v1/keys"])
def test_an_integer_of_5000_digits_in_any_body_is_a_json_400(app, api, world, path):
    before = database_state(app)
    body = '{"number": ' + "1" * 5000 + ', "name": "x", "result": "banker", "role": "display"}'
    role = {"/api/v1/keys": "admin", "/api/v1/tables/{table_id}/hands": "dealer"}.get(path, "pitboss")
    assert_code(raw_post(api, path.format(**world), body, role), 400, "number_too_long")
    assert database_state(app) == before


def test_duplicate_json_keys_are_refused(app, api, world):
    before = database_state(app)
    response = raw_post(api, f"/api/v1/tables/{world['table_id']}", '{"name": "A", "name": "B"}', method="PATCH")
    assert_code(response, 400, "duplicate_key", "name")
    nested = '{"settings": {"good_roads": {"repeats": 2, "repeats": 3}}}'
    assert_code(raw_post(api, f"/api/v1/tables/{world['table_id']}", nested, method="PATCH"), 400, "duplicate_key")
    assert database_state(app) == before


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(api, world, constant):
    response = raw_post(api, f"/api/v1/tables/{world['table_id']}/hands", '{"number": %s}' % constant, role="dealer")
    assert_code(response, 400, "invalid_json")


def test_an_unknown_key_inside_cards_is_refused(app, api, world):
    before = database_state(app)
    body = {"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"], "dealer": ["AS"]}}
    response = api.post(f"/api/v1/tables/{world['table_id']}/hands", body, role="dealer")
    assert_code(response, 422, "unknown_side", "cards.dealer")
    assert database_state(app) == before


@pytest.mark.parametrize("url", [
    "/api/v1/tables/{table_id}/roads/big_road.png?cell=24&cell=30",
    "/api/v1/tables/{table_id}/roads?columns=4&columns=8",
    "/api/v1/tables?good_road=long_banker&good_road=long_player",
])
def test_a_repeated_query_parameter_is_refused(api, world, url):
    response = api.get(url.format(**world))
    assert_code(response, 422, "repeated_parameter")
    assert response.json["field"] in ("cell", "columns", "good_road")


@pytest.mark.parametrize("name", ["Table\u0085One", "Table \u202eenO", "Tab\u200ble", "\ufeffTable", "Table\u2028"])
def test_names_with_control_bidi_or_zero_width_characters_are_refused(app, api, name):
    before = database_state(app)
    assert_code(api.post("/api/v1/tables", {"name": name}, role="pitboss"), 422, "invalid_characters", "name")
    assert_code(api.post("/api/v1/keys", {"role": "display", "name": name}), 422, "invalid_characters", "name")
    assert database_state(app) == before


def test_names_in_any_script_are_taken(api):
    for name in ("百家乐 8", "Bàccarat Ünïcode", "バカラ"):
        assert api.post("/api/v1/tables", {"name": name}, role="pitboss").status_code == 201


@pytest.fixture
def served(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    thread.join(5)
    server.server_close()


def send_raw(port: int, head: str, body: bytes) -> tuple[int, dict]:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(head.encode() + body)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    _, _, payload = rest.partition(b"\r\n\r\n")
    return int(status_line.split()[1]), json.loads(payload)


def chunked_head(api, url: str, content_type: str = "application/json") -> str:
    return (f"POST {url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {api.keys['pitboss']}\r\n"
            f"Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")


def test_a_malformed_chunked_body_is_a_json_400(app, api, served):
    before = database_state(app)
    status, body = send_raw(served, chunked_head(api, "/api/v1/tables"), b"zz\r\n")
    assert (status, body["code"]) == (400, "invalid_chunked_body")
    assert database_state(app) == before


def test_a_chunked_text_body_is_415(app, api, served):
    status, body = send_raw(served, chunked_head(api, "/api/v1/tables", "text/plain"), b"5\r\nhello\r\n0\r\n\r\n")
    assert (status, body["code"]) == (415, "unsupported_media_type")


def test_a_chunked_10_mb_body_is_413(app, api, served):
    before = database_state(app)
    chunk = b"{" + b" " * (1024 * 1024 - 1)
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(10)) + b"0\r\n\r\n"
    status, answer = send_raw(served, chunked_head(api, "/api/v1/tables"), body)
    assert (status, answer["code"]) == (413, "body_too_large")
    assert database_state(app) == before


def test_a_well_formed_chunked_json_body_is_taken(api, served):
    data = json.dumps({"name": "Chunked"}).encode()
    status, body = send_raw(served, chunked_head(api, "/api/v1/tables"), b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data))
    assert (status, body["name"]) == (201, "Chunked")


LOOK_ALIKES = ["acct\u00a01", "acct\u20031", "acct\u202f1", "acct\u30001", " acct-1", "acct-1 ", "acct-1\t"]


def identifier_posts(api) -> list[tuple[str, str, dict, str, str]]:
    """(method, url, body, field, role): every identifier a client sends, in one request each."""
    baccarat = api.post("/api/v1/tables", {"name": "Bac ids"}, role="pitboss").json["id"]
    niuniu = api.post("/api/v1/tables", {"name": "Niu ids", "game": "niuniu"}, role="pitboss").json["id"]
    dabang = api.post("/api/v1/tables", {"name": "Dabang ids", "game": "dabang"}, role="pitboss").json["id"]
    slip = {"client_slip_id": "gs-1", "account_id": "acct-1", "account_range": {"min": "1", "max": "100"},
            "bets": [{"bet": "banker", "stake": "10"}]}
    niuniu_slip = {"client_slip_id": "gs-1", "round": 1, "account_id": "acct-1", "balance": "1000.00",
                   "bets": [{"area": "player_1", "stake": "10.00"}]}
    players = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
    return [
        ("POST", "/api/v1/tables", {"name": "x"}, "name", "pitboss"),
        ("PATCH", f"/api/v1/tables/{baccarat}", {"name": "x"}, "name", "pitboss"),
        ("POST", "/api/v1/keys", {"role": "display", "name": "x"}, "name", "admin"),
        ("POST", f"/api/v1/tables/{baccarat}/slips", slip, "account_id", "game_server"),
        ("POST", f"/api/v1/tables/{baccarat}/slips", slip, "client_slip_id", "game_server"),
        ("POST", f"/api/v1/tables/{niuniu}/slips", niuniu_slip, "account_id", "game_server"),
        ("POST", f"/api/v1/tables/{niuniu}/slips", niuniu_slip, "client_slip_id", "game_server"),
        ("POST", f"/api/v1/tables/{niuniu}/banker/apply", {"account_id": "x", "balance": "100.00"}, "account_id",
         "game_server"),
        ("POST", f"/api/v1/tables/{baccarat}/charter", {"account_id": "x"}, "account_id", "game_server"),
        ("POST", f"/api/v1/tables/{dabang}/matches", {"players": players}, "players.2", "pitboss"),
    ]


def test_every_identifier_refuses_look_alike_separators_and_surrounding_spaces(app, api):
    # issue 46 item 2: "acct\u00a01" was taken beside "acct 1", and " acct-1 " kept its spaces
    posts = identifier_posts(api)
    before = database_state(app)
    for method, url, body, field, role in posts:
        for sent in LOOK_ALIKES:
            if field == "players.2":
                sent_body = {**body, "players": {**body["players"], "2": sent}}
            else:
                sent_body = {**body, field: sent}
            answer = api.client.open(url, method=method, json=sent_body, headers=api.headers(role))
            assert (answer.status_code, answer.json["code"], answer.json["field"]) == (
                422, "invalid_characters", field), (url, field, repr(sent), answer.json)
    assert database_state(app) == before
    for index, (method, url, body, field, role) in enumerate(posts[:3]):  # a plain space inside is taken
        answer = api.client.open(url, method=method, json={**body, field: f"Table 8 b{index}"},
                                 headers=api.headers(role))
        assert answer.status_code in (200, 201), answer.json


def test_a_settlements_account_filter_is_an_identifier_too(api, world):
    answer = api.get(f"/api/v1/shoes/{world['shoe_id']}/hands/1/settlement?account_id=acct%C2%A01",
                     role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_characters",
                                                                               "account_id")
