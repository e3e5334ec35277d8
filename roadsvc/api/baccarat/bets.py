"""Bets for game servers: the next hand's open bets, slips, the dealer's close, settlements.

Pays are "to 1" and money is a decimal string with two places. The flow: read the open
bets, place a slip (game_server key), the dealer posts the hand (its bets are settled in
the same transaction), read the settlement.
"""

from __future__ import annotations

import json

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import CANCEL_ROUNDS, CLOSE_BETTING, READ, READ_MONEY
from roadsvc.api.context import database, principal
from roadsvc.api.docs import error_responses, error_responses_doc
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, revision_response, revision_responses
from roadsvc.api.baccarat.schemas.bets import (
    BettingStateSchema,
    CancelledRoundSchema,
    CancelRoundSchema,
    CloseSchema,
    OpenBetsQuerySchema,
    OpenBetsSchema,
    SettlementQuerySchema,
    SettlementSchema,
    SlipAnswerSchema,
)
from roadsvc.domain.baccarat.bets import StakeRange, stake_range
from roadsvc.services.baccarat import betting_window, ledger, slips

blp = Blueprint("bets", __name__, description='Bets: open bets of the next hand, slips, settlement (pays "to 1")')

CLOSED_BY_CUTOFF = {"code": "cutoff", "message": "banker_pair is not taken after hand 50 of a shoe; this is hand 51",
                    "bet": "banker_pair", "hand_number": 51, "cutoff": 50}
OPEN_BETS_EXAMPLE = {
    "table_id": 3, "rule_set": "classic", "shoe_id": 12, "revision": 57, "hand_number": 51,
    "betting": {"open": True, "closed_by": None}, "pays_basis": "to 1", "hedge_limit": "100000.00",
    "account_range": {"min": "100.00", "max": "20000.00"},
    "bets": [
        {"bet": "banker", "name": "庄", "name_en": "Banker", "open": True, "closed_by": None,
         "pays": {"win": "0.95"}, "losses": {"lose": "1"}, "hold": "1", "cutoff": None,
         "table_range": {"min": "1.00", "max": "10000.00"}, "range": {"min": "100.00", "max": "10000.00"},
         "total_limit": None, "hedge_side": "banker"},
        {"bet": "banker_pair", "name": "庄对", "name_en": "Banker pair", "open": False,
         "closed_by": CLOSED_BY_CUTOFF, "pays": {"win": "11"}, "losses": {"lose": "1"}, "hold": "1", "cutoff": 50,
         "table_range": {"min": "1.00", "max": "10000.00"}, "range": {"min": "100.00", "max": "10000.00"},
         "total_limit": "50000.00", "hedge_side": None},
    ],
}
SLIP_EXAMPLE = {
    "client_slip_id": "gs1-000123", "account_id": "acct-42", "account_range": {"min": "100.00", "max": "20000.00"},
    "hand_number": 31, "bets": [{"bet": "banker", "stake": "500.00"}, {"bet": "tie", "stake": "50.00"}],
}
SLIP_ANSWER_EXAMPLE = {
    "slip_id": 88, "client_slip_id": "gs1-000123", "table_id": 3, "shoe_id": 12, "hand_number": 31,
    "account_id": "acct-42", "account_range": {"min": "100.00", "max": "20000.00"},
    "bets": [
        {"bet": "banker", "stake": "500.00", "accepted": True, "bet_id": 301, "held": "500.00", "refusal": None},
        {"bet": "tie", "stake": "50.00", "accepted": False, "bet_id": None, "held": None,
         "refusal": {"code": "below_min", "message": "tie: 50.00 is below the minimum 100.00", "bet": "tie",
                     "stake": "50.00", "min": "100.00", "max": "10000.00"}},
    ],
    "accepted": 1, "refused": 1, "staked": "500.00", "held": "500.00", "placed_at": "2026-11-22T05:40:00+00:00",
}
CLOSED_EXAMPLE = {
    "table_id": 3, "shoe_id": 12, "hand_number": 31,
    "betting": {"open": False, "closed_by": {"code": "betting_closed", "message": "a dealer closed betting on hand 31",
                                             "why": "closed_by_dealer", "hand_number": 31,
                                             "closed_at": "2026-11-22T05:41:00+00:00"}},
}
SETTLEMENT_EXAMPLE = {
    "shoe_id": 12, "hand_number": 31, "status": "settled", "result": "banker",
    "bets": [{"bet_id": 301, "slip_id": 88, "account_id": "acct-42", "bet": "banker", "stake": "500.00",
              "held": "500.00", "status": "win", "tier": "win", "pay": "0.95", "returned": "975.00", "net": "475.00"}],
    "accounts": [{"account_id": "acct-42", "bets": 1, "staked": "500.00", "held": "500.00", "returned": "975.00",
                  "net": "475.00"}],
    "totals": {"bets": 1, "staked": "500.00", "held": "500.00", "returned": "975.00", "net": "475.00"},
}


def _account(query: dict) -> StakeRange | None:
    if "account_min" not in query:
        return None
    return stake_range(query["account_min"], query["account_max"], "account_min")


@blp.route("/tables/<id:table_id>/bets", methods=["GET"])
@requires(READ, parameters=[IF_NONE_MATCH_DOC, {"in": "query", "schema": OpenBetsQuerySchema}], responses={
    **revision_responses({"application/json": {"schema": OpenBetsSchema, "example": OPEN_BETS_EXAMPLE}}),
    **error_responses_doc(401, 404, 422),
})
@blp.arguments(OpenBetsQuerySchema, location="query")
def open_bets(query, table_id):
    """The next hand's bets

    The hand bets are taken on, whether betting is open, and every bet type of the
    table's rule set: open or closed with the rule that closed it (betting_closed, cutoff
    with the hand number and cutoff, needs_cards, range_closed), its pays **"to 1"** (a
    winning 100.00 at "0.95" returns 195.00), and the table's range. With
    `account_min`/`account_max`, `range` is the intersection with the account's range.
    ETag by the shoe's revision: poll with If-None-Match.
    """
    account = _account(query)
    shoe_id, revision = betting_window.current_revision(database(), table_id)
    variant = f"bets.{account.min}-{account.max}" if account else "bets"
    return revision_response(shoe_id, revision, variant, lambda: _open_bets_body(table_id, account))


def _open_bets_body(table_id: int, account: StakeRange | None) -> tuple[int, bytes]:
    document = OpenBetsSchema().dump(betting_window.open_bets_document(database(), table_id, account))
    return document["revision"], json.dumps(document, ensure_ascii=False).encode()


@blp.route("/tables/<id:table_id>/bets/close", methods=["POST"])
@requires(CLOSE_BETTING)
@blp.arguments(CloseSchema, example={"hand_number": 31}, required=False)
@blp.response(200, BettingStateSchema, example=CLOSED_EXAMPLE)
@error_responses(401, 403, 404, 409)
def close_betting(data, table_id):
    """Close betting on the next hand

    No bet is taken on this hand from now on (slips get betting_closed). Final for the
    hand: there is no reopen; the next hand's betting opens when this hand is in.
    Closing twice changes nothing. Give `hand_number` to be sure which hand you close.
    """
    return betting_window.close_betting(database(), table_id, principal().actor, data.get("hand_number"))


@blp.route("/tables/<id:table_id>/bets/cancel", methods=["POST"])
@requires(CANCEL_ROUNDS)
@blp.arguments(CancelRoundSchema, example={"hand_number": 31, "reason": "shuffle machine fault before dealing"})
@blp.response(200, CancelledRoundSchema, example={**CLOSED_EXAMPLE, "betting": {"open": True, "closed_by": None},
                                                  "refunded": {"acct-42": "500.00"}})
@error_responses(401, 403, 404, 409, 422)
def cancel_round(data, table_id):
    """Cancel the next hand's round before dealing

    The hand was cancelled after betting closed but before any card was dealt: every bet
    on it is given back (status cancelled, returned = held), an audit record keeps who,
    why and what each account got back, and betting on the hand opens again for the round
    that replaces it.
    """
    return betting_window.cancel_round(database(), table_id, data["hand_number"], data["reason"], principal().actor)


def place_slip(data: dict, table_id: int) -> tuple[dict, int]:
    """Place a slip on the next hand (`POST /tables/{id}/slips` on a baccarat table: roadsvc.api.slips)

    Each bet is accepted or refused with a stable reason code: betting_closed,
    unknown_bet, cutoff, needs_cards, range_closed, below_min, above_max, hedge_limit,
    total_limit. Accepted bets go into the hand's ledger and are settled when the hand
    is posted. Stakes are decimal strings. The same `client_slip_id` again returns the
    stored answer (200); with other bets it is a 409. No open shoe, or the shoe's last
    hand in: 409.
    """
    request = slips.SlipRequest(
        data["client_slip_id"], data["account_id"], (data["account_range"]["min"], data["account_range"]["max"]),
        tuple((line["bet"], line["stake"]) for line in data["bets"]), data.get("hand_number"),
    )
    placed = slips.place_slip(database(), table_id, request, principal().actor)
    return SlipAnswerSchema().dump(placed.answer), 201 if placed.created else 200


@blp.route("/shoes/<id:shoe_id>/hands/<id:number>/settlement", methods=["GET"])
@requires(READ_MONEY)
@blp.arguments(SettlementQuerySchema, location="query")
@blp.response(200, SettlementSchema, example=SETTLEMENT_EXAMPLE)
@error_responses(401, 403, 404, 422)
def settlement(query, shoe_id, number):
    """A hand's settlement

    Every bet on the hand with its outcome, pay ("to 1"), what was held and returned,
    and the net; totals per account and for the hand. Before the hand is in, its bets
    show status open. A void hand shows every bet refunded (void).
    """
    return ledger.hand_settlement(database(), shoe_id, number, query.get("account_id"))

