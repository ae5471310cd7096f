"""Ordinary requests while many event streams are open, and while slow clients hold sockets.

On the default ``companion serve`` (one worker), and on the old ``gthread`` model in the same
run: ``--clients`` phones, each the host of its own table, load their table page and enter a
round, ``--requests`` times each, while 0, 300 and 1,000 streams (``--levels``) are open on
``--tables`` tables, without and then with ``--slow`` slow clients. A slow client sends half a
request line, then one byte a second; when the server closes it, it connects again at once.
A request that gets no answer within ``--timeout`` seconds counts as an error and its phone
stops for that phase. Streams are raw sockets that read nothing: they cost the client no
thread. At the end, ``--vanish`` streams hang up at once and the time until the server's count
of open streams (``GET /live/streams``) drops back is printed::

    .venv/bin/python -m bench.bench_streams [--levels 0,300,1000] [--worker-classes gevent,gthread]
"""

from __future__ import annotations

import argparse
import http.client
import json
import resource
import selectors
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench._common import (
    HOST,
    Phone,
    Server,
    StartedTable,
    machine,
    ms,
    percentile,
    print_table,
    round_form,
    running,
    start_table,
)


def open_stream(port: int, token: str) -> socket.socket:
    sock = socket.create_connection((HOST, port), timeout=10)
    request = f"GET /t/{token}/stream HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n"
    sock.sendall(request.encode())
    return sock


def open_count(port: int, timeout: float = 5.0, until: int | None = None) -> int | None:
    """The server's own count of open streams (``until``: once it is that many, the server
    waiting up to 30 s); None when it does not answer in time."""
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        conn.request("GET", "/live/streams" + ("" if until is None else f"?until={until}"))
        count = int(json.loads(conn.getresponse().read())["open"])
        conn.close()
        return count
    except (OSError, http.client.HTTPException, ValueError, KeyError):
        return None


def wait_count(port: int, wanted: int, seconds: float) -> int | None:
    deadline, count = time.monotonic() + seconds, None
    while time.monotonic() < deadline:
        count = open_count(port)
        if count == wanted:
            return count
        time.sleep(0.2)
    return count


class SlowClients:
    """``n`` sockets that never finish their request line; reconnect when the server drops
    one. One thread and a selector drive them all."""

    def __init__(self, port: int, n: int) -> None:
        self.port, self.n = port, n
        self.dropped = 0
        self._drops = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SlowClients:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _drop(self) -> None:
        with self._drops:
            self.dropped += 1
            self._drops.notify_all()

    def wait_dropped(self, count: int, seconds: float) -> bool:
        """Whether the server has dropped ``count`` of them within ``seconds``."""
        with self._drops:
            return self._drops.wait_for(lambda: self.dropped >= count, seconds)

    def _connect(self, sel: selectors.BaseSelector) -> None:
        try:
            sock = socket.create_connection((HOST, self.port), timeout=5)
            sock.sendall(b"GET /?slow=")
            sock.setblocking(False)
            sel.register(sock, selectors.EVENT_READ)
        except OSError:
            self._drop()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        for _ in range(self.n):
            self._connect(sel)
        next_byte = time.monotonic() + 1.0
        while not self._stop.is_set():
            for key, _ in sel.select(timeout=0.2):  # readable: the server closed (or answered)
                sel.unregister(key.fileobj)
                key.fileobj.close()  # type: ignore[union-attr]
                self._drop()
                self._connect(sel)
            if time.monotonic() >= next_byte:
                next_byte += 1.0
                for key in list(sel.get_map().values()):
                    try:
                        key.fileobj.send(b"a")  # type: ignore[union-attr]
                    except OSError:
                        pass
        for key in list(sel.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        sel.close()


@dataclass
class Phase:
    worker_class: str
    streams: int
    slow: int
    open_seen: int | None = None
    page: list[float] = field(default_factory=list)
    entry: list[float] = field(default_factory=list)
    errors: int = 0
    dropped: int = 0
    first_error: str = ""


def measure(
    phase: Phase, phones: list[Phone], tables: list[StartedTable], rounds: list[int], args
) -> None:
    """Each phone loads its table page and enters its table's next round; ``rounds`` holds
    the last round number entered at each table."""
    lock = threading.Lock()

    def client(i: int) -> None:
        phone, table = phones[i], tables[i]
        for _ in range(args.requests):
            rounds[i] += 1
            try:
                page = phone.get(f"/t/{table.token}")
                entry = phone.post(
                    f"/t/{table.token}/round/{rounds[i]}", round_form(table, rounds[i]), htmx=True
                )
                statuses = (page.status, entry.status)
                failed = "" if statuses == (200, 200) else f"answered {statuses}"
            except (OSError, http.client.HTTPException) as exc:
                failed = f"{exc.__class__.__name__}: {exc}"
            with lock:
                if failed:
                    phase.errors += 1
                    phase.first_error = phase.first_error or failed
                    return
                phase.page.append(page.seconds)
                phase.entry.append(entry.seconds)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def vanish(port: int, token: str, n: int) -> tuple[float | None, int | None]:
    """Open ``n`` streams, then hang up on them all: seconds until the server counts them
    gone (None if it never does within 30 s), and the count then."""
    base = wait_count(port, 0, 30) or 0  # the streams of the phases before are gone
    socks = [open_stream(port, token) for _ in range(n)]
    if wait_count(port, base + n, 30) != base + n:
        return None, open_count(port)
    start = time.perf_counter()
    for sock in socks:
        sock.close()
    count = wait_count(port, base, 30)
    return (time.perf_counter() - start if count == base else None), count


def bench_class(worker_class: str, args: argparse.Namespace) -> tuple[list[Phase], tuple]:
    env = {"COMPANION_STREAM_SECONDS": "3600"}  # the streams stay open for the whole run
    server = Server("companion", 1, args.threads, worker_class=worker_class, env=env)
    phases: list[Phase] = []
    streams: list[socket.socket] = []
    with running(server):
        phones = [Phone(server.port, timeout=args.timeout) for _ in range(args.tables)]
        tables = [start_table(phone, 4) for phone in phones]
        rounds = [0] * len(tables)
        for level in args.levels:
            while len(streams) < level:
                streams.append(open_stream(server.port, tables[len(streams) % len(tables)].token))
            seen = wait_count(server.port, level, 30)
            for slow in (0, args.slow):
                phase = Phase(worker_class, level, slow, seen)
                with SlowClients(server.port, slow) as slowpoke:
                    time.sleep(args.settle if slow else 0)
                    measure(phase, phones[: args.clients], tables, rounds, args)
                    phase.dropped = slowpoke.dropped
                phases.append(phase)
                print(f"  {worker_class}: {level} streams, {slow} slow clients done", flush=True)
        for sock in streams:
            sock.close()
        gone = vanish(server.port, tables[0].token, args.vanish) if args.vanish else (None, None)
        for phone in phones:
            phone.close()
    return phases, gone


def report(phases: list[Phase], gone: dict[str, tuple], args: argparse.Namespace) -> str:
    print(f"\n1 worker; {args.clients} phones each loading its table page and entering a round "
          f"{args.requests} times; streams on {args.tables} tables; {machine()}")  # fmt: skip
    rows = []
    for p in phases:
        rows.append(
            [p.worker_class, p.streams, "?" if p.open_seen is None else p.open_seen, p.slow]
            + [p.dropped, len(p.page), p.errors]
            + [ms(percentile(p.page, q)) for q in (50, 95)]
            + [ms(percentile(p.entry, q)) for q in (50, 95)]
        )
    headers = ["worker", "streams", "open (server)", "slow", "slow dropped", "n", "errors"]
    headers += ["page p50 ms", "page p95 ms", "entry p50 ms", "entry p95 ms"]
    text = print_table(headers, rows)
    for p in phases:
        if p.first_error:
            print(f"first error ({p.worker_class}, {p.streams} streams, {p.slow} slow): "
                  f"{p.first_error}")  # fmt: skip
    for worker_class, (seconds, count) in gone.items():
        shown = f"{seconds:.1f} s" if seconds is not None else f"not within 30 s (count {count})"
        print(f"{worker_class}: {args.vanish} streams hung up, server count back after {shown}")
    return text


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="0,300,1000", help="open streams, comma list")
    ap.add_argument("--slow", type=int, default=100, help="slow clients in the second pass")
    ap.add_argument("--tables", type=int, default=20, help="tables the streams watch")
    ap.add_argument("--clients", type=int, default=4, help="measuring phones (<= tables)")
    ap.add_argument("--requests", type=int, default=25, help="page loads + entries per phone")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds before an error")
    ap.add_argument("--settle", type=float, default=2.0, help="slow clients connect (s)")
    ap.add_argument("--vanish", type=int, default=100, help="streams that hang up at the end")
    ap.add_argument("--threads", type=int, default=64, help="gthread threads per worker")
    ap.add_argument("--worker-classes", default="gevent,gthread", help="comma list")
    args = ap.parse_args(argv)
    args.levels = [int(x) for x in args.levels.split(",") if x.strip()]
    args.clients = min(args.clients, args.tables)
    return args


def main(argv: Sequence[str] | None = None) -> list[Phase]:
    args = parse(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    phases, gone = [], {}
    for worker_class in [w.strip() for w in args.worker_classes.split(",") if w.strip()]:
        found, gone[worker_class] = bench_class(worker_class, args)
        phases += found
    report(phases, gone, args)
    return phases


if __name__ == "__main__":
    main()
