"""Reads and writes of 打棒's rows (roadsvc.persistence.models.dabang) for the services."""

from __future__ import annotations

from typing import Any, Sequence

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import DabangDeal, DabangMatch, DabangMove, DabangTournament, Table

MATCH_TABLE_SQL = "SELECT table_id FROM dabang_matches WHERE id = ?"


def match_row(session: Session, match_id: int, *, for_update: bool = False) -> DabangMatch | None:
    query = select(DabangMatch).where(DabangMatch.id == match_id)
    return session.scalars(query.with_for_update() if for_update else query).first()


def match_table_id(db: Database, match_id: int) -> int | None:
    """The table a match is played at (None: no such match)."""
    row = db.fetch_ints(MATCH_TABLE_SQL, match_id)
    return None if row is None else row[0]


def table_row(session: Session, table_id: int) -> Table | None:
    return session.get(Table, table_id)


def deal_row(session: Session, match_id: int, number: int) -> DabangDeal | None:
    return session.scalars(select(DabangDeal).where(DabangDeal.match_id == match_id,
                                                    DabangDeal.number == number)).first()


def deal_results(session: Session, match_id: int) -> list[dict[str, Any]]:
    """The road entries of the match's finished deals, in order."""
    query = (select(DabangDeal.result).where(DabangDeal.match_id == match_id, DabangDeal.result.is_not(None))
             .order_by(DabangDeal.number))
    return list(session.scalars(query))


def moves(session: Session, deal_id: int) -> Sequence[DabangMove]:
    return session.scalars(select(DabangMove).where(DabangMove.deal_id == deal_id).order_by(DabangMove.seq)).all()


_MATCHES = DabangMatch.__table__
_BUMP_REVISION = (update(_MATCHES).where(_MATCHES.c.id == bindparam("match_id"))
                  .values(revision=_MATCHES.c.revision + 1).returning(_MATCHES.c.revision))


def bump_revision(session: Session, match: DabangMatch) -> int:
    """Every committed change to a match moves its revision on (one UPDATE ... RETURNING, as a shoe's);
    `match` holds the new one."""
    revision = session.execute(_BUMP_REVISION, {"match_id": match.id}).scalar_one()
    set_committed_value(match, "revision", revision)
    return revision


def newest_match(session: Session, table_id: int) -> DabangMatch | None:
    """The table's current match: its newest (under way, or the last one played)."""
    query = select(DabangMatch).where(DabangMatch.table_id == table_id).order_by(DabangMatch.id.desc()).limit(1)
    return session.scalars(query).first()


def table_matches(session: Session, table_id: int) -> Sequence[DabangMatch]:
    """Every match played at the table, newest first."""
    return session.scalars(select(DabangMatch).where(DabangMatch.table_id == table_id)
                           .order_by(DabangMatch.id.desc())).all()


def open_matches(session: Session) -> Sequence[DabangMatch]:
    """Every match not finished (won, or stopped by a pit boss), oldest first."""
    return session.scalars(select(DabangMatch).where(DabangMatch.ended_at.is_(None)).order_by(DabangMatch.id)).all()


def open_match_at(session: Session, table_id: int) -> DabangMatch | None:
    """The table's unfinished match, if any (a table plays one match at a time)."""
    return session.scalars(select(DabangMatch).where(DabangMatch.table_id == table_id,
                                                     DabangMatch.ended_at.is_(None)).limit(1)).first()


def lock_table(session: Session, table_id: int) -> Table | None:
    """The table row, locked until the transaction ends (two matches created at once queue on it)."""
    return session.scalars(select(Table).where(Table.id == table_id).with_for_update()).first()


def tournament_row(session: Session, tournament_id: int, *, for_update: bool = False) -> DabangTournament | None:
    query = select(DabangTournament).where(DabangTournament.id == tournament_id)
    return session.scalars(query.with_for_update() if for_update else query).first()


def tournament_matches(session: Session, tournament_id: int) -> Sequence[DabangMatch]:
    return session.scalars(select(DabangMatch).where(DabangMatch.tournament_id == tournament_id)).all()


def match_page(session: Session, table_id: int, state: str | None, after: int, limit: int) -> Sequence[DabangMatch]:
    """The table's matches newest first, those before id `after` (0: from the newest); `state` open or finished."""
    query = select(DabangMatch).where(DabangMatch.table_id == table_id)
    if after:
        query = query.where(DabangMatch.id < after)
    if state == "open":
        query = query.where(DabangMatch.ended_at.is_(None))
    elif state == "finished":
        query = query.where(DabangMatch.ended_at.is_not(None))
    return session.scalars(query.order_by(DabangMatch.id.desc()).limit(limit)).all()


def tournaments_before(session: Session, after: int) -> Sequence[DabangTournament]:
    """Every tournament newest first, those before id `after` (0: from the newest)."""
    query = select(DabangTournament)
    if after:
        query = query.where(DabangTournament.id < after)
    return session.scalars(query.order_by(DabangTournament.id.desc())).all()
