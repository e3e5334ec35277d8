"""The advantage-play watch (issue 45): every baccarat bet keeps its exact EV as accepted (`bets.ev`,
null where no composition is known); the accounts the watch has seen (numbered for alert subjects,
with the operator's link group), each counted shoe's profile per bet, and each account's tallies.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-07 04:42:21.052461

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0017'
down_revision: Union[str, Sequence[str], None] = '0016'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('play_accounts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('link_group', sa.String(length=60), nullable=True),
    sa.Column('linked_by', sa.String(length=120), nullable=True),
    sa.Column('linked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_play_accounts')),
    sa.UniqueConstraint('account_id', name=op.f('uq_play_accounts_account_id'))
    )
    with op.batch_alter_table('play_accounts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_play_accounts_link_group'), ['link_group'], unique=False)

    op.create_table('play_tallies',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('play_account_id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('bet', sa.String(length=40), nullable=False),
    sa.Column('shoes', sa.Integer(), nullable=False),
    sa.Column('stakes', sa.Integer(), nullable=False),
    sa.Column('staked', sa.BigInteger(), nullable=False),
    sa.Column('positive_stakes', sa.Integer(), nullable=False),
    sa.Column('positive_staked', sa.BigInteger(), nullable=False),
    sa.Column('ev_staked', sa.Float(precision=53), nullable=False),
    sa.Column('null_ev_staked', sa.Float(precision=53), nullable=False),
    sa.Column('expected_positive', sa.Float(precision=53), nullable=False),
    sa.Column('positive_variance', sa.Float(precision=53), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['play_account_id'], ['play_accounts.id'], name=op.f('fk_play_tallies_play_account_id_play_accounts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_play_tallies_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_play_tallies')),
    sa.UniqueConstraint('play_account_id', 'table_id', 'bet', name=op.f('uq_play_tallies_play_account_id_table_id_bet'))
    )
    op.create_table('shoe_bet_profiles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('bet', sa.String(length=40), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=False),
    sa.Column('positive_hands', sa.Integer(), nullable=False),
    sa.Column('mean_ev', sa.Float(precision=53), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_shoe_bet_profiles_shoe_id_shoes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shoe_bet_profiles')),
    sa.UniqueConstraint('shoe_id', 'bet', name=op.f('uq_shoe_bet_profiles_shoe_id_bet'))
    )
    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ev', sa.Float(precision=53), nullable=True))



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.drop_column('ev')

    op.drop_table('shoe_bet_profiles')
    op.drop_table('play_tallies')
    with op.batch_alter_table('play_accounts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_play_accounts_link_group'))

    op.drop_table('play_accounts')
