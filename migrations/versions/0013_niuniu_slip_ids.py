"""百人牛牛 slips gain the game server's retry key: `client_slip_id` (unique per table), the request's
hash and the first answer, so a retried slip gets its first answer back and never pays twice.
Slips stored before have none. A table's state gains its round's betting window (opened with the
round's first slip, closed at its deadline, by a dealer or by the cards).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 17:40:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0013'
down_revision: Union[str, Sequence[str], None] = '0012'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('niuniu_slips', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client_slip_id', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('request_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('answer', sa.JSON(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_niuniu_slips_table_id_client_slip_id'),
                                          ['table_id', 'client_slip_id'])
    with op.batch_alter_table('niuniu_table_states', schema=None) as batch_op:
        batch_op.add_column(sa.Column('betting', sa.JSON(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('niuniu_table_states', schema=None) as batch_op:
        batch_op.drop_column('betting')
    with op.batch_alter_table('niuniu_slips', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_niuniu_slips_table_id_client_slip_id'), type_='unique')
        batch_op.drop_column('answer')
        batch_op.drop_column('request_hash')
        batch_op.drop_column('client_slip_id')
