"""``companion prune --idle-days N [--dry-run]`` (issue 20, part 4): the tables with no change
for more than N days are listed, and removed with all they hold unless it is a dry run; a
table in use stays whole."""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner
from sqlalchemy import func, select, update

from companion.cli import main
from companion.extensions import db
from companion.tables.models import ApiKey, Event, Game, Seat, Table, now
from tests.web.tablehelp import enter, new_table


def age(app, token: str, days: int) -> int:
    """Make the table and every event of it ``days`` old; its id."""
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == token))
        assert table is not None
        then = now() - timedelta(days=days)
        games = select(Game.id).where(Game.table_id == table.id)
        db.session.execute(update(Event).where(Event.game_id.in_(games)).values(created_at=then))
        table.created_at = then
        ident = table.id
        db.session.commit()
        return ident


def events_of(app, table_id: int) -> int:
    with app.app_context():
        games = select(Game.id).where(Game.table_id == table_id)
        return db.session.scalar(select(func.count()).where(Event.game_id.in_(games))) or 0


def prune(app, tmp_path, *args: str):
    env = {"DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
           "COMPANION_INSTANCE": str(tmp_path)}  # fmt: skip
    result = CliRunner().invoke(main, ["prune", *args], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def counts(app) -> dict[str, int]:
    with app.app_context():
        return {m.__name__: db.session.scalar(select(func.count()).select_from(m)) or 0
                for m in (Table, Game, Seat, Event, ApiKey)}  # fmt: skip


def test_prune_lists_then_removes_only_the_idle_tables(app, client, tmp_path):
    old = new_table(client, **{"name-0": "Olga"})
    enter(client, old, 1, {0: 5, 1: 6, 2: 7})
    api = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ivo", "Jo"]})
    recent = new_table(client, **{"name-0": "Rita"})
    enter(client, recent, 1, {0: 1, 1: 2, 2: 3})
    old_id = age(app, old.rsplit("/", 1)[1], 40)
    api_id = age(app, api.get_json()["token"], 31)
    recent_id = age(app, recent.rsplit("/", 1)[1], 29)
    kept_events = events_of(app, recent_id)
    before = counts(app)

    listed = prune(app, tmp_path, "--idle-days", "30", "--dry-run")
    assert "2 tables idle for more than 30 days; would remove them" in listed
    assert f"table {old_id}: custom, Olga, Ben, Cy" in listed
    assert f"table {api_id}: custom, Ivo, Jo" in listed
    assert "Rita" not in listed
    assert counts(app) == before  # a dry run removes nothing

    done = prune(app, tmp_path, "--idle-days", "30")
    assert "Removed 2 tables." in done
    after = counts(app)
    assert after["Table"] == 1 and after["Game"] == 1 and after["Seat"] == 3
    assert after["ApiKey"] == 0
    assert 0 < after["Event"] == kept_events < before["Event"]
    assert client.get(recent).status_code == 200  # the table in use is whole
    assert "No table has been idle" in prune(app, tmp_path, "--idle-days", "30")
