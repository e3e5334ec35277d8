"""Every game names its dealer (issue 45): a 百人牛牛 round and a 打棒 deal record the dealer at their table,
their refusals count for that dealer, and the figures say which measures a game does not have (null, with
the reason) instead of a 0."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from dabang_api import bury_and_pass, new_match, new_table, start_first_deal, state
from niuniu_support import HANDS, HIDDEN, by_order, by_position
from roadsvc.api.dabang import CLOCK
from roadsvc.persistence.models import DabangDeal, NiuniuRound
from roadsvc.services.admin_audit import Actor
from roadsvc.services.dealers import registry

NOW = datetime(2026, 11, 25, 7, 0, tzinfo=timezone.utc)


def db_of(app):
    return app.extensions["roadsvc.db"]


def dealer(api, badge="D-7"):
    response = api.post("/api/v1/dealers", {"badge": badge, "name": "Lam Siu Fong"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


def stats(api, dealer_id, begins, ends):
    query = f"from={begins.isoformat().replace('+', '%2B')}&to={ends.isoformat().replace('+', '%2B')}"
    response = api.get(f"/api/v1/dealers/{dealer_id}/stats?{query}", role="pitboss")
    assert response.status_code == 200, response.json
    return {entry["game"]: entry for entry in response.json["games"]}


def test_a_niuniu_round_names_its_dealer_and_a_refused_post_counts_for_them(app, api):
    table = api.post("/api/v1/tables", {"name": "Niu Niu 1", "game": "niuniu"}, role="pitboss").json
    found = dealer(api)
    assert api.post(f"/api/v1/tables/{table['id']}/dealer", {"badge": "D-7"}, role="dealer").status_code == 201
    bad = {**HANDS, "player_3": [*HANDS["player_3"][:4], HIDDEN["player_3"]]}
    assert api.post(f"/api/v1/tables/{table['id']}/rounds", by_position(1, bad), role="dealer").status_code == 422
    assert api.post(f"/api/v1/tables/{table['id']}/rounds", by_order(1), role="dealer").status_code == 201
    with db_of(app).read() as session:
        assert list(session.scalars(select(NiuniuRound.dealer_id))) == [found["id"]]
    now = datetime.now(timezone.utc)
    niuniu = stats(api, found["id"], now - timedelta(hours=1), now + timedelta(minutes=1))["niuniu"]
    assert niuniu["games"] == 1 and niuniu["refusals"]["count"] == 1 and niuniu["voids"]["count"] == 0
    assert niuniu["timers_overrun"] is None and "timers_overrun" in niuniu["not_applicable"]
    assert niuniu["money"] is not None


@pytest.fixture
def stopped_clock(app):
    app.extensions[CLOCK] = lambda: NOW


def test_a_dabang_deal_names_its_dealer_and_says_what_it_does_not_have(app, api, stopped_clock):
    table = new_table(api)
    found = dealer(api)
    registry.change_dealer(db_of(app), table["id"], "D-7", Actor("pit boss"), NOW - timedelta(minutes=5))
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, 4)
    bury_and_pass(api, match_id, number, random.Random(1))
    deal = state(api, match_id, "dealer")["current_deal"]
    waiting = deal["turn"] % 4 + 1  # not this seat's turn
    refused = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays",
                       {"seat": waiting, "cards": deal["hands"][str(waiting)][:1]}, role="dealer")
    assert refused.json["code"] == "not_your_turn"
    with db_of(app).read() as session:
        assert list(session.scalars(select(DabangDeal.dealer_id))) == [found["id"]]
    dabang = stats(api, found["id"], NOW - timedelta(hours=1), NOW + timedelta(hours=1))["dabang"]
    assert dabang["games"] == 1 and dabang["refusals"]["count"] == 1
    for measure in ("voids", "corrections", "late_slips", "money", "timers_overrun"):
        assert dabang[measure] is None and dabang["not_applicable"][measure]


def test_a_voided_niuniu_round_counts_against_its_dealer(app, api):
    table = api.post("/api/v1/tables", {"name": "Niu Niu 2", "game": "niuniu"}, role="pitboss").json
    found = dealer(api)
    api.post(f"/api/v1/tables/{table['id']}/dealer", {"badge": "D-7"}, role="dealer")
    assert api.post(f"/api/v1/tables/{table['id']}/rounds", by_order(1), role="dealer").status_code == 201
    voided = api.post(f"/api/v1/tables/{table['id']}/rounds/1/void", {"reason": "misdeal"}, role="pitboss")
    assert voided.status_code == 200, voided.json
    now = datetime.now(timezone.utc)
    niuniu = stats(api, found["id"], now - timedelta(hours=1), now + timedelta(minutes=1))["niuniu"]
    assert niuniu["voids"]["count"] == 1 and niuniu["games"] == 0
