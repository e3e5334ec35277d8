"""Bets: bet slips, the per-hand ledger of bets (money in integer cents), betting closures;
api_keys.role widened for the game_server role.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 05:13:20.368254

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0002'
down_revision: Union[str, Sequence[str], None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('bet_slips',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('client_slip_id', sa.String(length=64), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('request_hash', sa.String(length=64), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('answer', sa.JSON(), nullable=False),
    sa.Column('actor', sa.String(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_bet_slips_shoe_id_shoes'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_bet_slips_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bet_slips')),
    sa.UniqueConstraint('table_id', 'client_slip_id', name=op.f('uq_bet_slips_table_id_client_slip_id'))
    )
    with op.batch_alter_table('bet_slips', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bet_slips_shoe_id_hand_number'), ['shoe_id', 'hand_number'], unique=False)

    op.create_table('betting_closures',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('actor', sa.String(length=120), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_betting_closures_shoe_id_shoes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_betting_closures')),
    sa.UniqueConstraint('shoe_id', 'hand_number', name=op.f('uq_betting_closures_shoe_id_hand_number'))
    )
    op.create_table('bets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('slip_id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=40), nullable=False),
    sa.Column('stake', sa.BigInteger(), nullable=False),
    sa.Column('held', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('tier', sa.String(length=40), nullable=True),
    sa.Column('pay', sa.String(length=20), nullable=True),
    sa.Column('returned', sa.BigInteger(), nullable=True),
    sa.Column('net', sa.BigInteger(), nullable=True),
    sa.Column('settled_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_bets_shoe_id_shoes'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['slip_id'], ['bet_slips.id'], name=op.f('fk_bets_slip_id_bet_slips'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bets'))
    )
    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bets_shoe_id_hand_number'), ['shoe_id', 'hand_number'], unique=False)

    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.alter_column('role',
               existing_type=sa.VARCHAR(length=10),
               type_=sa.String(length=20),
               existing_nullable=False)



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.alter_column('role',
               existing_type=sa.String(length=20),
               type_=sa.VARCHAR(length=10),
               existing_nullable=False)

    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bets_shoe_id_hand_number'))

    op.drop_table('bets')
    op.drop_table('betting_closures')
    with op.batch_alter_table('bet_slips', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bet_slips_shoe_id_hand_number'))

    op.drop_table('bet_slips')
