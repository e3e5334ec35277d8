"""Dealers as people (issue 45): the dealers' registry, each table's dealer changes, the refusals and
late slips with the dealer then at the table, and who dealt each baccarat hand, 百人牛牛 round and 打棒
deal (`dealer_id`, None for the games stored before and those dealt with no dealer declared).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-07 05:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa



# revision identifiers, used by Alembic.
revision: str = '0016'
down_revision: Union[str, Sequence[str], None] = '0015'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

GAMES = (('hands', 'created_at'), ('niuniu_rounds', 'created_at'), ('dabang_deals', 'started_at'))


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        'dealers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('badge', sa.String(length=40), nullable=False),
        sa.Column('name', sa.String(length=100), nullable=False),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_dealers')),
        sa.UniqueConstraint('badge', name=op.f('uq_dealers_badge')),
    )
    op.create_table(
        'dealer_changes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('dealer_id', sa.Integer(), nullable=True),
        sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('actor', sa.String(length=120), nullable=False),
        sa.ForeignKeyConstraint(['dealer_id'], ['dealers.id'], name=op.f('fk_dealer_changes_dealer_id_dealers'),
                                ondelete='RESTRICT'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_dealer_changes_table_id_tables'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_dealer_changes')),
    )
    op.create_index(op.f('ix_dealer_changes_table_id_changed_at'), 'dealer_changes', ['table_id', 'changed_at'])
    op.create_index(op.f('ix_dealer_changes_dealer_id_changed_at'), 'dealer_changes', ['dealer_id', 'changed_at'])
    op.create_table(
        'dealer_incidents',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('dealer_id', sa.Integer(), nullable=True),
        sa.Column('game', sa.String(length=20), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('code', sa.String(length=40), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['dealer_id'], ['dealers.id'], name=op.f('fk_dealer_incidents_dealer_id_dealers'),
                                ondelete='RESTRICT'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_dealer_incidents_table_id_tables'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_dealer_incidents')),
    )
    op.create_index(op.f('ix_dealer_incidents_at'), 'dealer_incidents', ['at'])
    op.create_index(op.f('ix_dealer_incidents_dealer_id_at'), 'dealer_incidents', ['dealer_id', 'at'])
    for table, time in GAMES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('dealer_id', sa.Integer(), nullable=True))
            batch_op.create_foreign_key(batch_op.f(f'fk_{table}_dealer_id_dealers'), 'dealers', ['dealer_id'], ['id'],
                                        ondelete='RESTRICT')
            batch_op.create_index(batch_op.f(f'ix_{table}_dealer_id_{time}'), ['dealer_id', time])


def downgrade() -> None:
    """Downgrade schema."""
    for table, time in reversed(GAMES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f'ix_{table}_dealer_id_{time}'))
            batch_op.drop_constraint(batch_op.f(f'fk_{table}_dealer_id_dealers'), type_='foreignkey')
            batch_op.drop_column('dealer_id')
    op.drop_index(op.f('ix_dealer_incidents_dealer_id_at'), table_name='dealer_incidents')
    op.drop_index(op.f('ix_dealer_incidents_at'), table_name='dealer_incidents')
    op.drop_table('dealer_incidents')
    op.drop_index(op.f('ix_dealer_changes_dealer_id_changed_at'), table_name='dealer_changes')
    op.drop_index(op.f('ix_dealer_changes_table_id_changed_at'), table_name='dealer_changes')
    op.drop_table('dealer_changes')
    op.drop_table('dealers')
