"""The tables. The hands are the truth; a shoe's `revision` names one state of its hands.

Every write to a shoe (a hand posted, voided or corrected, the cut card, a close, a
change of its table's settings) bumps `shoes.revision` in the same transaction, so
(shoe id, revision) is a complete cache key for anything derived from the shoe.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

OPEN, CLOSED = "open", "closed"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class UTCDateTime(TypeDecorator):
    """A timezone-aware UTC datetime on every backend (SQLite stores no offset)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value


NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, datetime: UTCDateTime()}


class Table(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    rule_set: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    revision: Mapped[int] = mapped_column(default=1, server_default="1")  # bumped by every change of the table (lobby)


class Shoe(Base):
    __tablename__ = "shoes"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    number: Mapped[int]
    decks: Mapped[int]
    burn_card: Mapped[str | None] = mapped_column(String(3))
    burn_count: Mapped[int | None]
    status: Mapped[str] = mapped_column(String(10), default=OPEN)
    last_hand: Mapped[int | None]
    revision: Mapped[int] = mapped_column(default=1)
    # The lobby's summary of the counted hands (services.summaries), rewritten with every change
    # of the hands; NULL for a shoe stored before it existed (then read from the hands).
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)
    closed_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Hand(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("shoe_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    number: Mapped[int]
    data: Mapped[dict[str, Any]]  # Hand.to_dict(): re-parsed with parse_hand when read
    result: Mapped[str] = mapped_column(String(10))
    voided: Mapped[bool] = mapped_column(Boolean, default=False)
    void_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class AuditRecord(Base):
    __tablename__ = "audit_records"
    __table_args__ = (Index(None, "shoe_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    action: Mapped[str] = mapped_column(String(20))
    actor: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text)


class ApiKey(Base):
    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    role: Mapped[str] = mapped_column(String(20))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 hex of the key
    prefix: Mapped[str] = mapped_column(String(16))  # the key's first characters, to recognise it
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]
    expires_at: Mapped[datetime | None]  # issue 9: None never expires; a rotated key's grace ends here


# Bets (issue 4): slips as placed, the hand's ledger of accepted bets, and the dealer's
# closing of a hand's betting. Money is stored in integer cents: exact on every backend.


class BettingClosure(Base):
    """A dealer closed betting on hand `hand_number` of the shoe (final until the hand is in)."""

    __tablename__ = "betting_closures"
    __table_args__ = (UniqueConstraint("shoe_id", "hand_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    actor: Mapped[str] = mapped_column(String(120))
    closed_at: Mapped[datetime] = mapped_column(default=utcnow)


class BetSlip(Base):
    """A slip as a game server placed it, with the stored answer a retry gets back."""

    __tablename__ = "bet_slips"
    __table_args__ = (UniqueConstraint("table_id", "client_slip_id"), Index(None, "shoe_id", "hand_number"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    client_slip_id: Mapped[str] = mapped_column(String(64))
    account_id: Mapped[str] = mapped_column(String(100))
    request_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the request, to tell a retry from a clash
    rules: Mapped[dict[str, Any]]  # {"rule_set", "overrides"}: the rules its bets settle by
    answer: Mapped[dict[str, Any]]
    actor: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Bet(Base):
    """One accepted bet: a line of the hand's ledger, settled when the hand is in."""

    __tablename__ = "bets"
    __table_args__ = (Index(None, "shoe_id", "hand_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("bet_slips.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    account_id: Mapped[str] = mapped_column(String(100))
    position: Mapped[int]  # index of the bet in its slip
    code: Mapped[str] = mapped_column(String(40))
    stake: Mapped[int] = mapped_column(BigInteger)  # cents
    held: Mapped[int] = mapped_column(BigInteger)  # cents taken from the balance at placing
    status: Mapped[str] = mapped_column(String(12), default="open")  # open win lose push void needs_cards cancelled
    tier: Mapped[str | None] = mapped_column(String(40))
    pay: Mapped[str | None] = mapped_column(String(20))  # "to 1"
    returned: Mapped[int | None] = mapped_column(BigInteger)  # cents
    net: Mapped[int | None] = mapped_column(BigInteger)  # cents, returned - held
    settled_at: Mapped[datetime | None]


# Operations (issue 9): the audit trail of administrative changes (tables, keys, shoes).


class AdminAuditRecord(Base):
    """One administrative change: who, when, what (`kind`), on what, before and after.

    No foreign keys: the trail outlives what it names (a table removed later keeps its history).
    """

    __tablename__ = "admin_audit"
    __table_args__ = (Index(None, "table_id", "id"), Index(None, "kind", "id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    kind: Mapped[str] = mapped_column(String(40))
    actor: Mapped[str] = mapped_column(String(120))
    key_id: Mapped[int | None]
    table_id: Mapped[int | None]
    subject: Mapped[str] = mapped_column(String(120))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)


# Floor monitoring (issue 10): alerts, and the per-shoe tallies the write-path rules count.

ALERT_OPEN, ALERT_ACKNOWLEDGED, ALERT_RESOLVED = "open", "acknowledged", "resolved"
ACTIVE_ALERT = text("state <> 'resolved'")


class Alert(Base):
    """One anomaly at a table's shoe. At most one unresolved alert per (table, shoe, code):
    the partial unique index is the guard two writers (two jobs processes) cannot pass."""

    __tablename__ = "alerts"
    __table_args__ = (
        Index("uq_alerts_active_table_shoe_code", "table_id", "shoe_id", "code", unique=True,
              sqlite_where=ACTIVE_ALERT, postgresql_where=ACTIVE_ALERT),
        Index(None, "state", "table_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40))
    severity: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(String(14), default=ALERT_OPEN)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int | None]
    message: Mapped[str] = mapped_column(Text)
    details: Mapped[dict[str, Any]]
    raised_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    count: Mapped[int] = mapped_column(default=1)
    acknowledged_by: Mapped[str | None] = mapped_column(String(120))
    acknowledged_at: Mapped[datetime | None]
    acknowledged_note: Mapped[str | None] = mapped_column(Text)
    resolved_by: Mapped[str | None] = mapped_column(String(120))
    resolved_at: Mapped[datetime | None]
    resolved_note: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class MonitorTally(Base):
    """How many times something a rule counts happened in a shoe (refused hands, late slips...)."""

    __tablename__ = "monitor_tallies"
    __table_args__ = (UniqueConstraint("shoe_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(40))
    count: Mapped[int] = mapped_column(default=0)


# Live events (issue 11): the event log. One row per committed change, written in the
# change's own transaction (roadsvc.persistence.events.append_event). `id` only increases
# (AUTOINCREMENT on SQLite: ids are never reused after pruning) and, because appends are
# serialised until commit, ids become visible in order.


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (Index(None, "created_at"), {"sqlite_autoincrement": True})

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    table_id: Mapped[int | None]
    shoe_id: Mapped[int | None]
    revision: Mapped[int | None]
    audience: Mapped[str] = mapped_column(String(20), default="all")
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# VIP and squeeze tables (issue 14): held hands, charters, flown hands, the charter's requests.

CHARTER_ACTIVE = text("ended_at IS NULL")
REQUEST_OPEN, REQUEST_DONE = "open", "done"


class HeldHand(Base):
    """A dealt hand of a VIP or squeeze table, stored but not counted until it is opened.

    Nothing derived (roads, lobby, images, floor, odds, settlements) reads this table: the
    hand counts from the moment it is opened, when it is inserted into `hands` in the same
    transaction that sets `opened_at`. The row stays as the record of the hold."""

    __tablename__ = "held_hands"
    __table_args__ = (UniqueConstraint("shoe_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    number: Mapped[int]
    data: Mapped[dict[str, Any]]
    result: Mapped[str] = mapped_column(String(10))
    held_at: Mapped[datetime] = mapped_column(default=utcnow)
    deadline: Mapped[datetime | None]  # VIP: opened by the jobs process from then on
    opened_at: Mapped[datetime | None]
    opened_how: Mapped[str | None] = mapped_column(String(12))  # account, dealer, automatic
    opened_by: Mapped[str | None] = mapped_column(String(120))


class Charter(Base):
    """One account's charter (包桌) of a VIP table; at most one active per table."""

    __tablename__ = "charters"
    __table_args__ = (
        Index("uq_charters_active_table", "table_id", unique=True,
              sqlite_where=CHARTER_ACTIVE, postgresql_where=CHARTER_ACTIVE),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(100))
    consecutive_flies: Mapped[int] = mapped_column(default=0)
    started_by: Mapped[str] = mapped_column(String(120))
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_by: Mapped[str | None] = mapped_column(String(120))
    ended_at: Mapped[datetime | None]


class FlownHand(Base):
    """The charter flew (飞牌) hand `hand_number`: no bets; the dealer opens it directly."""

    __tablename__ = "flown_hands"
    __table_args__ = (UniqueConstraint("shoe_id", "hand_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    charter_id: Mapped[int] = mapped_column(ForeignKey("charters.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(100))
    flown_at: Mapped[datetime] = mapped_column(default=utcnow)


class TableRequest(Base):
    """The charter asked for a change of dealer or of shoe; done by the pit boss or a new shoe."""

    __tablename__ = "table_requests"
    __table_args__ = (Index(None, "table_id", "state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(10), default=REQUEST_OPEN)
    hands_dealt: Mapped[int]
    alert_id: Mapped[int | None]
    requested_by: Mapped[str] = mapped_column(String(120))
    requested_at: Mapped[datetime] = mapped_column(default=utcnow)
    due_at: Mapped[datetime | None]  # a change of shoe: overdue from then on
    overdue_at: Mapped[datetime | None]
    done_by: Mapped[str | None] = mapped_column(String(120))
    done_at: Mapped[datetime | None]
