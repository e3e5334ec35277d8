"""Bets: the open-bets document, slips (stakes as decimal strings), betting closes, settlements.

Money crosses the API as decimal strings with at most two places ("100.00"): a JSON
number is refused, because a float cannot carry a stake exactly. Pays are "to 1": a
winning 100.00 at "0.95" returns the 100.00 plus 95.00.
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import BET_CODE, account_id, integer, slip_id, text
from roadsvc.services.admin_audit import MAX_REASON

AMOUNT = validate.Regexp(r"^[0-9]{1,13}(\.[0-9]{1,2})?$", error='an amount is a decimal string with at most two '
                         'places, e.g. "100.00" (a JSON number is refused)')


def amount(**kwargs) -> fields.String:
    """A money amount in, as a decimal string only."""
    return fields.String(validate=AMOUNT, **kwargs)


class AccountRangeSchema(StrictSchema):
    min = amount(required=True, metadata={"example": "100.00"})
    max = amount(required=True, metadata={"example": "20000.00"})


class BetLineSchema(StrictSchema):
    bet = fields.String(required=True, validate=BET_CODE, metadata={"description": "A bet code of the table's "
                        "rule set (see GET /tables/{id}/bets)", "example": "banker"})
    stake = amount(required=True, metadata={"description": "Decimal string, two places at most", "example": "100.00"})


class SlipSchema(StrictSchema):
    client_slip_id = slip_id(required=True, metadata={"description": "Your id for this slip, unique per table: a "
                          "retry with the same id gets the stored answer", "example": "gs1-000123"})
    account_id = account_id(required=True, metadata={"example": "acct-42"})
    account_range = fields.Nested(AccountRangeSchema, required=True, metadata={"description": "The account's range "
                                  "(盘口); each bet's range is its intersection with the table's"})
    hand_number = integer(1, 1000, metadata={"description": "The hand you mean: if bets are now on another hand, "
                          "every bet is refused betting_closed (why: hand_changed)", "example": 31})
    bets = fields.List(fields.Nested(BetLineSchema), required=True, validate=validate.Length(1, 100))


class OpenBetsQuerySchema(StrictSchema):
    account_min = amount(metadata={"description": "The account's minimum: ranges shown are the intersection",
                                   "example": "100.00"})
    account_max = amount(metadata={"description": "The account's maximum", "example": "20000.00"})

    @ma.validates_schema
    def both_or_neither(self, data, **kwargs):
        if ("account_min" in data) != ("account_max" in data):
            raise ma.ValidationError("give account_min and account_max together", "account_min")


class CloseSchema(StrictSchema):
    hand_number = integer(1, 1000, metadata={"description": "The hand you mean to close (409 if bets are on another)",
                                             "example": 31})


class CancelRoundSchema(StrictSchema):
    hand_number = integer(1, 1000, required=True, metadata={"description": "The hand whose round is cancelled",
                                                            "example": 31})
    reason = text(MAX_REASON, required=True, metadata={"example": "shuffle machine fault before dealing"})


class SettlementQuerySchema(StrictSchema):
    account_id = account_id(metadata={"description": "Only this account's bets", "example": "acct-42"})


REFUSAL_DOC = "null, or the rule that refuses: {code, message, and the rule's figures (bet, hand_number, cutoff, ...)}"


class BetTypeSchema(ma.Schema):
    bet = fields.String(metadata={"example": "banker_pair"})
    name = fields.String(metadata={"example": "庄对"})
    name_en = fields.String(metadata={"example": "Banker pair"})
    open = fields.Boolean()
    closed_by = fields.Dict(allow_none=True, metadata={"description": REFUSAL_DOC})
    pays = fields.Dict(keys=fields.String(), values=fields.String(),
                       metadata={"description": 'Pay per tier, "to 1" (0.95: a winning 100 returns 195)'})
    losses = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "What a loss costs, x the stake, per tier (Niu Niu: W)"})
    hold = fields.String(metadata={"description": "What placing holds, x the stake (Niu Niu banker/player: 9)"})
    cutoff = fields.Integer(allow_none=True, metadata={"description": "Taken up to this hand of a shoe"})
    table_range = fields.Dict(metadata={"description": "The table's {min, max}"})
    range = fields.Dict(allow_none=True, metadata={"description": "Table range cut to the account's; null: none"})
    total_limit = fields.String(allow_none=True, metadata={"description": "Most staked on it per hand, all accounts"})
    hedge_side = fields.String(allow_none=True, metadata={"description": "banker/player: held by hedge_limit"})


class OpenBetsSchema(ma.Schema):
    table_id = fields.Integer()
    rule_set = fields.String()
    shoe_id = fields.Integer(allow_none=True)
    revision = fields.Integer(allow_none=True)
    hand_number = fields.Integer(allow_none=True, metadata={"description": "The hand bets are taken on"})
    betting = fields.Dict(metadata={"description": "{open, closed_by}: closed_by is betting_closed with `why` "
                                    "(closed_by_dealer, no_open_shoe, shoe_complete)"})
    pays_basis = fields.String(metadata={"description": 'Always "to 1"'})
    hedge_limit = fields.String(metadata={"description": "Most |banker - player| staked per hand"})
    account_range = fields.Dict(allow_none=True)
    bets = fields.List(fields.Nested(BetTypeSchema))
    play = fields.Dict(metadata={"description": "The hand in play (VIP and squeeze tables, docs/vip_tables.md): "
                                 "{mode, hand_number, state: waiting_for_bets|betting_closed|held|flown, deadline "
                                 "(a timestamp while held on a VIP table), chartered, last: {hand_number, state: "
                                 "opened, flown, opened_how, opened_at}}"})


class BettingStateSchema(ma.Schema):
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    hand_number = fields.Integer()
    betting = fields.Dict()


class CancelledRoundSchema(BettingStateSchema):
    refunded = fields.Dict(keys=fields.String(), values=fields.String(),
                           metadata={"description": "What each account gets back"})


class CheckedBetSchema(ma.Schema):
    bet = fields.String()
    stake = fields.String()
    accepted = fields.Boolean()
    bet_id = fields.Integer(allow_none=True, metadata={"description": "The ledger line, when accepted"})
    held = fields.String(allow_none=True, metadata={"description": "What placing took from the balance"})
    refusal = fields.Dict(allow_none=True, metadata={"description": REFUSAL_DOC})


class SlipAnswerSchema(ma.Schema):
    slip_id = fields.Integer()
    client_slip_id = fields.String()
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    hand_number = fields.Integer()
    account_id = fields.String()
    account_range = fields.Dict()
    bets = fields.List(fields.Nested(CheckedBetSchema))
    accepted = fields.Integer()
    refused = fields.Integer()
    staked = fields.String(metadata={"description": "Sum of the accepted stakes"})
    held = fields.String(metadata={"description": "Sum held by the accepted bets"})
    placed_at = fields.String()


class SettledBetSchema(ma.Schema):
    bet_id = fields.Integer()
    slip_id = fields.Integer()
    account_id = fields.String()
    bet = fields.String()
    stake = fields.String()
    held = fields.String()
    status = fields.String(metadata={"description": "open, win, lose, push, void (refunded), cancelled (refunded: "
                                     "its round was cancelled before dealing), needs_cards (refunded: the hand was "
                                     "entered without the facts this bet needs), unsettleable (refunded: its "
                                     "settlement could not be computed under the rules its slip stored)"})
    tier = fields.String(allow_none=True)
    pay = fields.String(allow_none=True, metadata={"description": '"to 1", on a win'})
    returned = fields.String(allow_none=True, metadata={"description": "What goes back to the balance"})
    net = fields.String(allow_none=True, metadata={"description": "returned - held"})


class SumsSchema(ma.Schema):
    bets = fields.Integer()
    staked = fields.String()
    held = fields.String()
    returned = fields.String(allow_none=True)
    net = fields.String(allow_none=True)


class AccountSumsSchema(SumsSchema):
    account_id = fields.String()


class SettlementSchema(ma.Schema):
    shoe_id = fields.Integer()
    hand_number = fields.Integer()
    status = fields.String(metadata={"description": "open (hand not in), settled, void (every bet refunded)"})
    result = fields.String(allow_none=True)
    bets = fields.List(fields.Nested(SettledBetSchema))
    accounts = fields.List(fields.Nested(AccountSumsSchema))
    totals = fields.Nested(SumsSchema)
