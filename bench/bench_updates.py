"""Bytes each phone fetches per live update, at round (or hand) 10 and 500: before = the whole
sheet (what every phone fetched after every update until the update carried only what changed),
after = the update a phone gets now, sending the version its sheet shows.

In process, through Flask's test client on a real SQLite file, like ``bench_rounds`` (whose
tables it reuses: 4 seats, rounds stored directly as events). After each measured entry (a
Table API action, one cell or one Hearts hand) three phones fetch: a watcher (not seated: the
sheet only), the host (who also gets the entry box out of band when its target changed) and,
for the before figure, a phone asking for the whole sheet. Sizes are uncompressed bodies::

    .venv/bin/python -m bench.bench_updates [--sizes 10,500] [--entries 20]
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from bench._common import machine, percentile, print_table
from bench.bench_rounds import PLAYERS, api_entry, filled_hearts, filled_table, hearts_entry
from bench.bench_rounds import make_app as _make_app

HX = {"HX-Request": "true"}
VERSION = re.compile(r'id="table-version" name="seen" value="(\d+)"')
KEY = re.compile(r'id="entry-key" name="key" value="([^"]*)"')


def _fetch(client: Any, url: str) -> str:
    answer = client.get(url, headers=HX)
    assert answer.status_code == 200, answer.status_code
    return str(answer.get_data(as_text=True))


def measure(game: str, size: int, entries: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        app = _make_app(folder)
        t = filled_table(app, size) if game == "custom" else filled_hearts(app, size)
        host, watcher, whole = t["client"], app.test_client(), app.test_client()
        live = f"/t/{t['token']}/live"
        page = host.get(f"/t/{t['token']}").get_data(as_text=True)
        seen = {"watcher": VERSION.findall(page)[0], "host": VERSION.findall(page)[0]}
        key = KEY.findall(page)[0]
        out: dict[str, list[float]] = {k: [] for k in ("whole", "watcher", "host")}
        for i in range(entries):
            if game == "custom":
                api_entry(t, size + 1 + i // PLAYERS, i % PLAYERS)
            else:
                hearts_entry(t, size + 1 + i)
            body = _fetch(watcher, f"{live}?seen={seen['watcher']}")
            out["watcher"].append(len(body.encode()))
            seen["watcher"] = VERSION.findall(body)[0]
            body = _fetch(host, f"{live}?seen={seen['host']}&key={quote(key)}")
            out["host"].append(len(body.encode()))
            seen["host"] = VERSION.findall(body)[0]
            key = (KEY.findall(body) or [key])[0]
            out["whole"].append(len(_fetch(whole, live).encode()))
        return out


def main(argv: Sequence[str] | None = None) -> dict[tuple[str, int], dict[str, list[float]]]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10,500", help="rounds already played")
    ap.add_argument("--entries", type=int, default=20, help="measured entries per size")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {(g, s): measure(g, s, args.entries) for g in ("custom", "hearts") for s in sizes}
    rows = []
    for (game, size), r in results.items():
        before = percentile(r["whole"], 50)
        rows.append([game, size, len(r["watcher"]), f"{before:,.0f}",
                     f"{percentile(r['watcher'], 50):,.0f}", f"{max(r['watcher']):,.0f}",
                     f"{percentile(r['host'], 50):,.0f}", f"{max(r['host']):,.0f}",
                     f"/{before / percentile(r['watcher'], 50):.0f}"])  # fmt: skip
    print(f"\nBytes per phone per update (uncompressed body), in process, SQLite, {PLAYERS} seats;")
    print(f"{machine()}. before: the whole sheet; after: what a phone fetches now (watcher: the")
    print("sheet; host: also the entry box when its target changed)")
    print_table(["game", "rounds", "n", "before B", "after p50 B", "after max B", "host p50 B",
                 "host max B", "p50 ratio"], rows)  # fmt: skip
    return results


if __name__ == "__main__":
    main()
