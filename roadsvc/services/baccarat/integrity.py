"""Shoe integrity: the next hand's exact odds of every bet, and each shoe's EV hand by hand.

Computed on read, never on the dealer's post path, and cached by (shoe id, revision):
every write to a shoe bumps its revision, so an entry always describes the state it was
built from; a table's settings change bumps its shoes' revisions too (pays, threshold).
The caches are per database and per process (derived data: each worker builds its own).

Result-only tables, and shoes holding a hand entered without cards, have no known
composition: they are refused with `no_composition` (409), no number is guessed.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.bets import Refusal, RuleSet
from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.integrity.advantage import (
    Advantage,
    advantage_refusal,
    at_or_above,
    closes_positive_ev,
    is_open,
    positive_ev,
    threshold_of,
)
from roadsvc.domain.baccarat.integrity.composition import remaining
from roadsvc.domain.baccarat.integrity.engine import NextHandOdds, engine_for
from roadsvc.domain.baccarat.integrity.series import HandEV, ev_series, no_composition, seen_cards
from roadsvc.domain.baccarat.dealing.shoe import accepts_hand
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import OPEN, Shoe, Table
from roadsvc.services.baccarat.bet_rules import HANDS_BY, table_rules
from roadsvc.services.caches import LRU
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.baccarat.snapshots import table_shoe_revision
from roadsvc.services.baccarat.stored_hands import stored_hand

CACHE_ENTRIES = 512


@dataclass(frozen=True)
class NextHand:
    """The next hand of a shoe at one revision: its exact odds and the table's threshold."""

    table_id: int
    shoe_id: int
    revision: int
    rule_set: str
    decks: int
    after_hand: int
    cards_seen: int
    odds: NextHandOdds
    threshold: Decimal
    close_positive_ev: bool
    takes_bets: bool

    @property
    def hand_number(self) -> int:
        return self.after_hand + 1

    def advantages(self) -> list[Advantage]:
        """The `positive_ev` rule on this hand: open bets at or above the threshold."""
        return positive_ev(self.odds, self.hand_number, self.threshold)

    def closures(self) -> dict[str, Refusal]:
        """The `advantage` refusals the table makes on this hand (none unless close_positive_ev)."""
        if not self.close_positive_ev:
            return {}
        return {found.bet: advantage_refusal(found, self.threshold) for found in self.advantages()}


class _Caches:
    def __init__(self) -> None:
        self.next_hand: LRU[NextHand] = LRU(CACHE_ENTRIES)
        self.series: LRU[dict[str, Any]] = LRU(CACHE_ENTRIES)


_CACHES: "weakref.WeakKeyDictionary[Database, _Caches]" = weakref.WeakKeyDictionary()


def _caches(db: Database) -> _Caches:
    caches = _CACHES.get(db)
    if caches is None:
        caches = _CACHES.setdefault(db, _Caches())
    return caches


# The next hand


def next_hand_odds(db: Database, shoe_id: int, revision: int | None = None) -> NextHand:
    """The next hand's odds of the shoe at `revision` (its current one if None), cached.

    For the floor monitor and the jobs: `next_hand_odds(db, shoe, revision).advantages()`
    is the `positive_ev` alert's answer. Raises NotFound, or Conflict no_composition.
    """
    if revision is not None:
        cached = _caches(db).next_hand.get((shoe_id, revision))
        if cached is not None:
            return cached
    with db.consistent_read() as session:
        found = repo.shoe_with_table(session, shoe_id)
        if found is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        return next_hand_in(db, session, *found)


def next_hand_in(db: Database, session: Session, shoe: Shoe, table: Table) -> NextHand:
    """The shoe's next hand read in `session` (a slip's write transaction uses its own), cached."""
    cache = _caches(db).next_hand
    cached = cache.get((shoe.id, shoe.revision))
    if cached is None:
        cached = _build_next_hand(session, shoe, table)
        cache.put((shoe.id, shoe.revision), cached)
    return cached


def positive_ev_findings(db: Database, shoe_id: int, revision: int | None = None) -> list[Advantage]:
    """The `positive_ev` alert's answer for a shoe revision, for the floor monitor: the open bets at or
    above the table's threshold on the next hand. Empty (the alert resolves) when the shoe takes no
    more hands, or its composition is unknown (result-only tables never raise it)."""
    try:
        next_hand = next_hand_odds(db, shoe_id, revision)
    except Conflict:
        return []
    return next_hand.advantages() if next_hand.takes_bets else []


def _build_next_hand(session: Session, shoe: Shoe, table: Table) -> NextHand:
    rules = _rules(table)
    hands = _counted(session, shoe, table)
    seen = seen_cards(_burn(shoe), hands)
    composition = remaining(shoe.decks, seen)
    if not composition.can_deal():
        raise Conflict("shoe_exhausted", f"{composition.cards_left} cards are left: not enough for a hand", "shoe_id")
    after = repo.last_hand_number(session, shoe.id)
    return NextHand(
        table.id, shoe.id, shoe.revision, rules.name, shoe.decks, after, len(seen), engine_for(rules).evaluate(
            composition), threshold_of(table.settings), closes_positive_ev(table.settings),
        shoe.status == OPEN and accepts_hand(after, shoe.last_hand),
    )


def _rules(table: Table) -> RuleSet:
    if (table.settings or {}).get(HANDS_BY) == "result":
        raise _refused(no_composition())
    return table_rules(table.rule_set, table.settings)


def _counted(session: Session, shoe: Shoe, table: Table) -> list[tuple[int, Hand]]:
    hands = [(row.number, stored_hand(row.data_json)) for row in repo.counted_hand_rows(session, shoe.id)]
    for number, hand in hands:
        if not hand.has_cards:
            raise _refused(no_composition(number))
    return hands


def _burn(shoe: Shoe):
    return parse_card(shoe.burn_card) if shoe.burn_card else None


def _refused(error: DomainError) -> Conflict:
    return Conflict(error.code, error.message, "table_id")


def table_odds(db: Database, table_id: int) -> dict[str, Any]:
    """The odds document of the next hand of the table's newest shoe."""
    shoe_id, revision = table_shoe_revision(db, table_id)
    return odds_document(next_hand_odds(db, shoe_id, revision))


def odds_document(next_hand: NextHand) -> dict[str, Any]:
    closures = next_hand.closures()
    return {
        "table_id": next_hand.table_id, "shoe_id": next_hand.shoe_id, "revision": next_hand.revision,
        "rule_set": next_hand.rule_set, "decks": next_hand.decks,
        "after_hand": next_hand.after_hand, "hand_number": next_hand.hand_number,
        "takes_bets": next_hand.takes_bets,
        "cards_seen": next_hand.cards_seen, "cards_left": next_hand.odds.cards_left,
        "composition": {str(value): n for value, n in next_hand.odds.composition.by_value().items()},
        "ev_alert_threshold": str(next_hand.threshold), "close_positive_ev": next_hand.close_positive_ev,
        "positive_ev": [found.as_dict() for found in next_hand.advantages()],
        "bets": [_bet_entry(bet_ev, next_hand, closures.get(code)) for code, bet_ev in next_hand.odds.bets.items()],
    }


def _bet_entry(bet_ev, next_hand: NextHand, closure: Refusal | None) -> dict[str, Any]:
    return {
        "bet": bet_ev.bet.code,
        "open": is_open(bet_ev, next_hand.hand_number) and closure is None,
        "cutoff": bet_ev.bet.cutoff,
        "closed_by": closure.as_dict() if closure else None,
        "pays": {tier: str(pay) for tier, pay in bet_ev.bet.pays.items()},
        "probabilities": bet_ev.probabilities(),
        "ev": float(bet_ev.ev),
        "house_edge": float(-bet_ev.ev),
        "at_or_above_threshold": at_or_above(bet_ev.ev, next_hand.threshold),
    }


# A shoe hand by hand


def shoe_odds(db: Database, shoe_id: int) -> dict[str, Any]:
    """The EV of every bet before each counted hand of the shoe (and the next, if it takes one)."""
    revision = repo.shoe_revision(db, shoe_id)
    if revision is None:
        raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
    cache = _caches(db).series
    cached = cache.get((shoe_id, revision))
    if cached is None:
        cached = _build_series(db, shoe_id)
        cache.put((shoe_id, cached["revision"]), cached)
    return cached


def _build_series(db: Database, shoe_id: int) -> dict[str, Any]:
    with db.consistent_read() as session:
        found = repo.shoe_with_table(session, shoe_id)
        if found is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        shoe, table = found
        rules = _rules(table)
        hands = _counted(session, shoe, table)
        posted = repo.last_hand_number(session, shoe.id)
        next_hand = posted + 1 if shoe.status == OPEN and accepts_hand(posted, shoe.last_hand) else None
        head = {"table_id": table.id, "shoe_id": shoe_id, "revision": shoe.revision, "status": shoe.status,
                "rule_set": rules.name, "bets": list(rules.bets)}
        decks, burn = shoe.decks, _burn(shoe)
    series = ev_series(engine_for(rules), decks, burn, hands, next_hand)
    return {**head, "hands": [_series_entry(entry) for entry in series]}


def _series_entry(entry: HandEV) -> dict[str, Any]:
    return {"hand_number": entry.hand_number, "cards_left": entry.cards_left,
            "ev": {code: float(ev) for code, ev in entry.ev.items()}}


def chart_bets(document: dict[str, Any], bets: list[str] | None, default_lines: int) -> list[str]:
    """The bets a chart draws: those asked for (each must be the shoe's), or the highest peaks."""
    if bets is not None:
        for bet in bets:
            if bet not in document["bets"]:
                raise DomainError("unknown_bet", f"{bet!r} is not a bet of the {document['rule_set']} rule set",
                                  "bets")
        return bets
    peaks = {bet: max((entry["ev"][bet] for entry in document["hands"]), default=0.0) for bet in document["bets"]}
    return sorted(peaks, key=lambda bet: -peaks[bet])[:default_lines]
