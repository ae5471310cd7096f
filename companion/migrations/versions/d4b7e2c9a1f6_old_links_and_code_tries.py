"""retired table links, join codes tried per client address

Revision ID: d4b7e2c9a1f6
Revises: c8e2f1a9b3d7
Create Date: 2026-11-26 14:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "d4b7e2c9a1f6"
down_revision = "c8e2f1a9b3d7"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "old_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=43), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("old_links", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_old_links_table_id"), ["table_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_old_links_token"), ["token"], unique=True)
    op.create_table(
        "code_tries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("code_tries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_code_tries_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_code_tries_client"), ["client"], unique=False)


def downgrade():
    with op.batch_alter_table("code_tries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_code_tries_client"))
        batch_op.drop_index(batch_op.f("ix_code_tries_at"))
    op.drop_table("code_tries")
    with op.batch_alter_table("old_links", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_old_links_token"))
        batch_op.drop_index(batch_op.f("ix_old_links_table_id"))
    op.drop_table("old_links")
