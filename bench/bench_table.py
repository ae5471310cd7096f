"""Latency and throughput of the table shell beside a bare Flask app, same gunicorn settings.

Phases, each with ``--clients`` concurrent phones on keep-alive connections, each phone sending
``--requests`` measured requests after ``--warmup`` unmeasured ones:

- ``enter``: the host enters a full new round (POST /t/<token>/round/<n>, as htmx sends it);
- ``read``: the sheet fragment every phone fetches after an update (GET /t/<token>/live);
- ``bare GET`` / ``bare POST``: the same shapes against a trivial Flask app.

Each phone has its own table. Run for SQLite (1 worker) and PostgreSQL (2 workers, a scratch
database created and dropped here) unless ``--backends`` says otherwise. ``--rounds N`` runs the
five phases N times in turn, both servers up throughout, and adds each phase's rounds together,
so a change in the machine's other load falls on the app and the bare app alike::

    .venv/bin/python -m bench.bench_table [--clients 50] [--requests 40] [--backends sqlite,pg]
"""

from __future__ import annotations

import argparse
import http.client
import json
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field

from bench._common import (
    Answer,
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

PHASES = ("bare GET", "bare POST", "enter round", "read sheet", "API action")

# One phone's i-th request: (phone, its table, i) -> answer.
Step = Callable[[Phone, StartedTable | None, int], Answer]


@dataclass
class Phase:
    backend: str
    name: str
    expect: int
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0
    first_error: str = ""

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def p(self, q: float) -> float:
        return percentile(self.latencies, q)


def wait(gate: threading.Barrier) -> None:
    """Line up with the other phones; go on regardless if one of them could not come."""
    try:
        gate.wait()
    except threading.BrokenBarrierError:
        pass


def run_phase(
    phase: Phase,
    phones: Sequence[tuple[Phone, StartedTable | None]],
    step: Step,
    warmup: int,
    requests: int,
    start_at: int = 0,
) -> Phase:
    """Every phone warms up, waits for the others, then sends its measured requests (its
    ``start_at``-th request first, so a later round enters new rounds). A phase run again
    adds to its figures."""
    lock = threading.Lock()
    gate = threading.Barrier(len(phones) + 1, timeout=120)

    def client(phone: Phone, table: StartedTable | None) -> None:
        mine: list[float] = []
        errors, first = 0, ""
        for i in range(warmup + requests):
            if i == warmup:
                wait(gate)
            try:
                answer = step(phone, table, start_at + i)
            except (OSError, http.client.HTTPException) as exc:
                errors, first = errors + 1, first or f"{exc.__class__.__name__}: {exc}"
                continue
            if answer.status != phase.expect:
                errors, first = errors + 1, first or f"HTTP {answer.status}: {answer.body[:200]}"
            elif i >= warmup:
                mine.append(answer.seconds)
        with lock:
            phase.latencies.extend(mine)
            phase.errors += errors
            phase.first_error = phase.first_error or first

    threads = [threading.Thread(target=client, args=pt, daemon=True) for pt in phones]
    for t in threads:
        t.start()
    wait(gate)
    start = time.perf_counter()
    for t in threads:
        t.join(timeout=600)
    phase.seconds += time.perf_counter() - start
    return phase


def enter_step(phone: Phone, table: StartedTable | None, i: int) -> Answer:
    assert table is not None
    path = f"/t/{table.token}/round/{i + 1}"
    return phone.post(path, round_form(table, i + 1), htmx=True)


def read_step(phone: Phone, table: StartedTable | None, i: int) -> Answer:
    assert table is not None
    return phone.get(f"/t/{table.token}/live", htmx=True)


def api_step(phone: Phone, table: StartedTable | None, i: int) -> Answer:
    """One Table API action: a seat's points for one round (4 seats a round, each new)."""
    assert table is not None
    target = {"round": i // table.players + 1, "seat": i % table.players}
    body = {"action": "score", "target": target, "version": 0, "data": {"points": i % 26}}
    return phone.api("/api/v1/table/actions", body, key=table.csrf)


def api_table(phone: Phone, players: int = 4) -> StartedTable:
    """A custom table started through the Table API; its host key rides in ``csrf``."""
    names = [f"P{i + 1}" for i in range(players)]
    answer = phone.api("/api/v1/tables", {"game": "custom", "names": names})
    if answer.status != 201:
        raise RuntimeError(f"POST /api/v1/tables answered {answer.status}: {answer.body[:300]}")
    created = json.loads(answer.body)
    return StartedTable(created["token"], "", created["host_key"], players)


def bare_get(phone: Phone, table: StartedTable | None, i: int) -> Answer:
    return phone.get("/")


def bare_post(phone: Phone, table: StartedTable | None, i: int) -> Answer:
    form = {"csrf_token": "x" * 32, **{f"points-{s}": str(i) for s in range(4)}}
    return phone.post("/", form)


def bench_backend(backend: str, db_url: str | None, args: argparse.Namespace) -> list[Phase]:
    workers = args.sqlite_workers if backend == "sqlite" else args.pg_workers
    n, w, r = args.clients, args.warmup, args.requests
    names = PHASES
    phases = {name: Phase(backend, name, 200) for name in names}
    # a server only for the phases named: the bare one for the bare phases, the app for the rest
    wanted = {"bare" if name.startswith("bare") else "app" for name in args.only}
    with ExitStack() as stack:
        bare = app = None
        if "bare" in wanted:
            bare_server = Server("bare", workers, args.threads, worker_class=args.worker_class)
            bare = stack.enter_context(running(bare_server))
        if "app" in wanted:
            app_server = Server("companion", workers, args.threads, db_url, args.worker_class)
            app = stack.enter_context(running(app_server))
        bare_phones: list[tuple[Phone, StartedTable | None]] = (
            [(Phone(bare.port), None) for _ in range(n)] if bare else []
        )
        pairs: list[tuple[Phone, StartedTable | None]] = (
            [(p, start_table(p)) for p in (Phone(app.port) for _ in range(n))] if app else []
        )
        api_pairs: list[tuple[Phone, StartedTable | None]] = [(p, api_table(p)) for p, _ in pairs]
        split: dict[str, list[int]] = {}  # phones per worker, busiest first
        steps = {
            "bare GET": (bare_phones, bare_get),
            "bare POST": (bare_phones, bare_post),
            "enter round": (pairs, enter_step),
            "read sheet": (pairs, read_step),
            "API action": (api_pairs, api_step),
        }
        for round_ in range(args.rounds):
            at = round_ * (w + r)
            for name in (n for n in names if n in args.only):
                run_phase(phases[name], *steps[name], w, r, at)
                # counted while the phase's connections are still open
                which, server = ("bare", bare) if name.startswith("bare") else ("app", app)
                if which not in split and server is not None:
                    split[which] = sorted(connections_per_process(server).values(), reverse=True)
        for phone, _ in bare_phones + pairs:
            phone.close()
    # the kernel spreads the phones' connections over the workers unevenly, and a phase lasts
    # as long as its busiest worker: the figures move with this split from run to run
    print(f"{backend}: phones per worker, app {split.get('app')}, bare {split.get('bare')}")
    return [p for p in phases.values() if p.name in args.only]


def report(phases: list[Phase], args: argparse.Namespace) -> str:
    base = {(p.backend, p.name): p for p in phases if p.name.startswith("bare")}
    rows = []
    for p in phases:
        posted = p.name in ("enter round", "API action")
        ref = base.get((p.backend, "bare POST" if posted else "bare GET"))
        ratio = (
            f"x{p.p(50) / ref.p(50):.1f} / x{ref.throughput / p.throughput:.1f}"
            if ref is not None and not p.name.startswith("bare") and p.latencies and ref.latencies
            else "-"
        )
        workers = args.sqlite_workers if p.backend == "sqlite" else args.pg_workers
        rows.append(
            [p.backend, workers, p.name, len(p.latencies), p.errors, f"{p.throughput:.0f}"]
            + [ms(p.p(q)) for q in (50, 95, 99)]
            + [ratio]
        )
    rounds = f" in each of {args.rounds} rounds" if args.rounds > 1 else ""
    print(f"\n{args.clients} clients, {args.requests} requests each (+{args.warmup} warm-up)"
          f"{rounds}, {worker_label(args)}; {machine()}")  # fmt: skip
    headers = ["db", "workers", "what", "n", "errors", "req/s", "p50 ms", "p95 ms", "p99 ms"]
    text = print_table([*headers, "vs bare: p50 / req/s"], rows)
    for p in phases:
        if p.first_error:
            print(f"first error in {p.backend} {p.name}: {p.first_error}")
    return text


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=50, help="concurrent phones (default 50)")
    ap.add_argument("--requests", type=int, default=40, help="measured requests per phone")
    ap.add_argument("--warmup", type=int, default=2, help="unmeasured requests per phone first")
    ap.add_argument("--rounds", type=int, default=1, help="run the phases this many times in turn")
    ap.add_argument("--threads", type=int, default=64, help="gthread threads per worker")
    ap.add_argument("--worker-class", default="gevent", help="gevent or gthread")
    ap.add_argument("--sqlite-workers", type=int, default=1)
    ap.add_argument("--pg-workers", type=int, default=2)
    ap.add_argument("--backends", default="sqlite,pg", help="comma list of sqlite, pg")
    ap.add_argument(
        "--only",
        default=",".join(PHASES),
        help="comma list of the phases to run (default all): " + ", ".join(PHASES),
    )
    args = ap.parse_args(argv)
    args.only = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in args.only if p not in PHASES]
    if unknown:
        ap.error(f"no such phase: {', '.join(unknown)}")
    return args


def main(argv: Sequence[str] | None = None) -> list[Phase]:
    args = parse(argv)
    phases: list[Phase] = []
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    with ExitStack() as stack:
        for backend in backends:
            db_url = None
            if backend == "pg":
                db_url = stack.enter_context(scratch_postgres())
                if db_url is None:
                    continue
            phases += bench_backend(backend, db_url, args)
    report(phases, args)
    return phases


if __name__ == "__main__":
    main()
