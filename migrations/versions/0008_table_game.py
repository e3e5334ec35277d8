"""A table's game: baccarat (every table so far), niuniu or dabang; set at creation, never changed.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 03:10:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0008'
down_revision: Union[str, Sequence[str], None] = '0007'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema: every existing table is a baccarat table."""
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('game', sa.String(length=20), server_default='baccarat', nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('game')
