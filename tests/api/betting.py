"""Helpers for the bets API tests: a table with an open shoe, slips, hands posted quickly."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pytest

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.services.baccarat import hands

WIDE = {"min": "1.00", "max": "100000.00"}  # an account range wider than any table's
_slip_ids = itertools.count(1)


def bet(code: str, stake: str) -> dict[str, str]:
    return {"bet": code, "stake": stake}


@dataclass
class Table:
    """One table with an open shoe, driven through the API (hands may be fast-forwarded)."""

    api: Any
    id: int
    shoe_id: int

    @property
    def db(self):
        return self.api.client.application.extensions["roadsvc.db"]

    def slip(self, *bets: dict, account: dict = WIDE, slip_id: str | None = None, role: str = "game_server",
             **extra):
        body = {"client_slip_id": slip_id or f"slip-{next(_slip_ids)}", "account_id": extra.pop("account_id", "acct-1"),
                "account_range": account, "bets": list(bets), **extra}
        return self.api.post(f"/api/v1/tables/{self.id}/slips", body, role=role)

    def refusals(self, *bets: dict, **kwargs) -> list[str | None]:
        response = self.slip(*bets, **kwargs)
        assert response.status_code == 201, response.json
        return [b["refusal"]["code"] if b["refusal"] else None for b in response.json["bets"]]

    def post(self, hand: dict, role: str = "dealer"):
        response = self.api.post(f"/api/v1/tables/{self.id}/hands", hand, role=role)
        assert response.status_code == 201, response.json
        return response.json

    def reach(self, number: int) -> None:
        """Post result-only hands until bets are taken on hand `number`."""
        current = self.open_bets()["hand_number"]
        for _ in range(number - current):
            hands.post_hand(self.db, self.id, parse_hand({"result": "banker"}))
        assert self.open_bets()["hand_number"] == number

    def open_bets(self, **query) -> dict:
        response = self.api.get(f"/api/v1/tables/{self.id}/bets", query_string=query)
        assert response.status_code == 200, response.json
        return response.json

    def bet_type(self, code: str, **query) -> dict:
        return next(b for b in self.open_bets(**query)["bets"] if b["bet"] == code)

    def close(self, role: str = "dealer", **body):
        return self.api.post(f"/api/v1/tables/{self.id}/bets/close", body, role=role)

    def settlement(self, number: int, role: str = "game_server", **query):
        return self.api.get(f"/api/v1/shoes/{self.shoe_id}/hands/{number}/settlement", role=role, query_string=query)


@pytest.fixture
def make_table(api):
    """make_table(rule_set, settings) -> Table with an open shoe."""
    names = itertools.count(1)

    def make(rule_set: str = "classic", settings: dict | None = None) -> Table:
        body = {"name": f"Bets {next(names)}", "rule_set": rule_set, "settings": settings or {}}
        table = api.post("/api/v1/tables", body, role="pitboss")
        assert table.status_code == 201, table.json
        shoe = api.post(f"/api/v1/tables/{table.json['id']}/shoes", {}, role="dealer")
        return Table(api, table.json["id"], shoe.json["id"])

    return make
