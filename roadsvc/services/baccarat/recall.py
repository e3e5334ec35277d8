"""Recall of baccarat hands (roadsvc.services.recall): each hand's cards in dealing order, its outcome, its
timeline (betting closed, held, flown, dealt, opened how and by whom, voids and corrections with who, when
and why: the audit log) and, for a reader of money, every bet on it with its account, stake and settlement.

A held hand (a VIP or squeeze table's, not opened yet) recalls no card and no result, for any reader: it
is in play. A hand is named by its shoe (the id, as every shoe path names it) and its number in the shoe.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.amounts import money
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.models import AuditRecord, Bet, BettingClosure, FlownHand, Hand, HeldHand, Shoe
from roadsvc.services.baccarat.audit import MONEY_KEYS
from roadsvc.services.errors import NotFound

HELD, COUNTED, VOIDED = "held", "counted", "voided"
SIDES = ("player", "banker")


def recall(session: Session, table_id: int, ask, reader) -> list[dict[str, Any]]:
    """The table's last `ask.count` hands (held ones included), newest first; or the hand asked for."""
    if ask.hand is not None:
        shoes, found = _one_hand(session, table_id, ask.shoe, ask.hand)
    else:
        shoes, found = _last_hands(session, table_id, ask.count)
    keys = [(shoe_id, number) for shoe_id, number, _, _ in found]
    context = _Context(session, keys, reader.money)
    return [_hand(shoes[shoe_id], number, counted, held, context) for shoe_id, number, counted, held in found]


# Which hands


def hidden_records(session: Session) -> list[tuple[str, int]]:
    """The records holding cards hidden now: each held hand not yet opened (its cards are its row's)."""
    held = HeldHand.__tablename__
    return [(held, key) for key in session.scalars(select(HeldHand.id).where(HeldHand.opened_at.is_(None)))]


def _last_hands(session: Session, table_id: int, count: int) -> tuple[dict[int, Shoe], list[tuple]]:
    counted = session.scalars(select(Hand).join(Shoe, Shoe.id == Hand.shoe_id).where(Shoe.table_id == table_id)
                              .order_by(Hand.shoe_id.desc(), Hand.number.desc()).limit(count)).all()
    held = session.scalars(select(HeldHand).join(Shoe, Shoe.id == HeldHand.shoe_id)
                           .where(Shoe.table_id == table_id, HeldHand.opened_at.is_(None))).all()
    found = _merged(session, counted, held)[:count]
    shoe_ids = {shoe_id for shoe_id, *_ in found}
    shoes = {shoe.id: shoe for shoe in session.scalars(select(Shoe).where(Shoe.id.in_(shoe_ids)))} if found else {}
    return shoes, found


def _one_hand(session: Session, table_id: int, shoe_id: int | None, number: int) -> tuple[dict[int, Shoe], list]:
    shoe = repo.latest_shoe(session, table_id) if shoe_id is None else session.get(Shoe, shoe_id)
    if shoe is None or shoe.table_id != table_id:
        raise NotFound("shoe_not_found", f"table {table_id} has no shoe {shoe_id}" if shoe_id else
                       f"table {table_id} has no shoe", "shoe")
    counted = session.scalars(select(Hand).where(Hand.shoe_id == shoe.id, Hand.number == number)).all()
    held = session.scalars(select(HeldHand).where(HeldHand.shoe_id == shoe.id, HeldHand.number == number)).all()
    found = _merged(session, counted, [row for row in held if row.opened_at is None])
    if not found:
        raise NotFound("hand_not_found", f"shoe {shoe.id} has no hand {number}", "hand")
    return {shoe.id: shoe}, found


def _merged(session: Session, counted: Iterable[Hand], held: Iterable[HeldHand]) -> list[tuple]:
    """(shoe id, number, the counted row or None, the held row or None), newest first."""
    entries = {(row.shoe_id, row.number): [row, None] for row in counted}
    for row in held:
        entries.setdefault((row.shoe_id, row.number), [None, None])[1] = row
    return [(shoe_id, number, *rows) for (shoe_id, number), rows in sorted(entries.items(), reverse=True)]


# What each hand's recall reads beside the hand: one query per kind for every hand asked


class _Context:
    def __init__(self, session: Session, keys: list[tuple[int, int]], with_money: bool):
        shoe_ids, numbers = {shoe for shoe, _ in keys}, {number for _, number in keys}
        wanted = set(keys)

        def rows(model, number_column) -> dict[tuple[int, int], list]:
            found: dict[tuple[int, int], list] = {}
            if not keys:
                return found
            query = select(model).where(model.shoe_id.in_(shoe_ids), number_column.in_(numbers)).order_by(model.id)
            for row in session.scalars(query):
                key = (row.shoe_id, getattr(row, number_column.key))
                if key in wanted:
                    found.setdefault(key, []).append(row)
            return found

        self.with_money = with_money
        self.audit = rows(AuditRecord, AuditRecord.hand_number)
        self.closures = rows(BettingClosure, BettingClosure.hand_number)
        self.flown = rows(FlownHand, FlownHand.hand_number)
        self.held = rows(HeldHand, HeldHand.number)
        self.bets = rows(Bet, Bet.hand_number) if with_money else {}


def _hand(shoe: Shoe, number: int, counted: Hand | None, held: HeldHand | None, context: _Context) -> dict[str, Any]:
    key = (shoe.id, number)
    held = held or next(iter(context.held.get(key, [])), None)
    state = HELD if counted is None else (VOIDED if counted.voided else COUNTED)
    data = None if counted is None else counted.data
    records = [] if counted is None else [_record("hands", counted.id)]
    records += [_record("held_hands", held.id)] if held is not None else []
    records += [_record("audit_records", row.id, _has_money(row)) for row in context.audit.get(key, [])]
    return {
        "shoe": {"id": shoe.id, "number": shoe.number}, "hand": number, "state": state,
        "dealt_at": held.held_at if held is not None else counted.created_at,
        "outcome": None if data is None else _outcome(data),
        "void_reason": counted.void_reason if counted is not None else None,
        "cards": None if data is None else dealing_order(data.get("cards")),
        "steps": _numbered(_steps(counted, held, key, context)),
        "bets": _bets(context.bets.get(key, [])) if context.with_money else None,
        "records": records + [_record("bets", row.id, True) for row in context.bets.get(key, [])],
        "in_play": state == HELD,
    }


def _record(table: str, key: int, money: bool = False) -> dict[str, Any]:
    """A record the recall read (`money`: it holds per-account money, so only a reader of money sees it)."""
    return {"table": table, "id": key, "money": money}


def _has_money(row: AuditRecord) -> bool:
    return any(name in (state or {}) for state in (row.before, row.after) for name in MONEY_KEYS)


def _outcome(data: dict[str, Any]) -> dict[str, Any]:
    return {name: data.get(name) for name in ("result", "player_total", "banker_total", "player_pair",
                                              "banker_pair", "natural")}


def dealing_order(cards: dict[str, list[str]] | None) -> list[dict[str, Any]] | None:
    """The cards as dealt: player, banker, player, banker, then the player's third card, then the banker's
    (each side's third card is drawn after the first four, the player's first); None for a hand entered by
    its result only."""
    if not cards:
        return None
    player, banker = cards.get("player") or [], cards.get("banker") or []
    order = [("player", player[0]), ("banker", banker[0]), ("player", player[1]), ("banker", banker[1])]
    order += [("player", card) for card in player[2:]] + [("banker", card) for card in banker[2:]]
    return [{"order": index, "side": side, "card": card, "third": index > 4}
            for index, (side, card) in enumerate(order, start=1)]


# The timeline


def _steps(counted: Hand | None, held: HeldHand | None, key: tuple[int, int], context: _Context) -> list[dict]:
    steps = [_step(row.closed_at, "betting_closed", actor=row.actor) for row in context.closures.get(key, [])]
    steps += [_step(row.flown_at, "flown", account_id=row.account_id) for row in context.flown.get(key, [])]
    if held is not None:
        steps.append(_step(held.held_at, "held", deadline=held.deadline))
    elif counted is not None:
        steps.append(_step(counted.created_at, "dealt"))
    steps += [_audited(row, context.with_money) for row in context.audit.get(key, [])]
    return sorted(steps, key=lambda step: step["at"])


def _step(at: datetime, kind: str, **fields) -> dict[str, Any]:
    return {"at": at, "kind": kind, "actor": None, "account_id": None, "reason": None, "deadline": None,
            "how": None, "before": None, "after": None, **fields}


def _audited(row: AuditRecord, with_money: bool) -> dict[str, Any]:
    """An audit record as a step: opened (how, by whom), a void or a correction (the hand before and after)."""
    if row.action in ("open", "auto_open"):
        after = row.after or {}
        return _step(row.at, "opened", actor=row.actor, reason=row.reason, how=after.get("how"),
                     account_id=after.get("account_id"))
    kind = {"void": "voided", "correct": "corrected"}.get(row.action, row.action)
    return _step(row.at, kind, actor=row.actor, reason=row.reason, before=_state(row.before, False),
                 after=_state(row.after, with_money))


def _state(state: dict[str, Any] | None, with_money: bool) -> dict[str, Any] | None:
    """A hand's recorded state in a void or correction: its outcome, cards, void; the settlement's differences
    per account only with money."""
    if state is None:
        return None
    hand = state.get("hand") or {}
    differences = state.get("settlement") if with_money else None
    return {"outcome": _outcome(hand) if hand else None, "cards": dealing_order(hand.get("cards")),
            "voided": state.get("voided"), "void_reason": state.get("void_reason"),
            "settlement": None if not differences else [
                {"account_id": account, **values} for account, values in sorted(differences.items())]}


def _numbered(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"seq": index, **step} for index, step in enumerate(steps, start=1)]


# Money


def _bets(rows: list[Bet]) -> list[dict[str, Any]]:
    return [{"account_id": row.account_id, "slip_id": row.slip_id, "code": row.code, "stake": money(row.stake),
             "held": money(row.held), "status": row.status, "tier": row.tier, "pay": row.pay,
             "returned": money(row.returned), "net": money(row.net), "settled_at": row.settled_at}
            for row in rows]

