"""Roads: the snapshot document, ETag and 304 before any work, cached bytes, columns."""

from __future__ import annotations

import pytest

from roadsvc.app import create_app
from roadsvc.services.baccarat import snapshots as snapshots_module


def post(api, table, *results):
    for result in results:
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201


def test_the_roads_document_names_table_shoe_and_revision(api, table, shoe):
    post(api, table, "banker", "banker", "player")
    response = api.get(f"/api/v1/tables/{table['id']}/roads")
    assert response.status_code == 200
    body = response.json
    assert body["table"] == {"id": table["id"], "name": table["name"], "rule_set": "classic"}
    assert (body["shoe"]["id"], body["shoe"]["number"], body["revision"]) == (shoe["id"], 1, shoe["revision"] + 3)
    assert [len(column) for column in body["roads"]["big_road"]["columns"]] == [2, 1]
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert response.headers["ETag"] == f'"{shoe["id"]}.{body["revision"]}.0"'
    assert api.get(f"/api/v1/shoes/{shoe['id']}/roads").get_data() == response.get_data()


def test_a_matching_etag_answers_304_without_building_anything(api, table, shoe, monkeypatch):
    post(api, table, "banker")
    first = api.get(f"/api/v1/tables/{table['id']}/roads")

    def refuse(*args, **kwargs):
        raise AssertionError("the 304 path must not build or serialise a snapshot")

    monkeypatch.setattr(snapshots_module.SnapshotCache, "body", refuse)
    monkeypatch.setattr(snapshots_module, "build_document", refuse)
    for header in (first.headers["ETag"], "W/" + first.headers["ETag"], '"other", ' + first.headers["ETag"], "*"):
        again = api.get(f"/api/v1/tables/{table['id']}/roads", headers={"If-None-Match": header})
        assert (again.status_code, again.get_data()) == (304, b"")
        assert again.headers["ETag"] == first.headers["ETag"]


def test_a_write_changes_the_etag_and_the_poll_gets_the_new_roads(api, table, shoe):
    post(api, table, "banker")
    first = api.get(f"/api/v1/tables/{table['id']}/roads")
    post(api, table, "player")
    again = api.get(f"/api/v1/tables/{table['id']}/roads", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert again.json["roads"]["hands"] == 2 and again.headers["ETag"] != first.headers["ETag"]


def test_the_200_path_serves_cached_bytes_for_a_revision(api, table, shoe, monkeypatch):
    post(api, table, "banker", "tie")
    first = api.get(f"/api/v1/shoes/{shoe['id']}/roads")
    calls = []
    real = snapshots_module.build_document
    monkeypatch.setattr(snapshots_module, "build_document", lambda *a: calls.append(a) or real(*a))
    assert api.get(f"/api/v1/shoes/{shoe['id']}/roads").get_data() == first.get_data()
    assert calls == []
    post(api, table, "player")
    api.get(f"/api/v1/shoes/{shoe['id']}/roads")
    assert len(calls) == 1


def test_another_worker_sees_a_write_at_once(app, api, table, shoe, database_url):
    """Two app instances (two gunicorn workers) over one database: no stale cache."""
    other = create_app({"DATABASE_URL": database_url, "TESTING": True})
    try:
        headers = api.headers("display")
        url = f"/api/v1/tables/{table['id']}/roads"
        assert other.test_client().get(url, headers=headers).json["roads"]["hands"] == 0
        post(api, table, "banker")
        assert other.test_client().get(url, headers=headers).json["roads"]["hands"] == 1
    finally:
        other.extensions["roadsvc.db"].dispose()


def test_columns_crops_every_grid_and_has_its_own_etag(api, table, shoe):
    post(api, table, "banker", "player", "banker", "player", "banker")
    full = api.get(f"/api/v1/tables/{table['id']}/roads")
    cropped = api.get(f"/api/v1/tables/{table['id']}/roads?columns=2")
    assert cropped.status_code == 200
    assert cropped.headers["ETag"] != full.headers["ETag"] and cropped.headers["ETag"].endswith('.2"')
    cells = cropped.json["roads"]["big_road"]["cells"]
    assert {cell["col"] for cell in cells} == {0, 1}
    assert len(full.json["roads"]["big_road"]["cells"]) == 5
    revalidated = api.get(f"/api/v1/tables/{table['id']}/roads?columns=2", headers={"If-None-Match": cropped.headers["ETag"]})
    assert revalidated.status_code == 304


@pytest.mark.parametrize("columns", ["0", "201", "-1", "abc", "1.5", ""])
def test_bad_columns_is_a_422(api, table, shoe, columns):
    response = api.get(f"/api/v1/tables/{table['id']}/roads?columns={columns}")
    assert (response.status_code, response.json["field"]) == (422, "columns")


def test_a_table_without_a_shoe_and_an_unknown_table_are_404(api, table):
    assert api.get(f"/api/v1/tables/{table['id']}/roads").json["code"] == "no_shoe"
    assert api.get("/api/v1/tables/999/roads").json["code"] == "table_not_found"
    assert api.get("/api/v1/shoes/999/roads").json["code"] == "shoe_not_found"


def test_the_roads_need_a_key(api, table, shoe):
    assert api.get(f"/api/v1/tables/{table['id']}/roads", role=None).status_code == 401


def test_the_table_thresholds_shape_the_good_roads(api, table, shoe):
    post(api, table, "banker", "banker", "banker")
    codes = lambda: [g["code"] for g in api.get(f"/api/v1/tables/{table['id']}/roads").json["roads"]["good_roads"]]  # noqa: E731
    assert "long_banker" not in codes()
    api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads": {"long_banker": 3}}}, role="pitboss")
    assert "long_banker" in codes()


def test_the_typed_roads_schema_describes_the_document_exactly(app, api, table, shoe):
    """What is served, full and cropped, is RoadsSchema's (the OpenAPI's typed roads) own
    dump of the shoe's typed roads: no field is missing from the schema, none is invented."""
    from dataclasses import replace

    from roadsvc.api.context import SNAPSHOTS
    from roadsvc.api.baccarat.schemas.roads import RoadsSchema
    from roadsvc.domain.baccarat.roads.snapshot import crop_snapshot

    post(api, table, "banker", "tie", *["banker"] * 8, "player", "banker", "player", "player")
    for columns in (None, 3):
        body = api.get(f"/api/v1/tables/{table['id']}/roads" + (f"?columns={columns}" if columns else "")).json
        document = app.extensions[SNAPSHOTS].document(body["shoe"]["id"], body["revision"])
        if columns:
            document = replace(document, roads=crop_snapshot(document.roads, columns))
        assert RoadsSchema().dump(document) == body


def test_the_openapi_types_the_roads_document(api):
    schemas = api.client.get("/api/v1/openapi.json").json["components"]["schemas"]
    roads = schemas["Roads"]["properties"]["roads"]
    assert roads == {"$ref": "#/components/schemas/Snapshot", "description": "The road snapshot (docs/snapshot.md)"} \
        or roads.get("allOf") == [{"$ref": "#/components/schemas/Snapshot"}]
    snapshot = schemas["Snapshot"]["properties"]
    assert set(snapshot) == {"hands", "counts", "bead_plate", "big_road", "big_eye_boy", "small_road",
                             "cockroach_pig", "ask_road", "ask_preview", "good_roads", "streaks"}
    assert schemas["AskSide"]["properties"]["small_road"]["enum"] == ["red", "blue", None]
    assert set(schemas["AskPreviewSide"]["properties"]) == {"bead_plate", "big_road", "big_eye_boy", "small_road",
                                                            "cockroach_pig"}
