"""Recall of 百人牛牛 rounds (roadsvc.services.recall): the reveal card and who received first, every card in
the order it was dealt, each hand in the order it was opened, the outcome, the voids, corrections and leaves
(逃跑) with who, when and why, and, for a reader of money, every account's stakes and settlement.

Every card goes through the domain's one rule for hidden cards (`hand_view`): a hand's fourth card is dealt
face down and is recalled only once that hand is open, in the round as in each audited state of it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.amounts import money
from roadsvc.domain.cards import parse_card, parse_cards
from roadsvc.domain.niuniu.dealing import HAND_SIZE, HIDDEN_INDEX, POSITIONS, Deal, dealing_order
from roadsvc.domain.niuniu.rounds import DEALING, OPENING, round_view
from roadsvc.persistence.models import NiuniuAudit, NiuniuBet, NiuniuRound, NiuniuSlip
from roadsvc.services.errors import NotFound
from roadsvc.services.niuniu.round_views import deal_of


def recall(session: Session, table_id: int, ask, reader) -> list[dict[str, Any]]:
    """The table's last `ask.count` posted rounds, newest first; or round `ask.round`."""
    query = select(NiuniuRound).where(NiuniuRound.table_id == table_id)
    if ask.round is not None:
        rows = session.scalars(query.where(NiuniuRound.number == ask.round)).all()
        if not rows:
            raise NotFound("round_not_found", f"table {table_id} has no round {ask.round}", "round")
    else:
        rows = session.scalars(query.order_by(NiuniuRound.number.desc()).limit(ask.count)).all()
    numbers = [row.number for row in rows]
    audits = _by_round(session.scalars(select(NiuniuAudit).where(
        NiuniuAudit.table_id == table_id, NiuniuAudit.round_number.in_(numbers)).order_by(NiuniuAudit.id)))
    slips = _by_round(session.scalars(select(NiuniuSlip).where(
        NiuniuSlip.table_id == table_id, NiuniuSlip.round_number.in_(numbers)).order_by(NiuniuSlip.id)))
    bets = _bets_of(session, [slip.id for found in slips.values() for slip in found])
    return [_round(row, audits.get(row.number, []), slips.get(row.number, []), bets, reader.money) for row in rows]


def hidden_records(session: Session) -> list[tuple[str, int]]:
    """The records holding cards hidden now: each round in play (dealt, a closed fourth card not yet opened)."""
    query = select(NiuniuRound.id).where(NiuniuRound.status.in_((DEALING, OPENING)))
    return [(NiuniuRound.__tablename__, key) for key in session.scalars(query)]


def _by_round(rows) -> dict[int, list]:
    found: dict[int, list] = {}
    for row in rows:
        found.setdefault(row.round_number, []).append(row)
    return found


def _bets_of(session: Session, slip_ids: list[int]) -> dict[int, list[NiuniuBet]]:
    found: dict[int, list[NiuniuBet]] = {}
    if slip_ids:
        for bet in session.scalars(select(NiuniuBet).where(NiuniuBet.slip_id.in_(slip_ids)).order_by(NiuniuBet.id)):
            found.setdefault(bet.slip_id, []).append(bet)
    return found


def _round(row: NiuniuRound, audits: list[NiuniuAudit], slips: list[NiuniuSlip], bets: dict[int, list[NiuniuBet]],
           with_money: bool) -> dict[str, Any]:
    opened = tuple(row.opened or ())
    seen = round_view(deal_of(row), opened)
    return {
        "round": row.number, "phase": row.status, "dealt_at": row.created_at, "settled_at": row.settled_at,
        "reveal": seen["reveal"], "first_receiver": seen["first_receiver"],
        "dealing": dealt_in_order(seen["hands"], seen["first_receiver"]),
        "hands": [{"position": position, **seen["hands"][position]} for position in POSITIONS],
        "openings": [{"seq": index, "position": position} for index, position in enumerate(opened, start=1)],
        "results": seen["results"], "banker_account": row.banker_account, "void_reason": row.void_reason,
        "steps": [_audited(record, with_money) for record in audits],
        "stakes": [_slip(slip, bets.get(slip.id, [])) for slip in slips] if with_money else None,
        "settlement": _settlement(row.settlement) if with_money and row.settlement else None,
        "records": [_record("niuniu_rounds", row.id)]
        + [_record("niuniu_audit", record.id, _has_money(record)) for record in audits]
        + [_record("niuniu_slips", slip.id, True) for slip in slips]
        + [_record("niuniu_bets", bet.id, True) for slip in slips for bet in bets.get(slip.id, [])],
        "in_play": row.status in (DEALING, OPENING),
    }


def _record(table: str, key: int, money: bool = False) -> dict[str, Any]:
    """A record the recall read (`money`: it holds per-account money, so only a reader of money sees it)."""
    return {"table": table, "id": key, "money": money}


def _has_money(record: NiuniuAudit) -> bool:
    """A void's refunds, a correction's settlement and differences, a leave's refund: money."""
    return any(name in (state or {}) for state in (record.before, record.after)
               for name in ("settlement", "refunded", "differences"))


def dealt_in_order(hands: dict[str, dict], first: str | None) -> list[dict[str, Any]] | None:
    """Every card in the order dealt, one at a time from the first receiver (a closed fourth card: null);
    None for a round posted by position without its reveal card (its dealing order is not known)."""
    if first is None:
        return None
    order = dealing_order(first)
    cards = [(position, index) for index in range(HAND_SIZE) for position in order]
    return [{"order": seq, "position": position, "card": hands[position]["cards"][index],
             "face_down": index == HIDDEN_INDEX}
            for seq, (position, index) in enumerate(cards, start=1)]


def _audited(record: NiuniuAudit, with_money: bool) -> dict[str, Any]:
    after = record.after or {}
    return {"seq": record.id, "at": record.at, "kind": {"void": "voided", "correction": "corrected",
                                                         "leave": "left"}.get(record.action, record.action),
            "actor": record.actor, "reason": record.reason, "account_id": after.get("account_id"),
            "before": _state(record.before), "after": _state(record.after),
            "differences": [{"who": who, "amount": amount} for who, amount in sorted(
                (after.get("differences") or {}).items())] if with_money and "differences" in after else None}


def _state(state: dict[str, Any] | None) -> dict[str, Any] | None:
    """A round as an audit record kept it, seen as any reader sees it (a closed fourth card: null)."""
    if not state or "hands" not in state:
        return None
    deal = Deal({position: tuple(parse_cards(state["hands"][position], jokers=True)) for position in POSITIONS},
                None if state.get("reveal") is None else parse_card(state["reveal"]))
    seen = round_view(deal, tuple(state.get("opened") or ()))
    return {"phase": state.get("status"), "reveal": seen["reveal"],
            "hands": [{"position": position, **seen["hands"][position]} for position in POSITIONS]}


def _slip(slip: NiuniuSlip, bets: list[NiuniuBet]) -> dict[str, Any]:
    return {"slip_id": slip.id, "account_id": slip.account_id, "status": slip.status, "placed_at": slip.created_at,
            "bets": [{"area": bet.area, "stake": money(bet.stake)} for bet in bets]}


def _settlement(settlement: dict[str, Any]) -> dict[str, Any]:
    return {"accounts": [{"account_id": account, "net": entry["net"], "bets": entry["bets"]}
                         for account, entry in sorted(settlement["accounts"].items())],
            "banker_net": settlement["banker"]["net"]}

