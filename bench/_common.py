"""Shared parts of the benchmarks: servers on loopback, phones with cookies, figures.

Everything here talks to 127.0.0.1 only. A server is started as a child process (gunicorn,
gevent by default, through ``companion serve``, or the bare Flask baseline through the very same
``companion.server.run``), on a free port, and stopped when the benchmark ends.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
# the browser the browser tests and bench_pages drive: COMPANION_CHROMIUM, else Debian's
# chromium-headless-shell (setup.sh installs it: Chromium's own engine without the browser's
# windows, the one Playwright itself runs headless; a fifth less CPU a browser test than the
# full browser, measured 2026-11-29), else the full chromium
CHROMIUM = os.environ.get("COMPANION_CHROMIUM") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(p)),
    "/usr/bin/chromium-headless-shell",
)
PG_ADMIN = os.environ.get("BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
JOIN = re.compile(r'href="/j/([A-Za-z0-9_-]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


# --- servers ---------------------------------------------------------------------------------

# the bare app has no database: Companion's migrations before the workers start (0.6 s of CPU
# in a child process at every start) are left out, gunicorn's settings are the same
BARE_RUN = (
    "import sys; from bench import _bare; import companion.server as s; "
    "s.create_app = lambda: _bare.app; s.migrate_once = lambda: None; "
    "s.run('127.0.0.1', int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])"
)
APP_RUN = "from companion.cli import main; main()"


@dataclass
class Server:
    """A gunicorn server in a child process; ``kind`` is ``companion`` or ``bare``."""

    kind: str
    workers: int
    threads: int
    database_url: str | None = None
    worker_class: str = "gevent"
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    tmp: str = ""
    root: Path = ROOT  # the source tree it runs (another checkout: its code, same venv)

    def command(self) -> list[str]:
        size = [str(self.port), str(self.workers), str(self.threads)]
        if self.kind == "bare":
            return [sys.executable, "-c", BARE_RUN, *size, self.worker_class]
        flags = ["--host", HOST, "--port", size[0], "--no-qr", "--workers", size[1]]
        flags += ["--worker-class", self.worker_class]
        return [sys.executable, "-c", APP_RUN, "serve", *flags, "--threads", size[2]]

    def start(self, timeout: float = 180.0) -> Server:
        self.tmp = tempfile.mkdtemp(prefix="companion-bench-")
        env = dict(
            os.environ,
            COMPANION_INSTANCE=self.tmp,
            PYTHONPATH=str(self.root),
            COMPANION_TABLES_PER_MINUTE="0",
            **self.env,
        )  # tables by the dozen, one address
        env.pop("DATABASE_URL", None)
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        with open(Path(self.tmp) / "server.log", "wb") as log:  # the child keeps its own copy
            self.proc = subprocess.Popen(
                self.command(), cwd=self.root, env=env, stdout=subprocess.DEVNULL, stderr=log
            )
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"{self.kind} server exited:\n{self.log_tail()}")
            try:
                if Phone(self.port).get("/").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{self.kind} server did not answer in {timeout:.0f} s")

    def log_tail(self, lines: int = 20) -> str:
        path = Path(self.tmp) / "server.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def rss_mib(self) -> float:
        """Resident memory of the master and all its workers, in MiB."""
        if self.proc is None:
            return 0.0
        pids = [self.proc.pid, *children(self.proc.pid)]
        return sum(vm_rss_kib(pid) for pid in pids) / 1024

    def stop(self) -> None:
        """Gunicorn's quick shutdown (SIGINT, as the browser tests stop their servers): the
        figures are taken by now, and a graceful stop (SIGTERM) waited up to the server's 5 s
        ``graceful_timeout`` for any phone's keep-alive connection still open, and about a
        second more for each gevent worker's loop to notice."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


def connections_per_process(server: Server) -> dict[int, int]:
    """Established connections to the server's port, per worker pid (from ``ss``)."""
    if server.proc is None or shutil.which("ss") is None:
        return {}
    out = subprocess.run(
        ["ss", "-Htnp", "state", "established", f"sport = :{server.port}"],
        capture_output=True,
        text=True,
        timeout=10,
    ).stdout
    counts = dict.fromkeys(children(server.proc.pid), 0)
    for pid in re.findall(r"pid=(\d+)", out):
        counts[int(pid)] = counts.get(int(pid), 0) + 1
    return counts


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pids: Sequence[int]) -> float:
    """CPU seconds (user and system) these processes have used so far."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def worker_cpu(server: Server) -> float:
    """CPU seconds the server's worker(s) have used so far."""
    return cpu_of(children(server.proc.pid if server.proc else 0))


def vm_rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@contextmanager
def running(server: Server) -> Iterator[Server]:
    server.start()
    try:
        yield server
    finally:
        server.stop()


# --- PostgreSQL scratch database -------------------------------------------------------------


def _with_database(url: str, db: str) -> str:
    """``url`` naming database ``db`` instead, its query kept (``?host=/var/run/postgresql``:
    the server's Unix socket instead of TCP)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=db).render_as_string(hide_password=False)


def _psycopg_url(db: str) -> str:
    return _with_database(PG_ADMIN, db).replace("postgresql://", "postgresql+psycopg://", 1)


@contextmanager
def scratch_postgres() -> Iterator[str | None]:
    """A fresh database for one run, dropped afterwards; None if no server answers."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"companion_bench_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    try:
        admin_db = make_url(PG_ADMIN).database or "postgres"
        admin = create_engine(_psycopg_url(admin_db), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        print(f"PostgreSQL not reachable at {PG_ADMIN}: {exc.__class__.__name__}")
        yield None
        return
    try:
        yield _with_database(PG_ADMIN, name)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


# --- phones ----------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    body: str
    seconds: float
    headers: dict[str, str]


class Phone:
    """One phone: a keep-alive HTTP connection to loopback and its session cookie."""

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.port, self.timeout = port, timeout
        self.cookie = ""
        self.conn = http.client.HTTPConnection(HOST, port, timeout=timeout)

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        htmx: bool = False,
        json_body: object = None,
        key: str = "",
    ) -> Answer:
        body = urlencode(form).encode() if form is not None else None
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        if key:
            headers["Authorization"] = f"Bearer {key}"
        if htmx:
            headers["HX-Request"] = "true"
        start = time.perf_counter()
        try:
            response = self._send(method, path, body, headers)
            text = response.read().decode(errors="replace")
        except (OSError, http.client.HTTPException):
            self.conn.close()  # start the next request on a fresh connection
            raise
        seconds = time.perf_counter() - start
        self._keep_cookie(response.getheader("Set-Cookie"))
        return Answer(response.status, text, seconds, dict(response.getheaders()))

    def _send(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> http.client.HTTPResponse:
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                return self.conn.getresponse()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # The server closed an idle keep-alive connection before reading this request.
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _keep_cookie(self, header: str | None) -> None:
        if header and header.startswith("session="):
            self.cookie = header.split(";", 1)[0]

    def get(self, path: str, htmx: bool = False) -> Answer:
        return self.request("GET", path, htmx=htmx)

    def post(self, path: str, form: dict[str, str], htmx: bool = False) -> Answer:
        return self.request("POST", path, form, htmx=htmx)

    def api(self, path: str, body: object, key: str = "") -> Answer:
        """A Table API call: a JSON body and, when given, the table key."""
        return self.request("POST", path, json_body=body, key=key)

    def csrf(self, path: str = "/") -> str:
        found = CSRF.search(self.get(path).body)
        if not found:
            raise RuntimeError(f"no csrf token on {path}")
        return found.group(1)

    def close(self) -> None:
        self.conn.close()


@dataclass
class StartedTable:
    token: str
    join_token: str
    csrf: str
    players: int


def start_table(phone: Phone, players: int = 4) -> StartedTable:
    """Start a custom scoresheet as this phone (the host, who may enter every seat)."""
    token = phone.csrf("/")
    form = {"csrf_token": token, "game": "custom", "players": str(players)}
    form.update({f"name-{i}": f"P{i + 1}" for i in range(players)})
    answer = phone.post("/tables", form)
    if answer.status != 303:
        raise RuntimeError(f"POST /tables answered {answer.status}: {answer.body[:300]}")
    path = answer.headers["Location"].split("://", 1)[-1]
    path = path[path.index("/") :] if not path.startswith("/") else path
    page = phone.get(path).body
    found = JOIN.search(page)
    return StartedTable(path.rsplit("/", 1)[1], found.group(1) if found else "", token, players)


def round_form(table: StartedTable, number: int) -> dict[str, str]:
    """A full new round: every seat, each cell new (version 0)."""
    form = {"csrf_token": table.csrf}
    for seat in range(table.players):
        form[f"points-{seat}"] = str((number * 7 + seat * 3) % 26)
        form[f"version-{seat}"] = "0"
    return form


# --- figures ---------------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(p / 100 * len(ordered))))
    return ordered[rank - 1]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def print_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    text = "\n".join(lines)
    print(text, flush=True)
    return text


def worker_label(args) -> str:  # type: ignore[no-untyped-def]
    """How the server under test serves: the worker class (and threads for gthread)."""
    if args.worker_class == "gthread":
        return f"gthread, {args.threads} threads per worker"
    return f"{args.worker_class} workers"


def machine() -> str:
    cpus = os.cpu_count() or 0
    return f"{cpus} cores, Python {sys.version.split()[0]}, loopback (client and server share them)"
