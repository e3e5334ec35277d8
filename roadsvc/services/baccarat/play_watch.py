"""The jobs process's advantage-play watch (issue 45): `advantage_play` and `opposite_bets`.

It follows the event log like the odds and money watches, never on the dealer's or the game server's path:

* after each change to a shoe, it keeps the EV of every bet before the shoe's next hand, read from the
  odds cached by revision (services.baccarat.integrity: the odds watch in the same process computed
  them already, so this costs a lookup);
* after each hand posted (`hand`), the hand's stakes on banker and player: one player (an account, or
  the accounts the operator linked) on both sides raises or counts `opposite_bets`;
* when a shoe closes (`shoe_closed`), the shoe is counted once: each bet's profile over the shoe (its
  hands, those at EV > 0, its mean EV; from the EVs kept, or the engine's series of the shoe where a
  hand was missed), each account's stakes added to its tallies, and every account that staked in the
  shoe judged by roadsvc.domain.baccarat.monitoring.advantage_play over all its tallies.

An account's alert belongs to the table where the evidence is strongest (most stakes at EV > 0) and is
about the account (`account:<n>`, n its number in `play_accounts`). A table that enters results has no
known EV: its stakes are stored with a null `ev` and never counted.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime
from typing import Callable

from sqlalchemy.exc import IntegrityError

from roadsvc.domain.baccarat.monitoring.advantage_play import (
    PlayEvidence, Stake, Tally, profiles, shoe_tallies,
)
from roadsvc.domain.baccarat.monitoring.opposite_bets import HandSides, OppositeStakes, SideStake, both_sides
from roadsvc.domain.baccarat.bets.cutoffs import cutoff_refusal
from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.baccarat.integrity.advantage import is_open
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.integrity.series import compositions
from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring import evaluate, subjects
from roadsvc.persistence import play as repo
from roadsvc.persistence import repositories as shoes_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import PlayTally, Shoe, utcnow
from roadsvc.services import alerts, events as event_log
from roadsvc.services.baccarat import integrity
from roadsvc.services.baccarat.bet_rules import HANDS_BY, table_rules
from roadsvc.services.baccarat.stored_hands import stored_hand
from roadsvc.services.errors import Conflict, NotFound

log = logging.getLogger(__name__)

ACCOUNT = "account"
REMEMBERED_SHOES = 2048  # open shoes whose EVs are kept (forgetting one costs the engine's series at its close)
SHOE_CHANGES = frozenset({"shoe_opened", "hand", "void", "correction", "cut_card", "betting_closed",
                          "betting_cancelled", "table_changed"})


def subject_of(number: int) -> str:
    return subjects.of(ACCOUNT, number)


class PlayWatch:
    """Follows the event log from its newest event; one `step` per call."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow, batch: int = 1000):
        self.db, self.clock, self.batch = db, clock, batch
        self.cursor: int | None = None
        self.evs: dict[int, dict[int, dict[str, float]]] = {}  # shoe -> hand number -> EV of each bet before it
        self.broken: dict[int, bool] = {}  # shoes whose kept EVs a void or correction made stale

    def step(self) -> dict[str, list]:
        """What this step wrote: the shoes counted, the hands with opposite bets."""
        done: dict[str, list] = {"counted": [], "opposite": []}
        if self.cursor is None:
            self.cursor = event_log.newest_event_id(self.db)
            return done
        found = event_log.events_after(self.db, self.cursor, self.batch)
        if not found:
            return done
        self.cursor = found[-1].id
        for event in found:
            if event.shoe_id is None:
                continue
            if event.type in SHOE_CHANGES:
                self.keep_next_hand(event.shoe_id, event.revision, event.type)
            if event.type == "hand" and isinstance((event.data or {}).get("number"), int):
                if self.check_hand(event.shoe_id, event.data["number"]):
                    done["opposite"].append((event.shoe_id, event.data["number"]))
            if event.type == "shoe_closed" and self.count_shoe(event.shoe_id):
                done["counted"].append(event.shoe_id)
        return done

    # The EV before each hand, kept as the shoe goes

    def keep_next_hand(self, shoe_id: int, revision: int | None, kind: str) -> None:
        if kind in ("void", "correction"):
            self.broken[shoe_id] = True  # the hands behind the newest changed: the engine's series at the close
        if revision is None or shoe_id in self.broken:
            return
        try:
            next_hand = integrity.next_hand_odds(self.db, shoe_id, revision)
        except (Conflict, NotFound):
            return  # no composition (results only), or no hand left to deal
        if next_hand.revision != revision:
            return  # the shoe moved on: this state is gone (a missed hand is filled at the close)
        if len(self.evs) >= REMEMBERED_SHOES and shoe_id not in self.evs:
            self.evs.clear()
        self.evs.setdefault(shoe_id, {})[next_hand.hand_number] = {
            code: float(bet_ev.ev) for code, bet_ev in next_hand.odds.bets.items()
            if is_open(bet_ev, next_hand.hand_number)}

    def shoe_series(self, shoe_id: int) -> dict[int, dict[str, float]] | None:
        """The EV of every open bet before each counted hand of the closed shoe, by hand number, in order;
        None without a composition.
        Hands the watch missed (a restart, a step that came late, a void) are computed by the engine."""
        with self.db.read() as session:
            found = shoes_repo.shoe_with_table(session, shoe_id)
            if found is None:
                return None
            shoe, table = found
            rules = _rules_or_none(table)
            counted = [(row.number, stored_hand(row.data_json))
                       for row in shoes_repo.counted_hand_rows(session, shoe_id)]
            decks, burn = shoe.decks, parse_card(shoe.burn_card) if shoe.burn_card else None
        kept = {} if self.broken.pop(shoe_id, None) else self.evs.pop(shoe_id, {})
        self.evs.pop(shoe_id, None)
        missing = [number for number, _ in counted if number not in kept]
        if missing and (rules is None or (table.settings or {}).get(HANDS_BY) == "result"):
            return None
        try:
            kept.update(_computed(rules, decks, burn, counted, set(missing)) if missing else {})
        except DomainError:  # a hand entered without cards: no composition
            return None
        return {number: kept[number] for number, _ in counted}

    # Opposite bets

    def check_hand(self, shoe_id: int, hand_number: int) -> bool:
        found = self.db.fetch_ints(repo.OPPOSITE_PLAYERS_SQL, shoe_id, hand_number)
        if not found or not found[0]:
            return False  # nobody on both sides: one integer read, the common case
        with self.db.read() as session:
            rows = repo.hand_side_stakes(session, shoe_id, hand_number)
        fact = HandSides(shoe_id, hand_number, [SideStake(r.account_id, r.link_group, r.code, r.stake) for r in rows])
        pairs = both_sides(fact)
        if not pairs:
            return False
        with self.db.write() as session:
            shoe = shoes_repo.shoe_for_update(session, shoe_id)
            if shoe is None:
                return False
            numbers = repo.accounts(session, {s.account_id for _, stakes in pairs for s in stakes})
            for who, stakes in pairs:
                subject = subject_of(min(numbers[s.account_id].id for s in stakes))
                for finding in evaluate(OppositeStakes(fact, who, stakes), {}):
                    alerts.record(session, shoe.table_id, subject, finding, self.clock())
        return True

    # Counting a closed shoe

    def count_shoe(self, shoe_id: int) -> bool:
        series = self.shoe_series(shoe_id)
        if not series:
            return False
        numbers, series = list(series), list(series.values())
        offered = profiles(series)
        index = {number: position for position, number in enumerate(numbers)}
        try:
            with self.db.write() as session:
                shoe = session.get(Shoe, shoe_id)
                if shoe is None or repo.shoe_counted(session, shoe_id):
                    return False
                repo.add_profiles(session, shoe_id, offered)
                by_account = _shoe_tallies(repo.shoe_stakes(session, shoe_id), series, index)
                numbers = repo.accounts(session, by_account)
                _add_tallies(session, shoe.table_id, numbers, by_account, self.clock())
                flagged = self._judge(session, numbers.values())
                event_log.append_event(session, "play_counted", table_id=shoe.table_id, shoe_id=shoe_id,
                                       data={"accounts": len(numbers), "flagged": flagged},
                                       audience=event_log.OPERATORS)
        except IntegrityError:  # another jobs process counted it first
            return False
        return True

    def _judge(self, session, accounts) -> int:
        """Judge each account over all its tallies; how many are flagged."""
        ids = [account.id for account in accounts]
        tallies = repo.tallies_of(session, ids)
        flagged, p_values = 0, {}
        for account in accounts:
            mine = {key: t for key, t in tallies.items() if key[0] == account.id}
            evidence = evidence_of(account.account_id, mine.values())
            p_values[account.id] = evidence.p_value
            findings = evaluate(evidence, {})
            if findings:
                flagged += 1
                table_id = strongest_table(mine.values())
                for finding in findings:
                    alerts.record(session, table_id, subject_of(account.id), finding, self.clock())
        repo.set_p_values(session, p_values)
        return flagged


def _computed(rules, decks: int, burn, counted, missing: set[int]) -> dict[int, dict[str, float]]:
    """The engine's EV of every open bet before each missing hand (the composition before it)."""
    engine, numbers, found = engine_for(rules), [number for number, _ in counted], {}
    for before, composition in compositions(decks, burn, counted):
        if before < len(numbers) and numbers[before] in missing and composition.can_deal():
            number = numbers[before]
            found[number] = {code: float(bet_ev.ev) for code, bet_ev in engine.evaluate(composition).bets.items()
                             if cutoff_refusal(bet_ev.bet, number) is None}
    return found


def _rules_or_none(table):
    try:
        return table_rules(table.rule_set, table.settings)
    except DomainError:
        return None


def _shoe_tallies(rows, series: list[dict[str, float]], index: dict[int, int]) -> dict[str, dict[str, Tally]]:
    """Each account's stakes by bet, judged over the shoe (a stake on a hand no longer counted is left out)."""
    stakes: dict[str, list[Stake]] = defaultdict(list)
    for account_id, code, cents, ev, number in rows:
        if number in index:
            stakes[account_id].append(Stake(code, cents, ev, index[number]))
    return shoe_tallies(series, stakes)


def _add_tallies(session, table_id: int, numbers, by_account: dict[str, dict[str, Tally]], now) -> None:
    """The shoe's tallies added to the stored ones in one statement (the database adds them up)."""
    repo.add_tallies(session, table_id, [
        {"play_account_id": numbers[account_id].id, "bet": bet, "updated_at": now, **_columns(tally)}
        for account_id, by_bet in sorted(by_account.items()) for bet, tally in sorted(by_bet.items())])


def _columns(tally: Tally) -> dict:
    return {"shoes": tally.shoes, "stakes": tally.stakes, "staked": tally.staked,
            "positive_stakes": tally.positive_stakes, "positive_staked": tally.positive_staked,
            "ev_staked": tally.ev_staked, "null_ev_staked": tally.null_ev_staked,
            "expected_positive": tally.expected_positive, "positive_variance": tally.positive_variance}


def tally_of(row: PlayTally) -> Tally:
    return Tally(row.shoes or 0, row.stakes or 0, row.staked or 0, row.positive_stakes or 0, row.positive_staked or 0,
                 row.ev_staked or 0.0, row.null_ev_staked or 0.0, row.expected_positive or 0.0,
                 row.positive_variance or 0.0)


def evidence_of(account_id: str, rows) -> PlayEvidence:
    """An account's evidence over all its tallies (every table), by bet."""
    by_bet: dict[str, Tally] = {}
    for row in rows:
        by_bet[row.bet] = by_bet.get(row.bet, Tally()).plus(tally_of(row))
    return PlayEvidence(account_id, by_bet)


def strongest_table(rows) -> int:
    """The table where the account's evidence is strongest: the most stakes at EV > 0, then the most staked."""
    per_table: dict[int, tuple[int, int]] = defaultdict(lambda: (0, 0))
    for row in rows:
        positive, staked = per_table[row.table_id]
        per_table[row.table_id] = (positive + row.positive_stakes, staked + row.staked)
    return max(per_table, key=lambda table_id: (per_table[table_id], -table_id))
