"""No reader sees a closed hand's fourth card or type, on any path: one test per path beside the
rounds' own (round read, list and CSV in test_niuniu_api_rounds, trend and images in
test_niuniu_api_trend, the event stream in tests/stream/niuniu)."""

import json

from niuniu_support import HIDDEN, by_order

CLOSED = {position: code for position, code in HIDDEN.items() if position != "player_1"}


def in_play(api, rounds_url):
    """Round 1 settled; round 2 dealt with player_1 open, every other hand closed."""
    api.post(rounds_url, by_order(1), role="dealer")
    api.post(f"{rounds_url}/1/open", {}, role="dealer")
    api.post(rounds_url, by_order(2), role="dealer")
    api.post(f"{rounds_url}/2/open", {"position": "player_1"}, role="dealer")


def shows_closed_cards(text: str) -> list[str]:
    return [code for code in CLOSED.values() if f'"{code}"' in text]


def test_the_lobby(api, niuniu, rounds_url):
    in_play(api, rounds_url)
    entry = next(row for row in api.get("/api/v1/tables").json if row["table"]["id"] == niuniu["id"])
    assert entry["table"]["game"] == "niuniu" and entry["round"] == {"number": 2, "phase": "opening"}
    assert entry["trend"]["rounds"] == 1 and entry["trend"]["areas"]["player_1"]["last"] == ["win"]
    assert shows_closed_cards(json.dumps(entry)) == [] and "bull_8" not in json.dumps(entry["round"])


def test_the_round_and_the_list_while_opening(api, niuniu, rounds_url):
    in_play(api, rounds_url)
    for text in (api.get(f"{rounds_url}/2").get_data(as_text=True),
                 json.dumps(api.get(f"{rounds_url}?after=1").json)):
        assert shows_closed_cards(text) == []
    assert api.get(f"{rounds_url}/2").json["hands"]["player_1"]["type"] == "bull_bull"


def test_the_floor(api, niuniu, rounds_url):
    in_play(api, rounds_url)
    floor = api.get("/api/v1/floor", role="pitboss")
    assert floor.status_code == 200, floor.get_data(as_text=True)[:300]
    tile = next(entry for entry in floor.json["tables"] if entry["table"]["id"] == niuniu["id"])
    assert tile["table"]["game"] == "niuniu" and tile["niuniu"]["round"]["phase"] == "opening"
    assert shows_closed_cards(json.dumps(tile)) == []
