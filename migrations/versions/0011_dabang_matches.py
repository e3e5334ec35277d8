"""打棒 (issue 23): tournaments, matches, their deals (the draw) and every move of a deal.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 03:06:13.744547

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0011'
down_revision: Union[str, Sequence[str], None] = '0010'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('dabang_tournaments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('teams', sa.JSON(), nullable=False),
    sa.Column('draw_order', sa.JSON(), nullable=False),
    sa.Column('bracket', sa.JSON(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dabang_tournaments'))
    )
    op.create_table('dabang_matches',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('time_limit_minutes', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('level_a', sa.Integer(), nullable=False),
    sa.Column('level_b', sa.Integer(), nullable=False),
    sa.Column('dealer_seat', sa.Integer(), nullable=True),
    sa.Column('next_blood', sa.Integer(), nullable=False),
    sa.Column('deals_done', sa.Integer(), nullable=False),
    sa.Column('winner', sa.String(length=1), nullable=True),
    sa.Column('reason', sa.String(length=24), nullable=True),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_move_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=True),
    sa.Column('bracket_round', sa.Integer(), nullable=True),
    sa.Column('bracket_index', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_dabang_matches_table_id_tables'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['dabang_tournaments.id'], name=op.f('fk_dabang_matches_tournament_id_dabang_tournaments'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dabang_matches'))
    )
    with op.batch_alter_table('dabang_matches', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dabang_matches_table_id'), ['table_id'], unique=False)

    op.create_table('dabang_deals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('first_drawer', sa.Integer(), nullable=False),
    sa.Column('draw', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['dabang_matches.id'], name=op.f('fk_dabang_deals_match_id_dabang_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dabang_deals')),
    sa.UniqueConstraint('match_id', 'number', name=op.f('uq_dabang_deals_match_id_number'))
    )
    op.create_table('dabang_moves',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('deal_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('actor', sa.String(length=120), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['deal_id'], ['dabang_deals.id'], name=op.f('fk_dabang_moves_deal_id_dabang_deals'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_dabang_moves')),
    sa.UniqueConstraint('deal_id', 'seq', name=op.f('uq_dabang_moves_deal_id_seq'))
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('dabang_moves')
    op.drop_table('dabang_deals')
    with op.batch_alter_table('dabang_matches', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dabang_matches_table_id'))

    op.drop_table('dabang_matches')
    op.drop_table('dabang_tournaments')
