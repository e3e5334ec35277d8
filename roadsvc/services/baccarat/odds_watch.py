"""The jobs process's follower of the event log: the next hand's odds and `positive_ev`.

After every change to a shoe (a hand, a void, a correction, the cut card, betting closed,
the table's settings, the shoe closing), the watch computes the shoe's next-hand odds at
its new revision (services.integrity, cached by revision), then in one write transaction
raises, counts or resolves the shoe's `positive_ev` alert (services.monitor) and publishes
an `odds` event (operators only) with the next hand's EVs when they moved. Nothing of this
runs on the dealer's post path: the jobs process polls the log every ODDS_WATCH_INTERVAL
seconds (a quarter of a second by default), so the alert is up well within a second of
the hand's 201.

A change that lands between the odds read and the write (the shoe's revision moved on) is
left to its own event, which the next step reads.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from roadsvc.domain.baccarat.integrity.advantage import POSITIVE_EV, is_open
from roadsvc.domain.baccarat.monitoring.facts import NextHandAdvantages
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services import events as event_log
from roadsvc.services.baccarat import integrity, monitor
from roadsvc.services.errors import Conflict, NotFound

OWN_TYPES = frozenset({"alert", "odds", "good_roads"})  # reports of derived data: no shoe changed
BATCH = 1000
REMEMBERED = 4096  # shoes whose last odds event is remembered (forgetting one only repeats its event)


def odds_event_data(next_hand: integrity.NextHand) -> dict[str, Any]:
    """The `odds` event: the next hand's EV of every bet, which are open, and which qualify."""
    advantages = next_hand.advantages() if next_hand.takes_bets else []
    return {
        "after_hand": next_hand.after_hand, "hand_number": next_hand.hand_number,
        "takes_bets": next_hand.takes_bets, "cards_seen": next_hand.cards_seen,
        "cards_left": next_hand.odds.cards_left, "ev_alert_threshold": str(next_hand.threshold),
        "ev": {code: round(float(bet_ev.ev), 6) for code, bet_ev in next_hand.odds.bets.items()},
        "open": [code for code, bet_ev in next_hand.odds.bets.items()
                 if is_open(bet_ev, next_hand.hand_number)],
        "positive_ev": [advantage.as_dict() for advantage in advantages],
    }


class OddsWatch:
    """Follows the event log from where it starts (`start`), one `step` per call."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow, batch: int = BATCH):
        self.db, self.clock, self.batch = db, clock, batch
        self.cursor: int | None = None
        self.published: dict[int, dict[str, Any]] = {}  # shoe id -> its last odds event's data

    def start(self) -> list[int]:
        """Begin at the log's newest event, after checking every open shoe once (a restarted
        jobs process catches up with the state as it is)."""
        self.cursor = event_log.newest_event_id(self.db)
        with self.db.read() as session:
            shoe_ids = [row[0].id for row in alerts_repo.open_shoes_with_activity(session)]
        return [shoe_id for shoe_id in shoe_ids if self.check_shoe(shoe_id)]

    def step(self) -> list[int]:
        """Read the events since the last step; check each shoe they changed once. Returns
        the shoes whose alert or odds were written."""
        if self.cursor is None:
            return self.start()
        found = event_log.events_after(self.db, self.cursor, self.batch)
        if not found:
            return []
        self.cursor = found[-1].id
        shoes = dict.fromkeys(e.shoe_id for e in found if e.type not in OWN_TYPES and e.shoe_id is not None)
        return [shoe_id for shoe_id in shoes if self.check_shoe(shoe_id)]

    def check_shoe(self, shoe_id: int) -> bool:
        revision = repo.shoe_revision(self.db, shoe_id)
        if revision is None:
            return False
        next_hand = self._next_hand(shoe_id, revision)
        advantages = integrity.positive_ev_findings(self.db, shoe_id, revision) if next_hand else []
        odds = odds_event_data(next_hand) if next_hand else None
        publish = odds is not None and self.published.get(shoe_id) != odds
        if not (advantages or publish or monitor.has_active(self.db, shoe_id, POSITIVE_EV)):
            return False
        fact = NextHandAdvantages(next_hand.hand_number if next_hand else 0, odds["cards_left"] if odds else 0,
                                  next_hand.threshold if next_hand else 0, advantages)
        with self.db.write() as session:
            shoe = repo.shoe_for_update(session, shoe_id)
            if shoe is None or shoe.revision != revision:
                return False  # changed since: its own event is in the log
            monitor.advantages_seen(session, shoe, fact, self.clock())
            if publish:
                event_log.append_event(session, "odds", table_id=shoe.table_id, shoe_id=shoe_id, revision=revision,
                                       data=odds, audience=event_log.OPERATORS)
        if publish:
            if len(self.published) >= REMEMBERED:
                self.published.clear()
            self.published[shoe_id] = odds
        return True

    def _next_hand(self, shoe_id: int, revision: int) -> integrity.NextHand | None:
        """The shoe's next hand, or None where no composition is known (hands by result) or
        the shoe is gone or exhausted."""
        try:
            return integrity.next_hand_odds(self.db, shoe_id, revision)
        except (Conflict, NotFound):
            return None
