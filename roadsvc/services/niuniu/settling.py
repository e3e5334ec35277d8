"""Settling a round when the banker opens, refunding a voided one, settling a corrected one again.

A settlement also moves what the table keeps per account: the seated accounts' balances (stated,
plus their settled nets) with the automatic stand-up, and the banker queue's count of rounds.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.niuniu.banker_queue import round_finished
from roadsvc.domain.niuniu.dealing import BANKER
from roadsvc.domain.niuniu.rounds import SETTLED, hands_of
from roadsvc.domain.niuniu.seats import to_stand_up
from roadsvc.domain.niuniu.settings import NiuniuSettings
from roadsvc.domain.niuniu.settlement import Stake, differences, settle_round, settlement_dict
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.models import NiuniuRound, Table, utcnow
from roadsvc.persistence.models.niuniu import SLIP_OPEN, SLIP_REFUNDED
from roadsvc.services.niuniu.round_views import deal_of
from roadsvc.services.niuniu.state import balances_of, queue_of, seating_of, store_balances, store_queue, store_seating

CENTS = Decimal("0.01")


def stakes_of(session: Session, table_id: int, number: int, statuses: tuple[str, ...] = (SLIP_OPEN,)
              ) -> list[Stake]:
    """The stakes of the round's slips in `statuses` (the open ones: what settles)."""
    slips = repo.open_slips(session, table_id, number, statuses=statuses)
    accounts = {slip.id: slip.account_id for slip in slips}
    return [Stake(accounts[bet.slip_id], bet.area, Decimal(bet.stake) * CENTS)
            for bet in repo.bets_of(session, list(accounts))]


def settle(session: Session, table: Table, row: NiuniuRound, settings: NiuniuSettings) -> list[tuple[str, dict]]:
    """Settle `row` (its banker just opened); returns the events it causes beside the round's. Reads the
    stakes and the table's state before changing anything (no read flushes a change of this transaction)."""
    stakes = stakes_of(session, table.id, row.number)
    state = repo.state(session, table.id, for_update=True)
    settled = settlement_dict(settle_round(stakes, hands_of(deal_of(row)), settings.commission_percent))
    row.status, row.settlement, row.settled_at = SETTLED, settled, utcnow()
    stood_up = _apply_nets(state, _account_nets(_nets(settled), row.banker_account), settings)
    before = queue_of(state)
    after = round_finished(before, settings.banker_rounds)
    store_queue(state, after)
    events = [("seats", {"action": "stood_up", "accounts": stood_up})] if stood_up else []
    if after.banker != before.banker:
        events.append(("banker_queue", {"action": "banker_changed", **state.queue}))
    return events


def resettle(session: Session, table: Table, row: NiuniuRound, settings: NiuniuSettings) -> dict[str, str]:
    """A settled round's cards changed: settle it again; the nets move by the differences."""
    before = row.settlement
    row.settlement = settlement_dict(settle_round(stakes_of(session, table.id, row.number), hands_of(deal_of(row)),
                                                  settings.commission_percent))
    changes = differences(before, row.settlement)
    _apply_nets(repo.state(session, table.id, for_update=True), _account_nets(changes, row.banker_account), settings)
    return changes


def refund_round(session: Session, table_id: int, number: int) -> list[dict[str, Any]]:
    """Every open slip of the round goes back: its stakes, listed for the audit record."""
    refunded = []
    for slip in repo.open_slips(session, table_id, number):
        slip.status = SLIP_REFUNDED
        refunded.append({"slip_id": slip.id, "account_id": slip.account_id})
    return refunded


def _nets(settled: dict) -> dict[str, str]:
    return {**{account: entry["net"] for account, entry in settled["accounts"].items()},
            BANKER: settled["banker"]["net"]}


def _account_nets(nets: dict[str, str], banker_account: str | None) -> dict[str, Decimal]:
    """Nets by account: the banker's goes to the account that banked (none when the house did)."""
    by_account: dict[str, Decimal] = {}
    for who, amount in nets.items():
        account = banker_account if who == BANKER else who
        if account is not None:
            by_account[account] = by_account.get(account, Decimal(0)) + Decimal(amount)
    return by_account


def _apply_nets(state, nets: dict[str, Decimal], settings: NiuniuSettings) -> list[str]:
    """Add the nets to the balances the table keeps; stand up the seated who fell below the threshold."""
    balances = balances_of(state)
    for account, net in nets.items():
        if account in balances:
            balances[account] += net
    store_balances(state, balances)
    seating = seating_of(state)
    stood_up = to_stand_up(seating, balances, settings.seat_min_balance)
    if stood_up:
        store_seating(state, {seat: who for seat, who in seating.items() if who not in stood_up})
    return stood_up
