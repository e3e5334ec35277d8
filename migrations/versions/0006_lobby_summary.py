"""Lobby: each shoe's summary (counts, last result, big-road column shapes) stored on write,
and a table revision that every change of a table bumps.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 21:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0006'
down_revision: Union[str, Sequence[str], None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('shoes') as batch:
        batch.add_column(sa.Column('summary', sa.JSON(), nullable=True))
    with op.batch_alter_table('tables') as batch:
        batch.add_column(sa.Column('revision', sa.Integer(), nullable=False, server_default='1'))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('tables') as batch:
        batch.drop_column('revision')
    with op.batch_alter_table('shoes') as batch:
        batch.drop_column('summary')
