"""The event stream of a niuniu table: round events with sequence numbers; no fourth card or type before opening."""

import json

from niuniu_support import HIDDEN, TYPES, by_order


def niuniu_table(api) -> int:
    response = api.post("/api/v1/tables", {"name": "Niu Niu S", "game": "niuniu"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json["id"]


def hidden_codes_in(data: dict, closed: set[str]) -> list[str]:
    text = json.dumps(data)
    return [HIDDEN[position] for position in closed if f'"{HIDDEN[position]}"' in text]


def test_a_round_is_announced_posted_at_each_opening_and_settled_never_showing_a_closed_hand(api, open_stream):
    table = niuniu_table(api)
    stream = open_stream(f"?table_id={table}")
    rounds = f"/api/v1/tables/{table}/rounds"
    assert api.post(rounds, by_order(1), role="dealer").status_code == 201
    assert api.post(f"{rounds}/1/open", {"position": "player_1"}, role="dealer").status_code == 200
    assert api.post(f"{rounds}/1/open", {}, role="dealer").status_code == 200
    posted, opened, settled = stream.events(3)
    assert [e["event"] for e in (posted, opened, settled)] == ["round"] * 3
    assert posted["id"] < opened["id"] < settled["id"]
    assert [e["data"]["action"] for e in (posted, opened, settled)] == ["posted", "opened", "settled"]
    assert hidden_codes_in(posted["data"], set(HIDDEN)) == []
    assert all(hand["type"] is None for hand in posted["data"]["round"]["hands"].values())
    assert hidden_codes_in(opened["data"], set(HIDDEN) - {"player_1"}) == []
    assert opened["data"]["round"]["hands"]["player_1"]["type"] == TYPES["player_1"]
    assert settled["data"]["round"]["phase"] == "settled"
    assert {p: h["type"] for p, h in settled["data"]["round"]["hands"].items()} == TYPES
    assert settled["data"]["table_id"] == table and settled["data"]["revision"] > posted["data"]["revision"]
