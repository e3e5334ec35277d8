"""GET /api/v1/floor after a change or a clock turn (issue 46 item 25): the next 200 reads again only the
tables that changed and shows the floor as it now is; a floor that did not move answers the same bytes, before
Flask; a caller without money never gets a body built with it. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Iterator

import pytest

from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence.models import utcnow
from roadsvc.services import floor as floor_service

NATURAL = ["9H", "KD", "QS", "8C"]  # player 9, banker 8: a player win
BANKER_WIN = ["2H", "7D", "QC", "KS", "10H"]  # player 2 draws 10 -> 2; banker 7 stands: banker
FLOOR = "/api/v1/floor"


def dealing_table(api, name: str, settings: dict | None = None) -> int:
    table = api.post("/api/v1/tables", {"name": name, "settings": settings or {}}, role="pitboss").json["id"]
    assert api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8}, role="dealer").status_code == 201
    assert api.post(f"/api/v1/tables/{table}/hands", {"cards": NATURAL}, role="dealer").status_code == 201
    return table


def floor(api, **headers):
    return api.get(FLOOR, role="pitboss", headers=headers)


def entry_of(response, table_id: int) -> dict:
    return next(entry for entry in response.json["tables"] if entry["table"]["id"] == table_id)


@pytest.fixture
def clock(app) -> Iterator[list[datetime]]:
    """The app's clock: set `clock[0]` (it starts now)."""
    moment = [utcnow()]
    app.extensions["roadsvc.clock"] = lambda: moment[0]
    yield moment
    app.extensions.pop("roadsvc.clock", None)


@pytest.fixture
def tables_read(monkeypatch) -> list:
    """The tables each floor build reads (None: every table)."""
    seen: list = []
    read = alerts_repo.floor_rows

    def recorded(session, table_ids=None):
        seen.append(None if table_ids is None else set(table_ids))
        return read(session, table_ids)

    monkeypatch.setattr(alerts_repo, "floor_rows", recorded)
    return seen


def test_after_one_table_changes_the_next_200_shows_it_and_the_others_as_they_were(api, clock, tables_read):
    ids = [dealing_table(api, f"T{index}") for index in range(3)]
    clock[0] = utcnow()
    before = floor(api)
    assert tables_read == [None]  # the first build reads every table
    assert api.post(f"/api/v1/tables/{ids[1]}/hands", {"cards": BANKER_WIN}, role="dealer").status_code == 201
    after = floor(api, **{"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    changed = entry_of(after, ids[1])
    assert changed["shoe"]["hands"] == 2 and changed["recent"] == ["player", "banker"]
    assert changed["counts"]["banker"] == 1
    assert changed["cards"]["dealt"] == entry_of(before, ids[1])["cards"]["dealt"] + 5
    others = (ids[0], ids[2])
    assert [entry_of(after, table) for table in others] == [entry_of(before, table) for table in others]
    assert after.json["totals"]["hands"] == before.json["totals"]["hands"] + 1
    assert tables_read == [None, {ids[1]}]  # the change's table only


def test_a_new_table_joins_the_floor_in_its_place(api, clock, tables_read):
    first = dealing_table(api, "First")
    floor(api)
    second = dealing_table(api, "Second")
    api.patch(f"/api/v1/tables/{first}", {"name": "First, renamed"}, role="pitboss")
    answer = floor(api)
    assert [entry["table"]["name"] for entry in answer.json["tables"]] == ["First, renamed", "Second"]
    assert [entry["table"]["id"] for entry in answer.json["tables"]] == [first, second]
    assert tables_read == [None, {first, second}]


def test_a_tile_turning_stale_by_the_clock_alone_shows_in_the_next_200(api, clock, tables_read):
    quick = dealing_table(api, "Quick", {"monitoring": {"stale_after_seconds": 60}})
    slow = dealing_table(api, "Slow", {"monitoring": {"stale_after_seconds": 600}})
    start = clock[0] = utcnow()
    first = floor(api)
    assert [entry_of(first, table)["status"] for table in (quick, slow)] == ["dealing", "dealing"]
    clock[0] = start + timedelta(seconds=30)  # nothing turns: the floor as of its generated_at, byte for byte
    again = floor(api)
    assert again.get_data() == first.get_data() and again.headers["ETag"] == first.headers["ETag"]
    assert again.json["generated_at"] == start.isoformat()
    clock[0] = start + timedelta(seconds=61)
    turned = floor(api, **{"If-None-Match": first.headers["ETag"]})
    assert turned.status_code == 200 and turned.json["generated_at"] == clock[0].isoformat()
    assert [entry_of(turned, table)["status"] for table in (quick, slow)] == ["stale", "dealing"]
    assert turned.json["totals"]["by_status"] == {"dealing": 1, "stale": 1, "ending": 0, "idle": 0}
    last_at = datetime.fromisoformat(entry_of(turned, slow)["last_hand_at"])
    assert entry_of(turned, slow)["seconds_since_last_hand"] == round((clock[0] - last_at).total_seconds(), 1)
    assert tables_read == [None, {quick}]  # the turned tile's table only


def test_the_floors_current_answer_is_given_before_flask_as_flask_gives_it(api, clock, answered_by_flask):
    dealing_table(api, "T")
    answered_by_flask.clear()
    by_flask = floor(api, **{"X-Request-ID": "floor"})
    tag = by_flask.headers["ETag"]
    fast_200 = floor(api, **{"X-Request-ID": "floor"})
    fast_304 = floor(api, **{"If-None-Match": tag, "X-Request-ID": "floor"})
    assert answered_by_flask == [FLOOR]  # neither reached Flask
    assert fast_200.status_code == 200 and fast_200.get_data() == by_flask.get_data()
    assert sorted(fast_200.headers.items()) == sorted(by_flask.headers.items())
    assert fast_304.status_code == 304 and fast_304.headers["ETag"] == tag
    assert api.get(FLOOR + "?colour=red", role="pitboss").status_code == 422  # a query is Flask's
    assert api.get(FLOOR, role="display").status_code == 403 and answered_by_flask[-1] == FLOOR


def test_a_floor_built_with_money_is_never_given_to_a_caller_without_it(app, api, clock):
    dealing_table(api, "T")
    db, cache = app.extensions["roadsvc.db"], app.extensions["roadsvc.floor"]
    shift = app.extensions["roadsvc.floor_clock"].shift_at(clock[0])
    with_money = floor_service.floor(db, app.extensions["roadsvc.snapshots"], cache, clock[0], shift)
    assert b'"money":{"turnover":"0.00"' in with_money.body() and b'"shift":' in with_money.body()
    assert floor_service.current_answer(db, cache, clock[0], shift) == (with_money.etag, with_money.body())
    assert floor_service.current_answer(db, cache, clock[0], None) is None
    without = floor_service.floor(db, app.extensions["roadsvc.snapshots"], cache, clock[0], None)
    assert b'"money"' not in without.body() and b'"shift"' not in without.body()
    assert without.etag != with_money.etag


def test_a_change_of_no_table_or_a_pruned_log_reads_every_table_again(app, api, clock, tables_read):
    from roadsvc.services.events import prune_events
    from roadsvc.services.keys.lifecycle import create_key, revoke_key

    db = app.extensions["roadsvc.db"]
    tables = [dealing_table(api, "A"), dealing_table(api, "B")]
    floor(api)
    revoke_key(db, create_key(db, "display", "spare")[0].id)  # its event names no table
    floor(api)
    assert api.post(f"/api/v1/tables/{tables[0]}/hands", {"cards": BANKER_WIN}, role="dealer").status_code == 201
    prune_events(db, 0, now=utcnow() + timedelta(seconds=1))  # the floor's kept event among the pruned
    pruned = floor(api)
    assert entry_of(pruned, tables[0])["shoe"]["hands"] == 2 and entry_of(pruned, tables[1])["shoe"]["hands"] == 1
    assert tables_read == [None, None, None]


def test_a_change_the_floor_does_not_show_keeps_its_tag_and_its_bytes(app, api, clock, tables_read):
    from roadsvc.services.admin_audit import Actor
    from roadsvc.services.pit.pit_notes import add_note

    table = dealing_table(api, "T")
    start = clock[0] = utcnow()
    first = floor(api)
    add_note(app.extensions["roadsvc.db"], table, "Chips refilled", Actor("pit boss"))  # an event at the table
    clock[0] = start + timedelta(seconds=5)
    again = floor(api, **{"If-None-Match": '"floor.other"'})
    assert tables_read == [None, {table}]  # read again, and found as it was
    assert again.headers["ETag"] == first.headers["ETag"] and again.get_data() == first.get_data()
