"""The served JSON, byte for byte: GET roads (whole and every ?columns=1..40), the lobby and
the floor for two tables (a real dealt shoe posted by cards with a voided hand, and a shoe
by results with leading ties and a dragon tail), against tests/api/baccarat/golden/served_json.json.

The golden bytes were taken from main before the roads became typed objects (the clock's
values, which differ from run to run, are masked). To regenerate after an intended change
of the JSON, run
    ROADSVC_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/api/baccarat/test_api_roads_bytes.py -k sqlite
and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from pathlib import Path

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

GOLDEN = Path(__file__).parent / "golden" / "served_json.json"
REGENERATE = os.environ.get("ROADSVC_REGEN_GOLDEN") == "1"
CLOCK = re.compile(rb'"(generated_at|opened_at|closed_at|last_hand_at|seconds_since_last_hand|pace_per_hour)":'
                   rb'("[^"]*"|[0-9.]+)')
IDS = re.compile(rb'"(id)":[0-9]+')  # the backends number rows alike, but say so anyway


def masked(body: bytes) -> str:
    return IDS.sub(rb'"\1":0', CLOCK.sub(rb'"\1":"~"', body)).decode()


def digest(body: bytes) -> str:
    return hashlib.sha256(masked(body).encode()).hexdigest()[:20]


def open_table(api, name: str) -> dict:
    table = api.post("/api/v1/tables", {"name": name, "rule_set": "classic"}, role="pitboss").json
    assert api.post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}, role="dealer").status_code == 201
    return table


def post(api, table: dict, body: dict) -> None:
    response = api.post(f"/api/v1/tables/{table['id']}/hands", body, role="dealer")
    assert response.status_code == 201, response.json


def served(api) -> dict[str, str]:
    dealt = open_table(api, "By cards 百家乐")
    for number, hand in enumerate(deal_shoe(random.Random(7)).hands[:64], start=1):
        post(api, dealt, {"cards": hand.to_dict()["cards"], "number": number})
    shoe_id = api.get(f"/api/v1/tables/{dealt['id']}/roads").json["shoe"]["id"]
    voided = api.post(f"/api/v1/shoes/{shoe_id}/hands/9/void", {"reason": "misdeal"}, role="pitboss")
    assert voided.status_code == 200
    letters = open_table(api, "By results")
    for letter in "TTBPBBBBBBBBPBPPTBBPPPPPPPPBTTTBP":
        post(api, letters, {"result": {"B": "banker", "P": "player", "T": "tie"}[letter]})
    bodies = {}
    for table in (dealt, letters):
        for query in ["", *(f"?columns={width}" for width in range(1, 41))]:
            response = api.get(f"/api/v1/tables/{table['id']}/roads{query}")
            assert response.status_code == 200
            bodies[f"{table['name']} roads{query}"] = response.data
    bodies["lobby"] = api.get("/api/v1/tables").data
    bodies["floor"] = api.get("/api/v1/floor", role="pitboss").data
    return bodies


def test_the_served_json_is_byte_for_byte_what_it_was(api):
    found = {name: digest(body) for name, body in served(api).items()}
    if REGENERATE:
        GOLDEN.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert [name for name in expected if found.get(name) != expected[name]] == []
    assert found.keys() == expected.keys()


def test_the_mask_hides_only_the_clock():
    body = b'{"id":4,"opened_at":"2026-11-23T21:10:00+00:00","pace_per_hour":71.3,"hands":2}'
    assert masked(body) == '{"id":0,"opened_at":"~","pace_per_hour":"~","hands":2}'
