"""What an import costs as its file grows, up to a game at its most events (5,000): the replay
through the game's own rules alone, and the whole import (read, replay, store), with the
replay's share of it.

In process, through Flask's test client on a real SQLite file (or ``--database`` a PostgreSQL
URL). Each size is a custom table of two seats whose events are score-and-undo loops (the
pattern that reaches the cap) stored directly, exported once through the page, then imported
``--repeats`` times::

    .venv/bin/python -m bench.bench_import [--sizes 500,5000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from bench._common import machine, ms, percentile, print_table


def make_app(folder: str, database: str | None) -> Any:
    os.environ["COMPANION_INSTANCE"] = folder
    from companion import create_app

    uri = database or f"sqlite:///{folder}/bench.sqlite3"
    return create_app({"SECRET_KEY": "bench", "TESTING": True, "TABLES_PER_MINUTE": 0,
                       "SQLALCHEMY_DATABASE_URI": uri})  # fmt: skip


def exported_game(app: Any, events: int) -> bytes:
    """A custom table's export with ``events`` score-and-undo events."""
    from companion.extensions import db
    from companion.tables import store

    client = app.test_client()
    made = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]}).json
    with app.app_context():
        table = store.table_by("token", made["token"])
        assert table is not None
        for k in range(events // 2):
            score = {"seat": 0, "points": k % 50, "before": None}
            row = store.append(table.game, "score", "A", 0, score, 1, ("r1s0", 2 * k + 1),
                               capped=False)  # fmt: skip
            db.session.flush()
            undo = {"undoes": row.id, "what": "score", "seat": 0, "points": None,
                    "before": k % 50}  # fmt: skip
            store.append(table.game, "undo", "A", 0, undo, 1, ("r1s0", 2 * k + 2), capped=False)
        db.session.commit()
    return client.get(f"/t/{made['token']}/games/1/export.json").get_data()


def replay_once(app: Any, content: bytes) -> float:
    from companion.tables import importing
    from companion.tables.registry import game_type
    from companion.tables.replaying import Replay

    data = json.loads(content)
    with app.app_context():
        kind = game_type("custom")
        options = kind.parse_options(data["game"]["options"])
        started = time.perf_counter()
        read = [importing._read(e, n, kind) for n, e in enumerate(data["events"], start=1)]
        Replay(kind, options, data["seats"]).run(read)
        return time.perf_counter() - started


def import_once(app: Any, content: bytes) -> float:
    client = app.test_client()
    client.get("/")
    with client.session_transaction() as session:
        token = session["csrf"]
    upload = {"csrf_token": token, "file": (io.BytesIO(content), "g.json")}
    started = time.perf_counter()
    answer = client.post("/import", data=upload, content_type="multipart/form-data")
    took = time.perf_counter() - started
    assert answer.status_code == 303, answer.get_data(as_text=True)[-400:]
    return took


def main(argv: Sequence[str] | None = None) -> list[tuple[int, list[float], list[float]]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="500,5000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: SQLite)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(folder, args.database)
        for size in sizes:
            content = exported_game(app, size)
            replays = [replay_once(app, content) for _ in range(args.repeats)]
            imports = [import_once(app, content) for _ in range(args.repeats)]
            results.append((size, replays, imports))
    print(machine())
    rows = []
    for size, replays, imports in results:
        share = percentile(replays, 50) / percentile(imports, 50)
        rows.append([str(size), ms(percentile(replays, 50)), ms(percentile(imports, 50)),
                     ms(percentile(imports, 95)), f"{share:.0%}"])  # fmt: skip
    print_table(["events", "replay p50 ms", "import p50 ms", "import p95 ms", "replay share"],
                rows)  # fmt: skip
    return results


if __name__ == "__main__":
    main()
