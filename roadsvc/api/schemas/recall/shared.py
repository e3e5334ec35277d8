"""What every game's recall answer shares: the field types (text, numbers, moments, amounts, cards), the table,
the records a game was read from and the chain's links that bind them."""

from __future__ import annotations

from marshmallow import Schema, fields


def text_field(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description}, **kwargs)


def number_field(description: str = "", **kwargs) -> fields.Integer:
    return fields.Integer(metadata={"description": description}, **kwargs)


def when_field(description: str = "", **kwargs) -> fields.String:
    """A moment, ISO 8601 (the answer's JSON writes the service's datetimes so: roadsvc.api.recall)."""
    return fields.String(metadata={"description": description or "ISO 8601", "format": "date-time"}, **kwargs)


def amount_field(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description or "An amount, a decimal string", "example": "95.00"},
                         **kwargs)


def cards_field(description: str = "", **kwargs) -> fields.List:
    return fields.List(fields.String(allow_none=True), metadata={"description": description}, **kwargs)


class RecallTableSchema(Schema):
    id = number_field(required=True)
    name = text_field(required=True)
    game = text_field("baccarat, niuniu or dabang", required=True)


class RecallRecordSchema(Schema):
    """A stored record the recall was read from (its table and primary key): what the hash chain proves."""

    table = text_field("The record's table (hands, held_hands, audit_records, bets, niuniu_rounds, niuniu_audit, "
                  "niuniu_slips, dabang_deals, dabang_moves)", required=True)
    id = number_field("The record's primary key", required=True)


class RecallLinkSchema(Schema):
    """A link of the hash chain binding one of the game's records (roadsvc records verify re-reads them)."""

    table = text_field("The record's table", required=True)
    key = text_field("The record's primary key, as the chain names it", required=True)
    op = text_field("insert, update, delete or seal", required=True)
    seq = number_field("The link's number in the chain (from 1)", required=True)
    digest = text_field("The link's SHA-256 (hex): of the record's canonical content and the link before it; null when "
                   "withheld (digest_withheld)", required=True, allow_none=True)
    at = text_field("When the link was appended (ISO 8601, UTC)", required=True)
    digest_withheld = fields.String(required=True, allow_none=True, metadata={
        "enum": ["in_play", None],
        "description": "Why the digest is null: in_play, a game in play at some table bound a hidden card at or "
                       "before this link (the digest hashes every link before it, so it could give the card away); "
                       "shown again once every game in play then is over. Null: the digest is shown"})


class RecallChainSchema(Schema):
    seq = number_field("The chain's newest link when the recall was read", required=True)
    at = when_field(required=True)
    withheld_from = number_field("The first link of a game in play then, at any table: no digest from it on is shown "
                            "(digest_withheld). Null: no game was in play", required=True, allow_none=True)


def links_field() -> fields.List:
    return fields.List(fields.Nested(RecallLinkSchema), allow_none=True, metadata={
        "description": "The chain's links binding the game's records, oldest first; null while the game is in play "
                       "(a digest is a hash of the record, hidden cards included)"})
