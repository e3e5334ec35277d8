"""The stakes of the round in play at a 百人牛牛 table (issue 34): per area the total staked and the slips
staking it, and the round's totals, from its open slips (a leaver's refunded slips are stakes no more).

The round in play is the one taking bets (its window opened by its first slip, open or closed, no cards
yet), else the newest round dealt and not yet settled or voided (`dealing`, `opening`: its stakes are
held); none once the newest round is settled or voided and no slip came for the next. Totals only: no
account and, as a round taking bets has no cards and nothing here reads a hand, never a card.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable

from sqlalchemy.orm import Session

from roadsvc.domain.amounts import money
from roadsvc.domain.niuniu.dealing import PLAYERS
from roadsvc.domain.niuniu.rounds import DEALING, OPENING
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import NiuniuBet, utcnow
from roadsvc.services.niuniu.betting import betting_round
from roadsvc.services.niuniu.tables import niuniu_table


def stakes_in_play(db: Database, table_id: int, now: datetime | None = None) -> dict[str, Any]:
    """`{"table_id", "round": null or {"number", "phase", "betting_open", "betting_closes_at", "areas":
    {area: {"stake", "slips"}}, "total": {"stake", "slips"}}}`, amounts as decimal strings."""
    with db.read() as session:
        niuniu_table(session, table_id)
        found = round_in_play(session, table_id, now or utcnow())
        if found is None:
            return {"table_id": table_id, "round": None}
        slips = repo.open_slips(session, table_id, found["number"])
        bets = repo.bets_of(session, [slip.id for slip in slips])
    return {"table_id": table_id, "round": {**found, **totals(bets, len(slips))}}


def round_in_play(session: Session, table_id: int, now: datetime) -> dict[str, Any] | None:
    taking_bets = betting_round(session, table_id, now)
    if taking_bets is not None:
        return {key: taking_bets[key] for key in ("number", "phase", "betting_open", "betting_closes_at")}
    last = repo.last_round(session, table_id)
    if last is None or last.status not in (DEALING, OPENING):
        return None
    return {"number": last.number, "phase": last.status, "betting_open": False, "betting_closes_at": None}


def totals(bets: Iterable[NiuniuBet], slips: int) -> dict[str, Any]:
    """Per area the stakes (cents summed, as a decimal string) and the slips with a bet on it."""
    cents = {area: 0 for area in PLAYERS}
    staking: dict[str, set[int]] = {area: set() for area in PLAYERS}
    for bet in bets:
        cents[bet.area] += bet.stake
        staking[bet.area].add(bet.slip_id)
    areas = {area: {"stake": money(cents[area]), "slips": len(staking[area])} for area in PLAYERS}
    return {"areas": areas, "total": {"stake": money(sum(cents.values())), "slips": slips}}

