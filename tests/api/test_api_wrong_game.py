"""A baccarat path on a table of another game is 409 wrong_game, naming the table's game; the
other games' paths reuse the same check (roadsvc.api.auth.require_table_game) the other way round."""

from __future__ import annotations

import re

import pytest

from apiroutes import fill, role_for
from roadsvc.api.read_links import EXTENSION as READ_LINKS
from roadsvc.services.read_links import ReadLinks
from test_api_games import create

OTHER_GAMES = ("niuniu", "dabang")
BACCARAT_API = "roadsvc.api.baccarat."
METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE"}


def baccarat_table_routes(app) -> list[tuple[str, str, str]]:
    """(method, rule with plain <params>, capability) of every baccarat route about a table (`table_id`)."""
    routes = []
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if "table_id" in rule.arguments and view.__module__.startswith(BACCARAT_API):
            plain = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"<\1>", rule.rule)
            routes += [(method, plain, view._roadsvc_capability) for method in sorted(rule.methods & METHODS)]
    return routes


def test_the_baccarat_table_routes_cover_every_family(app):
    families = {rule.split("/")[5].split(".")[0] for _, rule, _ in baccarat_table_routes(app)}
    assert families >= {"shoes", "hands", "roads", "bets", "odds", "charter", "fly", "requests"}


def test_the_shared_slips_url_sends_a_slip_to_the_tables_game_and_refuses_a_game_without_slips(api):
    """`POST /tables/{id}/slips` is every game's (roadsvc.api.slips): baccarat's schema at a baccarat table,
    niuniu's at a niuniu table, wrong_game at a table whose game takes no slips there, or for another
    game's slip (the table's game named before any body error)."""
    baccarat, niuniu, dabang = (create(api, f"{game} 1", game=game) for game in ("baccarat", "niuniu", "dabang"))
    slip = {"client_slip_id": "gs-1", "round": 1, "account_id": "a", "balance": "1000.00",
            "bets": [{"area": "player_1", "stake": "1.00"}]}
    assert api.post(f"/api/v1/tables/{niuniu['id']}/slips", slip, role="game_server").status_code == 201
    refused = api.post(f"/api/v1/tables/{baccarat['id']}/slips", slip, role="game_server")
    assert (refused.status_code, refused.json["code"], refused.json["game"]) == (409, "wrong_game", "baccarat")
    other = api.post(f"/api/v1/tables/{dabang['id']}/slips", slip, role="game_server")
    assert (other.status_code, other.json["code"], other.json["game"]) == (409, "wrong_game", "dabang")


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_baccarat_path_on_a_table_of_another_game_is_wrong_game(app, api, game):
    table = create(api, f"{game} 1", game=game)
    routes = baccarat_table_routes(app)
    for method, rule, capability in routes:
        url = fill(rule, {"table_id": table["id"], "road": "big_road", "fmt": "png"})
        response = api.client.open(url, method=method, json={} if method != "GET" else None,
                                   headers=api.headers(role_for(capability)))
        assert response.status_code == 409, (method, url, response.json)
        assert response.json["code"] == "wrong_game", (method, url)
        assert response.json["field"] == "table_id"  # issue 46 item 5: as table_not_found names it
        assert response.json["game"] == game
        assert response.json["message"] == f"table {table['id']} is a {game} table"
    assert api.get(f"/api/v1/tables/{table['id']}").status_code == 200  # the shared paths answer


def test_wrong_game_comes_after_the_key_check(api):
    table = create(api, "Niu 1", game="niuniu")
    assert api.get(f"/api/v1/tables/{table['id']}/roads", role=None).status_code == 401
    assert api.post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}, role="display").status_code == 403


def test_a_signed_read_link_to_a_table_of_another_game_is_wrong_game(app, api):
    app.extensions[READ_LINKS] = ReadLinks("a test secret of enough length", 600)
    table = create(api, "Niu 1", game="niuniu")
    minted = api.post(f"/api/v1/tables/{table['id']}/read-links", {"resource": "roads"}, role="game_server")
    assert minted.status_code == 201, minted.json
    response = api.get(minted.json["path"], role=None)
    assert (response.status_code, response.json["code"], response.json["game"]) == (409, "wrong_game", "niuniu")


def test_baccarat_tables_beside_tables_of_other_games_keep_working(api):
    niuniu = create(api, "Niu 1", game="niuniu")
    baccarat = create(api, "Baccarat 1")
    assert api.post(f"/api/v1/tables/{baccarat['id']}/shoes", {"decks": 8}, role="dealer").status_code == 201
    assert api.get(f"/api/v1/tables/{baccarat['id']}/roads").status_code == 200
    assert api.get(f"/api/v1/tables/{niuniu['id']}/roads").status_code == 409
    assert api.post(f"/api/v1/tables/{niuniu['id']}/shoes", {"decks": 8}, role="dealer").status_code == 409


def test_the_table_is_named_one_way_in_every_error(api):
    # issue 46 item 5: wrong_game said "field": "table", table_not_found said "table_id"
    table = create(api, "Niu 1", game="niuniu")
    wrong = api.get(f"/api/v1/tables/{table['id']}/roads")
    missing = api.get("/api/v1/tables/99999/roads")
    assert (wrong.json["code"], missing.json["code"]) == ("wrong_game", "table_not_found")
    assert wrong.json["field"] == missing.json["field"] == "table_id"
