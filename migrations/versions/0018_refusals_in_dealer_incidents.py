"""A refused 打棒 play is recorded once, as its table's dealer incident (`dealer_incidents`, game `dabang`,
kind `refusal`): `dabang_refusals` goes. Its rows written before the dealers existed (0016), which no incident
records, are moved there (the dealer then at the table named, as a refusal's INSERT names it); then the table is
dropped. Where the record chain has begun, the move is bound into it in the same transaction: an `insert` link
per incident moved, a `delete` link per refusal row the chain names, so `roadsvc records verify` stays clean.
Downgrading brings back an empty `dabang_refusals` (the refusals stay where they are now: the incidents).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07 07:30:00

"""
from collections import Counter
from datetime import datetime, timezone
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

from roadsvc.domain.records import DELETE, GENESIS, INSERT, canonical_row, make_links, row_key
from roadsvc.persistence.events import APPEND_LOCK


# revision identifiers, used by Alembic.
revision: str = '0018'
down_revision: Union[str, Sequence[str], None] = '0017'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_META = sa.MetaData()
REFUSALS = sa.Table('dabang_refusals', _META, sa.Column('id', sa.Integer, primary_key=True),
                    sa.Column('table_id', sa.Integer), sa.Column('code', sa.String(40)),
                    sa.Column('at', sa.DateTime(timezone=True)))
INCIDENTS = sa.Table('dealer_incidents', _META, sa.Column('id', sa.Integer, primary_key=True),
                     sa.Column('table_id', sa.Integer), sa.Column('dealer_id', sa.Integer),
                     sa.Column('game', sa.String(20)), sa.Column('kind', sa.String(12)), sa.Column('code', sa.String(40)),
                     sa.Column('at', sa.DateTime(timezone=True)))
CHANGES = sa.Table('dealer_changes', _META, sa.Column('id', sa.Integer, primary_key=True),
                   sa.Column('table_id', sa.Integer), sa.Column('dealer_id', sa.Integer),
                   sa.Column('changed_at', sa.DateTime(timezone=True)))
LINKS = sa.Table('record_links', _META, sa.Column('seq', sa.BigInteger, primary_key=True),
                 sa.Column('at', sa.String(27)), sa.Column('table_name', sa.String(64)),
                 sa.Column('row_key', sa.String(64)), sa.Column('op', sa.String(8)), sa.Column('row', sa.Text),
                 sa.Column('prev', sa.String(64)), sa.Column('digest', sa.String(64)))


def upgrade() -> None:
    """Upgrade schema."""
    conn = op.get_bind()
    if conn.dialect.name == 'postgresql':
        conn.execute(sa.text('SELECT pg_advisory_xact_lock(:key)'), {'key': APPEND_LOCK})
    refusals = conn.execute(sa.select(REFUSALS).order_by(REFUSALS.c.id)).all()
    moved = _move(conn, refusals)
    _bind(conn, moved, [row.id for row in refusals])
    with op.batch_alter_table('dabang_refusals', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dabang_refusals_table_id_at'))
    op.drop_table('dabang_refusals')


def _key(table_id: int, code: str, at: datetime) -> tuple:
    return table_id, code, at if at.tzinfo else at.replace(tzinfo=timezone.utc)


def _move(conn, refusals) -> list[int]:
    """Insert an incident for each refusal no incident records (same table, code and time): the new ids."""
    recorded = Counter(_key(*row) for row in conn.execute(
        sa.select(INCIDENTS.c.table_id, INCIDENTS.c.code, INCIDENTS.c.at)
        .where(INCIDENTS.c.game == 'dabang', INCIDENTS.c.kind == 'refusal')))
    moved = []
    for row in refusals:
        key = _key(row.table_id, row.code, row.at)
        if recorded[key]:
            recorded[key] -= 1
            continue
        dealer = conn.execute(sa.select(CHANGES.c.dealer_id).where(CHANGES.c.table_id == row.table_id,
                                                                   CHANGES.c.changed_at <= row.at)
                              .order_by(CHANGES.c.changed_at.desc(), CHANGES.c.id.desc()).limit(1)).scalar()
        values = {'table_id': row.table_id, 'dealer_id': dealer, 'game': 'dabang', 'kind': 'refusal',
                  'code': row.code, 'at': row.at}
        moved.append(conn.execute(INCIDENTS.insert().values(**values).returning(INCIDENTS.c.id)).scalar_one())
    return moved


def _bind(conn, moved: list[int], refusal_ids: list[int]) -> None:
    """Where the chain has begun: an insert link per incident moved, a delete link per refusal row it names."""
    head = conn.execute(sa.select(LINKS.c.seq, LINKS.c.digest).order_by(LINKS.c.seq.desc()).limit(1)).first()
    if head is None:
        return  # no chain yet: `roadsvc records seal` binds the incidents with the rest
    named = {key for (key,) in conn.execute(sa.select(LINKS.c.row_key).where(LINKS.c.table_name == 'dabang_refusals'))}
    changes = []
    if moved:
        rows = conn.execute(sa.select(INCIDENTS).where(INCIDENTS.c.id.in_(moved)).order_by(INCIDENTS.c.id))
        changes += [('dealer_incidents', row_key(row.id), INSERT, canonical_row(dict(row._mapping))) for row in rows]
    changes += [('dabang_refusals', row_key(key), DELETE, 'null') for key in refusal_ids if row_key(key) in named]
    links = make_links(head.digest or GENESIS, head.seq + 1, datetime.now(timezone.utc), changes)
    if links:
        conn.execute(LINKS.insert(), [{'seq': link.seq, 'at': link.at, 'table_name': link.table,
                                       'row_key': link.key, 'op': link.op, 'row': link.row, 'prev': link.prev,
                                       'digest': link.digest} for link in links])


def downgrade() -> None:
    """Downgrade schema."""
    op.create_table('dabang_refusals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('deal_number', sa.Integer(), nullable=True),
    sa.Column('code', sa.String(length=40), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['dabang_matches.id'],
                            name=op.f('fk_dabang_refusals_match_id_dabang_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_dabang_refusals_table_id_tables'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dabang_refusals'))
    )
    with op.batch_alter_table('dabang_refusals', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dabang_refusals_table_id_at'), ['table_id', 'at'], unique=False)
