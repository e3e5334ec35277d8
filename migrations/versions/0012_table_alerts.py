"""Alerts that belong to a table (or a round, a match) rather than a baccarat shoe: alerts and
monitor tallies gain a `subject` ('shoe:<id>' for every row before this, 'table', 'match:<id>'),
shoe_id becomes optional, the unique keys move to (table, subject, code); tallies gain their
table. Rows stored before are backfilled from their shoe.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 06:40:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0012'
down_revision: Union[str, Sequence[str], None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

ACTIVE = sa.text("state <> 'resolved'")
SHOE_SUBJECT = "'shoe:' || CAST(shoe_id AS VARCHAR(20))"


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('subject', sa.String(length=40), nullable=True))
    op.execute(f"UPDATE alerts SET subject = {SHOE_SUBJECT}")
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.drop_index('uq_alerts_active_table_shoe_code', sqlite_where=ACTIVE, postgresql_where=ACTIVE)
        batch_op.alter_column('subject', existing_type=sa.String(length=40), nullable=False)
        batch_op.alter_column('shoe_id', existing_type=sa.Integer(), nullable=True)
        batch_op.create_index('uq_alerts_active_table_subject_code', ['table_id', 'subject', 'code'], unique=True,
                              sqlite_where=ACTIVE, postgresql_where=ACTIVE)

    with op.batch_alter_table('monitor_tallies', schema=None) as batch_op:
        batch_op.add_column(sa.Column('table_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('subject', sa.String(length=40), nullable=True))
    op.execute(f"UPDATE monitor_tallies SET subject = {SHOE_SUBJECT}, "
               "table_id = (SELECT shoes.table_id FROM shoes WHERE shoes.id = monitor_tallies.shoe_id)")
    with op.batch_alter_table('monitor_tallies', schema=None) as batch_op:
        batch_op.drop_constraint('uq_monitor_tallies_shoe_id_code', type_='unique')
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=False)
        batch_op.alter_column('subject', existing_type=sa.String(length=40), nullable=False)
        batch_op.alter_column('shoe_id', existing_type=sa.Integer(), nullable=True)
        batch_op.create_foreign_key(batch_op.f('fk_monitor_tallies_table_id_tables'), 'tables', ['table_id'], ['id'],
                                    ondelete='CASCADE')
        batch_op.create_unique_constraint(batch_op.f('uq_monitor_tallies_table_id_subject_code'),
                                          ['table_id', 'subject', 'code'])


def downgrade() -> None:
    """Downgrade schema: the alerts and tallies of no shoe go (the schema before could not hold them)."""
    op.execute("DELETE FROM alerts WHERE shoe_id IS NULL")
    op.execute("DELETE FROM monitor_tallies WHERE shoe_id IS NULL")
    with op.batch_alter_table('monitor_tallies', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_monitor_tallies_table_id_subject_code'), type_='unique')
        batch_op.drop_constraint(batch_op.f('fk_monitor_tallies_table_id_tables'), type_='foreignkey')
        batch_op.alter_column('shoe_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('subject')
        batch_op.drop_column('table_id')
        batch_op.create_unique_constraint('uq_monitor_tallies_shoe_id_code', ['shoe_id', 'code'])
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.drop_index('uq_alerts_active_table_subject_code', sqlite_where=ACTIVE, postgresql_where=ACTIVE)
        batch_op.alter_column('shoe_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('subject')
        batch_op.create_index('uq_alerts_active_table_shoe_code', ['table_id', 'shoe_id', 'code'], unique=True,
                              sqlite_where=ACTIVE, postgresql_where=ACTIVE)
