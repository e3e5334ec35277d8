"""The lobby: rows from stored summaries, built once per revision, with an ETag, filters and sorts."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from roadsvc.app import create_app
from roadsvc.persistence.models import Shoe
from roadsvc.services import lobby as lobby_module
from roadsvc.services.baccarat import snapshots as snapshots_module


def post(api, table, *results):
    for result in results:
        assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": result}, role="dealer").status_code == 201


def new_table(api, name, *results):
    table = api.post("/api/v1/tables", {"name": name}, role="pitboss").json
    api.post(f"/api/v1/tables/{table['id']}/shoes", {}, role="dealer")
    post(api, table, *results)
    return table


def rows(api, query=""):
    response = api.get("/api/v1/tables" + query)
    assert response.status_code == 200, response.json
    return response.json


def by_name(api, query=""):
    return {row["table"]["name"]: row for row in rows(api, query)}


def test_a_row_carries_counts_and_each_good_roads_length(api, table, shoe):
    post(api, table, "player", "banker", "banker", "tie", "banker", "banker")
    (row,) = rows(api)
    assert (row["hand_count"], row["last_result"]) == (6, "banker")
    assert row["counts"] == {"banker": 4, "player": 1, "tie": 1, "banker_pair": 0, "player_pair": 0, "natural": 0}
    long_banker = next(g for g in row["good_roads"] if g["code"] == "long_banker")
    assert long_banker == {"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 2,
                           "columns": 1, "hands": 4}


def test_voids_and_corrections_reach_the_lobby(api, table, shoe):
    post(api, table, "banker", "banker", "banker", "banker")
    assert rows(api)[0]["good_roads"][0]["code"] == "long_banker"
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/4/void", {"reason": "misdeal"}, role="pitboss")
    assert (rows(api)[0]["hand_count"], rows(api)[0]["good_roads"]) == (3, [])
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/3/correct", {"hand": {"result": "player"}, "reason": "x"},
             role="pitboss")
    assert rows(api)[0]["last_result"] == "player" and rows(api)[0]["counts"]["player"] == 1


def test_good_road_filter_and_sort_by_length(api):
    new_table(api, "Short", "player", "banker", "banker", "banker", "banker")
    new_table(api, "Quiet", "banker", "player")
    new_table(api, "Long", "player", *["banker"] * 7)
    assert list(by_name(api, "?good_road=long_banker")) == ["Short", "Long"]
    assert [r["table"]["name"] for r in rows(api, "?sort=good_road_length")] == ["Long", "Short", "Quiet"]
    ordered = rows(api, "?good_road=long_banker&sort=good_road_length")
    assert [r["table"]["name"] for r in ordered] == ["Long", "Short"]


@pytest.mark.parametrize("query, field", [("?good_road=long_bankers", "good_road"), ("?sort=size", "sort"),
                                          ("?good_raod=long_banker", "good_raod")])
def test_a_bad_query_is_a_422_naming_it(api, query, field):
    response = api.get("/api/v1/tables" + query)
    code = "unknown_parameter" if field == "good_raod" else "invalid_parameter"  # issue 46 item 4
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, code, field)


def test_announced_good_roads_only(api, table, shoe):
    post(api, table, "banker", "banker", "player", "banker", "player", "banker")
    codes = lambda: [g["code"] for g in rows(api)[0]["good_roads"]]  # noqa: E731
    assert "single_jump" in codes()
    patch = api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads_announced": ["long_player"]}},
                      role="pitboss")
    assert patch.status_code == 200
    assert codes() == []
    api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads_announced": ["single_jump"]}}, role="pitboss")
    assert codes() == ["single_jump"]
    roads = api.get(f"/api/v1/tables/{table['id']}/roads").json["roads"]
    assert len(roads["good_roads"]) >= 1, "the snapshot keeps every good road"


@pytest.mark.parametrize("announced", [["long_bankr"], ["long_banker", "long_banker"], "long_banker", [3]])
def test_good_roads_announced_is_validated(api, table, announced):
    response = api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads_announced": announced}},
                         role="pitboss")
    assert response.status_code == 422
    assert response.json["field"].startswith("settings.good_roads_announced")


def test_the_etag_moves_with_any_change_to_any_table_and_304s_otherwise(api, table, shoe):
    other = new_table(api, "Other", "banker")
    first = api.get("/api/v1/tables")
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert api.get("/api/v1/tables", headers={"If-None-Match": tag}).status_code == 304
    changes = [
        lambda: post(api, other, "player"),
        lambda: api.patch(f"/api/v1/tables/{table['id']}", {"name": "Renamed"}, role="pitboss"),
        lambda: api.post("/api/v1/tables", {"name": "Shoeless"}, role="pitboss"),
        lambda: api.post(f"/api/v1/tables/{other['id']}/shoes", {}, role="dealer"),
    ]
    for change in changes:
        change()
        response = api.get("/api/v1/tables", headers={"If-None-Match": tag})
        assert response.status_code == 200 and response.headers["ETag"] != tag
        tag = response.headers["ETag"]
    assert by_name(api)["Renamed"]["table"]["id"] == table["id"]
    assert api.get("/api/v1/tables?sort=good_road_length").headers["ETag"] != tag


def test_the_etag_is_the_newest_event_and_every_shoe_change_moves_it(app, api, table, shoe):
    from roadsvc.services.events import newest_event_id

    other = new_table(api, "Other", "banker", "player")
    shoe_id = api.get(f"/api/v1/tables/{other['id']}/roads").json["shoe"]["id"]
    tag = api.get("/api/v1/tables").headers["ETag"]
    assert str(newest_event_id(app.extensions["roadsvc.db"])) in tag
    changes = [
        lambda: api.post(f"/api/v1/shoes/{shoe_id}/hands/1/void", {"reason": "misdeal"}, role="pitboss"),
        lambda: api.post(f"/api/v1/shoes/{shoe_id}/hands/2/correct", {"hand": {"result": "tie"}, "reason": "misread"},
                         role="pitboss"),
        lambda: api.post(f"/api/v1/tables/{other['id']}/shoes/{shoe_id}/cut-card", {}, role="dealer"),
        lambda: api.post(f"/api/v1/tables/{other['id']}/shoes/{shoe_id}/close", {}, role="dealer"),
    ]
    for change in changes:
        assert change().status_code == 200
        response = api.get("/api/v1/tables", headers={"If-None-Match": tag})
        assert response.status_code == 200 and response.headers["ETag"] != tag
        tag = response.headers["ETag"]
    assert api.get("/api/v1/tables", headers={"If-None-Match": tag}).status_code == 304


def test_each_row_is_built_once_per_revision(api, table, shoe, monkeypatch):
    other = new_table(api, "Other", "banker")
    built = []
    real = lobby_module.lobby_entry
    monkeypatch.setattr(lobby_module, "lobby_entry", lambda d, s: built.append(d.id) or real(d, s))
    rows(api)
    assert sorted(built) == sorted([table["id"], other["id"]])
    rows(api), rows(api, "?sort=good_road_length")
    assert len(built) == 2, "no row is built again for the same revisions"
    post(api, other, "player")
    rows(api)
    assert built[2:] == [other["id"]], "only the changed table's row is rebuilt"


def test_a_fresh_worker_builds_no_snapshot_and_reads_no_hands(app, api, table, shoe, database_url, monkeypatch):
    post(api, table, "banker", "banker", "banker", "banker")
    expected = rows(api)
    fresh = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING"})
    try:
        def refuse(*args):
            raise AssertionError("the lobby built a snapshot or read hands")
        monkeypatch.setattr(snapshots_module, "build_document", refuse)
        monkeypatch.setattr("roadsvc.services.baccarat.summaries.repo.counted_hand_rows", refuse)
        headers = api.headers("display")
        assert fresh.test_client().get("/api/v1/tables", headers=headers).json == expected
    finally:
        fresh.extensions["roadsvc.db"].dispose()


def test_a_shoe_without_a_stored_summary_is_summarised_from_its_hands(app, api, table, shoe):
    post(api, table, "player", "player", "player", "player")
    expected = rows(api)
    with app.extensions["roadsvc.db"].write() as session:
        session.execute(update(Shoe).values(summary=None, revision=Shoe.revision + 1))
    got = rows(api)
    assert got[0]["good_roads"] == expected[0]["good_roads"] and got[0]["hand_count"] == 4
