"""Recall of a table's games, one route for every game (roadsvc.services.recall; docs/recall.md)."""

from __future__ import annotations

import json
from collections import OrderedDict
from datetime import datetime
from threading import Lock
from typing import Any

from flask import Response
from flask_smorest import Blueprint

from roadsvc.api.auth import hidden_cards_reader, requires
from roadsvc.api.context import database, principal
from roadsvc.api.docs import error_responses_doc
from roadsvc.api.schemas.compiled import compile_dump
from roadsvc.api.schemas.recall import RecallDabangDealSchema, RecallQuery, RecallSchema
from roadsvc.services import recall as recalls
from roadsvc.services.capabilities import READ, READ_MONEY

blp = Blueprint("recall", __name__, description="Recall: a table's last games, step by step, from the records")

RECALL_EXAMPLE = {
    "table": {"id": 1, "name": "Baccarat 8", "game": "baccarat"}, "last": 10, "money": True,
    "chain": {"seq": 182301, "at": "2026-12-07T05:03:41.020113+00:00", "withheld_from": 182236},
    "hands": [{
        "shoe": {"id": 12, "number": 7}, "hand": 43, "state": "counted", "dealt_at": "2026-12-07T05:03:10+00:00",
        "outcome": {"result": "banker", "player_total": 7, "banker_total": 9, "player_pair": False,
                    "banker_pair": False, "natural": True},
        "void_reason": None,
        "cards": [{"order": 1, "side": "player", "card": "4S", "third": False},
                  {"order": 2, "side": "banker", "card": "KD", "third": False},
                  {"order": 3, "side": "player", "card": "3H", "third": False},
                  {"order": 4, "side": "banker", "card": "9C", "third": False}],
        "steps": [{"seq": 1, "at": "2026-12-07T05:03:01+00:00", "kind": "betting_closed", "actor": "dealer key 3",
                   "account_id": None, "reason": None, "deadline": None, "how": None, "before": None, "after": None},
                  {"seq": 2, "at": "2026-12-07T05:03:10+00:00", "kind": "dealt", "actor": None, "account_id": None,
                   "reason": None, "deadline": None, "how": None, "before": None, "after": None}],
        "bets": [{"account_id": "acct-1001", "slip_id": 88, "code": "banker", "stake": "100.00", "held": "100.00",
                  "status": "win", "tier": None, "pay": "0.95", "returned": "195.00", "net": "95.00",
                  "settled_at": "2026-12-07T05:03:10+00:00"}],
        "records": [{"table": "hands", "id": 931}, {"table": "bets", "id": 4410}],
        "links": [{"table": "bets", "key": "4410", "op": "insert", "seq": 182233,
                   "digest": "9f2c64b1d0e3a7c5b8f41e2d6a9c0b3e7d5f1a2c4e6b8d0f2a4c6e8b0d2f4a6c",
                   "at": "2026-12-07T05:02:58.104331Z", "digest_withheld": None},
                  {"table": "hands", "key": "931", "op": "insert", "seq": 182240, "digest": None,
                   "at": "2026-12-07T05:03:10.220871Z", "digest_withheld": "in_play"}]}],
    "rounds": None, "deals": None,
}


RESPONSES = {"200": {"description": "The games, newest first",
                     "content": {"application/json": {"schema": RecallSchema, "example": RECALL_EXAMPLE}}},
             **error_responses_doc(401, 403, 404, 409, 422)}
# What RecallSchema().dump gives, from a function generated once (marshmallow's own dump of an 打棒 deal's
# hundreds of plays and links took longer than reading them).
dump_recall = compile_dump(RecallSchema())
dump_deal = compile_dump(RecallDabangDealSchema())
# An 打棒 deal over, as written JSON, while the service keeps its view (its `kept` name and its links, the same
# list, say it is that view): a kept deal is written once per process, not on every recall.
_written: OrderedDict[tuple, tuple[list, bytes]] = OrderedDict()
_lock = Lock()
WRITTEN_SIZE = 512


def _moment(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")


def _json(value: Any) -> bytes:
    return json.dumps(value, default=_moment, ensure_ascii=False, separators=(",", ":")).encode()


def recall_json(answer: dict[str, Any]) -> bytes:
    """The answer as JSON; each kept 打棒 deal as it was first written."""
    deals = answer.get("deals")
    if not deals:
        return _json(dump_recall(answer))
    head = _json(dump_recall({**answer, "deals": []}))
    if not head.endswith(b'"deals":[]}'):  # the schema's last field, always: written whole otherwise
        return _json(dump_recall(answer))
    return head[:-2] + b",".join(_deal_json(deal) for deal in deals) + b"]}"


def _deal_json(deal: dict[str, Any]) -> bytes:
    kept = deal.get("kept")
    if kept is None:
        return _json(dump_deal(deal))
    with _lock:
        found = _written.get(kept)
    if found is not None and found[0] is deal["links"]:
        return found[1]
    written = _json(dump_deal(deal))
    with _lock:
        _written[kept] = (deal["links"], written)
        while len(_written) > WRITTEN_SIZE:
            _written.popitem(last=False)
    return written


@blp.route("/tables/<id:table_id>/recall", methods=["GET"])
@requires(READ, responses=RESPONSES)
@blp.arguments(RecallQuery, location="query", as_kwargs=True)
def recall(table_id, **asked):
    """Recall a table's games, step by step

    The table's last games (`?last=N`, 1-50, default 10; newest first), or one: a baccarat hand
    (`?hand=N`, of the shoe `?shoe=ID`, default the table's newest shoe), a 百人牛牛 round (`?round=N`), an
    打棒 deal (`?deal=N`, of the match `?match=ID`, default the table's newest match). For each, its outcome
    and every intermediate step in order, read from the records: baccarat's cards in dealing order, betting
    closed, held, flown, opened (how, by whom), voids and corrections (who, when, why, before and after);
    百人牛牛's reveal card, the 25 cards in dealing order and each opening in order, voids, corrections and
    leaves (逃跑); 打棒's declarations, trump, tribute and its return, the bottom and what was buried, every
    trick, the score and the levels; and the records it was read from (`records`: table and id, what the
    hash chain proves) with the chain's links that bind them. No link's digest at or after the first link
    of a game in play, at any table, is shown (`digest: null`, `digest_withheld: "in_play"`; the chain's
    `withheld_from` names that link): it hashes every link before it, that game's hidden cards included.

    Stakes and settlements are money: only for a reader with `read_money` (pit boss, game server, admin;
    `money` says whether they are in). A game in play recalls nothing a reader may not see now: a held
    VIP or squeeze hand has no card and no result, a 百人牛牛 hand's fourth card is null until the hand is
    open, an 打棒 deal under way shows no seat's cards, no hidden bottom, no tribute's card, no buried card
    (except to a key that reads hidden cards, sent with the request, as `GET /matches/{id}` decides). A
    one-game parameter of another game than the table's: 409 wrong_game; two questions at once (`last`
    and `hand`, `hand` and `round`, `shoe` without `hand`): 422 naming the parameter; an unknown table,
    shoe, hand, round, match or deal: 404.
    """
    reader = recalls.Reader(money=principal().can(READ_MONEY), hidden_cards=hidden_cards_reader())
    answer = recalls.recall(database(), table_id, recalls.Ask(**asked), reader)
    return Response(recall_json(answer), mimetype="application/json")
