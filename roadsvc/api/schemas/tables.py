"""Tables and the lobby."""

from __future__ import annotations

from decimal import Decimal

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import BET_CODE, Flag, Money, Pay, Timestamps, integer, name
from roadsvc.api.schemas.compiled import Derived
from roadsvc.domain.baccarat.bets.bounds import MAX_CUTOFF, MAX_PAY, MAX_REPEATS, MAX_RUN, PAY_PATTERN
from roadsvc.services.tables import RULE_SETS, monitoring_settings
from roadsvc.domain.baccarat.roads.good_roads import NAMES as GOOD_ROAD_NAMES
from roadsvc.domain.table_modes import BOUNDS as MODE_BOUNDS, MODES
from roadsvc.domain.games import DEFAULT_GAME, GAMES, rule_set_of
from roadsvc.translations import api_name


class LimitSchema(StrictSchema):
    min = Money(required=True, metadata={"example": "100.00"})
    max = Money(required=True, metadata={"example": "10000.00"})

    @ma.validates_schema
    def min_below_max(self, data, **kwargs):
        if Decimal(data["min"]) > Decimal(data["max"]):
            raise ma.ValidationError("min must not exceed max", "min")


class GoodRoadThresholdsSchema(StrictSchema):
    long_banker = integer(1, MAX_RUN, metadata={"description": "长庄: banker column length that makes it", "example": 4})
    long_player = integer(1, MAX_RUN, metadata={"description": "长闲: player column length", "example": 4})
    repeats = integer(1, MAX_REPEATS, metadata={"description": "repeats of one-hall-two-rooms, sticky, skip patterns",
                                                "example": 2})


PAY_DOC = {"type": "string", "pattern": PAY_PATTERN}


class PaySetting(fields.Field):
    """A bet's pay: one pay (a bet with one tier) or {tier: pay}."""

    def __init__(self, **kwargs):
        metadata = {"oneOf": [PAY_DOC, {"type": "object", "additionalProperties": PAY_DOC, "minProperties": 1,
                                        "maxProperties": 10}], **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.pay = Pay()
        self.tiers = fields.Dict(keys=fields.String(validate=BET_CODE), values=Pay(),
                                 validate=validate.Length(1, 10))

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, dict):
            return self.tiers.deserialize(value, attr, data, **kwargs)
        return self.pay.deserialize(value, attr, data, **kwargs)


def _threshold(setting) -> fields.Field:
    field, strictness = (fields.Integer, {"strict": True}) if setting.kind is int else (fields.Float, {"allow_nan": False})
    return field(**strictness, validate=validate.Range(setting.low, setting.high),
                metadata={"description": f"{setting.description} (default {setting.default:g})",
                          "example": setting.default})


def _mode_bound(name: str) -> fields.Field:
    bound = MODE_BOUNDS[name]
    return fields.Integer(strict=True, validate=validate.Range(bound.low, bound.high), metadata={
        "description": f"{bound.description} ({bound.low}-{bound.high}, default {bound.default})",
        "example": bound.default})


# The monitoring rules' thresholds (roadsvc.domain.monitoring): one field per registered setting.
MonitoringSettingsSchema = StrictSchema.from_dict(
    {name: _threshold(setting) for name, setting in monitoring_settings().items()}, name="MonitoringSettings"
)


class SettingsSectionsSchema(StrictSchema):
    limits = fields.Dict(
        keys=fields.String(validate=BET_CODE),
        values=fields.Nested(LimitSchema),
        validate=validate.Length(max=100),
        metadata={"description": "Per bet type: the table's range (限红)"},
    )
    difference_limit = Money(metadata={"description": "Max |banker total - player total| staked per hand"})
    cutoffs = fields.Dict(
        keys=fields.String(validate=BET_CODE),
        values=integer(1, MAX_CUTOFF, "invalid_cutoff", allow_none=True),
        validate=validate.Length(max=100),
        metadata={"description": f"Per bet type: last hand number it may be bet on, 1-{MAX_CUTOFF} (overrides); "
                                 "null: no cutoff"},
    )
    total_limits = fields.Dict(
        keys=fields.String(validate=BET_CODE),
        values=Money(),
        validate=validate.Length(max=100),
        metadata={"description": "Per bet type (not banker/player): the most the table takes on it per hand"},
    )
    pays = fields.Dict(
        keys=fields.String(validate=BET_CODE),
        values=PaySetting(),
        validate=validate.Length(max=100),
        metadata={"description": f'Per bet type: its pay "to 1" as a decimal string above 0 and at most {MAX_PAY} '
                                 "with at most four decimals, or {tier: pay} for tiered bets",
                  "example": {"tie": "9", "lucky_six": {"two_card": "12", "three_card": "18"}}},
    )
    hands_by = fields.String(
        validate=validate.OneOf(("cards", "result")),
        metadata={"description": "How the table's hands are entered: by result, bets needing cards are refused"},
    )
    good_roads = fields.Nested(GoodRoadThresholdsSchema)
    ev_alert_threshold = fields.Float(
        validate=validate.Range(-1, 1), allow_nan=False,
        metadata={"description": "Shoe integrity: a bet whose exact EV per unit staked on the next hand is at or "
                  "above this raises the positive_ev alert (default 0.0)", "example": 0.0},
    )
    close_positive_ev = Flag(
        metadata={"description": "Refuse, hand by hand, the bets at or above ev_alert_threshold (refusal code "
                  "advantage; default false: alert only)"},
    )
    monitoring = fields.Nested(MonitoringSettingsSchema, metadata={"description": "Floor monitoring thresholds"})
    # VIP and squeeze tables (issue 14, docs/vip_tables.md)
    mode = fields.String(validate=validate.OneOf(MODES), metadata={
        "description": "standard (the default), vip (包桌: one account charters the table) or squeeze (咪牌): on vip "
                       "and squeeze tables a dealt hand is held, not counted, until it is opened"})
    open_seconds = _mode_bound("open_seconds")
    max_consecutive_flies = _mode_bound("max_consecutive_flies")
    shoe_change_after_hands = _mode_bound("shoe_change_after_hands")
    shoe_change_minutes = _mode_bound("shoe_change_minutes")
    niuniu = fields.Dict(metadata={
        "description": "百人牛牛 tables: betting_seconds, max_multiple, commission_percent, area_limits, "
                       "house_banker_balance, banker_min_balance, banker_rounds, super_grab_condition, "
                       "super_grab_cost, seats, seat_condition, seat_min_balance (docs/niuniu.md; checked by the "
                       "service: invalid_setting, field settings.niuniu.<key>)",
        "example": {"commission_percent": "0", "area_limits": {"min": "1.00", "max": "5000.00", "total": "50000.00"}}})
    good_roads_announced = fields.List(
        fields.String(validate=validate.OneOf(tuple(GOOD_ROAD_NAMES))),
        validate=validate.Length(max=len(GOOD_ROAD_NAMES)),
        metadata={"description": "Which good roads the lobby and the notices announce (all ten when absent)",
                  "example": ["long_banker", "long_player", "single_jump"]},
    )


SETTINGS_EXAMPLE = {
    "limits": {"banker": {"min": "10.00", "max": "10000.00"}, "tie": {"min": "10.00", "max": "1000.00"}},
    "difference_limit": "20000.00",
    "cutoffs": {"banker_pair": 50},
    "good_roads": {"long_banker": 4, "long_player": 4, "repeats": 2},
}


GAME_DOC = {"enum": list(GAMES), "example": DEFAULT_GAME}


class TableCreateSchema(StrictSchema):
    name = name(required=True, metadata={"example": "Baccarat 8"})
    # Checked by the service (roadsvc.domain.games): an unknown game is 422 unknown_game.
    game = fields.String(load_default=DEFAULT_GAME, metadata={
        **GAME_DOC, "description": "The game the table deals: baccarat (the default), niuniu or dabang; never changes"})
    rule_set = fields.String(load_default="classic", validate=validate.OneOf(RULE_SETS))
    settings = fields.Nested(SettingsSectionsSchema, load_default=dict)


class TableUpdateSchema(StrictSchema):
    name = name()
    game = fields.String(metadata={**GAME_DOC, "description": "Only the table's own game: another is refused "
                                                              "(409 game_immutable)"})
    rule_set = fields.String(validate=validate.OneOf(RULE_SETS))
    settings = fields.Nested(SettingsSectionsSchema, metadata={"description": "Sections given replace the stored ones"})


RULE_SET_DOC = {"description": "Baccarat's rule set; null for a game without rule sets (百人牛牛, 打棒)",
                "example": "classic"}


class TableSchema(Timestamps):
    id = fields.Integer(dump_only=True)
    name = fields.String()
    game = fields.String(metadata=GAME_DOC)
    rule_set = fields.Function(lambda table: rule_set_of(table.game, table.rule_set), allow_none=True,
                               metadata={**RULE_SET_DOC, "type": "string"})
    settings = fields.Dict()


class TableBriefSchema(ma.Schema):
    id = fields.Integer()
    name = fields.String()
    rule_set = fields.String(allow_none=True, metadata=RULE_SET_DOC)
    game = fields.String(metadata=GAME_DOC)


class ShoeBriefSchema(ma.Schema):
    id = fields.Integer()
    number = fields.Integer()
    status = fields.String()
    revision = fields.Integer()


class GoodRoadBriefSchema(ma.Schema):
    """A good road as the roads snapshot and the floor carry it."""

    code = fields.String(metadata={"example": "long_banker"})
    name = Derived(api_name, source="name_en", metadata={
        "description": "The operator's Chinese name (zh-Hans), from the catalogue", "example": "长庄"})
    name_en = fields.String(metadata={"example": "Long Banker"})
    since_hand = fields.Integer()


class GoodRoadSchema(GoodRoadBriefSchema):
    """A good road as the lobby and the good_roads event carry it: with its length."""

    columns = fields.Integer(metadata={"description": "Big-road columns of its run, from since_hand to the newest"})
    hands = fields.Integer(metadata={"description": "Banker and player hands in those columns (ties not counted)"})


class LobbyEntrySchema(ma.Schema):
    table = fields.Nested(TableBriefSchema)
    shoe = fields.Nested(ShoeBriefSchema, allow_none=True)
    hand_count = fields.Integer(metadata={"description": "Hands that count (voids left out)"})
    last_result = fields.String(allow_none=True)
    counts = fields.Dict(allow_none=True, metadata={"description": "banker, player, tie, banker_pair, player_pair, "
                                                                  "natural (null without a shoe)"})
    good_roads = fields.List(fields.Nested(GoodRoadSchema), metadata={"description": "The announced ones"})
    # A 百人牛牛 table's row (docs/niuniu.md): no shoe; its current round and its trend road's summary.
    round = fields.Dict(allow_none=True, metadata={"description": "niuniu tables: the current round's number "
                                                                  "and phase (null before the first)"})
    trend = fields.Dict(metadata={"description": "niuniu tables: rounds on the trend road, each area's last "
                                                 "six results and wins over the last ten, the banker's last types"})
    # A 打棒 table's row (docs/dabang.md): its current match as the floor's tile shows it, no card.
    match = fields.Dict(allow_none=True, metadata={"description": "dabang tables: the current match (seats, teams, "
                                                                  "levels, the deal under way, winner; null before "
                                                                  "the first), without the clock's figures"})



