"""The recall's query and answer (GET /tables/{id}/recall): every field typed, every schema named once
(`Recall...`). The answer dumps only the fields named here."""

from __future__ import annotations

from marshmallow import Schema, fields

from roadsvc.api.schemas import coded, common
from roadsvc.services.recall import DEFAULT_LAST, MAX_LAST


def _id(description: str) -> fields.Integer:
    return fields.Integer(strict=False, validate=coded.CodedRange(1, common.MAX_ROUND, "invalid_parameter"),
                          error_messages={"invalid": coded.Coded("a whole number", "invalid_parameter")},
                          metadata={"description": description})


class RecallQuery(coded.StrictSchema):
    """`?last=N`, or one game: `?hand=` (with `?shoe=`), `?round=`, `?deal=` (with `?match=`)."""

    last = fields.Integer(strict=False, validate=coded.CodedRange(1, MAX_LAST, "invalid_parameter"),
                          error_messages={"invalid": coded.Coded("last is a whole number", "invalid_parameter")},
                          metadata={"description": f"The table's last N games, newest first (1-{MAX_LAST}; default "
                                                   f"{DEFAULT_LAST}). Not with a one-game parameter."})
    shoe = _id("Baccarat: the shoe's id (as /shoes/{id} names it) of `hand`; default the table's newest shoe")
    hand = _id("Baccarat: one hand, by its number in the shoe")
    round = _id("百人牛牛: one round, by its number at the table")
    match = _id("打棒: the match's id (as /matches/{id} names it) of `deal`; default the table's newest match")
    deal = _id("打棒: one deal, by its number in the match (redeals count)")


def _text(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description}, **kwargs)


def _number(description: str = "", **kwargs) -> fields.Integer:
    return fields.Integer(metadata={"description": description}, **kwargs)


def _when(description: str = "", **kwargs) -> fields.String:
    """A moment, ISO 8601 (the answer's JSON writes the service's datetimes so: roadsvc.api.recall)."""
    return fields.String(metadata={"description": description or "ISO 8601", "format": "date-time"}, **kwargs)


def _amount(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description or "An amount, a decimal string", "example": "95.00"},
                         **kwargs)


def _cards(description: str = "", **kwargs) -> fields.List:
    return fields.List(fields.String(allow_none=True), metadata={"description": description}, **kwargs)


class RecallTableSchema(Schema):
    id = _number(required=True)
    name = _text(required=True)
    game = _text("baccarat, niuniu or dabang", required=True)


class RecallRecordSchema(Schema):
    """A stored record the recall was read from (its table and primary key): what the hash chain proves."""

    table = _text("The record's table (hands, held_hands, audit_records, bets, niuniu_rounds, niuniu_audit, "
                  "niuniu_slips, dabang_deals, dabang_moves)", required=True)
    id = _number("The record's primary key", required=True)


class RecallLinkSchema(Schema):
    """A link of the hash chain binding one of the game's records (roadsvc records verify re-reads them)."""

    table = _text("The record's table", required=True)
    key = _text("The record's primary key, as the chain names it", required=True)
    op = _text("insert, update, delete or seal", required=True)
    seq = _number("The link's number in the chain (from 1)", required=True)
    digest = _text("The link's SHA-256 (hex): of the record's canonical content and the link before it; null when "
                   "withheld (digest_withheld)", required=True, allow_none=True)
    at = _text("When the link was appended (ISO 8601, UTC)", required=True)
    digest_withheld = fields.String(required=True, allow_none=True, metadata={
        "enum": ["in_play", None],
        "description": "Why the digest is null: in_play, a game in play at some table bound a hidden card at or "
                       "before this link (the digest hashes every link before it, so it could give the card away); "
                       "shown again once every game in play then is over. Null: the digest is shown"})


class RecallChainSchema(Schema):
    seq = _number("The chain's newest link when the recall was read", required=True)
    at = _when(required=True)
    withheld_from = _number("The first link of a game in play then, at any table: no digest from it on is shown "
                            "(digest_withheld). Null: no game was in play", required=True, allow_none=True)


def _links() -> fields.List:
    return fields.List(fields.Nested(RecallLinkSchema), allow_none=True, metadata={
        "description": "The chain's links binding the game's records, oldest first; null while the game is in play "
                       "(a digest is a hash of the record, hidden cards included)"})


# Baccarat


class RecallShoeSchema(Schema):
    id = _number(required=True)
    number = _number("The shoe's number at its table", required=True)


class RecallBaccaratOutcomeSchema(Schema):
    result = _text("banker, player or tie")
    player_total = _number(allow_none=True)
    banker_total = _number(allow_none=True)
    player_pair = fields.Boolean(allow_none=True)
    banker_pair = fields.Boolean(allow_none=True)
    natural = fields.Boolean(allow_none=True)


class RecallBaccaratCardSchema(Schema):
    order = _number("1 for the first card dealt", required=True)
    side = _text("player or banker", required=True)
    card = _text("The card's code", required=True)
    third = fields.Boolean(metadata={"description": "A third card (drawn after the first four)"}, required=True)


class RecallSettlementChangeSchema(Schema):
    account_id = _text(required=True)
    net_before = _amount()
    net_after = _amount()
    difference = _amount()


class RecallBaccaratStateSchema(Schema):
    outcome = fields.Nested(RecallBaccaratOutcomeSchema, allow_none=True)
    cards = fields.List(fields.Nested(RecallBaccaratCardSchema), allow_none=True)
    voided = fields.Boolean(allow_none=True)
    void_reason = _text(allow_none=True)
    settlement = fields.List(fields.Nested(RecallSettlementChangeSchema), allow_none=True, metadata={
        "description": "Each account's net before and after (money: only for readers of money)"})


class RecallBaccaratStepSchema(Schema):
    seq = _number("1 for the first step", required=True)
    at = _when(required=True)
    kind = _text("betting_closed, flown, held, dealt, opened, voided, corrected", required=True)
    actor = _text("Who did it (a key's name; a held hand opened by the clock: the jobs process)", allow_none=True)
    account_id = _text("The account (flown by the charter; opened by an account)", allow_none=True)
    reason = _text("Why (voids and corrections), or how it was opened", allow_none=True)
    deadline = _when("A held VIP hand opens by itself then", allow_none=True)
    how = _text("An opening: account, dealer or automatic", allow_none=True)
    before = fields.Nested(RecallBaccaratStateSchema, allow_none=True)
    after = fields.Nested(RecallBaccaratStateSchema, allow_none=True)


class RecallBaccaratBetSchema(Schema):
    account_id = _text(required=True)
    slip_id = _number(required=True)
    code = _text("The bet (banker, player, tie, pairs, side bets)", required=True)
    stake = _amount(required=True)
    held = _amount("Taken from the balance when placed", required=True)
    status = _text("open, win, lose, push, void, needs_cards, cancelled", required=True)
    tier = _text(allow_none=True)
    pay = _text("Paid \"to 1\"", allow_none=True)
    returned = _amount(allow_none=True)
    net = _amount(allow_none=True)
    settled_at = _when(allow_none=True)


class RecallBaccaratHandSchema(Schema):
    shoe = fields.Nested(RecallShoeSchema, required=True)
    hand = _number("The hand's number in its shoe", required=True)
    state = _text("held (in play: no card, no result), counted or voided", required=True)
    dealt_at = _when(required=True)
    outcome = fields.Nested(RecallBaccaratOutcomeSchema, allow_none=True)
    void_reason = _text(allow_none=True)
    cards = fields.List(fields.Nested(RecallBaccaratCardSchema), allow_none=True, metadata={
        "description": "In dealing order; null while held, or for a hand entered by its result"})
    steps = fields.List(fields.Nested(RecallBaccaratStepSchema), required=True)
    bets = fields.List(fields.Nested(RecallBaccaratBetSchema), allow_none=True, metadata={
        "description": "Every bet on the hand (money: null unless the reader may read money)"})
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = _links()


# 百人牛牛


class RecallNiuniuDealtCardSchema(Schema):
    order = _number("1 for the first card dealt", required=True)
    position = _text("banker, player_1 ... player_4", required=True)
    card = _text("Null: a fourth card, face down, of a hand not open", allow_none=True)
    face_down = fields.Boolean(metadata={"description": "The fourth card of a hand (dealt face down)"}, required=True)


class RecallNiuniuHandSchema(Schema):
    position = _text(required=True)
    cards = _cards("In the order received; the fourth null until the hand is open", required=True)
    open = fields.Boolean(required=True)
    type = _text("The hand's type once open", allow_none=True)
    multiple = _number(allow_none=True)


class RecallNiuniuOpeningSchema(Schema):
    seq = _number(required=True)
    position = _text(required=True)


class RecallNiuniuStateSchema(Schema):
    phase = _text(allow_none=True)
    reveal = _text(allow_none=True)
    hands = fields.List(fields.Nested(RecallNiuniuHandSchema), required=True)


class RecallNiuniuDifferenceSchema(Schema):
    who = _text("An account, or banker", required=True)
    amount = _amount("The net's change", required=True)


class RecallNiuniuStepSchema(Schema):
    seq = _number("The audit record's id (in order)", required=True)
    at = _when(required=True)
    kind = _text("voided, corrected or left (逃跑)", required=True)
    actor = _text(required=True)
    reason = _text(required=True)
    account_id = _text("Who left", allow_none=True)
    before = fields.Nested(RecallNiuniuStateSchema, allow_none=True)
    after = fields.Nested(RecallNiuniuStateSchema, allow_none=True)
    differences = fields.List(fields.Nested(RecallNiuniuDifferenceSchema), allow_none=True, metadata={
        "description": "A correction's change of each net (money)"})


class RecallNiuniuStakeSchema(Schema):
    area = _text(required=True)
    stake = _amount(required=True)


class RecallNiuniuSlipSchema(Schema):
    slip_id = _number(required=True)
    account_id = _text(required=True)
    status = _text("open, refunded (a void) or left (逃跑)", required=True)
    placed_at = _when(required=True)
    bets = fields.List(fields.Nested(RecallNiuniuStakeSchema), required=True)


class RecallNiuniuBetOutcomeSchema(Schema):
    area = _text(required=True)
    stake = _amount(required=True)
    outcome = _text("win or lose", required=True)
    multiple = _number(required=True)
    commission = _amount(required=True)
    net = _amount(required=True)


class RecallNiuniuAccountSchema(Schema):
    account_id = _text(required=True)
    net = _amount(required=True)
    bets = fields.List(fields.Nested(RecallNiuniuBetOutcomeSchema), required=True)


class RecallNiuniuSettlementSchema(Schema):
    accounts = fields.List(fields.Nested(RecallNiuniuAccountSchema), required=True)
    banker_net = _amount(required=True)


class RecallNiuniuRoundSchema(Schema):
    round = _number(required=True)
    phase = _text("dealing, opening, settled or voided", required=True)
    dealt_at = _when(required=True)
    settled_at = _when(allow_none=True)
    reveal = _text("The card turned to decide who receives first", allow_none=True)
    first_receiver = _text(allow_none=True)
    dealing = fields.List(fields.Nested(RecallNiuniuDealtCardSchema), allow_none=True, metadata={
        "description": "The 25 cards in dealing order (null: posted by position without a reveal card)"})
    hands = fields.List(fields.Nested(RecallNiuniuHandSchema), required=True)
    openings = fields.List(fields.Nested(RecallNiuniuOpeningSchema), required=True)
    results = fields.Dict(keys=fields.String(), values=fields.String(), allow_none=True, metadata={
        "description": "Each player area against the banker (win or lose), once settled"})
    banker_account = _text("None: the house banked", allow_none=True)
    void_reason = _text(allow_none=True)
    steps = fields.List(fields.Nested(RecallNiuniuStepSchema), required=True)
    stakes = fields.List(fields.Nested(RecallNiuniuSlipSchema), allow_none=True, metadata={
        "description": "Every slip on the round (money)"})
    settlement = fields.Nested(RecallNiuniuSettlementSchema, allow_none=True, metadata={
        "description": "Each account's bets and net, the banker's net (money)"})
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = _links()


# 打棒


class RecallDabangMatchSchema(Schema):
    id = _number(required=True)
    players = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class RecallDabangDeclarationSchema(Schema):
    seat = common.seat(required=True)
    cards = _cards(required=True)
    at = _number("How many cards had been drawn", required=True)
    suit = _text(allow_none=True)
    kind = _text("qiangliang, declare, override, reinforce", required=True)


class RecallDabangSeatCardsSchema(Schema):
    seat = common.seat(required=True)
    cards = _cards(required=True)


class RecallDabangTributeSchema(Schema):
    from_seat = common.seat(required=True)
    to_seat = common.seat(required=True)
    blood = _number(required=True)
    count = _number(required=True)
    cards = _cards("Given (喝血): null while the deal is under way", allow_none=True)
    returned_cards = _cards("Given back (还贡): null while the deal is under way", allow_none=True)
    returned = fields.Boolean(required=True)


class RecallDabangPlaySchema(Schema):
    seat = common.seat(required=True)
    cards = _cards(required=True)


class RecallDabangTrickSchema(Schema):
    number = _number(required=True)
    plays = fields.List(fields.Nested(RecallDabangPlaySchema), required=True)
    winner = common.seat(allow_none=True)
    points = _number(allow_none=True)


class RecallDabangResultSchema(Schema):
    number = _number()
    redeal = fields.Boolean()
    level = _number()
    holder = _text(allow_none=True)
    dealer_seat = _number(allow_none=True)
    trump = _text(allow_none=True)
    points = _number(allow_none=True)
    trick_points = _number(allow_none=True)
    bottom_points = _number(allow_none=True)
    kou_di = fields.Boolean(allow_none=True, metadata={"description": "扣底: the scorers took the last trick"})
    dry_pot = fields.Boolean(allow_none=True)
    tribute_count = _number(allow_none=True)
    blood = _number(allow_none=True)
    levels_gained = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)
    levels_after = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)
    instant_win = _text(allow_none=True)


class RecallDabangMoveSchema(Schema):
    seq = _number(required=True)
    kind = _text("declaration, trump, tribute_return, bury, bury_jokers, play", required=True)
    seat = _number(allow_none=True)
    at = _when(required=True)
    actor = _text(required=True)
    cards = _cards("Its cards (null while under way for the hidden moves)", allow_none=True)
    take = _cards("bury_jokers: the bottom's cards taken back", allow_none=True)
    drawn_at = _number("A declaration: how many cards had been drawn", allow_none=True)


class RecallDabangDealSchema(Schema):
    match = fields.Nested(RecallDabangMatchSchema, required=True)
    deal = _number("The deal's number in its match", required=True)
    status = _text("under_way, finished, redealt or abandoned (the match was stopped)", required=True)
    started_at = _when(required=True)
    first_drawer = common.seat(required=True)
    level = _number(allow_none=True)
    dealer_seat = _number("The 打家", allow_none=True)
    trump = _text(allow_none=True)
    declarations = fields.List(fields.Nested(RecallDabangDeclarationSchema), required=True)
    hands = fields.List(fields.Nested(RecallDabangSeatCardsSchema), allow_none=True, metadata={
        "description": "Each seat's 39 cards as drawn: null while the deal is under way"})
    bottom_dealt = _cards("The six bottom cards as drawn: null while under way", allow_none=True)
    tribute = fields.Nested(RecallDabangTributeSchema, allow_none=True)
    buried = _cards("The bottom after burying", allow_none=True)
    tricks = fields.List(fields.Nested(RecallDabangTrickSchema), required=True)
    result = fields.Nested(RecallDabangResultSchema, allow_none=True)
    moves = fields.List(fields.Nested(RecallDabangMoveSchema), required=True)
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = _links()


class RecallSchema(Schema):
    table = fields.Nested(RecallTableSchema, required=True)
    last = _number("How many games were asked for (null: one game)", allow_none=True)
    money = fields.Boolean(metadata={"description": "Whether stakes and settlements are included"}, required=True)
    chain = fields.Nested(RecallChainSchema, allow_none=True, metadata={
        "description": "The chain's length when the recall was read (null: no link yet)"})
    hands = fields.List(fields.Nested(RecallBaccaratHandSchema), allow_none=True, metadata={
        "description": "A baccarat table's hands, newest first"})
    rounds = fields.List(fields.Nested(RecallNiuniuRoundSchema), allow_none=True, metadata={
        "description": "A 百人牛牛 table's rounds, newest first"})
    deals = fields.List(fields.Nested(RecallDabangDealSchema), allow_none=True, metadata={
        "description": "An 打棒 table's deals (across its matches), newest first"})
