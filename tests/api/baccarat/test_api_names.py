"""The JSON API's names keep their values now that the Chinese names are the catalogues' (issue 36): a bet
type's and a good road's `name` is the operator's Simplified Chinese name and `name_en` the English one, in the
open bets, the roads snapshot and the lobby, whatever language the reader's pages speak."""

from __future__ import annotations

import sys
from pathlib import Path

from betting import make_table  # noqa: F401

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "i18n"))
import operator_names as names  # noqa: E402  (tests/i18n: the operator's names before the move)


def test_every_open_bet_carries_its_chinese_and_english_names(make_table):
    bets = make_table("extended").open_bets()["bets"]
    assert {b["bet"]: (b["name"], b["name_en"]) for b in bets} == {
        code: (zh_hans, en) for code, (zh_hans, _, en) in names.BETS.items()}


def test_a_good_road_carries_its_names_in_the_snapshot_and_the_lobby(make_table, api):
    table = make_table("classic")
    for _ in range(4):
        table.post({"result": "banker"})
    roads = api.get(f"/api/v1/tables/{table.id}/roads").json["roads"]
    long_banker = {"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 1}
    assert roads["good_roads"] == [long_banker]
    [lobby] = [row for row in api.get("/api/v1/tables").json if row["table"]["id"] == table.id]
    assert {key: lobby["good_roads"][0][key] for key in long_banker} == long_banker
