"""An account's play against the exact EV (issue 45): the advantage-play watch's evidence, for pit bosses and
admins (`monitor`), and the operator's links between accounts (admins, `link_accounts`)."""

from __future__ import annotations

import marshmallow as ma
from flask_smorest import Blueprint
from marshmallow import fields
from werkzeug.routing import PathConverter

from roadsvc.api.auth import requires
from roadsvc.api.context import acting, database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.coded import CodedRegexp, StrictSchema
from roadsvc.domain.identifiers import MAX_ACCOUNT_ID, identifier_pattern
from roadsvc.services.baccarat import play
from roadsvc.services.capabilities import LINK_ACCOUNTS, MONITOR

blp = Blueprint("accounts", __name__, description="Accounts under the advantage-play watch (advantage_play, "
                                                  "opposite_bets)")

BET_EXAMPLE = {"bet": "golden_eight", "stakes": 22, "positive_stakes": 22, "staked": "220.00",
               "positive_staked": "220.00", "expected_positive": 5.9, "mean_ev": 0.0121, "null_mean_ev": -0.1042}
PLAY_EXAMPLE = {
    "account_id": "acct-1001", "number": 7, "subject": "account:7", "link_group": None, "linked_accounts": [],
    "flagged": True, "shoes": 3, "stakes": 29, "staked": "290.00", "positive_stakes": 29,
    "positive_staked": "290.00", "other_stakes": 0, "other_staked": "0.00", "expected_positive": 6.63,
    "z": 8.1, "mean_ev": 0.0113, "null_mean_ev": -0.0987, "p_value": 1.3e-10, "alpha": 1e-06, "min_positive_stakes": 5,
    "bets": [BET_EXAMPLE], "tables": [3],
    "alerts": [{"alert_id": 51, "code": "advantage_play", "state": "open", "severity": "warning", "table_id": 3,
                "count": 1, "raised_at": "2026-12-07T04:00:00+00:00", "last_seen_at": "2026-12-07T04:00:00+00:00"}],
}


class AccountPlayBetSchema(ma.Schema):
    bet = fields.String(metadata={"description": "The bet's code"})
    stakes = fields.Integer()
    positive_stakes = fields.Integer(metadata={"description": "Stakes placed when the bet's exact EV was above 0"})
    staked = fields.String(metadata={"description": "Decimal string"})
    positive_staked = fields.String()
    expected_positive = fields.Float(metadata={"description": "How many of the same stakes would have met EV > 0 "
                                                              "placed regardless of the shoe (the shifts' mean)"})
    mean_ev = fields.Float(allow_none=True, metadata={"description": "Stake-weighted mean EV per unit"})
    null_mean_ev = fields.Float(allow_none=True, metadata={"description": "The same stakes' mean EV placed "
                                                                          "regardless of the shoe"})


class AccountPlayAlertSchema(ma.Schema):
    alert_id = fields.Integer()
    code = fields.String(metadata={"description": "advantage_play or opposite_bets"})
    state = fields.String()
    severity = fields.String()
    table_id = fields.Integer()
    count = fields.Integer()
    raised_at = fields.String()
    last_seen_at = fields.String()


class AccountPlaySchema(ma.Schema):
    account_id = fields.String()
    number = fields.Integer(metadata={"description": "The account's number in alert subjects (`account:<n>`)"})
    subject = fields.String()
    link_group = fields.String(allow_none=True)
    linked_accounts = fields.List(fields.String())
    flagged = fields.Boolean(metadata={"description": "At least min_positive_stakes stakes at EV > 0 and p_value "
                                                      "at most alpha"})
    shoes = fields.Integer()
    stakes = fields.Integer()
    staked = fields.String()
    positive_stakes = fields.Integer()
    positive_staked = fields.String()
    other_stakes = fields.Integer(metadata={"description": "Stakes placed when the EV was at or below 0"})
    other_staked = fields.String()
    expected_positive = fields.Float(metadata={"description": "Stakes at EV > 0 expected with the account's stakes "
                                                              "slid along each shoe by every circular shift"})
    z = fields.Float(allow_none=True, metadata={"description": "(positive_stakes - expected_positive) over the shifts' "
                                                               "standard deviation; null when every shift lands alike"})
    mean_ev = fields.Float(allow_none=True)
    null_mean_ev = fields.Float(allow_none=True)
    p_value = fields.Float(metadata={"description": "The larger of the circular-shift test's normal tail of z and "
                                                    "P(X >= positive_stakes), X ~ Poisson(expected_positive)"})
    alpha = fields.Float()
    min_positive_stakes = fields.Integer()
    bets = fields.List(fields.Nested(AccountPlayBetSchema))
    tables = fields.List(fields.Integer())
    alerts = fields.List(fields.Nested(AccountPlayAlertSchema))


class AccountLinkSchema(StrictSchema):
    group = fields.String(required=True, allow_none=True, validate=CodedRegexp(
        play.GROUP_FORM.pattern, "invalid_link_group", error="1 to 60 letters, digits or _ . : -"),
        metadata={"description": "The link group (null: unlink)", "example": "ring-7"})


class AccountLinkAnswerSchema(ma.Schema):
    account_id = fields.String()
    link_group = fields.String(allow_none=True)
    members = fields.List(fields.String(), metadata={"description": "Every account in the group now"})


class AccountConverter(PathConverter):
    """An account id in a path (`/accounts/<account:account_id>/...`), percent-encoded: any id a slip may hold
    reaches the view (a `/` in it too), which checks it by the one identifier rule (422 `invalid_account_id`,
    `invalid_characters`)."""


ACCOUNT_SCHEMA = {"type": "string", "minLength": 1, "maxLength": MAX_ACCOUNT_ID,
                  "pattern": identifier_pattern(MAX_ACCOUNT_ID),
                  "description": "The account id as the game server sends it in its slips, percent-encoded: 1-100 "
                  "characters; no control, invisible or look-alike space characters, no space at either end"}


def account_parameter_schema(converter: AccountConverter) -> dict:
    return dict(ACCOUNT_SCHEMA)



@blp.route("/accounts/<account:account_id>/play", methods=["GET"])
@requires(MONITOR)
@blp.response(200, AccountPlaySchema, example=PLAY_EXAMPLE)
@error_responses(401, 403, 404, 422)
def account_play(account_id):
    """An account's play against the exact EV

    How the account's stakes followed each bet's exact EV when its slips were accepted, over every closed shoe
    the watch counted: per bet and in all, its stakes at EV > 0 and at or below 0, the stake-weighted mean EV
    against the same stakes placed regardless of the shoe, the p-value, whether it is flagged, and its
    `advantage_play` and `opposite_bets` alerts. 404 `account_not_found` for an account the watch has not
    seen; 422 `invalid_account_id` (empty or over 100 characters) or `invalid_characters` (a character no slip
    may hold), field `account_id`: the id is checked by the one identifier rule, as a slip's.
    """
    return play.account_play(database(), account_id)


@blp.route("/accounts/<account:account_id>/link", methods=["PUT"])
@requires(LINK_ACCOUNTS)
@blp.arguments(AccountLinkSchema, example={"group": "ring-7"})
@blp.response(200, AccountLinkAnswerSchema, example={"account_id": "acct-1001", "link_group": "ring-7",
                                                     "members": ["acct-1001", "acct-1002"]})
@error_responses(401, 403, 422)
def link_account(data, account_id):
    """Link an account into a group

    Accounts the operator knows are one player: banker and player staked on one hand across the group raise
    `opposite_bets` as one account's would. `{"group": null}` takes the account out. Audited (`account.linked`,
    `account.unlinked`) and announced (`account_linked`, operators).
    """
    return play.link_account(database(), account_id, data["group"], acting())
