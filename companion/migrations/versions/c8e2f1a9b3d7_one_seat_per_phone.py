"""one seat per phone at a table

Revision ID: c8e2f1a9b3d7
Revises: b5d1c0e7a2f4
Create Date: 2026-11-24 14:20:00

"""

from alembic import op

revision = "c8e2f1a9b3d7"
down_revision = "b5d1c0e7a2f4"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_seats_table_phone", ["table_id", "phone"])


def downgrade():
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_constraint("uq_seats_table_phone", type_="unique")
