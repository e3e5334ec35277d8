"""Each dealer's figures over a period (issue 45), per game, read from the records with the floor's own
counting: the games (baccarat hands, 百人牛牛 rounds, 打棒 deals; counted: posted and not voided), the
hours at the tables (from the dealer changes), refusals and late slips (the monitor's incidents, which
count what the monitor's tallies count), voids and corrections (the audit logs, charged to the dealer of
the game changed), the money (the settled ledger lines the house's money reads: roadsvc.services.pit.money)
and the VIP and squeeze timers overrun. A measure that does not apply to a game is None, with its reason
in `not_applicable` (never a 0 that would read as "none happened"). See docs/dealers.md.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any, Iterable

from roadsvc.domain import money as domain_money
from roadsvc.domain.amounts import money as amount
from roadsvc.domain.dealers.statistics import Gaps, pace_z
from roadsvc.domain.games import BACCARAT, DABANG, GAMES, NIUNIU
from roadsvc.domain.table_modes import SQUEEZE, AUTOMATIC, mode_settings
from roadsvc.persistence.dealers import figures as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models.dealers import LATE_SLIP, REFUSAL
from roadsvc.services.niuniu import ledger as niuniu_ledger
from roadsvc.services.pit import money
from roadsvc.translations import N_  # the reasons are English in the API, translated on the pages

NONE = 0  # the key of the games dealt with no dealer declared

# Why a measure does not apply to a game (the answers' `not_applicable`, the pages' words).
NOT_APPLICABLE: dict[str, dict[str, str]] = {
    BACCARAT: {},
    NIUNIU: {"timers_overrun": N_("Niu Niu tables hold no hand: no VIP or squeeze timer")},
    DABANG: {"voids": N_("Da Bang deals are checked move by move: a deal is never voided"),
             "corrections": N_("Da Bang deals are checked move by move: a deal is never corrected"),
             "late_slips": N_("Da Bang takes no bets"),
             "money": N_("Da Bang takes no bets: the house has no win"),
             "timers_overrun": N_("Da Bang has no VIP or squeeze timer")},
}
COUNTED = ("refusals", "voids", "corrections", "late_slips")


@dataclass
class GameFigures:
    """One dealer's (or the floor's) figures at one game."""

    games: int = 0
    seconds: float = 0.0
    gaps: list[float] = field(default_factory=list)
    refusals: int = 0
    voids: int = 0
    corrections: int = 0
    late_slips: int = 0
    ledger: money.Ledger = field(default_factory=money.Ledger)
    held: int = 0
    overrun: int = 0
    tables: set[int] = field(default_factory=set)


Figures = dict[int, dict[str, GameFigures]]  # dealer id (NONE: no dealer) -> game -> figures


def period_figures(db: Database, begins: datetime, ends: datetime, now: datetime) -> Figures:
    """Every dealer's figures in [begins, ends) (a period still running ends at `now` for the hours)."""
    found: Figures = defaultdict(lambda: defaultdict(GameFigures))
    with db.read() as session:
        games = repo.table_games(session)
        _hours(found, repo.changes_until(session, ends), games, begins, min(ends, now))
        _games(found, BACCARAT, repo.baccarat_hands(session, begins, ends))
        _games(found, NIUNIU, repo.niuniu_rounds(session, begins, ends))
        _games(found, DABANG, [(*row, False) for row in repo.dabang_deals(session, begins, ends)])
        for incident in repo.incidents(session, begins, ends):
            entry = found[incident.dealer_id or NONE][incident.game]
            if incident.kind == REFUSAL:
                entry.refusals += 1
            elif incident.kind == LATE_SLIP:
                entry.late_slips += 1
        _changes(found, BACCARAT, repo.baccarat_corrections(session, begins, ends), "void")
        _changes(found, NIUNIU, repo.niuniu_corrections(session, begins, ends), "void")
        _timers(found, repo.held_hands(session, begins, ends))
        _money(found, repo.baccarat_bets(session, begins, ends), repo.niuniu_settled(session, begins, ends), session)
    return found


def _hours(found: Figures, changes, games: dict[int, str], begins: datetime, ends: datetime) -> None:
    """Each stint (a change to the next at the same table) clipped to the period."""
    by_table: dict[int, list] = defaultdict(list)
    for change in changes:
        by_table[change.table_id].append(change)
    for table_id, stints in by_table.items():
        for stint, following in zip(stints, [*stints[1:], None]):
            start, stop = max(stint.changed_at, begins), min(following.changed_at if following else ends, ends)
            if stint.dealer_id is not None and stop > start:
                entry = found[stint.dealer_id][games.get(table_id, BACCARAT)]
                entry.seconds += (stop - start).total_seconds()
                entry.tables.add(table_id)


def _games(found: Figures, game: str, rows: Iterable) -> None:
    """Counted games, and the gaps between consecutive games at a table under one dealer."""
    last: dict[int, tuple[int, datetime]] = {}
    for row in sorted(rows, key=lambda r: (r[0], r[2])):
        table_id, dealer_id, at, voided = row[0], row[1] or NONE, row[2], row[3]
        entry = found[dealer_id][game]
        if not voided:
            entry.games += 1
        entry.tables.add(table_id)
        before = last.get(table_id)
        if before is not None and before[0] == dealer_id:
            entry.gaps.append((at - before[1]).total_seconds())
        last[table_id] = (dealer_id, at)


def _changes(found: Figures, game: str, rows: Iterable, void_action: str) -> None:
    for action, dealer_id, _ in rows:
        entry = found[dealer_id or NONE][game]
        if action == void_action:
            entry.voids += 1
        else:
            entry.corrections += 1


def _timers(found: Figures, rows: Iterable) -> None:
    """A VIP hand opened by itself (its timer ran out); a squeeze hand held past the table's open_seconds."""
    for held_at, deadline, opened_at, how, dealer_id, settings in rows:
        entry = found[dealer_id or NONE][BACCARAT]
        entry.held += 1
        mode = mode_settings(settings or {})
        if mode.mode == SQUEEZE:
            entry.overrun += int((opened_at - held_at).total_seconds() > mode.open_seconds)
        else:
            entry.overrun += int(how == AUTOMATIC or (deadline is not None and opened_at > deadline))


def _money(found: Figures, bets, rounds, session) -> None:
    by_dealer: dict[int, list] = defaultdict(list)
    for row in bets:
        by_dealer[row.dealer_id or NONE].append(row)
    for dealer_id, rows in by_dealer.items():
        found[dealer_id][BACCARAT].ledger = money.baccarat_ledger(rows)
    edges = niuniu_ledger.table_edges(session, {row.table_id for row in rounds})
    for table_id, number, banker, settlement, dealer_id in rounds:
        lines = niuniu_ledger.round_lines(table_id, number, banker, settlement)
        entry = found[dealer_id or NONE][NIUNIU]
        entry.ledger = entry.ledger + money.Ledger(lines, [(line.stake, edges[table_id]) for line in lines])


# The answers


def floor_of(found: Figures, game: str, leaving: int | None = None) -> GameFigures:
    """The floor's figures at a game: every dealer's (and the undeclared games'), but `leaving`'s."""
    total = GameFigures()
    for dealer_id, games in found.items():
        if dealer_id == leaving or game not in games:
            continue
        entry = games[game]
        total.games += entry.games
        total.seconds += entry.seconds
        total.gaps.extend(entry.gaps)
        for name in COUNTED:
            setattr(total, name, getattr(total, name) + getattr(entry, name))
        total.ledger = total.ledger + entry.ledger
        total.held += entry.held
        total.overrun += entry.overrun
        total.tables |= entry.tables
    return total


def _per_100(count: int, games: int) -> dict[str, Any]:
    return {"count": count, "per_100_games": round(100 * count / games, 2) if games else None}


def game_json(game: str, entry: GameFigures, floor: GameFigures | None = None) -> dict[str, Any]:
    """One game's figures as the API, the page and the report show them."""
    skip = NOT_APPLICABLE[game]
    hours = entry.seconds / 3600
    gaps, floor_gaps = Gaps.of(entry.gaps), Gaps.of(floor.gaps) if floor is not None else None
    z = pace_z(gaps, floor_gaps) if floor_gaps is not None else None
    answer: dict[str, Any] = {
        "game": game, "games": entry.games, "tables": sorted(entry.tables), "hours": round(hours, 2),
        "games_per_hour": round(entry.games / hours, 1) if hours >= 0.01 else None,
        "pace": {"games_per_hour": _rounded(gaps.games_per_hour), "gaps": gaps.n,
                 "floor_games_per_hour": _rounded(floor_gaps.games_per_hour) if floor_gaps else None,
                 "z": None if z is None else round(z, 2)},
    }
    for name in COUNTED:
        answer[name] = None if name in skip else _per_100(getattr(entry, name), entry.games)
    answer["money"] = None if "money" in skip else _money_json(entry.ledger)
    answer["timers_overrun"] = None if "timers_overrun" in skip else {"count": entry.overrun, "held_hands": entry.held}
    answer["not_applicable"] = dict(skip)
    return answer


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _money_json(ledger: money.Ledger) -> dict[str, Any]:
    figures = domain_money.tally(ledger.lines)
    expected = sum((stake * edge for stake, edge in ledger.stakes_and_edges), Fraction(0))
    return {"turnover": amount(figures.turnover), "win": amount(figures.win),
            "expected_win": amount(round(expected)), "hold": money.hold_value(figures.hold),
            "expected_hold": money.hold_value(domain_money.expected_hold(ledger.stakes_and_edges)),
            "bets": figures.bets}


def dealer_json(found: Figures, dealer_id: int) -> list[dict[str, Any]]:
    """A dealer's figures at each game they dealt or sat at, beside the rest of the floor's pace."""
    games = found.get(dealer_id, {})
    return [game_json(game, games[game], floor_of(found, game, dealer_id)) for game in GAMES if game in games]


def floor_json(found: Figures) -> list[dict[str, Any]]:
    return [game_json(game, floor_of(found, game)) for game in GAMES
            if any(game in games for games in found.values())]
