"""Road images over HTTP: PNG and SVG of each road and the scoreboard, ETag/304 before any
work, rendered bytes cached by revision, 422 naming a bad parameter, 404 for an unknown
road, keys and roles, and a 503 (never a broken image) when the CJK font is missing."""

from __future__ import annotations

import io
import logging
import random
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from roadsvc.app import create_app
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.render import fonts
from roadsvc.services.baccarat import images as images_module
from roadsvc.services.baccarat import snapshots as snapshots_module
from roadsvc.services.keys.lifecycle import create_key

SVG = "{http://www.w3.org/2000/svg}"
ROADS = ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig", "scoreboard")
# B B T P B T T P: 8 hands, 5 big-road marks (ties ride on the mark before them), two columns of B.
RESULTS = ("banker", "banker", "tie", "player", "banker", "tie", "tie", "player")


def post(api, table, *results):
    for result in results:
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201


def url(table, road, fmt, query=""):
    return f"/api/v1/tables/{table['id']}/roads/{road}.{fmt}" + (f"?{query}" if query else "")


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()  # decodes every pixel: a truncated or corrupt PNG fails here
    return image.size


def svg_marks(data: bytes, *classes: str) -> list[ET.Element]:
    root = ET.fromstring(data)
    return [g for g in root.iter(f"{SVG}g") if set(classes) <= set(g.get("class", "").split())]


def margin(cell: int) -> int:
    """The border around a single road's grid: a sixth of a cell, at least 3 px."""
    return max(3, cell // 6)


@pytest.fixture
def dealt(api, table, shoe) -> dict:
    post(api, table, *RESULTS)
    return table


@pytest.mark.parametrize("road", ROADS)
def test_every_road_is_a_png_that_decodes_and_an_svg_that_parses(api, dealt, road):
    png = api.get(url(dealt, road, "png"))
    assert (png.status_code, png.mimetype) == (200, "image/png")
    assert png.headers["Cache-Control"] == "no-cache"
    width, height = png_size(png.data)
    svg = api.get(url(dealt, road, "svg"))
    assert (svg.status_code, svg.mimetype) == (200, "image/svg+xml")
    root = ET.fromstring(svg.data)
    assert (int(root.get("width")), int(root.get("height"))) == (width, height)
    assert png.headers["ETag"] != svg.headers["ETag"]


@pytest.mark.parametrize(("road", "cell", "columns", "cell_side"), [
    ("big_road", 20, 15, 20), ("big_road", 64, 3, 64), ("bead_plate", 37, 9, 37), ("big_eye_boy", 40, 30, 20),
    ("cockroach_pig", 21, 120, 10),
])
def test_a_road_png_is_as_large_as_its_cell_size_and_columns(api, dealt, road, cell, columns, cell_side):
    response = api.get(url(dealt, road, "png", f"cell={cell}&columns={columns}"))
    assert response.status_code == 200
    assert png_size(response.data) == (columns * cell_side + 2 * margin(cell), 6 * cell_side + 2 * margin(cell))


@pytest.mark.parametrize(("cell", "columns"), [(24, 20), (24, 40), (48, 20), (20, 4), (64, 120)])
def test_a_scoreboard_png_is_as_large_as_its_cell_size_and_columns(api, dealt, cell, columns):
    """`columns` big-road columns beside a bead plate half as wide (at least 8); beneath the big
    road, three rows of half-size cells: big eye boy, then small road and cockroach pig."""
    response = api.get(url(dealt, "scoreboard", "png", f"cell={cell}&columns={columns}"))
    bead_plate, g = max(8, columns // 2), margin(cell)
    assert png_size(response.data) == ((bead_plate + columns) * cell + 3 * g, 6 * cell + 12 * (cell // 2) + 4 * g)


def test_the_svg_carries_the_marks_of_the_shoe(api, dealt):
    big_road = svg_marks(api.get(url(dealt, "big_road", "svg")).data, "mark", "big-road")
    assert len(big_road) == sum(result != "tie" for result in RESULTS)
    assert [g.get("data-ties") for g in big_road] == ["0", "1", "0", "2", "0"]
    assert [(g.get("data-col"), g.get("data-row")) for g in big_road] == [("0", "0"), ("0", "1"), ("1", "0"),
                                                                          ("2", "0"), ("3", "0")]
    board = api.get(url(dealt, "scoreboard", "svg", "language=en")).data
    beads = svg_marks(board, "mark", "bead-plate")
    assert [next(c for c in ("banker", "player", "tie") if c in g.get("class")) for g in beads] == list(RESULTS)
    assert len(svg_marks(board, "mark", "big-road")) == 5
    assert {text.text for text in ET.fromstring(board).iter(f"{SVG}text")} >= {"B", "P", "T"}


def test_a_dealt_shoe_posted_by_cards_is_drawn_mark_for_mark(api, table, shoe):
    """40 hands of a real dealt shoe: a bead per hand, a big-road mark per non-tie hand, and
    every pair where the hand had one."""
    dealt_hands = deal_shoe(random.Random(11)).hands[:40]
    for number, hand in enumerate(dealt_hands, start=1):
        body = {"cards": hand.to_dict()["cards"], "number": number}
        assert api.post(f"/api/v1/tables/{table['id']}/hands", body, role="dealer").status_code == 201
    board = api.get(url(table, "scoreboard", "svg")).data
    beads = svg_marks(board, "mark", "bead-plate")
    assert [int(g.get("data-hand")) for g in beads] == list(range(1, 41))
    assert [g.get("class").split()[2] for g in beads] == [hand.result for hand in dealt_hands]
    for pair in ("banker_pair", "player_pair"):
        marked = [int(g.get("data-hand")) for g in svg_marks(board, "bead-plate", pair.replace("_", "-"))]
        assert marked == [n for n, hand in enumerate(dealt_hands, start=1) if getattr(hand, pair)]
    big_road = svg_marks(board, "mark", "big-road")
    non_ties = [n for n, hand in enumerate(dealt_hands, start=1) if hand.result != "tie"]
    assert [int(g.get("data-hand")) for g in big_road if g.get("data-hand")] == non_ties
    assert sum(int(g.get("data-ties")) for g in big_road) == len(dealt_hands) - len(non_ties)


def test_a_matching_etag_is_a_304_without_fetching_a_snapshot_or_rendering(api, dealt, shoe, monkeypatch):
    first = api.get(url(dealt, "scoreboard", "png", "cell=30&theme=dark"))
    assert first.status_code == 200

    def refuse(*args, **kwargs):
        raise AssertionError("the 304 path must not fetch a snapshot or render")

    monkeypatch.setattr(images_module, "render", refuse)
    monkeypatch.setattr(snapshots_module.SnapshotCache, "document", refuse)
    monkeypatch.setattr(snapshots_module, "build_document", refuse)
    monkeypatch.setattr(images_module.LRU, "get", refuse)
    for header in (first.headers["ETag"], "W/" + first.headers["ETag"], '"other", ' + first.headers["ETag"]):
        again = api.get(url(dealt, "scoreboard", "png", "cell=30&theme=dark"), headers={"If-None-Match": header})
        assert (again.status_code, again.data) == (304, b"")
        assert again.headers["ETag"] == first.headers["ETag"]
    shoe_url = f"/api/v1/shoes/{shoe['id']}/roads/scoreboard.png?theme=dark&cell=30"
    assert api.get(shoe_url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304


def test_other_parameters_or_format_are_another_etag(api, dealt):
    tags = {api.get(url(dealt, "big_road", fmt, query)).headers["ETag"]
            for fmt in ("png", "svg") for query in ("", "cell=30", "theme=dark", "language=en", "columns=10")}
    assert len(tags) == 10
    # the defaults spelt out are the same image, so the same ETag
    assert api.get(url(dealt, "big_road", "png", "cell=24&theme=light&language=zh-Hans")).headers["ETag"] == \
        api.get(url(dealt, "big_road", "png")).headers["ETag"]


def test_a_second_request_renders_nothing_and_reuses_the_roads_snapshot(api, dealt, monkeypatch):
    assert api.get(f"/api/v1/tables/{dealt['id']}/roads").status_code == 200  # the snapshot is now cached
    renders, builds = [], []
    real_render, real_build = images_module.render, snapshots_module.build_document
    monkeypatch.setattr(images_module, "render", lambda *a: renders.append(a[1:]) or real_render(*a))
    monkeypatch.setattr(snapshots_module, "build_document", lambda *a: builds.append(a) or real_build(*a))
    first = api.get(url(dealt, "scoreboard", "png"))
    assert (len(renders), builds) == (1, [])
    second = api.get(url(dealt, "scoreboard", "png"))
    assert second.data == first.data and second.headers["ETag"] == first.headers["ETag"]
    assert len(renders) == 1
    api.get(url(dealt, "scoreboard", "svg"))
    api.get(url(dealt, "scoreboard", "png", "theme=dark"))
    assert len(renders) == 3 and builds == []


def test_a_new_hand_changes_the_etag_and_the_image(api, dealt):
    before = api.get(url(dealt, "big_road", "svg"))
    before_png = api.get(url(dealt, "big_road", "png"))
    post(api, dealt, "player")
    after = api.get(url(dealt, "big_road", "svg"), headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert len(svg_marks(after.data, "mark", "big-road")) == len(svg_marks(before.data, "mark", "big-road")) + 1
    after_png = api.get(url(dealt, "big_road", "png"), headers={"If-None-Match": before_png.headers["ETag"]})
    assert after_png.status_code == 200 and after_png.data != before_png.data


@pytest.mark.parametrize(("road", "query", "field"), [
    ("big_road", "cell=19", "cell"), ("big_road", "cell=65", "cell"), ("big_road", "cell=abc", "cell"),
    ("big_road", "cell=", "cell"), ("big_road", "cell=2.5", "cell"), ("big_road", "theme=blue", "theme"),
    ("big_road", "language=fr", "language"), ("big_road", "columns=0", "columns"),
    ("big_road", "columns=121", "columns"), ("scoreboard", "columns=3", "columns"),
    ("big_road", "colums=10", "colums"), ("big_road", "lang=en", "lang"),
])
def test_a_bad_parameter_is_a_422_naming_it(api, dealt, road, query, field):
    for fmt in ("png", "svg"):
        response = api.get(url(dealt, road, fmt, query))
        assert response.status_code == 422
        code = "unknown_parameter" if field in ("colums", "lang") else "invalid_parameter"  # issue 46 item 4
        assert response.json["code"] == code and response.json["field"] == field
        assert response.mimetype == "application/json"


def test_an_unknown_road_or_format_is_a_404(api, dealt, shoe):
    response = api.get(url(dealt, "big_raod", "png"))
    assert (response.status_code, response.json["code"], response.json["field"]) == (404, "road_not_found", "road")
    assert "big_road" in response.json["message"]
    assert api.get(f"/api/v1/shoes/{shoe['id']}/roads/ask_road.svg").json["code"] == "road_not_found"
    assert api.get(url(dealt, "big_road", "jpg")).status_code == 404


def test_a_missing_table_shoe_or_shoe_less_table_is_a_404(api, table):
    assert api.get(url(table, "big_road", "png")).json["code"] == "no_shoe"
    assert api.get("/api/v1/tables/999/roads/big_road.png").json["code"] == "table_not_found"
    assert api.get("/api/v1/shoes/999/roads/scoreboard.svg").json["code"] == "shoe_not_found"


def test_images_need_a_display_key_and_a_bound_dealer_key_sees_only_its_table(app, api, dealt, shoe):
    assert api.get(url(dealt, "big_road", "png"), role=None).status_code == 401
    bad = api.client.get(url(dealt, "big_road", "png"), headers={"Authorization": "Bearer rs_nope"})
    assert (bad.status_code, bad.json["code"]) == (401, "invalid_key")
    other = api.post("/api/v1/tables", {"name": "Other"}, role="pitboss").json
    _, bound = create_key(app.extensions["roadsvc.db"], "dealer", "other reader", other["id"])
    refused = api.client.get(url(dealt, "big_road", "png"), headers={"X-API-Key": bound})
    assert (refused.status_code, refused.json["code"]) == (403, "wrong_table")
    for role in ("display", "dealer", "pitboss", "admin"):
        assert api.get(url(dealt, "big_road", "png"), role=role).status_code == 200
        assert api.get(f"/api/v1/shoes/{shoe['id']}/roads/big_road.svg", role=role).status_code == 200


def test_without_the_font_images_answer_503_and_never_an_image(api, dealt, database_url, tmp_path, monkeypatch,
                                                               caplog):
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path / "no-fonts")
    renders = []
    monkeypatch.setattr(images_module, "render", lambda *a: renders.append(a) or b"boxes")
    with caplog.at_level(logging.ERROR, logger="roadsvc.images"):
        broken = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING"})
    try:
        assert any("font_missing" in record.getMessage() and "no-fonts" in record.getMessage()
                   for record in caplog.records if record.levelno == logging.ERROR)
        client, headers = broken.test_client(), api.headers("display")
        for road, fmt in (("scoreboard", "png"), ("big_road", "svg")):
            response = client.get(url(dealt, road, fmt), headers=headers)
            assert (response.status_code, response.mimetype) == (503, "application/json")
            assert response.json["code"] == "font_missing" and "no-fonts" in response.json["message"]
        assert renders == []
        assert client.get(f"/api/v1/tables/{dealt['id']}/roads", headers=headers).status_code == 200
    finally:
        broken.extensions["roadsvc.db"].dispose()


def test_the_openapi_document_describes_the_image_endpoints(api):
    paths = api.client.get("/api/v1/openapi.json").json["paths"]
    for path in ("/api/v1/tables/{table_id}/roads/{road}.{fmt}", "/api/v1/shoes/{shoe_id}/roads/{road}.{fmt}"):
        operation = paths[path]["get"]
        # path-level parameters first; the operation's own documentation overrides them (road's enum)
        assert set(operation["responses"]["200"]["content"]) == {"image/png", "image/svg+xml"}
        assert {"304", "401", "404", "422", "503"} <= set(operation["responses"])
        parameters = {p["name"]: p for p in paths[path]["parameters"] + operation["parameters"]}
        assert {"road", "fmt", "cell", "theme", "language", "columns", "If-None-Match"} <= set(parameters)
        assert parameters["road"]["schema"]["enum"] == [road for road in ROADS if road != "scoreboard"]
        assert (parameters["cell"]["schema"]["minimum"], parameters["cell"]["schema"]["maximum"]) == (20, 64)
        assert parameters["fmt"]["schema"]["enum"] == ["png", "svg"]


def test_the_openapi_document_gives_the_scoreboard_its_own_columns_minimum(api, dealt):
    paths = api.client.get("/api/v1/openapi.json").json["paths"]
    for path in ("/api/v1/tables/{table_id}/roads/scoreboard.{fmt}", "/api/v1/shoes/{shoe_id}/roads/scoreboard.{fmt}"):
        operation = paths[path]["get"]
        parameters = {p["name"]: p for p in paths[path].get("parameters", []) + operation["parameters"]}
        assert parameters["columns"]["schema"]["minimum"] == 4
    refused = api.get(f"/api/v1/tables/{dealt['id']}/roads/scoreboard.png?columns=3")
    assert (refused.status_code, refused.json["field"]) == (422, "columns")
    assert api.get(f"/api/v1/tables/{dealt['id']}/roads/scoreboard.svg?columns=4").status_code == 200
