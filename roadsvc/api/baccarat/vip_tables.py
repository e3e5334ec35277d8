"""VIP (包桌) and squeeze (咪牌) tables: open a held hand, charter, fly, the charter's requests.

docs/vip_tables.md tells the whole flow.
"""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import acting, database, monitor_rules_on, principal
from roadsvc.api.docs import error_responses
from roadsvc.api.baccarat.schemas.hands import HAND_EXAMPLE, WrittenHandSchema
from roadsvc.api.baccarat.schemas.vip_tables import (
    AccountSchema, CharterAnswerSchema, DoneSchema, EndCharterSchema, FlownSchema, FlySchema, OpenSchema, RequestSchema, TableRequestSchema,
)
from roadsvc.domain.table_modes import BY_ACCOUNT, BY_DEALER
from roadsvc.services.baccarat.vip import charters, held_hands, table_requests
from roadsvc.services.capabilities import CHARTER_TABLES, MONITOR, OPEN_CARDS, PLACE_SLIPS
from roadsvc.services.errors import DomainError

blp = Blueprint("vip_tables", __name__, description="VIP (包桌) and squeeze (咪牌) tables: held hands, charters, "
                "flies, dealer and shoe change requests")

CHARTER_EXAMPLE = {"id": 4, "table_id": 3, "account_id": "acct-42", "consecutive_flies": 0,
                   "started_at": "2026-11-23T22:00:00+00:00", "ended_at": None}
REQUEST_EXAMPLE = {"id": 9, "table_id": 3, "shoe_id": 12, "kind": "change_shoe", "account_id": "acct-42",
                   "state": "open", "hands_dealt": 31, "alert_id": 17, "requested_at": "2026-11-23T22:00:00+00:00",
                   "due_at": "2026-11-23T22:05:00+00:00", "done_at": None, "done_by": None}


@blp.route("/tables/<id:table_id>/hands/<id:number>/open", methods=["POST"])
@requires(OPEN_CARDS)
@blp.arguments(OpenSchema, example={"account_id": "acct-42"}, required=False)
@blp.response(201, WrittenHandSchema, example=HAND_EXAMPLE, description="Opened: counted, settled, published")
@blp.alt_response(200, schema=WrittenHandSchema, example=HAND_EXAMPLE, description="Opened already (a retry)")
@error_responses(401, 403, 404, 409, 422)
def open_hand(data, table_id, number):
    """Open a held hand

    On a VIP or squeeze table the dealer's post of a hand is held: stored, not counted. A
    game server opens it for `account_id` (the charter account, or an account with a bet on
    the hand; anyone else: 403 not_allowed_to_open); a dealer opens it with no body. The hand
    is then counted, its bets settled and one `hand` event published, in one transaction.
    """
    caller = principal()
    if caller.can(PLACE_SLIPS):
        if not data.get("account_id"):
            raise DomainError("missing_field", "a game server opens a hand for an account: give account_id",
                              "account_id")
        opener = held_hands.Opener(BY_ACCOUNT, caller.actor, data["account_id"])
    else:
        opener = held_hands.Opener(BY_DEALER, caller.actor)
    view = held_hands.open_hand(database(), table_id, number, opener, rules=monitor_rules_on())
    return view, 201 if view.created else 200


@blp.route("/tables/<id:table_id>/charter", methods=["POST"])
@requires(CHARTER_TABLES)
@blp.arguments(AccountSchema, example={"account_id": "acct-42"})
@blp.response(201, CharterAnswerSchema, example=CHARTER_EXAMPLE)
@blp.alt_response(200, schema=CharterAnswerSchema, example=CHARTER_EXAMPLE, description="Chartered already by it")
@error_responses(401, 403, 404, 409, 422)
def charter(data, table_id):
    """Charter a VIP table (包桌)

    While chartered, slips from other accounts are refused (409 chartered). A table chartered
    by another account: 409 chartered; not a VIP table: 409 not_vip.
    """
    chartered, created = charters.charter_table(database(), table_id, data["account_id"], acting())
    return chartered, 201 if created else 200


@blp.route("/tables/<id:table_id>/charter/end", methods=["POST"])
@requires(CHARTER_TABLES)
@blp.arguments(EndCharterSchema, example={"account_id": "acct-42"}, required=False)
@blp.response(200, CharterAnswerSchema, example={**CHARTER_EXAMPLE, "ended_at": "2026-11-23T23:00:00+00:00"})
@error_responses(401, 403, 404, 409, 422)
def end_charter(data, table_id):
    """End the table's charter

    The table takes every account's slips again. Not chartered: 409 not_chartered.
    """
    return charters.end_charter(database(), table_id, acting(), data.get("account_id"))


@blp.route("/tables/<id:table_id>/fly", methods=["POST"])
@requires(CHARTER_TABLES)
@blp.arguments(FlySchema, example={"account_id": "acct-42", "hand_number": 12})
@blp.response(201, FlownSchema, example={"table_id": 3, "shoe_id": 12, "hand_number": 12, "state": "flown",
                                         "consecutive_flies": 1})
@blp.alt_response(200, schema=FlownSchema, description="Flown already (a retry)")
@error_responses(401, 403, 404, 409, 422)
def fly(data, table_id):
    """Fly the hand in play (飞牌)

    The charter account skips betting on the hand in play: no bet is taken on it and the
    dealer's post of it counts at once. At most `max_consecutive_flies` (5) hands in a row:
    the next is refused as fly_limit; a hand the charter bets on starts the count again.
    """
    flown = charters.fly(database(), table_id, data["account_id"], data.get("hand_number"))
    return flown, 201 if flown.pop("created") else 200


@blp.route("/tables/<id:table_id>/requests", methods=["POST"])
@requires(CHARTER_TABLES)
@blp.arguments(RequestSchema, example={"account_id": "acct-42", "kind": "change_shoe"})
@blp.response(201, TableRequestSchema, example=REQUEST_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def make_request(data, table_id):
    """Ask for a change of dealer or of shoe

    The charter account's request appears on the floor monitor as an alert
    (change_dealer_requested, change_shoe_requested). A change of shoe is refused as
    too_early until the shoe has dealt more than `shoe_change_after_hands` (30) hands; it is
    done when a new shoe opens, and raises shoe_change_overdue after `shoe_change_minutes`.
    """
    return table_requests.make_request(database(), table_id, data["kind"], data["account_id"], principal().actor)


@blp.route("/requests/<id:request_id>/done", methods=["POST"])
@requires(MONITOR)
@blp.arguments(DoneSchema, example={"note": "dealer 12 replaced dealer 7"}, required=False)
@blp.response(200, TableRequestSchema, example={**REQUEST_EXAMPLE, "kind": "change_dealer", "state": "done"})
@error_responses(401, 403, 404, 409, 422)
def request_done(data, request_id):
    """Mark a change of dealer done

    The pit boss has brought the new dealer; the request's alert is resolved. A change of
    shoe is done by opening the new shoe (409 done_by_new_shoe here).
    """
    return table_requests.mark_done(database(), request_id, principal().actor, data.get("note"))
