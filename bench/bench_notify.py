"""PostgreSQL: actions stored a second by writers at once, with the ``NOTIFY`` inside the
writing statement (as the Table API did until 2026-11-29) and without it (as now: the
broker sends it after the commit, ``live.PostgresBroker``), and the server's CPU per action.

Each writer has its own connection and its own game and sends the Table API's insert
(``store._appending(1)``) in autocommit, as a worker does; a scratch database is made and
dropped. A ``NOTIFY`` makes PostgreSQL hold one lock for the whole database from before the
commit until the commit is on disk, so writers with it commit one at a time::

    .venv/bin/python -m bench.bench_notify [--writers 20] [--actions 300] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime

from bench._common import cpu_of, machine, print_table, scratch_postgres


def _run(url: str, sql: str, games: list[int], actions: int) -> tuple[float, float]:
    """Actions a second and the server's CPU ms per action, one writer per game."""
    import psycopg

    conns = [psycopg.connect(url, autocommit=True) for _ in games]
    pids = [c.info.backend_pid for c in conns]

    def write(conn: psycopg.Connection, game: int) -> None:  # type: ignore[type-arg]
        head = conn.execute("SELECT last_event FROM games WHERE id = %s", (game,)).fetchone()
        last = head[0] if head else 0
        for i in range(actions):
            payload = json.dumps({"points": i % 26})
            params = [game, last, datetime.now(UTC), "score", "p", 0, i, f"r{i}", 0, payload]
            row = conn.execute(sql, params).fetchone()
            last = row[0] if row else last

    cpu, start = cpu_of(pids), time.perf_counter()
    pairs = zip(conns, games, strict=True)
    threads = [threading.Thread(target=write, args=pair) for pair in pairs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds, used = time.perf_counter() - start, cpu_of(pids) - cpu
    for c in conns:
        c.close()
    n = actions * len(games)
    return n / seconds, 1000 * used / n


def main(argv: Sequence[str] | None = None) -> list[list[object]]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--writers", type=int, default=20)
    ap.add_argument("--actions", type=int, default=300, help="per writer")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    from companion import create_app, prepare_database
    from companion.tables import store
    from companion.tables.live import CHANNEL

    rows: list[list[object]] = []
    with scratch_postgres() as url:
        if url is None:
            return rows
        config = {"SQLALCHEMY_DATABASE_URI": url.replace("postgresql://", "postgresql+psycopg://")}
        prepare_database(config)
        app = create_app(config)
        with app.app_context():
            games = [
                store.create_table("custom", {}, ["A", "B"], "bench").games[0].id
                for _ in range(args.writers * 2 * args.rounds)
            ]
        plain = store._appending(1)
        inside = plain.replace(
            "SELECT id FROM ins", f"SELECT id, pg_notify('{CHANNEL}', 'bench:1') FROM ins"
        )
        for _ in range(args.rounds):  # in turn, so a busy spell falls on both
            for name, sql in (("NOTIFY inside", inside), ("NOTIFY after (now)", plain)):
                mine = [games.pop() for _ in range(args.writers)]
                rate, cpu = _run(url, sql, mine, args.actions)
                rows.append([name, args.writers, f"{rate:.0f}", f"{cpu:.3f}"])
    print(machine())
    print_table(["insert", "writers", "actions/s", "server CPU ms/action"], rows)
    return rows


if __name__ == "__main__":
    main()
