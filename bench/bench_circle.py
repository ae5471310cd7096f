"""A circle's page with 1,000 finished games (goal: p95 under 100 ms on this machine).

In process, through Flask's test client on a real SQLite file. A circle of ``--members``
members gets ``--games`` finished games: 4 custom games to 1 Hearts game, four members a
table, in turn; their events are stored directly, then the circle is settled once (every game
folded and its results stored, timed as *settle*). Then:

(A game played at a table is settled by the action that finishes it: the games added between
the requests of *page, new figures* are settled so, untimed, as the finishing action would.)

- *page, same figures*: ``GET /c/<token>`` again and again (the figures of this circle
  version are kept in the process, so this is the page's own cost);
- *page, new figures*: the same after one more game finished each time (the figures are
  worked out again from the stored results: standings, head to head, records, ratings);
- *API*: ``GET /api/v1/circle`` (every game listed).

    .venv/bin/python -m bench.bench_circle [--games 1000] [--members 8] [--requests 60]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench._common import machine, ms, percentile, print_table
from bench.bench_rounds import hearts_taken, make_app


def fill(app: Any, games: int, members: int) -> dict[str, Any]:
    """A circle with ``games`` finished games stored as events; answers its links and key."""
    client = app.test_client()
    made = client.post("/api/v1/circles", json={"name": "Bench",
                       "members": [f"M{i}" for i in range(members)]}).json  # fmt: skip
    ids = [m["id"] for m in made["members"]]
    for n in range(games):
        add_game(app, made["circle_key"], ids, n)
    return {"client": client, "circle": made, "ids": ids}


def add_game(app: Any, circle_key: str, ids: Sequence[int], n: int, settled: bool = False
             ) -> None:  # fmt: skip
    from companion.extensions import db
    from companion.tables import circles, circlesettle, store

    seated = [ids[(n + k) % len(ids)] for k in range(4)]
    with app.app_context():
        circle = circles.by("key_hash", circles.key_hash(circle_key))
        assert circle is not None
        chosen = [circles.member(circle, i) for i in seated]
        hearts = n % 5 == 4
        kind, options = (
            ("hearts", {"target": 10, "tie_continues": False})
            if hearts
            else ("custom", {"rounds": 1})
        )
        parsed = _options(kind, {**options, "players": 4})
        table = circles.start_table(circle, kind, parsed, chosen, "bench")  # type: ignore[arg-type]
        db.session.flush()
        if hearts:
            store.append(table.game, "hearts-taken", "Host", None,
                         {"taken": hearts_taken(n), "sun": None}, 1, ("h1", 1))  # fmt: skip
        for seat in range(4) if not hearts else ():
            payload = {"seat": seat, "points": (n * 7 + seat * 3) % 11, "before": None}
            store.append(table.game, "score", "Host", None, payload, 1,
                         (store.cell_slot(1, seat), 1))  # fmt: skip
        db.session.commit()
        if settled:  # as the service does after the action that finished it
            circlesettle.sync(circle.id, table.game.id)


def _options(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    from companion.tables.registry import game_type

    return game_type(kind).parse_options(data).to_dict()  # type: ignore[no-any-return]


def settle(app: Any, circle_key: str) -> tuple[float, int]:
    from companion.tables import circles, circlesettle

    with app.app_context():
        circle = circles.by("key_hash", circles.key_hash(circle_key))
        assert circle is not None
        start = time.perf_counter()
        count = circlesettle.sync(circle.id)
        return time.perf_counter() - start, count


def timed(get: Callable[[], Any], requests: int, between: Callable[[int], None] | None = None,
          ) -> list[float]:  # fmt: skip
    out = []
    for i in range(requests):
        if between is not None:
            between(i)
        start = time.perf_counter()
        answer = get()
        out.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    return out


def main(argv: Sequence[str] | None = None) -> list[tuple[str, list[float]]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--members", type=int, default=8)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-bench-circle-") as folder:
        app = make_app(folder)
        made = fill(app, args.games, args.members)
        seconds, count = settle(app, made["circle"]["circle_key"])
        print(f"{machine()}; SQLite; {args.games} finished games of {args.members} members")
        print(f"settle: {count} games folded and stored in {seconds:.1f} s "
              f"({seconds / max(count, 1) * 1000:.2f} ms a game)")  # fmt: skip
        client, link = made["client"], made["circle"]["links"]["circle"]
        key = {"Authorization": f"Bearer {made['circle']['circle_key']}"}
        client.get(link)  # the figures of this version, once

        def one_more(i: int) -> None:
            add_game(app, made["circle"]["circle_key"], made["ids"], args.games + i, True)

        phases = [
            ("page, same figures", timed(lambda: client.get(link), args.requests)),
            ("page, new figures", timed(lambda: client.get(link), args.requests, one_more)),
            ("API", timed(lambda: client.get("/api/v1/circle", headers=key), args.requests)),
        ]
        rows = [(name, len(v), ms(percentile(v, 50)), ms(percentile(v, 95)))
                for name, v in phases]  # fmt: skip
        print_table(("phase", "requests", "p50 ms", "p95 ms"), rows)
        return phases


if __name__ == "__main__":
    main()
