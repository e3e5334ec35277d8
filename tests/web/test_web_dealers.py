"""The dealers on the pit boss's pages (issue 45): the dealers page linked from the floor (each dealer's
figures in the shift, per game, beside the floor's; a measure a game has not says so, never 0), and the
dealer card of every game's table page (who deals now, the newest changes)."""

from __future__ import annotations

import re

NATURAL = ["9H", "KD", "QS", "8C"]


def dealer(signed_in, badge, name):
    response = signed_in.api_post("/api/v1/dealers", {"badge": badge, "name": name}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json["id"]


def cell(html: str, dealer_id, game: str, field: str) -> str:
    row = re.search(rf'<tr[^>]*data-dealer-id="{dealer_id}" data-game="{game}">(.*?)</tr>', html, re.S).group(1)
    return re.sub(r"<[^>]+>", "", re.search(rf'<td[^>]*data-field="{field}"[^>]*>(.*?)</td>', row, re.S).group(1)).strip()


def test_the_floor_links_the_dealers_page_and_it_shows_each_dealers_shift(signed_in):
    bac = signed_in.api_post("/api/v1/tables", {"name": "Baccarat 1"}, role="pitboss").json["id"]
    dab = signed_in.api_post("/api/v1/tables", {"name": "Dabang 1", "game": "dabang"}, role="pitboss").json["id"]
    signed_in.api_post(f"/api/v1/tables/{bac}/shoes", {"decks": 8})
    mei = dealer(signed_in, "D-1", "Chan Mei Ling")
    dealer(signed_in, "D-2", "Ho Ka Wai")
    signed_in.api_post(f"/api/v1/tables/{bac}/dealer", {"badge": "D-1"})
    signed_in.api_post(f"/api/v1/tables/{dab}/dealer", {"badge": "D-2"})
    for _ in range(2):
        assert signed_in.api_post(f"/api/v1/tables/{bac}/hands", {"cards": NATURAL}).status_code == 201
    signed_in.api_post(f"/api/v1/tables/{bac}/hands", {"cards": ["4S", "3H", "5D", "2C", "6H"]})  # refused
    floor = signed_in.client.get("/floor?lang=en").get_data(as_text=True)
    assert 'href="/floor/dealers"' in floor
    page = signed_in.client.get("/floor/dealers?lang=en").get_data(as_text=True)
    assert cell(page, mei, "baccarat", "games") == "2"
    assert cell(page, mei, "baccarat", "refusals") == "1 (50.0)"
    assert cell(page, "floor", "baccarat", "games") == "2"
    assert "Ho Ka Wai" in page  # at a table, no game yet: on the roster without a game this shift
    zh = signed_in.client.get("/floor/dealers?lang=zh-Hans").get_data(as_text=True)
    assert "Chan Mei Ling" in zh and 'data-field="dealers"' in zh


def test_a_measure_a_game_has_not_says_so(signed_in, app):
    from roadsvc.services.dabang import moves
    from dabang_api import PLAYERS
    from dabang_play import shuffled_codes

    dab = signed_in.api_post("/api/v1/tables", {"name": "Dabang 1", "game": "dabang"}, role="pitboss").json["id"]
    ho = dealer(signed_in, "D-2", "Ho Ka Wai")
    signed_in.api_post(f"/api/v1/tables/{dab}/dealer", {"badge": "D-2"})
    match = signed_in.api_post(f"/api/v1/tables/{dab}/matches", {"players": PLAYERS, "time_limit_minutes": 90},
                               role="pitboss")
    assert match.status_code == 201, match.json
    moves.post_deal(app.extensions["roadsvc.db"], match.json["id"], shuffled_codes(4), 1)  # now: after the change
    page = signed_in.client.get("/floor/dealers?lang=en").get_data(as_text=True)
    assert cell(page, ho, "dabang", "games") == "1"
    assert cell(page, ho, "dabang", "voids") == "n/a" and cell(page, ho, "dabang", "money") == "n/a"
    assert 'title="Da Bang takes no bets: the house has no win"' in page


def test_every_table_page_shows_its_dealer_and_changes(signed_in):
    tables = [signed_in.api_post("/api/v1/tables", {"name": f"T {game}", "game": game}, role="pitboss").json["id"]
              for game in ("baccarat", "niuniu", "dabang")]
    dealer(signed_in, "D-1", "Chan Mei Ling")
    dealer(signed_in, "D-2", "Ho Ka Wai")
    for table in tables:
        signed_in.api_post(f"/api/v1/tables/{table}/dealer", {"badge": "D-1"})
    signed_in.api_post(f"/api/v1/tables/{tables[2]}/dealer", {"badge": "D-2"})
    for table, now in zip(tables, ("No dealer declared", "No dealer declared", "Ho Ka Wai")):
        html = signed_in.client.get(f"/floor/tables/{table}?lang=en").get_data(as_text=True)
        shown = re.search(r'data-field="dealer-now"[^>]*>(.*?)</p>', html, re.S).group(1)
        assert now in shown, (table, shown)
        assert "Chan Mei Ling" in re.search(r'data-field="dealer-changes">(.*?)</ol>', html, re.S).group(1)


def test_an_admin_opens_the_dealers_page_too(pages):
    pages.login("admin")
    assert pages.client.get("/floor/dealers").status_code == 200


def test_a_dealer_alert_is_on_the_floor_in_the_readers_words(signed_in, app):
    from roadsvc.domain.dealers.rules import DealerRefusals, dealer_refusals
    from roadsvc.services import alerts

    table = signed_in.api_post("/api/v1/tables", {"name": "Baccarat 1"}, role="pitboss").json["id"]
    mei = dealer(signed_in, "D-1", "Chan Mei Ling")
    finding = dealer_refusals(DealerRefusals(mei, "Chan Mei Ling", "baccarat", "2026-12-07/0600", 15, 40, 10, 600), {})
    with app.extensions["roadsvc.db"].write() as session:
        alerts.record(session, table, f"dealer:{mei}", finding)
    english = signed_in.client.get("/floor?lang=en").get_data(as_text=True)
    assert "Dealer&#39;s refusals out of line" in english or "Dealer's refusals out of line" in english
    assert "Dealer Chan Mei Ling: 15 refusals in 40 Baccarat games" in english
    hant = signed_in.client.get("/floor?lang=zh-Hant").get_data(as_text=True)
    assert "荷官被拒次數異常" in hant and "荷官 Chan Mei Ling：百家樂 40 局中被拒 15 次" in hant
