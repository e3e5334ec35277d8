"""A match's state is the domain's replay of its rows: the match row (what the finished deals left:
levels, the next 打家 and blood) and the draw and moves of the deal under way. Cached by (database, match, its
start, revision), the database being the Database object's token (roadsvc.persistence.engine.DATABASE_INFO),
not its URL: a database emptied since and filled again at the same URL (a test's schema, a restore) may hold
a match of the same id, start and revision that is another match."""

from __future__ import annotations

from collections import OrderedDict
from datetime import timedelta
from threading import Lock

from sqlalchemy.orm import Session

from roadsvc.domain.cards import parse_cards
from roadsvc.domain.dabang.moves import apply_move
from roadsvc.domain.dabang.draw import Draw, parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.rules import DEFAULT_RULES
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.engine import DATABASE_INFO
from roadsvc.persistence.models import DabangDeal, DabangMatch

CACHE_SIZE = 256
_cache: OrderedDict[tuple, Match] = OrderedDict()  # (database, match, started_at, revision)
_lock = Lock()


def state(session: Session, match: DabangMatch) -> Match:
    """The match's domain state at its revision."""
    key = key_of(database_of(session), match.id, match.started_at, match.revision)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    built = _rebuild(session, match)
    remember(key, built)
    return built


def database_of(session: Session) -> str:
    return session.info[DATABASE_INFO]


def key_of(database: str, match_id: int, started_at, revision: int) -> tuple:
    return database, match_id, started_at, revision


def remember(key: tuple, built: Match) -> None:
    """Keep a state once its revision has committed (a later read at that revision skips the replay)."""
    with _lock:
        _cache[key] = built
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def _rebuild(session: Session, match: DabangMatch) -> Match:
    base = Match(match.started_at, DEFAULT_RULES, timedelta(minutes=match.time_limit_minutes),
                 (match.level_a, match.level_b), match.dealer_seat, match.next_blood, match.deals_done + 1,
                 winner=match.winner, reason=match.reason)
    deal = rows.deal_row(session, match.id, match.deals_done + 1)
    if deal is None or match.ended_at is not None:
        return base
    built = base.start_deal(stored_draw(deal))
    for move in rows.moves(session, deal.id):
        built = apply_move(built, move.kind, move.data, move.at)
    return built


def stored_draw(deal: DabangDeal) -> Draw:
    return Draw(tuple(parse_cards(deal.draw, jokers=True)), deal.first_drawer, DEFAULT_RULES)


def new_draw(codes, first_drawer) -> Draw:
    return parse_draw(codes, first_drawer, DEFAULT_RULES)
