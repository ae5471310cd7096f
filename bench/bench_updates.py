"""Bytes each phone fetches per live update, at round (or hand) 10 and 500: before = the whole
sheet (what every phone fetched after every update until the update carried only what changed),
after = the update a phone gets now, sending the version its sheet shows.

In process, through Flask's test client on a real SQLite file, like ``bench_rounds`` (whose
tables it reuses: 4 seats, rounds stored directly as events). After each measured entry (a
Table API action, one cell or one Hearts hand) four phones fetch: a watcher (not seated: the
sheet only), seat 2's phone and the host (both also get their entry box out of band when its
target changed) and, for the before figure, a phone asking for the whole sheet. Sizes are
uncompressed bodies::

    .venv/bin/python -m bench.bench_updates [--sizes 10,500] [--entries 20]
"""

from __future__ import annotations

import argparse
import gzip
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
JOIN = re.compile(r'href="(/j/[A-Za-z0-9_-]+)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def seated(app: Any, host: Any, token: str, seat: int) -> Any:
    """A phone that took seat ``seat`` (keeping its name) through the join page."""
    phone = app.test_client()
    join = JOIN.findall(host.get(f"/t/{token}").get_data(as_text=True))[0]
    csrf = CSRF.findall(phone.get(join).get_data(as_text=True))[0]
    answer = phone.post(f"{join}/seat", data={"seat": seat, "name": f"P{seat}", "csrf_token": csrf})
    assert answer.status_code == 303, answer.status_code
    return phone


def hosted(app: Any, t: dict[str, Any]) -> dict[str, Any]:
    """The table's client becomes the host's phone (as ``filled_table`` does for custom)."""
    from companion.tables import store

    with app.app_context():
        table = store.table_by("token", t["token"])
        assert table is not None
        host_phone = table.host_phone
    with t["client"].session_transaction() as sess:
        sess["phone"] = host_phone
    return t


class Phone:
    """A phone as the page behaves: it sends the version its sheet shows and its entry key."""

    def __init__(self, client: Any, token: str) -> None:
        self.client, self.live = client, f"/t/{token}/live"
        page = client.get(f"/t/{token}").get_data(as_text=True)
        self.seen, self.key = VERSION.findall(page)[0], (KEY.findall(page) or [""])[0]

    def update(self) -> bytes:
        body = _fetch(self.client, f"{self.live}?seen={self.seen}&key={quote(self.key)}")
        self.seen = VERSION.findall(body)[0]
        self.key = (KEY.findall(body) or [self.key])[0]
        return body.encode()


def sizes(out: dict[str, list[float]], name: str, body: bytes) -> None:
    """The body's size as sent without and with gzip (level 6, as Flask-Compress sends it to a
    phone that asks for gzip; brotli is smaller still)."""
    out.setdefault(name, []).append(len(body))
    out.setdefault(f"{name} gz", []).append(len(gzip.compress(body, 6)))


def _fetch(client: Any, url: str) -> str:
    answer = client.get(url, headers=HX)
    assert answer.status_code == 200, answer.status_code
    return str(answer.get_data(as_text=True))


def measure(game: str, size: int, entries: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        app = _make_app(folder)
        t = filled_table(app, size) if game == "custom" else hosted(app, filled_hearts(app, size))
        phones = {"host": Phone(t["client"], t["token"]),
                  "seat": Phone(seated(app, t["client"], t["token"], 1), t["token"]),
                  "watcher": Phone(app.test_client(), t["token"])}  # fmt: skip
        whole = app.test_client()
        out: dict[str, list[float]] = {}
        for i in range(entries):
            if game == "custom":
                api_entry(t, size + 1 + i // PLAYERS, i % PLAYERS)
            else:
                hearts_entry(t, size + 1 + i)
            for name, phone in phones.items():
                sizes(out, name, phone.update())
            sizes(out, "whole", _fetch(whole, f"/t/{t['token']}/live").encode())
        return out


def report(results: dict[tuple[str, int], dict[str, list[float]]], gz: str) -> None:
    rows = []
    for (game, size), r in results.items():
        before = percentile(r["whole" + gz], 50)
        row: list[object] = [game, size, len(r["watcher" + gz]), f"{before:,.0f}"]
        for name in ("watcher", "seat", "host"):
            row += [f"{percentile(r[name + gz], 50):,.0f}", f"{max(r[name + gz]):,.0f}"]
        rows.append([*row, f"/{before / percentile(r['seat' + gz], 50):.0f}"])
    how = "gzip level 6, as sent to a phone that asks for it" if gz else "uncompressed body"
    print(f"\nBytes per phone per update ({how}), in process, SQLite, {PLAYERS} seats;")
    print(f"{machine()}.\nbefore: the whole sheet; after: what a phone fetches now (watcher: not")
    print("seated; seat: seat 2's phone; host: enters for every seat; seat and host also get their")
    print("entry box when its target changed); ratio: before / seat p50")
    heads = ["game", "rounds", "n", "before B"]
    for name in ("watcher", "seat", "host"):
        heads += [f"{name} p50", f"{name} max"]
    print_table([*heads, "ratio"], rows)


def main(argv: Sequence[str] | None = None) -> dict[tuple[str, int], dict[str, list[float]]]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10,500", help="rounds already played")
    ap.add_argument("--entries", type=int, default=20, help="measured entries per size")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {(g, s): measure(g, s, args.entries) for g in ("custom", "hearts") for s in sizes}
    for gz in ("", " gz"):
        report(results, gz)
    return results


if __name__ == "__main__":
    main()
