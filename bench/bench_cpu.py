"""CPU time per Table API action in one gunicorn worker, beside the bare Flask POST.

One client at a time (keep-alive, no concurrency), so the figure is the worker's own CPU per
request read from ``/proc/<pid>/stat`` (user + system) and does not move with how busy the
machine is as wall-clock figures do. ``--baseline DIR`` also serves another checkout's code
(``git worktree add /tmp/old <commit>``) in the same run, and the batches alternate between
the servers, so a slower spell of the machine falls on every side::

    .venv/bin/python -m bench.bench_cpu [--actions 500] [--batches 4] [--backends sqlite,pg]
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

from bench._common import (
    Answer,
    Phone,
    Server,
    StartedTable,
    free_port,
    print_table,
    running,
    scratch_postgres,
    worker_cpu,
)
from bench.bench_table import api_step, api_table, bare_post

Send = Callable[[int], Answer]


class Side:
    """One server and what one request to it is."""

    def __init__(self, name: str, server: Server, send: Send) -> None:
        self.name, self.server, self.send = name, server, send
        self.seconds, self.count, self.errors, self.at = 0.0, 0, 0, 0

    def batch(self, n: int) -> None:
        before = worker_cpu(self.server)
        for _ in range(n):
            answer = self.send(self.at)
            self.at += 1
            if answer.status != 200:
                self.errors += 1
                if self.errors == 1:
                    print(f"{self.name}: HTTP {answer.status} {answer.body[:200]}")
        self.seconds += worker_cpu(self.server) - before
        self.count += n


def api_side(name: str, server: Server, tables: int) -> Side:
    """Actions on ``tables`` custom tables in turn (each a phone that used the pages first, so
    it sends its cookie), through one connection per table."""
    phones: list[tuple[Phone, StartedTable]] = []
    for _ in range(tables):
        phone = Phone(server.port)
        phone.csrf("/")
        phones.append((phone, api_table(phone)))

    def send(i: int) -> Answer:
        phone, table = phones[i % tables]
        return api_step(phone, table, i // tables)

    return Side(name, server, send)


def bare_side(server: Server) -> Side:
    phone = Phone(server.port)
    return Side("bare POST", server, lambda i: bare_post(phone, None, i))


def ports(args: argparse.Namespace) -> Callable[[], int]:
    """The servers' ports: ``--port`` and the next ones, else free ones."""
    given = iter(range(args.port, args.port + 100))
    return lambda: next(given) if args.port else free_port()


def bench_backend(backend: str, db_url: str | None, args: argparse.Namespace) -> list[list[str]]:
    port = args.ports
    with ExitStack() as stack:
        bare = stack.enter_context(running(Server("bare", 1, args.threads, port=port())))
        sides = [bare_side(bare)]
        roots = [("API action", Path(__file__).resolve().parent.parent)]
        if args.baseline:
            roots.append((f"API action ({Path(args.baseline).name})", Path(args.baseline)))
        for name, root in roots:
            url = db_url
            if url is not None and len(roots) > 1:  # each app its own database
                url = stack.enter_context(scratch_postgres())
            server = Server("companion", 1, args.threads, url, port=port(), root=root)
            sides.append(api_side(name, stack.enter_context(running(server)), args.tables))
        for side in sides:  # warm up: every table folded, every statement prepared
            side.batch(max(args.tables * 3, 20))
            side.seconds, side.count, side.errors = 0.0, 0, 0
        for _ in range(args.batches):
            for side in sides:
                side.batch(args.actions // args.batches)
    rows = []
    for side in sides:
        per = side.seconds / side.count * 1000 if side.count else 0.0
        rows.append([backend, side.name, str(side.count), str(side.errors), f"{per:.3f}"])
    return rows


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=500, help="requests per side (default 500)")
    ap.add_argument("--batches", type=int, default=4, help="alternating batches (default 4)")
    ap.add_argument("--tables", type=int, default=10, help="tables the actions go to in turn")
    ap.add_argument("--threads", type=int, default=64)
    ap.add_argument("--backends", default="sqlite,pg", help="comma list of sqlite, pg")
    ap.add_argument("--baseline", default="", help="another checkout to measure beside this one")
    ap.add_argument("--port", type=int, default=0, help="first port to serve on (default: free)")
    args = ap.parse_args(argv)
    args.ports = ports(args)
    return args


def main(argv: Sequence[str] | None = None) -> list[list[str]]:
    """Prints the table; returns its rows (db, what, n, errors, CPU ms per request)."""
    args = parse(argv)
    rows: list[list[str]] = []
    for backend in [b.strip() for b in args.backends.split(",") if b.strip()]:
        if backend == "pg":
            with scratch_postgres() as url:
                if url is None:
                    continue
                rows += bench_backend(backend, url, args)
        else:
            rows += bench_backend(backend, None, args)
    print(json.dumps({"load": os.getloadavg()[0]}))
    print_table(["db", "what", "n", "errors", "CPU ms per request"], rows)
    return rows


if __name__ == "__main__":
    main()
