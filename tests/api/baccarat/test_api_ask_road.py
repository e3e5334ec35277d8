"""The ask-road preview through the API: the snapshot's ask_preview and images with ?ask=."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"
RESULTS = ("banker", "banker", "tie", "player", "banker", "banker", "player", "player", "player", "banker")


def post(api, table, *results):
    for result in results:
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201


def roads(api, table):
    return api.get(f"/api/v1/tables/{table['id']}/roads").json["roads"]


@pytest.fixture
def dealt(api, table, shoe) -> dict:
    post(api, table, *RESULTS)
    return table


@pytest.mark.parametrize("side", ["banker", "player"])
def test_posting_the_asked_result_puts_every_new_mark_at_its_preview(api, dealt, side):
    before = roads(api, dealt)
    post(api, dealt, side)
    after = roads(api, dealt)
    for road, cell in before["ask_preview"][side].items():
        if road == "bead_plate":
            newest = after["bead_plate"][-1]
        elif cell is None:
            assert len(after[road]["cells"]) == len(before[road]["cells"])
            continue
        else:
            newest = after[road]["cells"][-1]
        assert (newest["col"], newest["row"]) == (cell["col"], cell["row"]), road


def asked_groups(data: bytes) -> list[ET.Element]:
    return [g for g in ET.fromstring(data).iter(f"{SVG}g") if "asked" in g.get("class", "").split()]


def test_an_image_with_ask_draws_the_previewed_marks_at_the_plain_size(api, dealt):
    preview = roads(api, dealt)["ask_preview"]["player"]
    base = f"/api/v1/tables/{dealt['id']}/roads/scoreboard"
    svg = api.get(base + ".svg?ask=player")
    assert svg.status_code == 200
    drawn = {(g.get("class").split()[1], int(g.get("data-col")), int(g.get("data-row"))) for g in asked_groups(svg.data)}
    expected = {(road.replace("_", "-"), cell["col"], cell["row"]) for road, cell in preview.items() if cell}
    assert drawn == expected
    plain, asked = api.get(base + ".png"), api.get(base + ".png?ask=player")
    assert Image.open(io.BytesIO(plain.data)).size == Image.open(io.BytesIO(asked.data)).size
    assert plain.data != asked.data


def test_ask_is_part_of_the_etag_and_checked(api, dealt):
    base = f"/api/v1/tables/{dealt['id']}/roads/big_road.png"
    tags = {api.get(base + query).headers["ETag"] for query in ("", "?ask=banker", "?ask=player")}
    assert len(tags) == 3
    refused = api.get(base + "?ask=tie")
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (422, "invalid_parameter", "ask")
    again = api.get(base + "?ask=banker")
    assert api.get(base + "?ask=banker", headers={"If-None-Match": again.headers["ETag"]}).status_code == 304
