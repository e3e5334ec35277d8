"""Slips on a niuniu table: taken while the round's betting is open, leaving (逃跑), the settlement read.

Betting on round n is open from the settlement (or void) of round n-1 until round n's cards are
posted; a slip after that is refused `betting_closed` and counted for the floor (the table's
`late_slips`, an operators' `late_slip` event, the floor monitor's `late_slips` rule). A slip is
taken whole or refused whole.

A slip carries the game server's `client_slip_id`, unique per table (a unique constraint): the same
slip again gets its first answer back (`created` False: 200), whatever happened since (the round
closed, settled); another slip under the same id is 409 `slip_conflict`. Two copies racing are
serialised by the table's lock, and the constraint stops a copy that got past it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from decimal import Decimal
from typing import Any, Mapping

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.amounts import ZERO
from roadsvc.domain.niuniu.betting import DEALER, open_window
from roadsvc.domain.niuniu.money import amount
from roadsvc.domain.niuniu.rounds import DEALING, OPENING, SETTLED, VOIDED
from roadsvc.domain.niuniu.settings import NiuniuSettings
from roadsvc.domain.niuniu.settlement import (
    banker_cover_refusal, cover_refusal, limit_refusal, parse_bets, settle_round, settlement_dict, with_refunds,
)
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import OPERATORS
from roadsvc.persistence.models import NiuniuAudit, NiuniuBet, NiuniuRound, NiuniuSlip, NiuniuTableState, Table, utcnow
from roadsvc.persistence.models.niuniu import SLIP_LEFT, SLIP_OPEN, SLIP_REFUNDED
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.niuniu import monitor
from roadsvc.services.niuniu.settling import stakes_of
from roadsvc.services.niuniu.state import balances_of, betting_of, queue_of, state_balance, store_betting
from roadsvc.services.niuniu.tables import changed, niuniu_table, settings_of

CENTS = Decimal(100)
MAX_ROUND = 10_000_000  # as a posted round's number (roadsvc.api.niuniu.schemas)


def parse_slip(body: Mapping[str, Any]) -> dict[str, Any]:
    number, account, client_id = body.get("round"), body.get("account_id"), body.get("client_slip_id")
    if not isinstance(client_id, str) or not client_id.strip() or len(client_id) > 64:
        raise DomainError("invalid_client_slip_id", "client_slip_id is your id for the slip, 1 to 64 characters",
                          "client_slip_id")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUND:
        raise DomainError("invalid_round", f"round is the number (1 to {MAX_ROUND}) of the round the slip bets on",
                          "round")
    if not isinstance(account, str) or not account.strip() or len(account) > 100:
        raise DomainError("invalid_account", "account_id is a text of 1 to 100 characters", "account_id")
    balance = amount(body.get("balance"), "balance", "balance")
    return {"client_slip_id": client_id, "round": number, "account_id": account, "balance": balance,
            "bets": parse_bets(body.get("bets"))}


def fingerprint(slip: Mapping[str, Any]) -> str:
    """What makes two requests the same slip (docs/game-servers.md): every field, the amounts by value
    ("10" is "10.00") and the bets as a collection (in any order; a bet twice counts twice)."""
    canonical = {**slip, "balance": by_value(slip["balance"]),
                 "bets": sorted([area, by_value(stake)] for area, stake in slip["bets"])}
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


def by_value(amount: Decimal | str) -> str:
    """An amount as its value in cents, written one way."""
    return str(Decimal(amount).quantize(Decimal("0.01")))


def place_slip(db: Database, table_id: int, slip: dict[str, Any], now: datetime | None = None
               ) -> tuple[dict[str, Any], bool]:
    """The slip taken (its answer, True), or a retry's first answer (False). `now`: the server's clock."""
    try:
        return _place(db, table_id, slip, now or utcnow())
    except IntegrityError:  # a copy of this slip (same client id) was stored first
        with db.read() as session:
            stored = repo.slip_by_client_id(session, table_id, slip["client_slip_id"])
            if stored is None:
                raise
            return _stored_answer(stored, slip), False


def _place(db: Database, table_id: int, slip: dict[str, Any], now: datetime) -> tuple[dict[str, Any], bool]:
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        stored = repo.slip_by_client_id(session, table_id, slip["client_slip_id"])
        if stored is not None:
            return _stored_answer(stored, slip), False
        posted = repo.round_at(session, table_id, slip["round"])
        why = _late_because(posted.status) if posted is not None else _window_closed(session, table_id, slip, now)
        if why is None:
            return _take(session, table_id, settings_of(table), slip, now), True
        _count_late(session, table, slip, why)
    raise Conflict("betting_closed", f"betting on round {slip['round']} closed ({why})", "round")


def _late_because(status: str) -> str:
    return "its cards are dealt" if status == DEALING else f"the round is {status}"


def _window_closed(session: Session, table_id: int, slip: dict[str, Any], now: datetime) -> str | None:
    """Why the round's betting window is closed at `now` (its deadline passed, a dealer closed it), or None."""
    window = betting_of(repo.state_or_none(session, table_id), slip["round"])
    why = window and window.closed(now)
    if not why:
        return None
    return "a dealer closed it" if why == DEALER else f"its deadline {window.closes_at.isoformat()} passed"


def _stored_answer(stored: NiuniuSlip, slip: Mapping[str, Any]) -> dict[str, Any]:
    if stored.request_hash != fingerprint(slip):
        raise Conflict("slip_conflict", f"slip {slip['client_slip_id']!r} was placed already with other bets",
                       "client_slip_id")
    return stored.answer


def _count_late(session: Session, table: Table, slip: dict[str, Any], why: str) -> str:
    table_id = table.id
    state = repo.state(session, table_id, for_update=True)
    state.late_slips += 1
    monitor.slip_refused_late(session, table, slip["round"], slip["account_id"], why)
    changed(session, table_id, "late_slip", {"round": slip["round"], "account_id": slip["account_id"],
                                             "late_slips": state.late_slips, "why": why}, audience=OPERATORS)
    return why


def _not_open(number: int, expected: int, last: NiuniuRound | None) -> str:
    """Why bets on round `number` are refused: which round takes them, and when."""
    if last is None or last.status in (SETTLED, VOIDED):
        return f"bets are taken on round {expected}, not round {number}"
    return f"bets are taken on round {expected} once round {last.number} is settled"


def _take(session: Session, table_id: int, settings: NiuniuSettings, slip: dict[str, Any], now: datetime
          ) -> dict[str, Any]:
    number = slip["round"]
    last = repo.last_round(session, table_id)
    expected = 1 if last is None else last.number + 1
    if number != expected or (last is not None and last.status not in (SETTLED, VOIDED)):
        raise Conflict("round_not_open", _not_open(number, expected, last), "round")
    state = repo.state(session, table_id, for_update=True)
    stakes = stakes_of(session, table_id, number)
    _check(slip, stakes, settings, _banker_balance(state, settings))
    row = NiuniuSlip(table_id=table_id, round_number=number, account_id=slip["account_id"],
                     balance=int(slip["balance"] * CENTS), client_slip_id=slip["client_slip_id"],
                     request_hash=fingerprint(slip))
    session.add(row)
    session.flush()
    session.add_all([NiuniuBet(slip_id=row.id, area=area, stake=int(stake * CENTS)) for area, stake in slip["bets"]])
    state_balance(state, slip["account_id"], slip["balance"])
    if betting_of(state, number) is None:  # the round's first slip opens its betting window
        store_betting(state, open_window(number, now, settings.betting_seconds))
    answer = {"slip_id": row.id, "client_slip_id": row.client_slip_id, "round": number,
              "account_id": slip["account_id"], "status": SLIP_OPEN,
              "bets": [{"area": area, "stake": str(stake)} for area, stake in slip["bets"]]}
    row.answer = answer
    changed(session, table_id, "slip", answer, audience=OPERATORS)
    return answer


def _check(slip: dict[str, Any], stakes, settings: NiuniuSettings, banker_balance: Decimal | None) -> None:
    new = [stake for _, stake in slip["bets"]]
    mine = [stake.stake for stake in stakes if stake.account_id == slip["account_id"]]
    refusal = cover_refusal(slip["balance"], mine, new, settings.max_multiple) or banker_cover_refusal(
        banker_balance, sum((stake.stake for stake in stakes), ZERO), new, settings.max_multiple)
    totals = {}
    for stake in stakes:
        totals[stake.area] = totals.get(stake.area, ZERO) + stake.stake
    for index, (area, amount) in enumerate(slip["bets"]):
        refusal = refusal or limit_refusal(area, amount, totals.get(area, ZERO), settings.area_limits,
                                           f"bets[{index}].stake")
        totals[area] = totals.get(area, ZERO) + amount
    if refusal is not None:
        raise refusal


def _banker_balance(state: NiuniuTableState, settings: NiuniuSettings) -> Decimal | None:
    banker = queue_of(state).banker
    if banker is None:
        return settings.house_banker_balance
    return balances_of(state).get(banker.account_id, ZERO)


def leave(db: Database, table_id: int, number: int, account_id: str, actor: str) -> dict[str, Any]:
    """逃跑: before any hand is opened the account's stakes go back (audited); after, it settles as normal."""
    with db.write() as session:
        niuniu_table(session, table_id, for_update=True)
        posted = _round_or_404(session, table_id, number)
        if posted is not None and posted.status in (OPENING, SETTLED):
            return {"round": number, "account_id": account_id, "refunded": [], "settles_as_normal": True}
        slips = repo.open_slips(session, table_id, number, account_id)
        if not slips:
            return {"round": number, "account_id": account_id, "refunded": [], "settles_as_normal": False}
        for slip in slips:
            slip.status = SLIP_LEFT
        refunded = [{"slip_id": slip.id} for slip in slips]
        session.add(NiuniuAudit(table_id=table_id, round_number=number, action="leave", actor=actor,
                                reason=f"{account_id} left before the hands were opened", before=None,
                                after={"account_id": account_id, "refunded": refunded}))
        answer = {"round": number, "account_id": account_id, "refunded": refunded, "settles_as_normal": False}
        changed(session, table_id, "slip", {"action": "left", **answer}, audience=OPERATORS)
    return answer


def _round_or_404(session: Session, table_id: int, number: int) -> NiuniuRound | None:
    """The posted round, None for the round bets are taken on (not posted yet); any other number: 404."""
    posted = repo.round_at(session, table_id, number)
    if posted is None and number != _betting_number(session, table_id):
        raise NotFound("round_not_found", f"table {table_id} has no round {number}", "number")
    return posted


def _betting_number(session: Session, table_id: int) -> int:
    last = repo.last_round(session, table_id)
    return 1 if last is None else last.number + 1


def settlement_of(db: Database, table_id: int, number: int, account_id: str | None = None) -> dict[str, Any]:
    """A settled round's settlement, its leavers' stakes listed as refunded; a voided round's: every stake
    refunded. Each account's bets and net (`account_id`: that account's only), the banker's net."""
    with db.read() as session:
        niuniu_table(session, table_id)
        posted = _round_or_404(session, table_id, number)
        if posted is None or posted.status not in (SETTLED, VOIDED):
            status = "taking bets" if posted is None else posted.status
            raise Conflict("round_not_settled", f"round {number} is {status}", "number")
        refunded = (SLIP_LEFT,) if posted.status == SETTLED else (SLIP_LEFT, SLIP_REFUNDED)
        refunds = settlement_dict(settle_round(stakes_of(session, table_id, number, refunded), None))
    settled = with_refunds(posted.settlement, refunds) if posted.status == SETTLED else refunds
    if account_id is not None:
        settled = {**settled, "accounts": {a: v for a, v in settled["accounts"].items() if a == account_id}}
    return {"round": number, "phase": posted.status, **settled,
            "banker": {"account_id": posted.banker_account, **settled["banker"]}}
