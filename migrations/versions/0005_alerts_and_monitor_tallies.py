"""Floor monitoring: alerts (at most one unresolved per table, shoe and code: a partial
unique index) and the per-shoe tallies the write-path rules count.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 20:57:22.445534

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0005'
down_revision: Union[str, Sequence[str], None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('alerts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=40), nullable=False),
    sa.Column('severity', sa.String(length=10), nullable=False),
    sa.Column('state', sa.String(length=14), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=True),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('details', sa.JSON(), nullable=False),
    sa.Column('raised_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('acknowledged_by', sa.String(length=120), nullable=True),
    sa.Column('acknowledged_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('acknowledged_note', sa.Text(), nullable=True),
    sa.Column('resolved_by', sa.String(length=120), nullable=True),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('resolved_note', sa.Text(), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_alerts_shoe_id_shoes'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_alerts_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_alerts'))
    )
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_alerts_state_table_id'), ['state', 'table_id'], unique=False)
        batch_op.create_index('uq_alerts_active_table_shoe_code', ['table_id', 'shoe_id', 'code'], unique=True, sqlite_where=sa.text("state <> 'resolved'"), postgresql_where=sa.text("state <> 'resolved'"))

    op.create_table('monitor_tallies',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('shoe_id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=40), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['shoe_id'], ['shoes.id'], name=op.f('fk_monitor_tallies_shoe_id_shoes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_monitor_tallies')),
    sa.UniqueConstraint('shoe_id', 'code', name=op.f('uq_monitor_tallies_shoe_id_code'))
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('monitor_tallies')
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.drop_index('uq_alerts_active_table_shoe_code', sqlite_where=sa.text("state <> 'resolved'"), postgresql_where=sa.text("state <> 'resolved'"))
        batch_op.drop_index(batch_op.f('ix_alerts_state_table_id'))

    op.drop_table('alerts')
