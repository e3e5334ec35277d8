"""Alert priority on the floor (issue 24): the worst unresolved severity first, acknowledged
alerts marked but not demoted, the tile's frame and the severity filter by the worst
unresolved alert, the header's count, and one note box with two buttons per alert."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import select

from roadsvc.domain.monitoring import CRITICAL, WARNING, Finding, subjects
from roadsvc.persistence.models import Shoe
from roadsvc.services import alerts
from roadsvc.services.baccarat import monitor
from test_web_floor import REFUSED, hand, new_table, tile_of
from websupport import csrf_token


def alert_ids(pages) -> list[int]:
    return [int(i) for i in re.findall(r'data-alert-id="(\d+)"', pages.client.get("/floor/alerts").get_data(as_text=True))]


def raise_alert(app, table_id: int, code: str, severity: str):
    db = app.extensions["roadsvc.db"]
    with db.write() as session:
        shoe = session.scalars(select(Shoe).where(Shoe.table_id == table_id)).first()
        return alerts.record(session, table_id, subjects.shoe(shoe.id), Finding(code, severity, f"{code} seen")).id


def acknowledge(pages, alert_id: int) -> None:
    token = csrf_token(pages.client.get("/floor").get_data(as_text=True))
    answer = pages.client.post(f"/floor/alerts/{alert_id}/acknowledge", data={"csrf_token": token, "note": "on it"})
    assert answer.status_code == 302


def test_an_acknowledged_critical_stays_on_top_and_keeps_its_tile_red(app, signed_in):
    a, b = new_table(signed_in, "A"), new_table(signed_in, "B")
    critical = raise_alert(app, a, "refused_hands", CRITICAL)
    warning = raise_alert(app, b, "stale_table", WARNING)  # newer
    assert alert_ids(signed_in) == [critical, warning]
    acknowledge(signed_in, critical)
    assert alert_ids(signed_in) == [critical, warning]
    html = signed_in.client.get("/floor").get_data(as_text=True)
    tile = tile_of(html, a)
    opening = html[html.rindex("<article", 0, html.index(f'data-table-id="{a}"')):]
    assert 'data-worst="critical"' in tile and "worst-critical" in opening.split(">")[0]
    assert "No open alerts" not in tile and 'data-severity="critical"' in tile and 'data-field="acknowledged"' in tile
    item = html[html.index(f'data-alert-id="{critical}"'):]
    assert 'data-state="acknowledged"' in item[:400]
    filtered = signed_in.client.get("/floor?severity=critical").get_data(as_text=True)
    assert "hidden" not in tile_of(filtered, a).split(">")[0] and "hidden" in tile_of(filtered, b).split(">")[0]


def test_within_a_severity_money_and_integrity_come_before_a_stale_table(app, signed_in):
    a, b = new_table(signed_in, "A"), new_table(signed_in, "B")
    positive_ev = raise_alert(app, a, "positive_ev", WARNING)
    stale = raise_alert(app, b, "stale_table", WARNING)  # newer, same severity
    assert alert_ids(signed_in) == [positive_ev, stale]


def test_the_header_counts_unresolved_alerts_and_criticals(app, signed_in):
    a = new_table(signed_in, "A")
    raise_alert(app, a, "stale_table", WARNING)
    critical = raise_alert(app, a, "refused_hands", CRITICAL)
    acknowledge(signed_in, critical)
    html = signed_in.client.get("/floor").get_data(as_text=True)
    assert re.search(r'data-field="alert-count">2<', html)
    assert re.search(r'data-field="critical-count">[^<]*<b>1</b>', html)
    state = signed_in.client.get("/floor/state").json
    assert state["totals"]["unresolved_alerts"] == {"info": 0, "warning": 1, "critical": 1}


def test_each_alert_has_one_note_box_and_two_buttons(app, signed_in):
    a = new_table(signed_in, "A")
    hand(signed_in, a, REFUSED)
    html = signed_in.client.get("/floor/alerts").get_data(as_text=True)
    assert html.count('name="note"') == 1
    assert html.count('data-action="acknowledge"') == 1 and html.count('data-action="resolve"') == 1
    [alert_id] = alert_ids(signed_in)
    acknowledge(signed_in, alert_id)
    html = signed_in.client.get("/floor/alerts").get_data(as_text=True)
    assert html.count('name="note"') == 1 and 'data-action="acknowledge"' not in html


def test_the_resolve_button_of_the_one_form_resolves(app, signed_in):
    a = new_table(signed_in, "A")
    hand(signed_in, a, REFUSED)
    [alert_id] = alert_ids(signed_in)
    html = signed_in.client.get("/floor").get_data(as_text=True)
    action = re.search(rf'<form method="post" action="([^"]+)"[^>]*>\s*<input[^>]*csrf', html[html.index(f'data-alert-id="{alert_id}"'):])
    assert action.group(1).endswith("/resolve")
    answer = signed_in.client.post(action.group(1), data={"csrf_token": csrf_token(html), "note": "reader fixed"})
    assert answer.status_code == 302 and alert_ids(signed_in) == []


def test_an_alert_reads_as_words_in_the_page_s_language_with_the_floor_s_zone(app, signed_in):
    a = new_table(signed_in, "A")
    hand(signed_in, a, REFUSED)
    english = signed_in.client.get("/floor/alerts?lang=en").get_data(as_text=True)
    assert "Hands refused" in english and "1 hand refused in this shoe" in english and "hand(s)" not in english
    assert "<code>" not in english and re.search(r"raised <time datetime=\"[^\"]+\" title=\"[^\"]+ "
                                                 r"Asia/Macau \(UTC\+8\)\">\d\d:\d\d:\d\d Asia/Macau</time>", english)
    assert "CST" not in english  # a zone's letters name several zones: the zone is written out
    traditional = signed_in.client.get("/floor/alerts?lang=zh-Hant").get_data(as_text=True)
    assert "牌局被拒" in traditional and "本靴有 1 局被拒" in traditional and "third_card_rule" not in traditional


def test_pit_notes_from_the_table_page(app, signed_in):
    a = new_table(signed_in, "A")
    html = signed_in.client.get(f"/floor/tables/{a}?lang=en").get_data(as_text=True)
    token = csrf_token(html)
    answer = signed_in.client.post(f"/floor/tables/{a}/notes", data={"csrf_token": token, "note": "seat 3 disputes hand 1"})
    assert answer.status_code == 302
    html = signed_in.client.get(f"/floor/tables/{a}").get_data(as_text=True)
    assert "seat 3 disputes hand 1" in html and 'data-action="pit_note"' in html  # listed, and in the audit log
    refused = signed_in.client.post(f"/floor/tables/{a}/notes", data={"note": "forged"})
    assert refused.status_code == 400
    listed = signed_in.client.get(f"/api/v1/tables/{a}/notes").json
    assert [n["text"] for n in listed] == ["seat 3 disputes hand 1"] and listed[0]["author"].startswith("test pitboss")
