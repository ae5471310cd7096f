"""api keys

Revision ID: b5d1c0e7a2f4
Revises: a76a9db00fc5
Create Date: 2026-11-24 14:20:00

"""

import sqlalchemy as sa
from alembic import op

revision = "b5d1c0e7a2f4"
down_revision = "a76a9db00fc5"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=43), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_api_keys_key_hash"), ["key_hash"], unique=True)
        batch_op.create_index(batch_op.f("ix_api_keys_table_id"), ["table_id"], unique=False)


def downgrade():
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_api_keys_table_id"))
        batch_op.drop_index(batch_op.f("ix_api_keys_key_hash"))
    op.drop_table("api_keys")
