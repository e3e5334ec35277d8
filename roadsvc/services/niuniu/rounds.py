"""Rounds: post (by dealing order or by position, retry-safe by `number`), read, list, open, void, correct.

Round numbers run 1, 2, 3... per table; a round is dealt only once the one before it is settled or
voided. Posting the same round again at its number answers it (200); other cards there are a 409.
Opening the banker settles the round (services.niuniu.settling) in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping

from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.games import NIUNIU
from roadsvc.domain.niuniu.betting import CARDS
from roadsvc.domain.niuniu.dealing import BANKER, Deal, deal_by_position, deal_in_order
from roadsvc.domain.niuniu.rounds import DEALING, OPENING, SETTLED, VOIDED, to_open
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import OPERATORS
from roadsvc.persistence.models import NiuniuAudit, NiuniuRound, utcnow
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.niuniu import monitor, settling
from roadsvc.services.niuniu.betting import betting_round
from roadsvc.services.niuniu.round_views import public_round
from roadsvc.services.niuniu.state import betting_of, store_betting
from roadsvc.services.niuniu.tables import changed, niuniu_table, settings_of

PAGE_LIMIT = 100


@dataclass(frozen=True)
class WrittenRound:
    round: dict[str, Any]
    created: bool


def parse_posted_round(body: Mapping[str, Any]) -> Deal:
    """By dealing order (`reveal` and 25 `cards`) or by position (`hands`, the reveal optional)."""
    if "cards" in body and "hands" in body:
        raise DomainError("ambiguous_round", "post either cards (dealing order) or hands (by position)", "cards")
    if "cards" in body:
        if body.get("reveal") is None:
            raise DomainError("missing_reveal", "a round posted by dealing order needs its reveal card", "reveal")
        return deal_in_order(body["reveal"], body["cards"])
    if "hands" in body:
        return deal_by_position(body["hands"], body.get("reveal"))
    raise DomainError("missing_cards", "a round needs cards (dealing order) or hands (by position)", "cards")


def post_posted_round(db: Database, table_id: int, body: Mapping[str, Any]) -> WrittenRound:
    """A dealer's post: refused cards are counted for the floor (`refused_rounds`) and change nothing else."""
    try:
        deal = parse_posted_round(body)
    except DomainError as error:
        round_refused(db, table_id, error)
        raise
    return post_round(db, table_id, deal, body.get("number"))


def round_refused(db: Database, table_id: int, error: DomainError) -> None:
    """Count a refused round, tell the operators and the floor monitor (refused_rounds), in its own
    transaction (no niuniu table: nothing to count). The event keeps the refusal's code and field, never its
    message: a repeated card named there is likely the round's real card, dealt face down."""
    with db.write() as session:
        table = repo.table(session, table_id, for_update=True)
        if table is None or table.game != NIUNIU:
            return
        state = repo.state(session, table_id, for_update=True)
        state.refused_rounds += 1
        last = repo.last_round(session, table_id)
        monitor.round_refused(session, table, 1 if last is None else last.number + 1, error)
        changed(session, table_id, "round_refused", {"code": error.code, "field": error.field,
                                                      "refused_rounds": state.refused_rounds}, audience=OPERATORS)


def post_round(db: Database, table_id: int, deal: Deal, number: int | None) -> WrittenRound:
    with db.write() as session:
        niuniu_table(session, table_id, for_update=True)
        last = repo.last_round(session, table_id)
        expected = 1 if last is None else last.number + 1
        if number is not None and number < expected:
            return WrittenRound(_retry(session, table_id, number, deal), created=False)
        if number is not None and number > expected:
            raise Conflict("round_out_of_order", f"the next round is {expected}, not {number}", "number")
        if last is not None and last.status not in (SETTLED, VOIDED):
            raise Conflict("round_in_progress", f"round {last.number} is not settled or voided yet", "number")
        state = repo.state(session, table_id)
        banker = state.queue.get("banker")
        window = betting_of(state, expected)
        if window is not None and window.closed_by is None:  # the cards close the round's betting
            store_betting(state, window.close(utcnow(), CARDS))
        now = utcnow()
        row = NiuniuRound(table_id=table_id, number=expected, reveal=deal.reveal and deal.reveal.code,
                          hands=deal.codes(), opened=[], status=DEALING,
                          banker_account=banker and banker["account_id"], created_at=now,
                          dealer_id=dealers_repo.dealer_at(session, table_id, now))
        session.add(row)
        session.flush()
        view = public_round(row)
        changed(session, table_id, "round", {"action": "posted", "round": view})
    return WrittenRound(view, created=True)


def _retry(session: Session, table_id: int, number: int, deal: Deal) -> dict[str, Any]:
    stored = repo.round_at(session, table_id, number)
    if stored is not None and stored.hands == deal.codes() and stored.reveal == (deal.reveal and deal.reveal.code):
        return public_round(stored)
    if stored is not None and stored.status == SETTLED:
        raise Conflict("round_settled", f"round {number} is settled: correct it instead", "number")
    if stored is not None and stored.status == VOIDED:
        raise Conflict("round_voided", f"round {number} was voided: its cards cannot change", "number")
    raise Conflict("round_conflict", f"round {number} was posted with other cards", "number")


def read_round(db: Database, table_id: int, number: int, now: datetime | None = None) -> dict[str, Any]:
    """A posted round, or the round taking bets (`betting`, with its deadline)."""
    with db.read() as session:
        niuniu_table(session, table_id)
        taking_bets = betting_round(session, table_id, now or utcnow())
        if taking_bets is not None and taking_bets["number"] == number:
            return taking_bets
        return public_round(_round_or_404(session, table_id, number))


def list_rounds(db: Database, table_id: int, after: int = 0, limit: int = PAGE_LIMIT) -> dict[str, Any]:
    """A page of rounds, oldest first, after round `after`; `next_after` continues (None at the end)."""
    with db.read() as session:
        niuniu_table(session, table_id)
        rows = repo.rounds_page(session, table_id, after, limit + 1)
    rounds = [public_round(row) for row in rows[:limit]]
    more = len(rows) > limit
    return {"rounds": rounds, "next_after": rounds[-1]["number"] if more else None}


def open_round(db: Database, table_id: int, number: int, position: str | None) -> dict[str, Any]:
    """Open one player's hand, or (banker, or no position) every hand still closed and settle."""
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        row = _round_or_404(session, table_id, number)
        if row.status == VOIDED:
            raise Conflict("round_voided", f"round {number} was voided", "number")
        try:
            opening = to_open(tuple(row.opened), position)
        except DomainError as error:
            if error.code != "opening_out_of_order":
                raise
            raise Conflict(error.code, error.message, error.field) from None
        if not opening:
            return public_round(row)
        # Settle first, then change the row: what the settlement reads comes before any change, so the
        # round is written by one UPDATE when the revision's bump flushes it (not one before each read).
        extra = settling.settle(session, table, row, settings_of(table)) if BANKER in opening else []
        row.opened = [*row.opened, *opening]
        if row.status != SETTLED:
            row.status = OPENING
        view = public_round(row)
        action = "settled" if row.status == SETTLED else "opened"
        changed(session, table_id, "round", {"action": action, "positions": list(opening), "round": view}, extra=extra)
    return view


def void_round(db: Database, table_id: int, number: int, reason: str, actor: str) -> dict[str, Any]:
    """A misdeal, before settling: the round leaves the road and every stake goes back, audited."""
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        row = _round_or_404(session, table_id, number)
        if row.status in (SETTLED, VOIDED):
            raise Conflict(f"round_{row.status}", f"round {number} is {row.status}: it cannot be voided", "number")
        before = _audited(row)
        refunded = settling.refund_round(session, table_id, number)
        row.status, row.void_reason = VOIDED, reason
        session.add(NiuniuAudit(table_id=table_id, round_number=number, action="void", actor=actor, reason=reason,
                                before=before, after={**_audited(row), "refunded": refunded}))
        monitor.round_corrected(session, table, number, "void", actor, reason)
        view = public_round(row)
        changed(session, table_id, "round", {"action": "voided", "round": view})
    return view


def correct_round(db: Database, table_id: int, number: int, deal: Deal, reason: str, actor: str) -> dict[str, Any]:
    """New cards for a posted round; a settled round is settled again and the differences kept."""
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        row = _round_or_404(session, table_id, number)
        if row.status == VOIDED:
            raise Conflict("round_voided", f"round {number} was voided", "number")
        before = _audited(row)
        row.hands, row.reveal = deal.codes(), deal.reveal and deal.reveal.code
        differences = settling.resettle(session, table, row, settings_of(table)) if row.status == SETTLED else {}
        session.add(NiuniuAudit(table_id=table_id, round_number=number, action="correction", actor=actor,
                                reason=reason, before=before, after={**_audited(row), "differences": differences}))
        monitor.round_corrected(session, table, number, "correction", actor, reason)
        view = public_round(row)
        changed(session, table_id, "round", {"action": "corrected", "round": view})
    return {**view, "differences": differences}


def audit_log(db: Database, table_id: int) -> list[dict[str, Any]]:
    with db.read() as session:
        niuniu_table(session, table_id)
        return [{"id": record.id, "round": record.round_number, "action": record.action, "actor": record.actor,
                 "at": record.at.isoformat(), "before": record.before, "after": record.after,
                 "reason": record.reason} for record in repo.audit_of(session, table_id)]


def _audited(row: NiuniuRound) -> dict[str, Any]:
    return {"hands": row.hands, "reveal": row.reveal, "status": row.status, "opened": list(row.opened),
            "settlement": row.settlement}


def _round_or_404(session: Session, table_id: int, number: int) -> NiuniuRound:
    """The posted round `number`; the round taking bets (no cards yet) is there but not dealt: 409."""
    row = repo.round_at(session, table_id, number)
    if row is None and betting_of(repo.state_or_none(session, table_id), number) is not None:
        raise Conflict("round_not_dealt", f"round {number} takes bets: its cards are not posted yet", "number")
    if row is None:
        raise NotFound("round_not_found", f"table {table_id} has no round {number}", "number")
    return row

