"""Good-road notices on the stream: a `good_roads` event when a table's good roads start, grow or
end on a post, a void or a correction, for every reader, honouring good_roads_announced."""

from __future__ import annotations


def new_table(api, settings: dict | None = None) -> tuple[int, int]:
    body = {"name": "Good roads", "rule_set": "classic", **({"settings": settings} if settings else {})}
    table = api.post("/api/v1/tables", body, role="pitboss").json["id"]
    shoe = api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8}, role="dealer").json["id"]
    return table, shoe


def post(api, table: int, *results: str) -> None:
    for result in results:
        assert api.post(f"/api/v1/tables/{table}/hands", {"result": result}, role="dealer").status_code == 201


def good_roads(stream, count: int, limit: int = 40) -> list[dict]:
    """The next `count` good_roads events (other events skipped; fails after `limit` events)."""
    found = []
    for _ in range(limit):
        event = stream.events(1)[0]
        if event["event"] == "good_roads":
            found.append(event)
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} of {count} good_roads events in {limit} events")


def roads(entries: list[dict]) -> list[tuple]:
    return [(g["code"], g["since_hand"], g["columns"], g["hands"]) for g in entries]


def test_a_good_road_that_starts_grows_and_ends_is_announced_to_displays(api, open_stream):
    table, _ = new_table(api)
    stream = open_stream(f"?table_id={table}", role="display")
    post(api, table, "banker", "banker", "banker", "banker")
    post(api, table, "banker", "player")
    started, grown, ended = good_roads(stream, 3)
    assert roads(started["data"]["started"]) == [("long_banker", 1, 1, 4)] and started["data"]["ended"] == []
    assert started["data"]["table_id"] == table and roads(started["data"]["active"]) == [("long_banker", 1, 1, 4)]
    assert roads(grown["data"]["grown"]) == [("long_banker", 1, 1, 5)] and grown["data"]["started"] == []
    assert roads(ended["data"]["ended"]) == [("long_banker", 1, 1, 5)] and ended["data"]["active"] == []
    assert started["id"] < grown["id"] < ended["id"]


def test_a_void_or_a_correction_that_changes_the_good_roads_is_announced(api, open_stream):
    table, shoe = new_table(api)
    post(api, table, "banker", "banker", "banker", "banker")
    stream = open_stream(f"?table_id={table}", role="display")
    assert api.post(f"/api/v1/shoes/{shoe}/hands/4/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    [ended] = good_roads(stream, 1)
    assert roads(ended["data"]["ended"]) == [("long_banker", 1, 1, 4)]
    assert api.post(f"/api/v1/shoes/{shoe}/hands/1/correct", {"hand": {"result": "player"}, "reason": "misread"},
                    role="pitboss").status_code == 200
    post(api, table, "banker", "banker")  # banker from hand 2: hands 2, 3, 5, 6
    [started] = good_roads(stream, 1)
    assert roads(started["data"]["started"]) == [("long_banker", 2, 1, 4)]
    assert api.post(f"/api/v1/shoes/{shoe}/hands/6/correct", {"hand": {"result": "player"}, "reason": "misread"},
                    role="pitboss").status_code == 200
    [ended] = good_roads(stream, 1)
    assert roads(ended["data"]["ended"]) == [("long_banker", 2, 1, 4)] and ended["data"]["started"] == []


def test_only_the_announced_good_roads_are_notified(api, open_stream):
    table, _ = new_table(api, {"good_roads_announced": ["long_player"]})
    stream = open_stream(f"?table_id={table}", role="display")
    post(api, table, "banker", "banker", "banker", "banker", "banker", "player", "player", "player", "player")
    [started] = good_roads(stream, 1)  # the long banker before it is not announced
    assert roads(started["data"]["started"]) == [("long_player", 6, 1, 4)]
