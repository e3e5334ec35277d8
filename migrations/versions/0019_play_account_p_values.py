"""The advantage-play watch keeps each account's p-value as it last judged it (`play_accounts.p_value`, indexed),
so the watched-accounts page reads only the accounts it shows, not every tally. Derived from the chained tallies,
the column is not chained itself (roadsvc/persistence/records.py). Every account with tallies gets its p-value
here, judged as the watch judges it (roadsvc.domain.baccarat.monitoring.advantage_play).

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-07 07:40:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

from roadsvc.domain.baccarat.monitoring.advantage_play import PlayEvidence, Tally


# revision identifiers, used by Alembic.
revision: str = '0019'
down_revision: Union[str, Sequence[str], None] = '0018'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

SUMS = ('shoes', 'stakes', 'staked', 'positive_stakes', 'positive_staked', 'ev_staked', 'null_ev_staked',
        'expected_positive', 'positive_variance')
FLOATS = ('ev_staked', 'null_ev_staked', 'expected_positive', 'positive_variance')
_META = sa.MetaData()
ACCOUNTS = sa.Table('play_accounts', _META, sa.Column('id', sa.Integer, primary_key=True),
                    sa.Column('account_id', sa.String(100)), sa.Column('p_value', sa.Float(precision=53)))
TALLIES = sa.Table('play_tallies', _META, sa.Column('id', sa.Integer, primary_key=True),
                   sa.Column('play_account_id', sa.Integer), sa.Column('bet', sa.String(40)),
                   *(sa.Column(name, sa.Float(precision=53) if name in FLOATS else sa.BigInteger) for name in SUMS))


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('play_accounts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('p_value', sa.Float(precision=53), nullable=True))
        batch_op.create_index(batch_op.f('ix_play_accounts_p_value'), ['p_value'], unique=False)
    conn = op.get_bind()
    by_account: dict[int, dict[str, Tally]] = {}
    for row in conn.execute(sa.select(TALLIES)):
        tally = Tally(*(row._mapping[name] or 0 for name in SUMS))
        bets = by_account.setdefault(row.play_account_id, {})
        bets[row.bet] = bets.get(row.bet, Tally()).plus(tally)
    names = dict(conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.account_id)).all())
    judged = [{'number': number, 'p': PlayEvidence(names.get(number, ''), bets).p_value}
              for number, bets in by_account.items()]
    if judged:
        conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == sa.bindparam('number'))
                     .values(p_value=sa.bindparam('p')), judged)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('play_accounts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_play_accounts_p_value'))
        batch_op.drop_column('p_value')
