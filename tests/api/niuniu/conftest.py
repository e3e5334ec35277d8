"""Fixtures for the 百人牛牛 API tests: a niuniu table, and helpers to play a round."""

from __future__ import annotations

import pytest


@pytest.fixture
def niuniu(api) -> dict:
    response = api.post("/api/v1/tables", {"name": "Niu Niu 1", "game": "niuniu"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def rounds_url(niuniu) -> str:
    return f"/api/v1/tables/{niuniu['id']}/rounds"
