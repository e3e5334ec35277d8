"""百人牛牛: rounds, slips and bets, the rounds' audit log, each table's queue and seats.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 03:05:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0010'
down_revision: Union[str, Sequence[str], None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def _table_fk(name: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f(f'fk_{name}_table_id_tables'),
                                   ondelete='CASCADE')


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('niuniu_rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('reveal', sa.String(length=3), nullable=True),
    sa.Column('hands', sa.JSON(), nullable=False),
    sa.Column('opened', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('void_reason', sa.Text(), nullable=True),
    sa.Column('banker_account', sa.String(length=100), nullable=True),
    sa.Column('settlement', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('settled_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    _table_fk('niuniu_rounds'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_niuniu_rounds')),
    sa.UniqueConstraint('table_id', 'number', name=op.f('uq_niuniu_rounds_table_id_number'))
    )
    op.create_table('niuniu_slips',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('balance', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    _table_fk('niuniu_slips'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_niuniu_slips'))
    )
    op.create_index(op.f('ix_niuniu_slips_table_id_round_number'), 'niuniu_slips', ['table_id', 'round_number'])
    op.create_table('niuniu_bets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('slip_id', sa.Integer(), nullable=False),
    sa.Column('area', sa.String(length=10), nullable=False),
    sa.Column('stake', sa.BigInteger(), nullable=False),
    sa.ForeignKeyConstraint(['slip_id'], ['niuniu_slips.id'], name=op.f('fk_niuniu_bets_slip_id_niuniu_slips'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_niuniu_bets'))
    )
    op.create_index(op.f('ix_niuniu_bets_slip_id'), 'niuniu_bets', ['slip_id'])
    op.create_table('niuniu_audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('actor', sa.String(length=120), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    _table_fk('niuniu_audit'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_niuniu_audit'))
    )
    op.create_index(op.f('ix_niuniu_audit_table_id_round_number'), 'niuniu_audit', ['table_id', 'round_number'])
    op.create_table('niuniu_table_states',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('queue', sa.JSON(), nullable=False),
    sa.Column('seating', sa.JSON(), nullable=False),
    sa.Column('balances', sa.JSON(), nullable=False),
    sa.Column('late_slips', sa.Integer(), nullable=False),
    sa.Column('refused_rounds', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    _table_fk('niuniu_table_states'),
    sa.PrimaryKeyConstraint('table_id', name=op.f('pk_niuniu_table_states'))
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('niuniu_table_states')
    op.drop_index(op.f('ix_niuniu_audit_table_id_round_number'), table_name='niuniu_audit')
    op.drop_table('niuniu_audit')
    op.drop_index(op.f('ix_niuniu_bets_slip_id'), table_name='niuniu_bets')
    op.drop_table('niuniu_bets')
    op.drop_index(op.f('ix_niuniu_slips_table_id_round_number'), table_name='niuniu_slips')
    op.drop_table('niuniu_slips')
    op.drop_table('niuniu_rounds')
