"""Every page lists alerts as the floor does (issue 36): the worst unresolved first, an acknowledged one marked
but kept in its place, the resolved after them, newest first. A table page of each game and a 打棒 match page
used to list them newest first, so a critical sat below the warnings raised after it."""

from __future__ import annotations

import re

import pytest

from roadsvc.domain.monitoring import CRITICAL, INFO, WARNING, Finding, subjects
from roadsvc.services import alerts, tables
from roadsvc.services.baccarat import shoes
from roadsvc.services.dabang import matches

PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}


def baccarat(db) -> tuple[int, str, str]:
    table = tables.create_table(db, "Baccarat").id
    shoe = shoes.open_shoe(db, table)
    return table, subjects.shoe(shoe.id), f"/floor/tables/{table}"


def niuniu(db) -> tuple[int, str, str]:
    table = tables.create_table(db, "Niu", game="niuniu").id
    return table, subjects.TABLE, f"/floor/tables/{table}"


def dabang_table(db) -> tuple[int, str, str]:
    table = tables.create_table(db, "Dabang", game="dabang").id
    match = matches.create_match(db, table, PLAYERS, 90)["id"]
    return table, subjects.of("match", match), f"/floor/tables/{table}"


def dabang_match(db) -> tuple[int, str, str]:
    table, subject, _ = dabang_table(db)
    return table, subject, f"/floor/dabang/matches/{subject.partition(':')[2]}"


def raise_alert(db, table_id: int, subject: str, code: str, severity: str) -> int:
    with db.write() as session:
        return alerts.record(session, table_id, subject, Finding(code, severity, f"{code} seen")).id


@pytest.mark.parametrize("page", [baccarat, niuniu, dabang_table, dabang_match])
def test_a_page_lists_the_worst_unresolved_alert_first_and_the_resolved_last(app, signed_in, page):
    db = app.extensions["roadsvc.db"]
    table, subject, url = page(db)
    resolved = raise_alert(db, table, subject, "late_slips", WARNING)
    critical = raise_alert(db, table, subject, "refused_rounds", CRITICAL)
    alerts.acknowledge(db, critical, "boss", "surveillance called")
    alerts.resolve(db, resolved, "boss", "spoke to the game server")
    info = raise_alert(db, table, subject, "corrections", INFO)
    warning = raise_alert(db, table, subject, "stale_table", WARNING)  # the newest
    html = signed_in.client.get(url).get_data(as_text=True)
    shown = [int(found) for found in re.findall(r'data-alert-id="(\d+)"', html)]
    assert shown == [critical, warning, info, resolved]
    item = html[html.index(f'data-alert-id="{critical}"'):]
    assert 'data-state="acknowledged"' in item[:600]
