"""What the table's own version costs (issue 20, item 5): ``version`` used to be the id of the
table's newest event (``max(id)``, shared by every table); now it is the number of the table's
events (``count``). Both queries run here on the same database, in turn, so the machine's other
load falls on both alike; and a snapshot's first read (its events and, in the same statement,
the count of the table's earlier games' events) beside the read without that count.

In process, no server: a table with ``--events`` events in each of ``--games`` games, beside
another table as busy. SQLite (a file) and PostgreSQL (a scratch database, created and dropped
here) unless ``--backends`` says otherwise::

    .venv/bin/python -m bench.bench_version [--events 2000] [--games 3] [--repeat 200]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select

from bench._common import machine, percentile, print_table, scratch_postgres
from companion import create_app
from companion.extensions import db
from companion.tables import snapshot, store
from companion.tables.models import Event, Game, Table


def _fill(events: int, games: int) -> tuple[Table, Game]:
    """Two tables with ``games`` games of ``events`` score events each; ours is the first."""
    ours = None
    for name in ("ours", "busy"):
        table = store.create_table("custom", {"players": 2}, [name, "B"], f"phone-{name}")
        for number in range(1, games + 1):
            game = table.games[0]
            if number > 1:
                game = Game(table_id=table.id, number=number, kind="custom",
                            options={"players": 2})  # fmt: skip
                db.session.add(game)
            db.session.flush()
            rows = [{"game_id": game.id, "kind": "score", "actor": "A", "actor_seat": 0,
                     "round": i // 2 + 1, "slot": f"r{i // 2 + 1}s{i % 2}", "slot_version": 1,
                     "payload": {"seat": i % 2, "points": 1}} for i in range(events)]  # fmt: skip
            db.session.execute(insert(Event), rows)
        db.session.commit()
        ours = ours or table
    assert ours is not None
    return ours, ours.games[-1]


def _old_version(table: Table) -> int:
    stmt = select(func.max(Event.id)).join(Game, Game.id == Event.game_id)
    return int(db.session.scalar(stmt.where(Game.table_id == table.id)) or 0)


def _ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:.3f}"


def _timed(run: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        out.append(time.perf_counter() - start)
    return out


def _first_read(game_id: int, with_base: bool) -> None:
    query = snapshot._FIRST if with_base else snapshot._NEWER
    db.session.connection().execute(query, {"game": game_id, "after": 0}).all()


def run(uri: str, backend: str, events: int, games: int, repeat: int) -> list[list[object]]:
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "bench", "AUTO_MIGRATE": True,
                      "STATIC_BUILD_DIR": tempfile.mkdtemp()})  # fmt: skip
    with app.app_context():
        table, game = _fill(events, games)
        pairs = {"version": (lambda: _old_version(table), lambda: store.table_version(table)),
                 "first read": (lambda: _first_read(game.id, False),
                                lambda: _first_read(game.id, True))}  # fmt: skip
        rows = []
        for name, (old, new) in pairs.items():
            before: list[float] = []
            after: list[float] = []
            for _ in range(4):  # in turn, a quarter each
                before += _timed(old, repeat // 4)
                after += _timed(new, repeat // 4)
            rows.append([backend, name, _ms(before, 50), _ms(after, 50), _ms(before, 95),
                         _ms(after, 95),
                         f"{percentile(after, 50) / percentile(before, 50):.2f}"])  # fmt: skip
        db.session.remove()
        db.engine.dispose()
    return rows


def main(argv: Sequence[str] | None = None) -> list[list[object]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000, help="events per game")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,pg")
    args = parser.parse_args(argv)
    rows: list[list[object]] = []
    backends = args.backends.split(",")
    if "sqlite" in backends:
        path = Path(tempfile.mkdtemp()) / "bench.db"
        rows += run(f"sqlite:///{path}", "sqlite", args.events, args.games, args.repeat)
    if "pg" in backends:
        with scratch_postgres() as uri:
            if uri is not None:
                rows += run(uri, "postgresql", args.events, args.games, args.repeat)
    print(f"{args.games} games of {args.events} events per table, two tables; {machine()}")
    print_table(["backend", "query", "before p50 ms", "now p50 ms", "before p95 ms",
                 "now p95 ms", "now/before p50"], rows)  # fmt: skip
    return rows


if __name__ == "__main__":
    main()
