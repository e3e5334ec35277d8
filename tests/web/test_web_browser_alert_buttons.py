"""Every alert button works on every page, in headless Chromium (issue 36): acknowledge, then resolve, on the
floor, on a table page of each game and on a 打棒 match page. The floor's Resolve used to post to /floor
itself (the button's `formAction` read without its attribute is the page's address) and showed "send the body
as application/json" (415)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from roadsvc.domain.monitoring import WARNING, Finding, subjects
from roadsvc.services import alerts, tables
from roadsvc.services.baccarat import shoes
from roadsvc.services.dabang import matches

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}


def raise_alert(db, table_id: int, subject: str) -> int:
    with db.write() as session:
        return alerts.record(session, table_id, subject, Finding("late_slips", WARNING, "late slips")).id


def stored(db, alert_id: int):
    return alerts.get_alert(db, alert_id)


def act(item, button: str, note: str) -> None:
    item.locator('input[name="note"]').fill(note)
    item.locator(f'button[data-action="{button}"]').click()


def test_acknowledge_and_resolve_on_the_floor_without_leaving_it(floor_server, floor_page):
    db = floor_server.db
    table = tables.create_table(db, "Baccarat 1").id
    alert_id = raise_alert(db, table, subjects.shoe(shoes.open_shoe(db, table).id))
    floor_page.reload()
    floor_page.evaluate("window.sameDocument = true")
    item = floor_page.locator(f'[data-alert-id="{alert_id}"]')
    act(item, "acknowledge", "dealer told")
    expect(item).to_have_attribute("data-state", "acknowledged")
    act(item, "resolve", "the game server fixed its clock")
    expect(item).to_have_count(0)  # the floor lists the unresolved alerts
    expect(floor_page.locator(".error")).to_have_count(0)
    assert (stored(db, alert_id).state, stored(db, alert_id).resolved_note) == ("resolved",
                                                                                "the game server fixed its clock")
    assert floor_page.evaluate("window.sameDocument") is True


def pages_of_each_game(db) -> list[tuple[str, int]]:
    """(a page's path, the alert raised there) for a table of each game and a 打棒 match."""
    baccarat = tables.create_table(db, "Baccarat 2").id
    niuniu = tables.create_table(db, "Niu 1", game="niuniu").id
    dabang = tables.create_table(db, "Dabang 1", game="dabang").id
    played = tables.create_table(db, "Dabang 2", game="dabang").id
    match = matches.create_match(db, played, PLAYERS, 90)["id"]
    return [
        (f"/floor/tables/{baccarat}", raise_alert(db, baccarat, subjects.shoe(shoes.open_shoe(db, baccarat).id))),
        (f"/floor/tables/{niuniu}", raise_alert(db, niuniu, subjects.TABLE)),
        (f"/floor/tables/{dabang}", raise_alert(db, dabang, subjects.of(
            "match", matches.create_match(db, dabang, PLAYERS, 90)["id"]))),
        (f"/floor/dabang/matches/{match}", raise_alert(db, played, subjects.of("match", match))),
    ]


def test_acknowledge_and_resolve_on_a_table_page_of_each_game_and_a_match_page(floor_server, floor_page):
    for path, alert_id in pages_of_each_game(floor_server.db):
        floor_page.goto(floor_server.url + path)
        item = floor_page.locator(f'[data-alert-id="{alert_id}"]')
        act(item, "acknowledge", "on my way")
        expect(item).to_have_attribute("data-state", "acknowledged")
        assert floor_page.url == f"{floor_server.url}{path}#alert-{alert_id}"  # back on the page, at the alert
        expect(item).to_be_in_viewport()
        act(item, "resolve", "seen to")
        expect(item).to_have_attribute("data-state", "resolved")
        expect(item.locator('button[data-action]')).to_have_count(0)
        expect(item.locator('[data-field="acknowledged"]')).to_contain_text("on my way")  # kept once resolved
        found = stored(floor_server.db, alert_id)
        assert (path, found.state, found.acknowledged_note, found.resolved_note) == (
            path, "resolved", "on my way", "seen to")
