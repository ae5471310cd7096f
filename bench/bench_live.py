"""From one phone's entry to the other phones' screens, with many phones connected.

``--tables`` tables, ``--phones`` phones per table each holding GET /t/<token>/stream open (the
server-sent event stream). One writer enters full rounds at a steady ``--rate`` per second for
``--seconds``, going round the tables in turn; each entry is sent by that table's host phone
(its own keep-alive connection). For every entry and every phone of that table we measure:

- event: time the ``update`` event arrives at the phone - time the POST was sent;
- sheet: time the phone has the new sheet (it fetches GET /t/<token>/live on the update, as the
  page does) - time the POST was sent (skip with ``--no-fetch``).

An entry a phone never heard about is counted as missed. The server's resident memory (gunicorn
master + workers, from /proc) is sampled while the phones are connected, and the connections
each worker holds are counted (``ss``)::

    .venv/bin/python -m bench.bench_live [--tables 40] [--phones 5] [--rate 10] [--seconds 20]
"""

from __future__ import annotations

import argparse
import html
import http.client
import re
import socket
import threading
import time
from bisect import bisect_right
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from urllib.parse import quote

from bench._common import (
    HOST,
    Phone,
    Server,
    StartedTable,
    connections_per_process,
    machine,
    ms,
    percentile,
    print_table,
    round_form,
    running,
    scratch_postgres,
    start_table,
    worker_label,
)


@dataclass
class Reader:
    """One phone watching one table: when each update arrived, when its sheet was fresh."""

    port: int
    table: int
    token: str
    fetch: bool
    events: list[float] = field(default_factory=list)
    sheets: list[float] = field(default_factory=list)
    sheet_heard: list[float] = field(default_factory=list)  # the update each sheet answered
    errors: list[str] = field(default_factory=list)
    connected: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    conn: http.client.HTTPConnection | None = None

    def run(self) -> None:
        fetcher = Phone(self.port) if self.fetch else None
        last = ""
        while not self.stop.is_set():
            try:
                last = self._listen(last, fetcher)
            except (OSError, http.client.HTTPException) as exc:
                if not self.stop.is_set():
                    self.errors.append(f"{exc.__class__.__name__}: {exc}")
                    time.sleep(0.5)
        if fetcher is not None:
            fetcher.close()

    def _listen(self, last: str, fetcher: Phone | None) -> str:
        """Read one stream until the server ends it (or we stop); returns the last event id."""
        self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
        headers = {"Accept": "text/event-stream", **({"Last-Event-ID": last} if last else {})}
        self.conn.request("GET", f"/t/{self.token}/stream", headers=headers)
        response = self.conn.getresponse()
        if response.status != 200:
            raise http.client.HTTPException(f"stream answered {response.status}")
        kind = ""
        while not self.stop.is_set():
            line = response.readline().decode()
            if not line:
                break
            line = line.rstrip("\n")
            if line.startswith("id:"):
                last = line[3:].strip()
                self.connected.set()
            elif line.startswith("event:"):
                kind = line[6:].strip()
            elif line == "" and kind == "update":
                kind = ""
                self.events.append(time.perf_counter())
                if fetcher is not None:
                    self._fetch(fetcher, self.events[-1])
        self.conn.close()
        return last

    def _fetch(self, fetcher: Phone, heard: float) -> None:
        """As a phone does: the sheet, sending the entry box's key (a changed entry box comes
        back out of band with the sheet)."""
        key = getattr(self, "entry_key", "")
        seen = getattr(self, "seen", "")  # the version its sheet shows: only what changed comes
        answer = fetcher.get(f"/t/{self.token}/live?key={quote(key)}&seen={seen}", htmx=True)
        if answer.status == 200:
            self.sheets.append(time.perf_counter())
            self.sheet_heard.append(heard)
            found = ENTRY_KEY.search(answer.body)
            if found:
                self.entry_key = html.unescape(found.group(1))
            version = TABLE_VERSION.search(answer.body)
            if version:
                self.seen = version.group(1)
        else:
            self.errors.append(f"GET live answered {answer.status}")

    def hang_up(self) -> None:
        self.stop.set()
        sock = self.conn.sock if self.conn is not None else None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


ENTRY_KEY = re.compile(r'id="entry-key" name="key" value="([^"]*)"')
TABLE_VERSION = re.compile(r'id="table-version" name="seen" value="(\d+)"')


@dataclass
class Result:
    backend: str
    workers: int
    posts: int = 0
    post_errors: int = 0
    post_latencies: list[float] = field(default_factory=list)
    event: list[float] = field(default_factory=list)
    sheet: list[float] = field(default_factory=list)
    missed: int = 0
    reader_errors: int = 0
    first_error: str = ""
    rss_idle: float = 0.0
    rss_connected: float = 0.0
    rss_peak: float = 0.0
    achieved_rate: float = 0.0
    streams: list[int] = field(default_factory=list)


def match(
    sent: list[float], arrived: list[float], heard: list[float] | None = None
) -> tuple[list[float], int]:
    """Pair each arrival with the newest entry sent before it (each entry once); with
    ``heard``, the newest entry sent before the update that arrival answered (a sheet is
    fetched on an update, so a slow fetch still belongs to the entry its update announced).

    Returns the delays and how many entries no arrival answered.
    """
    delays, used = [], -1
    for t, h in zip(arrived, heard if heard is not None else arrived, strict=True):
        i = bisect_right(sent, h) - 1
        if i > used:
            delays.append(t - sent[i])
            used = i
    return delays, len(sent) - len(delays)


def write(hosts: list[Phone], tables: list[StartedTable], args: argparse.Namespace, res: Result):
    """Enter rounds at a steady rate, each table by its host; returns send times per table.

    Sends go through a small pool, so one slow answer does not hold up the next entry.
    """
    sent: list[list[float]] = [[] for _ in tables]
    locks = [threading.Lock() for _ in tables]
    rounds = [0] * len(tables)
    record = threading.Lock()

    def send(i: int, number: int) -> None:
        with locks[i]:
            sent[i].append(time.perf_counter())
            path = f"/t/{tables[i].token}/round/{number}"
            try:
                answer = hosts[i].post(path, round_form(tables[i], number), htmx=True)
                status, body, seconds = answer.status, answer.body, answer.seconds
            except (OSError, http.client.HTTPException) as exc:
                status, body, seconds = 0, f"{exc.__class__.__name__}: {exc}", 0.0
        with record:
            if status == 200:
                res.post_latencies.append(seconds)
            else:
                res.post_errors += 1
                res.first_error = res.first_error or f"POST {status}: {body[:200]}"

    total = int(args.rate * args.seconds)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.writers) as pool:
        for k in range(total):
            time.sleep(max(0.0, start + k / args.rate - time.perf_counter()))
            i = k % len(tables)
            rounds[i] += 1
            pool.submit(send, i, rounds[i])
        res.achieved_rate = total / (time.perf_counter() - start)
    res.posts = total
    return sent


def wait_for_updates(readers: list[Reader], sent: list[list[float]], args: argparse.Namespace):
    """Until every phone has heard (and, fetching, read) every entry of its table, or
    ``--grace`` seconds have passed: a late update counts, a quiet machine waits no longer
    than it needs."""

    def heard(r: Reader) -> bool:
        n = min(len(r.sheets), len(r.sheet_heard))  # the phone's thread may be between the two
        sheets, heard_at = r.sheets[:n], r.sheet_heard[:n]
        return match(sent[r.table], list(r.events))[1] == 0 and (
            not args.fetch or match(sent[r.table], sheets, heard_at)[1] == 0
        )

    deadline = time.monotonic() + args.grace
    while not all(heard(r) for r in readers) and time.monotonic() < deadline:
        time.sleep(0.05)


def sample_memory(server: Server, res: Result, stop: threading.Event) -> None:
    while not stop.wait(0.5):
        res.rss_peak = max(res.rss_peak, server.rss_mib())


def bench_backend(backend: str, db_url: str | None, args: argparse.Namespace) -> Result:
    workers = args.sqlite_workers if backend == "sqlite" else args.pg_workers
    res = Result(backend, workers)
    with running(Server("companion", workers, args.threads, db_url, args.worker_class)) as server:
        hosts = [Phone(server.port) for _ in range(args.tables)]
        tables = [start_table(host, args.players) for host in hosts]
        res.rss_idle = server.rss_mib()
        readers = [
            Reader(server.port, i, t.token, args.fetch)
            for i, t in enumerate(tables)
            for _ in range(args.phones)
        ]
        threads = [threading.Thread(target=r.run, daemon=True) for r in readers]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        for r in readers:
            r.connected.wait(max(0.0, deadline - time.monotonic()))
        res.rss_connected = server.rss_mib()
        res.streams = sorted(connections_per_process(server).values(), reverse=True)
        stop = threading.Event()
        sampler = threading.Thread(target=sample_memory, args=(server, res, stop), daemon=True)
        sampler.start()
        sent = write(hosts, tables, args, res)
        wait_for_updates(readers, sent, args)
        stop.set()
        for r in readers:
            r.hang_up()
        for t in threads:
            t.join(timeout=10)
        for host in hosts:
            host.close()
    for r in readers:
        delays, missed = match(sent[r.table], r.events)
        res.event += delays
        res.missed += missed
        res.sheet += match(sent[r.table], r.sheets, r.sheet_heard)[0]
        res.reader_errors += len(r.errors)
        res.first_error = res.first_error or (r.errors[0] if r.errors else "")
    return res


def report(results: list[Result], args: argparse.Namespace) -> str:
    phones = args.tables * args.phones
    print(f"\n{phones} phones on {args.tables} tables ({args.phones} each), one writer at "
          f"{args.rate}/s for {args.seconds} s, {worker_label(args)}; "
          f"{machine()}")  # fmt: skip
    rows = []
    for r in results:
        for name, values in (("POST", r.post_latencies), ("event", r.event), ("sheet", r.sheet)):
            if name == "sheet" and not args.fetch:
                continue
            figures = [ms(percentile(values, q)) for q in (50, 95, 99)]
            rows.append([r.backend, r.workers, name, len(values), *figures])
    headers = ["db", "workers", "what", "n", "p50 ms", "p95 ms", "p99 ms"]
    text = print_table(headers, rows)
    print()
    rows = [
        [r.backend, r.workers, f"{r.posts} ({r.achieved_rate:.1f}/s)", r.post_errors, r.missed]
        + [r.reader_errors, "/".join(map(str, r.streams)) or "?"]
        + [f"{r.rss_idle:.0f}", f"{r.rss_connected:.0f}", f"{r.rss_peak:.0f}"]
        for r in results
    ]
    headers = ["db", "workers", "entries", "POST errors", "missed updates", "stream errors"]
    text += "\n\n" + print_table(
        [*headers, "conns/worker", "RSS idle MiB", "RSS connected MiB", "RSS peak MiB"], rows
    )
    for r in results:
        if r.first_error:
            print(f"first error ({r.backend}): {r.first_error}")
    return text


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--phones", type=int, default=5, help="streaming phones per table")
    ap.add_argument("--players", type=int, default=5, help="seats per table")
    ap.add_argument("--rate", type=float, default=10.0, help="entries per second")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long the writer writes")
    ap.add_argument("--writers", type=int, default=8, help="entries in flight at most")
    ap.add_argument("--grace", type=float, default=2.0, help="longest wait for late updates (s)")
    ap.add_argument("--threads", type=int, default=256, help="gthread threads per worker")
    ap.add_argument("--worker-class", default="gevent", help="gevent or gthread")
    ap.add_argument("--sqlite-workers", type=int, default=1)
    ap.add_argument("--pg-workers", type=int, default=2)
    ap.add_argument("--backends", default="sqlite", help="comma list of sqlite, pg")
    ap.add_argument("--no-fetch", dest="fetch", action="store_false", help="do not fetch sheets")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> list[Result]:
    args = parse(argv)
    results = []
    with ExitStack() as stack:
        for backend in [b.strip() for b in args.backends.split(",") if b.strip()]:
            db_url = None
            if backend == "pg":
                db_url = stack.enter_context(scratch_postgres())
                if db_url is None:
                    continue
            results.append(bench_backend(backend, db_url, args))
    report(results, args)
    return results


if __name__ == "__main__":
    main()
