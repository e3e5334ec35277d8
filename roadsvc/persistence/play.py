"""The queries of the advantage-play watch (models: PlayAccount, PlayTally, ShoeBetProfile; issue 45)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable, Sequence

from sqlalchemy import Row, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import ARRAY, insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from roadsvc.domain.records import INSERT, UPDATE
from roadsvc.persistence.models import Bet, PlayAccount, PlayTally, ShoeBetProfile
from roadsvc.persistence.records.binding import bind_rows

SIDES = ("banker", "player")
NOT_STAKED = ("cancelled", "void")  # stakes given back: never played


def shoe_counted(session: Session, shoe_id: int) -> bool:
    return session.scalars(select(ShoeBetProfile.id).where(ShoeBetProfile.shoe_id == shoe_id)).first() is not None


def shoe_stakes(session: Session, shoe_id: int) -> Sequence[Row]:
    """(account_id, code, stake cents, ev, hand_number) of every stake of the shoe that played and has a
    known EV."""
    query = (select(Bet.account_id, Bet.code, Bet.stake, Bet.ev, Bet.hand_number)
             .where(Bet.shoe_id == shoe_id, Bet.ev.is_not(None), Bet.status.not_in(NOT_STAKED)))
    return session.execute(query).all()


# Read after every hand: built once, with bound parameters (see repositories._LATEST_SHOE).
_HAND_SIDE_STAKES = (
    select(Bet.account_id, PlayAccount.link_group, Bet.code, Bet.stake)
    .outerjoin(PlayAccount, PlayAccount.account_id == Bet.account_id)
    .where(Bet.shoe_id == bindparam("shoe_id"), Bet.hand_number == bindparam("hand_number"), Bet.code.in_(SIDES),
           Bet.status.not_in(NOT_STAKED))
    .order_by(Bet.id)
)


# How many players (a link group, or an account alone) staked both banker and player on a hand: one integer,
# read on the hot path (Database.fetch_ints) after every hand; the rows are read only when it is not 0.
OPPOSITE_PLAYERS_SQL = (
    "SELECT count(*) FROM (SELECT coalesce('g:' || pa.link_group, 'a:' || b.account_id) AS who "
    "FROM bets b LEFT JOIN play_accounts pa ON pa.account_id = b.account_id "
    "WHERE b.shoe_id = ? AND b.hand_number = ? AND b.code IN ('banker', 'player') "
    "AND b.status NOT IN ('cancelled', 'void') "
    "GROUP BY coalesce('g:' || pa.link_group, 'a:' || b.account_id) HAVING count(DISTINCT b.code) = 2) AS players"
)


def hand_side_stakes(session: Session, shoe_id: int, hand_number: int) -> Sequence[Row]:
    """(account_id, link_group, code, stake cents) of the hand's stakes on banker and player."""
    return session.execute(_HAND_SIDE_STAKES, {"shoe_id": shoe_id, "hand_number": hand_number}).all()


def accounts(session: Session, account_ids: Iterable[str]) -> dict[str, PlayAccount]:
    """The watched accounts of these ids, created where missing (the caller's transaction)."""
    wanted = set(account_ids)
    found = {row.account_id: row for row in
             session.scalars(select(PlayAccount).where(PlayAccount.account_id.in_(wanted)))} if wanted else {}
    for account_id in sorted(wanted - set(found)):
        found[account_id] = PlayAccount(account_id=account_id)
        session.add(found[account_id])
    session.flush()
    return found


def account(session: Session, account_id: str) -> PlayAccount | None:
    return session.scalars(select(PlayAccount).where(PlayAccount.account_id == account_id)).first()


def account_by_number(session: Session, number: int) -> PlayAccount | None:
    return session.get(PlayAccount, number)


def tallies_of(session: Session, play_account_ids: Iterable[int], table_id: int | None = None
               ) -> dict[tuple[int, int, str], PlayTally]:
    """The tallies of these accounts by (account number, table, bet), for update in the caller's
    transaction (only one table's when given)."""
    ids = list(play_account_ids)
    if not ids:
        return {}
    query = select(PlayTally).where(PlayTally.play_account_id.in_(ids))
    if table_id is not None:
        query = query.where(PlayTally.table_id == table_id)
    return {(t.play_account_id, t.table_id, t.bet): t for t in session.scalars(query)}


SUMS = ("shoes", "stakes", "staked", "positive_stakes", "positive_staked", "ev_staked", "null_ev_staked",
        "expected_positive", "positive_variance")
_TALLIES = PlayTally.__table__


_COLUMNS = ("play_account_id", "table_id", "bet", *SUMS)


def _adding(statement) -> Any:
    """INSERT the tallies, or add each to the one stored (the database adds the sums), returning their ids."""
    return statement.on_conflict_do_update(
        index_elements=["play_account_id", "table_id", "bet"],
        set_={**{name: _TALLIES.c[name] + statement.excluded[name] for name in SUMS},
              "updated_at": statement.excluded.updated_at}).returning(_TALLIES.c.id)


# A pass adds its shoe's tallies with one statement. PostgreSQL: one row per element of the columns' arrays
# (unnest), sent once; SQLite: the statement compiled once and sent with every row (SQLAlchemy batches them into
# multi-row VALUES). A multi-row VALUES on PostgreSQL costs psycopg more to parse than the database to run
# (bench/watched_accounts.py).
_UNNESTED = select(*(func.unnest(bindparam(name, type_=ARRAY(_TALLIES.c[name].type))) for name in _COLUMNS),
                   bindparam("updated_at", type_=_TALLIES.c.updated_at.type))
_ADD_TALLIES = {"postgresql": _adding(postgresql_insert(_TALLIES).from_select([*_COLUMNS, "updated_at"], _UNNESTED)),
                "sqlite": _adding(sqlite_insert(_TALLIES))}
_ACCOUNTS = PlayAccount.__table__
_SET_P_VALUE = update(_ACCOUNTS).where(_ACCOUNTS.c.id == bindparam("number")).values(p_value=bindparam("p"))


def add_tallies(session: Session, table_id: int, rows: list[dict]) -> None:
    """Add these tallies (each: play_account_id, bet, the SUMS, updated_at: one pass's) to the stored ones at the table,
    creating those missing: one INSERT ... ON CONFLICT DO UPDATE, bound into the chain (read back at commit)."""
    if not rows:
        return
    known = set(session.scalars(select(PlayTally.id).where(
        PlayTally.table_id == table_id, PlayTally.play_account_id.in_({row["play_account_id"] for row in rows}))))
    dialect = session.get_bind().dialect.name
    rows = [{**row, "table_id": table_id} for row in rows]
    if dialect == "postgresql":
        parameters: Any = {name: [row[name] for row in rows] for name in _COLUMNS}
        parameters["updated_at"] = max(row["updated_at"] for row in rows)
    else:
        parameters = rows
    ids = list(session.execute(_ADD_TALLIES[dialect], parameters).scalars())
    bind_rows(session, "play_tallies", [key for key in ids if key in known], UPDATE)
    bind_rows(session, "play_tallies", [key for key in ids if key not in known], INSERT)


def set_p_values(session: Session, p_values: dict[int, float]) -> None:
    """Each judged account's p-value (by its number), in one statement (not chained: derived from the tallies)."""
    if p_values:
        session.execute(_SET_P_VALUE, [{"number": number, "p": p} for number, p in p_values.items()])


def shown_accounts(session: Session, alerted: Iterable[int], limit: int) -> Sequence[PlayAccount]:
    """The accounts a page shows: those alerted, and the `limit` judged others with the smallest p-values."""
    alerted = list(alerted)
    found = list(session.scalars(select(PlayAccount).where(PlayAccount.id.in_(alerted)))) if alerted else []
    others = (select(PlayAccount).where(PlayAccount.p_value.is_not(None), PlayAccount.id.not_in(alerted))
              .order_by(PlayAccount.p_value, PlayAccount.account_id).limit(limit))
    return found + list(session.scalars(others))


def add_profiles(session: Session, shoe_id: int, profiles: dict) -> None:
    session.add_all(ShoeBetProfile(shoe_id=shoe_id, bet=bet, hands=p.hands, positive_hands=p.positive_hands,
                                   mean_ev=p.mean_ev) for bet, p in profiles.items())


def set_link(session: Session, account: PlayAccount, group: str | None, actor: str | None, now: datetime) -> None:
    account.link_group, account.linked_by, account.linked_at = group, actor if group else None, now if group else None


def group_members(session: Session, group: str) -> list[str]:
    return list(session.scalars(select(PlayAccount.account_id).where(PlayAccount.link_group == group)
                                .order_by(PlayAccount.account_id)))
