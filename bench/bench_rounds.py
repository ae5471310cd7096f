"""One entry's cost as a game grows: round (or hand) 10, 100 and 500 (goal: 500 within 1.3x
of 10, because a request folds only the events newer than this process's snapshot).

In process, through Flask's test client on a real SQLite file (no network, no gunicorn), so
the figure is the app's own work per entry. For each size a custom table of 4 seats is filled
with that many complete rounds (stored directly, as events), one warm-up request folds them
once, then ``--entries`` measured entries follow, each a Table API action and, separately, the
host's htmx save of one cell on the page::

    .venv/bin/python -m bench.bench_rounds [--sizes 10,100,500] [--entries 60]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from bench._common import machine, ms, percentile, print_table

PLAYERS = 4


def make_app(folder: str) -> Any:
    os.environ["COMPANION_INSTANCE"] = folder
    from companion import create_app

    return create_app({"SECRET_KEY": "bench", "TESTING": True,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})  # fmt: skip


def filled_table(app: Any, rounds: int) -> dict[str, Any]:
    """A custom table through the API, then ``rounds`` complete rounds stored as events."""
    from companion.extensions import db
    from companion.tables import store

    client = app.test_client()
    created = client.post("/api/v1/tables", json={"game": "custom",
                          "names": [f"P{i}" for i in range(PLAYERS)]}).json  # fmt: skip
    with app.app_context():
        table = store.table_by("token", created["token"])
        assert table is not None
        for r in range(1, rounds + 1):
            for seat in range(PLAYERS):
                payload = {"seat": seat, "points": (r + seat) % 13, "before": None}
                slot = (store.cell_slot(r, seat), 1)
                store.append(table.game, "score", "Host", None, payload, r, slot)
        db.session.commit()
        host_phone = table.host_phone
    with client.session_transaction() as sess:  # the page path acts as the host's phone
        sess["phone"], sess["csrf"] = host_phone, "bench-csrf"
    return {"client": client, "key": created["host_key"], "token": created["token"]}


HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "QS"]


def hearts_taken(hand: int) -> dict[str, list[str]]:
    """The 14 penalty cards spread over 4 seats, turning each hand (no moon, nobody near the
    target of 10,000 even at hand 500)."""
    taken: dict[str, list[str]] = {str(s): [] for s in range(PLAYERS)}
    for i, card in enumerate(HEARTS):
        taken[str((i + hand) % PLAYERS)].append(card)
    return taken


def filled_hearts(app: Any, hands: int) -> dict[str, Any]:
    """A Hearts table through the API, then ``hands`` scored hands stored as events."""
    from companion.extensions import db
    from companion.tables import store

    client = app.test_client()
    created = client.post("/api/v1/tables", json={"game": "hearts", "options": {"target": 10000},
                          "names": [f"P{i}" for i in range(PLAYERS)]}).json  # fmt: skip
    with app.app_context():
        table = store.table_by("token", created["token"])
        assert table is not None
        for n in range(1, hands + 1):
            payload = {"taken": hearts_taken(n), "sun": None}
            store.append(table.game, "hearts-taken", "Host", None, payload, n, (f"h{n}", 1))
        db.session.commit()
    return {"client": client, "key": created["host_key"], "token": created["token"]}


def hearts_entry(t: dict[str, Any], hand: int) -> float:
    body = {"action": "taken", "target": {"hand": hand}, "version": 0,
            "data": {"taken": hearts_taken(hand)}}  # fmt: skip
    return _post_action(t, body)


def _post_action(t: dict[str, Any], body: dict[str, Any]) -> float:
    start = time.perf_counter()
    answer = t["client"].post("/api/v1/table/actions", json=body,
                              headers={"Authorization": f"Bearer {t['key']}"})  # fmt: skip
    seconds = time.perf_counter() - start
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    return seconds


def api_entry(t: dict[str, Any], round_: int, seat: int) -> float:
    body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": 0,
            "data": {"points": seat}}  # fmt: skip
    return _post_action(t, body)


def page_entry(t: dict[str, Any], round_: int, seat: int) -> float:
    client = t["client"]
    form = {"csrf_token": "bench-csrf", f"points-{seat}": str(seat), f"version-{seat}": "0",
            f"was-{seat}": ""}  # fmt: skip
    start = time.perf_counter()
    answer = client.post(f"/t/{t['token']}/round/{round_}", data=form,
                         headers={"HX-Request": "true"})  # fmt: skip
    seconds = time.perf_counter() - start
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    return seconds


def measure(size: int, entries: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        app = make_app(folder)
        t = filled_table(app, size)
        api_entry(t, size + 1, 0)  # warm-up: this process folds the game once
        cells = [(size + 1 + i // PLAYERS, i % PLAYERS) for i in range(1, 2 * entries + 1)]
        api = [api_entry(t, r, s) for r, s in cells[:entries]]
        page = [page_entry(t, r, s) for r, s in cells[entries:]]
        h = filled_hearts(app, size)
        hearts_entry(h, size + 1)  # warm-up
        hearts = [hearts_entry(h, size + 2 + i) for i in range(entries)]
        return {"api": api, "page": page, "hearts": hearts}


def main(argv: Sequence[str] | None = None) -> dict[int, dict[str, list[float]]]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10,100,500", help="rounds already played")
    ap.add_argument("--entries", type=int, default=60, help="measured entries per size")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {size: measure(size, args.entries) for size in sizes}
    rows = []
    for way in ("api", "page", "hearts"):
        base = percentile(results[sizes[0]][way], 50)
        for size in sizes:
            times = results[size][way]
            p50 = percentile(times, 50)
            rows.append([way, size, len(times), ms(p50), ms(percentile(times, 95)),
                         f"x{p50 / base:.2f}"])  # fmt: skip
    print(f"\nOne entry as the game grows, in process, SQLite, 4 seats; {machine()}")
    print("api: a custom sheet's Table API action; page: the host's htmx save of one cell")
    print("(answer: the form); hearts: a Hearts hand's cards taken, as a Table API action")
    print_table(["way", "rounds before", "n", "p50 ms", "p95 ms", f"p50 vs {sizes[0]}"], rows)
    return results


if __name__ == "__main__":
    main()
