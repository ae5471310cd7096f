"""each game's number of events, kept by the database on every insert

Revision ID: a3d8f2c6b1e9
Revises: f7c3a9d1e2b4
Create Date: 2026-11-29 02:10:00

``games.event_count`` is how many events the game holds. The trigger that keeps
``games.last_event`` (``events_head``, migration e5f1a7c3d9b2) now counts too, in the same
``UPDATE`` of the game's row: so the count moves in the very transaction (and statement) that
appends, whoever inserts, and two writers at once each add their own rows (the row's lock
orders them). The 5,000-event cap and the table's version read it instead of counting the
events. Events are deleted only with their game (``companion prune``), so nothing takes the
count down.

An existing database is counted once here.
"""

import sqlalchemy as sa
from alembic import op

revision = "a3d8f2c6b1e9"
down_revision = "f7c3a9d1e2b4"
branch_labels = None
depends_on = None

PG_FUNCTION = """
CREATE OR REPLACE FUNCTION companion_events_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET last_event = GREATEST(last_event, NEW.id), event_count = event_count + 1
    WHERE id = NEW.game_id;
    RETURN NULL;
END $$
"""
SQLITE_TRIGGER = """
CREATE TRIGGER events_head AFTER INSERT ON events BEGIN
    UPDATE games SET last_event = max(last_event, NEW.id), event_count = event_count + 1
    WHERE id = NEW.game_id;
END
"""
# as migration e5f1a7c3d9b2 made them
OLD_PG_FUNCTION = """
CREATE OR REPLACE FUNCTION companion_events_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET last_event = NEW.id WHERE id = NEW.game_id AND last_event < NEW.id;
    RETURN NULL;
END $$
"""
OLD_SQLITE_TRIGGER = """
CREATE TRIGGER events_head AFTER INSERT ON events BEGIN
    UPDATE games SET last_event = NEW.id WHERE id = NEW.game_id AND last_event < NEW.id;
END
"""


def _postgres() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def upgrade():
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("event_count", sa.Integer(), nullable=False, server_default="0")
        )
    if _postgres():  # the trigger calls the function: replacing it is enough
        op.execute("LOCK TABLE events IN SHARE MODE")  # no insert between the count and it
        op.execute(PG_FUNCTION)
    else:
        op.execute("DROP TRIGGER IF EXISTS events_head")
        op.execute(SQLITE_TRIGGER)
    op.execute(
        "UPDATE games SET event_count = "
        "(SELECT count(*) FROM events WHERE events.game_id = games.id)"
    )


def downgrade():
    if _postgres():
        op.execute(OLD_PG_FUNCTION)
        op.drop_column("games", "event_count")
        return
    op.execute("DROP TRIGGER IF EXISTS events_head")
    op.execute(OLD_SQLITE_TRIGGER)
    # SQLite drops the column in place (3.35 and later): a batch copy of ``games`` would drop
    # the table its events' foreign keys point at, which SQLite refuses once it holds games
    op.execute("ALTER TABLE games DROP COLUMN event_count")
