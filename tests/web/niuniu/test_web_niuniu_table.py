"""The pit boss's page of a 百人牛牛 table: the trend road, the rounds with closed cards as backs, the audit,
the floor monitor's alerts (never a closed card), and the floor's alert list naming the table."""

from niuniu_support import HANDS, HIDDEN, by_order, by_position, hidden_codes_in
from websupport import csrf_token


def test_the_table_page_shows_the_trend_road_and_hides_closed_hands(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 7", "game": "niuniu"}, role="pitboss").json["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    assert signed_in.api_post(rounds, by_order(1)).status_code == 201
    signed_in.api_post(f"{rounds}/1/open", {})
    signed_in.api_post(rounds, by_order(2))
    signed_in.api_post(f"{rounds}/2/open", {"position": "player_1"})
    signed_in.api_post(rounds, {}, role="dealer")  # refused: counted, changes nothing shown
    page = signed_in.client.get(f"/floor/tables/{table}?lang=en")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-field="trend"' in html and 'class="mark banker' in html and "Niu Niu Trend" in html
    row = html[html.index('data-round="2"'):html.index('data-round="1"', html.index('data-round="2"'))]
    assert row.count("🂠") == 4  # the four closed hands' fourth cards, as card backs
    suits = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
    closed = [code for position, code in HIDDEN.items() if position != "player_1"]
    assert not [code for code in closed if f">{code[:-1]}{suits[code[-1]]}<" in row]
    assert 'data-value="bull_bull">Bull bull<' in row and "bull_8" not in row  # player_1 open, the banker closed


def test_a_baccarat_table_keeps_its_page(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Bac 7"}, role="pitboss").json["id"]
    assert "data-field=\"trend\"" not in signed_in.client.get(f"/floor/tables/{table}").get_data(as_text=True)


def test_a_niuniu_table_has_its_tile_on_the_floor(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 8", "game": "niuniu"}, role="pitboss").json["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    signed_in.api_post(rounds, by_order(1))
    signed_in.api_post(f"{rounds}/1/open", {})
    signed_in.api_post(rounds, by_order(2))
    html = signed_in.client.get("/floor").get_data(as_text=True)
    tile = html[html.index(f'data-table-id="{table}"'):]
    tile = tile[:tile.index("</article>")]
    assert 'data-game="niuniu"' in tile and '<dd data-field="round">2</dd>' in tile and 'data-field="phase" data-value="dealing">发牌中<' in tile
    assert tile.count('class="dot') == 4  # each area's last result


def refused_with_hidden_card(signed_in, table: int, number: int):
    """A round post repeating player_1's hidden fourth card (refused, counted by the floor monitor)."""
    hands = {**HANDS, "player_1": [*HANDS["player_1"][:4], HIDDEN["player_1"]]}
    answer = signed_in.api_post(f"/api/v1/tables/{table}/rounds", by_position(number, hands))
    assert answer.status_code == 422 and answer.json["code"] == "repeated_card"


def section(html: str, field: str) -> str:
    start = html.index(f'data-field="{field}"')
    return html[start:html.index("</ol>", start)]


def test_the_table_page_shows_its_alerts_without_a_closed_card_and_acts_on_them(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 9", "game": "niuniu"}, role="pitboss").json["id"]
    assert signed_in.api_post(f"/api/v1/tables/{table}/rounds", by_order(1)).status_code == 201
    refused_with_hidden_card(signed_in, table, 2)
    html = signed_in.client.get(f"/floor/tables/{table}?lang=en").get_data(as_text=True)
    alerts = section(html, "alerts")
    assert "Rounds refused" in alerts and "1 round post refused at this table; the last (round 2): a card repeated" \
        in alerts and 'data-code="refused_rounds"' in alerts and "Niu 9" in alerts
    assert not hidden_codes_in(alerts)
    alert_id = int(alerts.split('data-alert-id="')[1].split('"')[0])
    token = csrf_token(html)
    back = signed_in.client.post(f"/floor/alerts/{alert_id}/acknowledge",
                                 data={"csrf_token": token, "note": "reader checked", "back": f"/floor/tables/{table}"})
    assert back.status_code == 302 and back.headers["Location"].endswith(f"/floor/tables/{table}")
    alerts = section(signed_in.client.get(f"/floor/tables/{table}?lang=en").get_data(as_text=True), "alerts")
    assert 'data-state="acknowledged"' in alerts and "reader checked" in alerts


def test_the_floors_alert_list_names_the_niuniu_table(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 10", "game": "niuniu"}, role="pitboss").json["id"]
    refused_with_hidden_card(signed_in, table, 1)
    listed = signed_in.client.get("/floor/alerts?lang=en").get_data(as_text=True)
    assert f'data-alert-table="{table}"' in listed and "Niu 10" in listed and "Rounds refused" in listed
    assert not hidden_codes_in(listed)



LIVE = {"X-Roadsvc-Live": "1"}
FACES = {position: code[:-1] + {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[code[-1]] for position, code in HIDDEN.items()}


def live_main(signed_in, table: int) -> str:
    """The table page's main part as its script fetches it again (static/table.js)."""
    response = signed_in.client.get(f"/floor/tables/{table}?lang=en", headers=LIVE)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def version_of(html: str) -> str:
    return html.split('class="table-main niuniu"')[1].split('data-version="')[1].split('"')[0]


def shown_closed_cards(html: str, positions) -> list[str]:
    """The closed fourth cards of `positions` the HTML shows, as faces or as codes (none should be)."""
    return [FACES[p] for p in positions if f">{FACES[p]}<" in html] + hidden_codes_in(html)


def test_the_page_is_live_its_main_part_moves_with_each_change_and_shows_no_closed_card(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 11", "game": "niuniu"}, role="pitboss").json["id"]
    page = signed_in.client.get(f"/floor/tables/{table}").get_data(as_text=True)
    assert 'id="live-config"' in page and "table.js" in page and 'id="table-main"' in page
    empty = live_main(signed_in, table)
    assert "<html" not in empty and 'id="live-config"' not in empty  # the main part alone, to put in place
    assert version_of(live_main(signed_in, table)) == version_of(empty)  # nothing moved: the same version
    rounds = f"/api/v1/tables/{table}/rounds"
    assert signed_in.api_post(rounds, by_order(1)).status_code == 201
    dealt = live_main(signed_in, table)
    assert version_of(dealt) != version_of(empty) and 'data-round="1"' in dealt
    assert dealt.count("🂠") == 5 and shown_closed_cards(dealt, HIDDEN) == []
    signed_in.api_post(f"{rounds}/1/open", {"position": "player_1"})
    opened = live_main(signed_in, table)
    assert version_of(opened) != version_of(dealt) and f">{FACES['player_1']}<" in opened
    assert shown_closed_cards(opened, [p for p in HIDDEN if p != "player_1"]) == []
    refused_with_hidden_card(signed_in, table, 2)  # an alert, and nothing else, moves the page too
    alerted = live_main(signed_in, table)
    assert version_of(alerted) != version_of(opened) and 'data-code="refused_rounds"' in alerted
