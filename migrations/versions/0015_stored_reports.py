"""Stored final reports (issue 43): a stored shift report keeps the record chain's head when it was
written (`chain_head`, null where there is no chain) and its PDF in each language (`shift_report_files`,
served byte for byte ever after); 打棒's refused plays are kept one row each (`dabang_refusals`: match,
table, seat, deal, the rule's code, when; never a card) so the shift report counts them per shift.
Reports stored before keep no files: their PDF is drawn from the stored document when asked.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 05:10:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0015'
down_revision: Union[str, Sequence[str], None] = '0014'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('shift_reports', schema=None) as batch_op:
        batch_op.add_column(sa.Column('chain_head', sa.JSON(), nullable=True))
    op.create_table('shift_report_files',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('report_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.Column('body', sa.LargeBinary(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['report_id'], ['shift_reports.id'],
                            name=op.f('fk_shift_report_files_report_id_shift_reports'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shift_report_files')),
    sa.UniqueConstraint('report_id', 'kind', 'language',
                        name=op.f('uq_shift_report_files_report_id_kind_language'))
    )
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


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('dabang_refusals', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dabang_refusals_table_id_at'))
    op.drop_table('dabang_refusals')
    op.drop_table('shift_report_files')
    with op.batch_alter_table('shift_reports', schema=None) as batch_op:
        batch_op.drop_column('chain_head')
