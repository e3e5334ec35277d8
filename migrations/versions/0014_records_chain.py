"""The record's hash chain (issue 43): `record_links`, one row per change of a chained row,
never pruned. An upgraded database's rows have no link yet: `roadsvc records seal` binds them
into the chain's first links (op `seal`), once, before the service writes (docs/records.md).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 05:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0014'
down_revision: Union[str, Sequence[str], None] = '0013'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        'record_links',
        sa.Column('seq', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('at', sa.String(length=27), nullable=False),
        sa.Column('table_name', sa.String(length=64), nullable=False),
        sa.Column('row_key', sa.String(length=64), nullable=False),
        sa.Column('op', sa.String(length=8), nullable=False),
        sa.Column('row', sa.Text(), nullable=False),
        sa.Column('prev', sa.String(length=64), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint('seq', name=op.f('pk_record_links')),
    )
    with op.batch_alter_table('record_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_record_links_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_record_links_table_name_row_key'), ['table_name', 'row_key'],
                              unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('record_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_record_links_table_name_row_key'))
        batch_op.drop_index(batch_op.f('ix_record_links_at'))
    op.drop_table('record_links')
