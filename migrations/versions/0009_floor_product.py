"""The pit boss's floor as a product (issue 24): server-side page sessions, bets by settlement
time (the shifts' money), pit notes, shift reports.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 03:10:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0009'
down_revision: Union[str, Sequence[str], None] = '0008'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('page_sessions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('key_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('ended_why', sa.String(length=40), nullable=True),
    sa.ForeignKeyConstraint(['key_id'], ['api_keys.id'], name=op.f('fk_page_sessions_key_id_api_keys'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_page_sessions')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_page_sessions_token_hash'))
    )
    with op.batch_alter_table('page_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_page_sessions_key_id'), ['key_id'], unique=False)
    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bets_settled_at'), ['settled_at'], unique=False)
    op.create_table('pit_notes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=True),
    sa.Column('author', sa.String(length=120), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_pit_notes_shoe_id_shoes'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_pit_notes_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_pit_notes'))
    )
    with op.batch_alter_table('pit_notes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pit_notes_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_pit_notes_table_id_created_at'), ['table_id', 'created_at'], unique=False)
    op.create_table('shift_reports',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('day', sa.String(length=10), nullable=False),
    sa.Column('shift', sa.String(length=4), nullable=False),
    sa.Column('document', sa.JSON(), nullable=False),
    sa.Column('written_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shift_reports')),
    sa.UniqueConstraint('day', 'shift', name=op.f('uq_shift_reports_day_shift'))
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('shift_reports')
    with op.batch_alter_table('pit_notes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pit_notes_table_id_created_at'))
        batch_op.drop_index(batch_op.f('ix_pit_notes_created_at'))
    op.drop_table('pit_notes')
    with op.batch_alter_table('bets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bets_settled_at'))
    with op.batch_alter_table('page_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_page_sessions_key_id'))
    op.drop_table('page_sessions')
