"""The money rules at a 百人牛牛 table (issue 34): `large_win` and `hold_out_of_line`, about the table itself
(subject `table`), off the dealer's path. The jobs process's money watch (services.pit.money_watch) follows
the event log and calls `check_round` after each round settled (opened, or settled again by a correction).

The window: a 百人牛牛 table has no shoe, so the longer window is the floor's shift the round was settled in,
the same window (and the same figures) as the table's money on the floor, its page and the shift report.
`large_win`: one account (a bettor, or a player banker with its result) won more than the limit on the
round, or its wins in the shift crossed it on this round. `hold_out_of_line`: the table's hold in the
shift (the house's win: the banker's result and commissions when the house banks, the commissions when a
player banks) strays from its exact edge (roadsvc.domain.niuniu.odds.house_edge under the table's
commission) past the tolerance, once the shift's turnover reaches the minimum. It resolves itself when a
settled round finds the shift's hold back in line, or when a round settles in a later shift (the hold is
judged again from that shift's first round); a correction to an older shift's round never touches the
alert about a newer shift.

Only this table's `table` alerts of these two codes are read or resolved here: a baccarat shoe's money
alerts are its own (`shoe:<id>`), and this module reads no other game's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from roadsvc.domain import money as domain
from roadsvc.domain.games import NIUNIU
from roadsvc.domain.monitoring import Finding, RoundSettled, TableHold, evaluate, resolve_settings, subjects
from roadsvc.domain.niuniu.rounds import SETTLED
from roadsvc.domain.shifts import Shift
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, Alert
from roadsvc.services import alerts
from roadsvc.services.niuniu import ledger
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

HOLD = "hold_out_of_line"
TABLE = subjects.TABLE
SETTLING = frozenset({"settled", "corrected"})  # the `round` events after which a round's money may have moved


def facts(rows, number: int, shift: Shift, edge) -> tuple[RoundSettled, TableHold] | None:
    """The round's facts from the table's rounds settled in `shift` (persistence.niuniu.settled_between)."""
    wins = {row.number: ledger.round_wins(row.number, row.banker_account, row.settlement, row.table_id)
            for row in rows}
    current = next((row for row in rows if row.number == number), None)
    if current is None:
        return None
    before = _summed(found for n, found in wins.items() if n < number)
    after = _summed([before, wins[number]])
    lines = [line for row in rows for line in ledger.round_lines(*row)]
    figures = domain.tally(lines)
    expected = domain.expected_hold([(line.stake, edge) for line in lines])
    return (RoundSettled(number, wins[number], before, after, current.banker_account, shift.key),
            TableHold(number, figures.turnover, figures.win, expected, shift.key))


def _summed(all_wins) -> dict[str, int]:
    total: dict[str, int] = {}
    for wins in all_wins:
        for account, won in wins.items():
            total[account] = total.get(account, 0) + won
    return total


def check_round(db: Database, table_id: int, number: int, shift_at: Callable[[datetime], Shift],
                now: datetime) -> bool:
    """The money rules after round `number` was settled; True when an alert was written (raised, seen or
    resolved). `shift_at` is the floor's clock face (services.pit.shifts.FloorClock.shift_at)."""
    with db.read() as session:
        row = repo.round_at(session, table_id, number)
        if row is None or row.status != SETTLED or row.settled_at is None:
            return False
        shift = shift_at(row.settled_at)
        rows = repo.settled_between(session, shift.begins, shift.ends, table_id)
        edge = ledger.table_edges(session, [table_id]).get(table_id)
    found = facts(rows, number, shift, edge) if edge is not None else None
    if found is None:
        return False
    with db.write() as session:
        table = repo.table(session, table_id, for_update=True)
        if table is None or table.game != NIUNIU:
            return False
        settings = resolve_settings(table.settings)
        findings = evaluate(found[0], settings) + evaluate(found[1], settings)
        active = alerts_repo.active_alert(session, table.id, TABLE, HOLD)
        findings, resolved = _judge_hold(session, active, findings, shift.key, now)
        for finding in findings:
            alerts.record(session, table.id, TABLE, finding, now)
    return bool(findings) or resolved


def _judge_hold(session, active: Alert | None, findings: list[Finding], shift: str, now: datetime
                ) -> tuple[list[Finding], bool]:
    """The findings to record, and whether the open hold alert was resolved: it is when the shift's hold
    is back in line, or when this round's shift is later than the alert's (resolved before the new
    shift's own is raised); an older shift's round (a correction) leaves a newer shift's alert alone."""
    if active is None:
        return findings, False
    about = (active.details or {}).get("shift", "")
    if about > shift:
        return [finding for finding in findings if finding.code != HOLD], False
    if about == shift and HOLD in {finding.code for finding in findings}:
        return findings, False
    why = (N_("a new shift began: the table's hold is judged again from its first round") if about != shift
           else N_("the table's hold is back within the tolerance"))
    alerts.change_state(session, active, ALERT_RESOLVED, alerts.SYSTEM_ACTOR, why, now)
    return findings, True
