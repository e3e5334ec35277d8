"""VIP and squeeze tables: held hands, charters, flown hands, the charter's requests.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 22:10:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0007'
down_revision: Union[str, Sequence[str], None] = '0006'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

ACTIVE = sa.text("ended_at IS NULL")


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('held_hands',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('result', sa.String(length=10), nullable=False),
    sa.Column('held_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('opened_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('opened_how', sa.String(length=12), nullable=True),
    sa.Column('opened_by', sa.String(length=120), nullable=True),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_held_hands_shoe_id_shoes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_held_hands')),
    sa.UniqueConstraint('shoe_id', 'number', name=op.f('uq_held_hands_shoe_id_number'))
    )
    op.create_table('charters',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('consecutive_flies', sa.Integer(), nullable=False),
    sa.Column('started_by', sa.String(length=120), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_by', sa.String(length=120), nullable=True),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_charters_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_charters'))
    )
    with op.batch_alter_table('charters', schema=None) as batch_op:
        batch_op.create_index('uq_charters_active_table', ['table_id'], unique=True, sqlite_where=ACTIVE,
                              postgresql_where=ACTIVE)
    op.create_table('flown_hands',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('charter_id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('flown_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['charter_id'], ['charters.id'], name=op.f('fk_flown_hands_charter_id_charters'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_flown_hands_shoe_id_shoes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_flown_hands')),
    sa.UniqueConstraint('shoe_id', 'hand_number', name=op.f('uq_flown_hands_shoe_id_hand_number'))
    )
    op.create_table('table_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('account_id', sa.String(length=100), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('hands_dealt', sa.Integer(), nullable=False),
    sa.Column('alert_id', sa.Integer(), nullable=True),
    sa.Column('requested_by', sa.String(length=120), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('due_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('overdue_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('done_by', sa.String(length=120), nullable=True),
    sa.Column('done_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_table_requests_shoe_id_shoes'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_table_requests_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_requests'))
    )
    with op.batch_alter_table('table_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_requests_table_id_state'), ['table_id', 'state'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('table_requests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_requests_table_id_state'))
    op.drop_table('table_requests')
    op.drop_table('flown_hands')
    with op.batch_alter_table('charters', schema=None) as batch_op:
        batch_op.drop_index('uq_charters_active_table', sqlite_where=ACTIVE, postgresql_where=ACTIVE)
    op.drop_table('charters')
    op.drop_table('held_hands')
