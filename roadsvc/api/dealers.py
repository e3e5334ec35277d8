"""Dealers as people (issue 45): the registry, a table's dealer and its changes, each dealer's figures.
See docs/dealers.md."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime, timedelta, timezone

import marshmallow as ma
from flask_smorest import Blueprint
from marshmallow import fields, validate

from roadsvc.api.auth import requires
from roadsvc.api.context import acting, database, floor_clock
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import name
from roadsvc.persistence.models import utcnow
from roadsvc.services import tables
from roadsvc.services.capabilities import DEALERS, POST_HANDS, READ
from roadsvc.services.dealers import figures, registry
from roadsvc.services.errors import DomainError

blp = Blueprint("dealers", __name__, description="Dealers as people: who deals at each table, each dealer's figures")

MAX_PERIOD = timedelta(days=31)
EARLIEST, LATEST = 1970, 9998  # the years a period may name
BADGE = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$"
DEALER_EXAMPLE = {"id": 4, "badge": "D-1042", "name": "Chan Mei Ling", "active": True, "table_id": 1,
                  "since": "2026-12-07T02:00:00+00:00"}


def badge(**kwargs) -> fields.String:
    kwargs.setdefault("metadata", {"example": "D-1042", "description": "The dealer's badge id"})
    return fields.String(validate=validate.Regexp(BADGE, error="a badge is 1-40 letters, digits, '.', '_' or '-'"),
                         **kwargs)


class DealerBodySchema(StrictSchema):
    badge = badge(required=True)
    name = name(required=True, metadata={"example": "Chan Mei Ling"})


class DealerSchema(ma.Schema):
    id = fields.Integer()
    badge = fields.String()
    name = fields.String()
    active = fields.Boolean()
    table_id = fields.Integer(allow_none=True, metadata={"description": "The table the dealer is at now (null: none)"})
    since = fields.DateTime(allow_none=True, metadata={"description": "Since when"})


class DealerChangeBodySchema(StrictSchema):
    badge = badge(required=True, allow_none=True,
                  metadata={"description": "The badge of the dealer who takes the table; null: the dealer leaves "
                                           "and nobody takes over", "example": "D-1042"})


class DealerBriefSchema(ma.Schema):
    id = fields.Integer()
    badge = fields.String()
    name = fields.String()


class DealerChangeSchema(ma.Schema):
    id = fields.Integer()
    table_id = fields.Integer()
    dealer = fields.Nested(DealerBriefSchema, allow_none=True, metadata={"description": "Who took the table"})
    previous = fields.Nested(DealerBriefSchema, allow_none=True, metadata={"description": "Who dealt before"})
    changed_at = fields.DateTime()
    actor = fields.String()


class TableDealerNowSchema(DealerBriefSchema):
    since = fields.DateTime()


class TableDealerSchema(ma.Schema):
    table_id = fields.Integer()
    dealer = fields.Nested(TableDealerNowSchema, allow_none=True, metadata={"description": "The dealer now"})
    changes = fields.List(fields.Nested(DealerChangeSchema), metadata={"description": "The newest 20, newest first"})


class DealerStatsQuerySchema(StrictSchema):
    date = fields.String(metadata={"description": "A shift's day (YYYY-MM-DD, the floor's time zone), with `shift`: "
                                                  "that shift instead of from/to", "example": "2026-12-07"})
    shift = fields.String(validate=validate.Regexp(r"^[0-9]{4}$"),
                          metadata={"description": "The shift's start, HHMM (with `date`)", "example": "1400"})
    begins = fields.AwareDateTime(data_key="from", metadata={"description": "The period's start (ISO 8601 with its "
                                                                             "offset); default: the shift's"})
    ends = fields.AwareDateTime(data_key="to", metadata={"description": "Its end, at most 31 days after the start; "
                                                                        "default: now"})


class DealerCountSchema(ma.Schema):
    count = fields.Integer()
    per_100_games = fields.Float(allow_none=True)


class DealerPaceSchema(ma.Schema):
    games_per_hour = fields.Float(allow_none=True, metadata={"description": "3600 over the mean seconds between "
                                                                            "consecutive games at a table"})
    gaps = fields.Integer()
    floor_games_per_hour = fields.Float(allow_none=True, metadata={"description": "The rest of the floor's"})
    z = fields.Float(allow_none=True, metadata={"description": "Welch's z of the mean gap (positive: slower)"})


class DealerMoneySchema(ma.Schema):
    turnover = fields.String()
    win = fields.String(metadata={"description": "The house's win on the dealer's games"})
    expected_win = fields.String(metadata={"description": "Each stake times its bet's exact house edge, summed"})
    hold = fields.Float(allow_none=True)
    expected_hold = fields.Float(allow_none=True)
    bets = fields.Integer()


class DealerTimersSchema(ma.Schema):
    count = fields.Integer(metadata={"description": "VIP hands opened by their timer; squeeze hands held past "
                                                    "open_seconds"})
    held_hands = fields.Integer()


class DealerGameFiguresSchema(ma.Schema):
    game = fields.String()
    games = fields.Integer(metadata={"description": "Counted: posted and not voided"})
    tables = fields.List(fields.Integer())
    hours = fields.Float(metadata={"description": "Hours at the tables of this game in the period"})
    games_per_hour = fields.Float(allow_none=True)
    pace = fields.Nested(DealerPaceSchema)
    refusals = fields.Nested(DealerCountSchema, allow_none=True)
    voids = fields.Nested(DealerCountSchema, allow_none=True)
    corrections = fields.Nested(DealerCountSchema, allow_none=True)
    late_slips = fields.Nested(DealerCountSchema, allow_none=True)
    money = fields.Nested(DealerMoneySchema, allow_none=True)
    timers_overrun = fields.Nested(DealerTimersSchema, allow_none=True)
    not_applicable = fields.Dict(keys=fields.String(), values=fields.String(),
                                 metadata={"description": "Each measure that is null here, and why it does not apply"})


class DealerStatsSchema(ma.Schema):
    dealer = fields.Nested(DealerSchema)
    begins = fields.DateTime(data_key="from")
    ends = fields.DateTime(data_key="to")
    games = fields.List(fields.Nested(DealerGameFiguresSchema))
    floor = fields.List(fields.Nested(DealerGameFiguresSchema), metadata={"description": "Every dealer's together"})


@blp.route("/dealers", methods=["GET"])
@requires(DEALERS)
@blp.response(200, DealerSchema(many=True), example=[DEALER_EXAMPLE])
@error_responses(401, 403)
def list_dealers():
    """List the dealers

    Every dealer on the roster, by name, with the table each is at now.
    """
    return [asdict(dealer) for dealer in registry.list_dealers(database())]


@blp.route("/dealers", methods=["POST"])
@requires(DEALERS)
@blp.arguments(DealerBodySchema, example={"badge": "D-1042", "name": "Chan Mei Ling"})
@blp.response(201, DealerSchema, example={**DEALER_EXAMPLE, "table_id": None, "since": None})
@error_responses(401, 403, 409, 422)
def add_dealer(data):
    """Add a dealer

    A dealer on the roster: their badge id (unique: 409 `badge_taken`) and name.
    """
    return asdict(registry.register(database(), data["badge"], data["name"], acting()))


@blp.route("/dealers/<id:dealer_id>/stats", methods=["GET"])
@requires(DEALERS)
@blp.arguments(DealerStatsQuerySchema, location="query")
@blp.response(200, DealerStatsSchema)
@error_responses(401, 403, 404, 422)
def dealer_stats(query, dealer_id):
    """A dealer's figures

    Per game the dealer dealt in [from, to): games, hours, games per hour and pace against the floor's,
    refusals, voids, corrections and late slips per 100 games, the house's win beside its expected value,
    the VIP and squeeze timers overrun; a measure a game does not have is null, with the reason in
    `not_applicable`. `floor` gives the same figures for every dealer together. The period: a shift
    (`?date=YYYY-MM-DD&shift=HHMM`, the floor's time zone), or `?from&to`; default the current shift so far.
    """
    now = utcnow()
    dealer = registry.get_dealer(database(), dealer_id)
    begins, ends = _period(query, now)
    if ends <= begins:
        raise DomainError("invalid_period", "`to` must be after `from`", "to")
    if ends - begins > MAX_PERIOD:
        raise DomainError("period_too_long", "a period is at most 31 days", "to")
    found = figures.period_figures(database(), begins, ends, now)
    return {"dealer": asdict(dealer), "begins": begins, "ends": ends,
            "games": figures.dealer_json(found, dealer_id), "floor": figures.floor_json(found)}


def _period(query: dict, now: datetime) -> tuple[datetime, datetime]:
    """[from, to): a named shift (`date` and `shift`), else `from` (default: the shift's start) to `to` (now)."""
    if "date" in query or "shift" in query:
        if "begins" in query or "ends" in query:
            raise DomainError("ambiguous_period", "give a shift (date, shift) or from/to, not both", "date")
        try:
            shift = floor_clock().shift_named(query.get("date", ""), query.get("shift", ""))
        except OverflowError:  # the last shift of 9999-12-31 ends past the calendar
            raise DomainError("invalid_date", "a shift's date is YYYY-MM-DD before 9999-12-31", "date") from None
        return shift.begins, min(shift.ends, max(now, shift.begins + timedelta(seconds=1)))
    begins = _utc(query["begins"], "from") if "begins" in query else floor_clock().shift_at(now).begins
    return begins, _utc(query["ends"], "to") if "ends" in query else now


def _utc(moment: datetime, field: str) -> datetime:
    """The moment in UTC, refused (422, its field) outside the years a floor's records can have."""
    try:
        found = moment.astimezone(timezone.utc)
    except (OverflowError, ValueError):
        found = None
    if found is None or not EARLIEST <= found.year <= LATEST:
        raise DomainError("invalid_time", f"`{field}` is a time from {EARLIEST} to {LATEST}", field)
    return found


@blp.route("/tables/<id:table_id>/dealer", methods=["POST"])
@requires(POST_HANDS)
@blp.arguments(DealerChangeBodySchema, example={"badge": "D-1042"})
@blp.response(201, DealerChangeSchema)
@error_responses(401, 403, 404, 409, 422)
def change_dealer(data, table_id):
    """Change the table's dealer

    The table's dealer key declares the badge of the dealer who takes the table (the badge scanned at
    the table); null when the dealer leaves and nobody takes over. Every game the table stores from
    then on names this dealer. A `dealer_changed` event; 422 `unknown_badge`, 409 `same_dealer`.
    """
    return asdict(registry.change_dealer(database(), table_id, data["badge"], acting()))


@blp.route("/tables/<id:table_id>/dealer", methods=["GET"])
@requires(READ)
@blp.response(200, TableDealerSchema)
@error_responses(401, 403, 404)
def table_dealer(table_id):
    """The table's dealer

    The dealer at the table now (null: none declared) and its newest dealer changes.
    """
    tables.get_table(database(), table_id)
    now, changes = registry.table_dealer(database(), table_id)
    return {"table_id": table_id, "dealer": now, "changes": [asdict(change) for change in changes]}
