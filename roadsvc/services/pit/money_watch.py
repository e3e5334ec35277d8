"""The jobs process's money rules (issue 24): `large_win` and `hold_out_of_line`, off the
dealer's post path. Like the odds watch it follows the event log: after every settled hand
(a hand posted or opened, a void, a correction) it reads the shoe's settled bets once,
words the facts (roadsvc.domain.monitoring.money_rules) and, in one write transaction with
the shoe locked, raises or counts the alerts; `hold_out_of_line` resolves itself once the
shoe's hold is back in line.

A 百人牛牛 round settled (a `round` event, `settled` or `corrected`) goes to its game's own check
(roadsvc.services.niuniu.money_watch, issue 34: the table's alerts, the shift as the window, by the
floor's clock face). Each check reads and resolves only its own subjects: a shoe's here, the table's
there.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from roadsvc.domain import money as domain
from roadsvc.domain.monitoring import HandSettled, ShoeHold, evaluate, resolve_settings, subjects
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import money as money_repo
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, utcnow
from roadsvc.services import alerts, events as event_log
from roadsvc.services.niuniu import money_watch as niuniu_money
from roadsvc.services.pit.money import expected_hold, lines_of
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

SETTLING = frozenset({"hand", "void", "correction"})
HOLD = "hold_out_of_line"


def facts(rows, shoe_id: int, hand_number: int) -> tuple[HandSettled, ShoeHold]:
    lines = lines_of(rows)
    before = [line for line in lines if line.hand[1] < hand_number]
    on_hand = [line for line in lines if line.hand[1] == hand_number]
    figures = domain.tally(lines)
    settled = HandSettled(hand_number, domain.account_wins(on_hand), domain.account_wins(before),
                          domain.account_wins(before + on_hand))
    return settled, ShoeHold(figures.turnover, figures.win, expected_hold(rows))


def _round_number(data) -> int | None:
    number = ((data or {}).get("round") or {}).get("number")
    return number if isinstance(number, int) else None


class MoneyWatch:
    """Follows the event log from its newest event; one `step` per call."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow, batch: int = 1000,
                 floor_clock: FloorClock | None = None):
        self.db, self.clock, self.batch = db, clock, batch
        self.floor_clock = floor_clock or FloorClock.default()
        self.cursor: int | None = None
        self.tables: list[int] = []  # the 百人牛牛 tables whose money alerts the last step wrote

    def step(self) -> list[int]:
        """The shoes whose money alerts were written in this step (the 百人牛牛 tables': `self.tables`)."""
        self.tables = []
        if self.cursor is None:
            self.cursor = event_log.newest_event_id(self.db)
            return []
        found = event_log.events_after(self.db, self.cursor, self.batch)
        if not found:
            return []
        self.cursor = found[-1].id
        hands = [(e.shoe_id, (e.data or {}).get("number")) for e in found if e.type in SETTLING and e.shoe_id]
        rounds = [(e.table_id, _round_number(e.data)) for e in found
                  if e.type == "round" and e.shoe_id is None and e.table_id
                  and (e.data or {}).get("action") in niuniu_money.SETTLING]
        self.tables = list(dict.fromkeys(table_id for table_id, number in dict.fromkeys(rounds)
                                         if number and self.check_round(table_id, number)))
        return [shoe_id for shoe_id, number in dict.fromkeys(hands) if number and self.check(shoe_id, number)]

    def check_round(self, table_id: int, number: int) -> bool:
        return niuniu_money.check_round(self.db, table_id, number, self.floor_clock.shift_at, self.clock())

    def check(self, shoe_id: int, hand_number: int) -> bool:
        with self.db.read() as session:
            rows = money_repo.shoe_lines(session, shoe_id)
        settled, hold = facts(rows, shoe_id, hand_number)
        with self.db.write() as session:
            shoe = repo.shoe_for_update(session, shoe_id)
            if shoe is None:
                return False
            settings = resolve_settings(repo.table_settings(session, shoe.table_id))
            findings = evaluate(settled, settings) + evaluate(hold, settings)
            for finding in findings:
                alerts.record(session, shoe.table_id, subjects.shoe(shoe.id), finding, self.clock())
            active = alerts_repo.active_alert(session, shoe.table_id, subjects.shoe(shoe.id), HOLD)
            back_in_line = active is not None and HOLD not in {finding.code for finding in findings}
            if back_in_line:
                alerts.change_state(session, active, ALERT_RESOLVED, alerts.SYSTEM_ACTOR,
                                    N_("the shoe's hold is back within the tolerance"), self.clock())
        return bool(findings) or back_in_line
