"""circles: members, phones, each game's settled result and each member's result

Revision ID: f7c3a9d1e2b4
Revises: e5f1a7c3d9b2
Create Date: 2026-11-28 20:40:00

Adds ``tables.circle_id`` and ``seats.member_id`` (plain indexed numbers: a table's circle is
set when it is made and never changes). Nothing here copies ``events``, so its trigger stays.
"""

import sqlalchemy as sa
from alembic import op

revision = "f7c3a9d1e2b4"
down_revision = "e5f1a7c3d9b2"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("circle_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_tables_circle_id"), ["circle_id"], unique=False)
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("member_id", sa.Integer(), nullable=True))
    op.create_table(
        "circles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=43), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("circles", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_circles_token"), ["token"], unique=True)
        batch_op.create_index(batch_op.f("ix_circles_key_hash"), ["key_hash"], unique=True)
    op.create_table(
        "circle_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("removed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["circle_id"], ["circles.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("circle_members", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_circle_members_circle_id"), ["circle_id"], unique=False
        )
    op.create_table(
        "circle_phones",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=43), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=True),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("seen_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["circle_id"], ["circles.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("circle_id", "phone"),
    )
    with op.batch_alter_table("circle_phones", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_circle_phones_circle_id"), ["circle_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_circle_phones_phone"), ["phone"], unique=False)
    op.create_table(
        "circle_games",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seen_event", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["circle_id"], ["circles.id"]),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    with op.batch_alter_table("circle_games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_circle_games_circle_id"), ["circle_id"], unique=False)
    op.create_table(
        "circle_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("facts", sa.JSON(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["circle_id"], ["circles.id"]),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat"),
    )
    with op.batch_alter_table("circle_results", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_circle_results_circle_id"), ["circle_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_circle_results_game_id"), ["game_id"], unique=False)


def downgrade():
    for name in ("circle_results", "circle_games", "circle_phones", "circle_members", "circles"):
        op.drop_table(name)
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("member_id")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tables_circle_id"))
        batch_op.drop_column("circle_id")
