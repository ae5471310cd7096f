"""Live updates across processes: PostgreSQL LISTEN/NOTIFY wakes streams in other workers."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest

from bench._common import children
from companion.tables.live import PostgresBroker


@pytest.fixture
def pg_dsn(pg_emptied):
    if pg_emptied is None:
        pytest.skip("PostgreSQL not reachable")
    return pg_emptied.replace("postgresql+psycopg://", "postgresql://", 1)


def test_a_publish_in_one_broker_wakes_a_waiter_in_another(pg_dsn):
    sender = PostgresBroker(pg_dsn)
    receiver = PostgresBroker(pg_dsn)
    receiver.prepare()  # starts the receiver's listener and waits until it listens
    got: list[int | None] = []
    waiter = threading.Thread(target=lambda: got.append(receiver.wait("tbl", 10, 60.0)))
    waiter.start()
    # no need to wait for the waiter: a version that arrives first is kept, and wait() returns
    # at once when the table is already past the version it saw
    sender.publish("tbl", 11)
    waiter.join(60)
    assert got == [11]


def test_publishes_from_many_threads_reach_another_broker_each_tables_newest(pg_dsn):
    """Versions published faster than they are sent go out together, each table's newest:
    the other process hears every table reach its last version."""
    sender = PostgresBroker(pg_dsn)
    receiver = PostgresBroker(pg_dsn)
    receiver.prepare()
    tables = [f"t{i}" for i in range(3)]

    def publish_all(token: str) -> None:
        for version in range(1, 41):
            sender.publish(token, version)

    threads = [threading.Thread(target=publish_all, args=(t,)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert [receiver.wait(t, 39, 30.0) for t in tables] == [40, 40, 40]


def test_an_idle_sender_ends_and_the_next_publish_starts_another(pg_dsn, monkeypatch):
    """A worker's sender closes its connection once nothing was published for a while (a
    process holds no connection it does not use); a later publish is still heard."""
    from companion.tables import live

    monkeypatch.setattr(live, "SENDER_IDLE_SECONDS", 0.05)
    sender = PostgresBroker(pg_dsn)
    receiver = PostgresBroker(pg_dsn)
    receiver.prepare()
    sender.publish("idle", 1)
    assert receiver.wait("idle", 0, 30.0) == 1
    deadline = time.monotonic() + 30
    while sender._sender_pid and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sender._sender_pid == 0, "the sender did not end after its idle time"
    sender.publish("idle", 2)
    assert receiver.wait("idle", 1, 30.0) == 2


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _two_workers(database: str, folder: Path, port: int) -> tuple[list[str], dict[str, Any]]:
    """``companion serve --workers 2`` on PostgreSQL, as ``Popen`` arguments: its own process
    group (master and both workers), quiet."""
    env = {**os.environ, "COMPANION_INSTANCE": str(folder), "DATABASE_URL": database}
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--workers", "2", "--no-qr"]  # fmt: skip
    options = {"env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
               "start_new_session": True}  # fmt: skip
    return command, options


def test_two_workers_every_stream_sees_a_change(pg_emptied, tmp_path: Path):
    """``companion serve --workers 2`` on PostgreSQL: streams spread over both workers all get
    the update made through whichever worker took the entry."""
    if pg_emptied is None:
        pytest.skip("PostgreSQL not reachable")
    port = _free_port()
    command, options = _two_workers(pg_emptied, tmp_path, port)
    server = subprocess.Popen(command, **options)
    base = f"http://127.0.0.1:{port}"
    try:
        opener = _wait_for(base)
        table = _start_table(opener, base)
        seen: list[str] = []
        opened = threading.Semaphore(0)  # one release per stream the server has answered
        streams = [
            threading.Thread(target=_read_update, args=(base + table, seen, opened))
            for _ in range(6)
        ]
        for s in streams:
            s.start()
        for _ in streams:  # every stream is open (and listening) before the change
            assert opened.acquire(timeout=60), "a stream did not open"
        _post_score(opener, base, table)
        for s in streams:
            s.join(60)
        assert len(seen) == 6, seen
    finally:
        # open streams would hold a graceful stop for its 5 s; nothing here tests stopping
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


def _connections_by_process(pids: list[int], port: int) -> dict[int, int]:
    """Established connections to ``port`` held by each of ``pids`` (from /proc)."""
    inodes = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(fields[9])
    counts = {}
    for pid in pids:
        held = 0
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            held += target.startswith("socket:[") and target[8:-1] in inodes
        counts[pid] = held
    return counts


def test_phones_connecting_one_after_another_spread_over_the_workers(pg_emptied, tmp_path):
    """Each worker listens on its own socket (SO_REUSEPORT): on one shared socket, phones that
    connect one after another all went to the same worker and the other sat idle."""
    if pg_emptied is None:
        pytest.skip("PostgreSQL not reachable")
    port = _free_port()
    command, options = _two_workers(pg_emptied, tmp_path, port)
    server = subprocess.Popen(command, **options)
    phones: list[socket.socket] = []
    try:
        _wait_for(f"http://127.0.0.1:{port}")
        for _ in range(24):  # one at a time, each kept open (keep-alive) after its answer
            phone = socket.create_connection(("127.0.0.1", port), timeout=10)
            phone.sendall(b"GET /code HTTP/1.1\r\nHost: x\r\n\r\n")
            assert phone.recv(64).startswith(b"HTTP/1.1 200")
            phones.append(phone)
        # the server's worker processes (gunicorn's master is the process started above)
        counts = _connections_by_process(children(server.pid), port)
        assert len(counts) == 2 and sum(counts.values()) >= 24, counts
        assert min(counts.values()) > 0, counts
        # a second server on the same port stops with a clear message instead of sharing it
        again = subprocess.run(command, env=options["env"], capture_output=True, text=True,
                               timeout=60)  # fmt: skip
        assert again.returncode != 0
        assert f"port {port} is already in use" in again.stderr
    finally:
        for phone in phones:
            phone.close()
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


def _wait_for(base: str):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    deadline = time.monotonic() + 180  # a loaded machine starts slowly (77 s seen)
    while time.monotonic() < deadline:
        try:
            with opener.open(base + "/code", timeout=2) as answer:
                answer.read()
            return opener
        except OSError:
            time.sleep(0.1)
    raise AssertionError("server did not start")


def _csrf(opener, base: str) -> str:
    import re

    with opener.open(base + "/code") as answer:
        page = answer.read().decode()
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _start_table(opener, base: str) -> str:
    from urllib.parse import urlencode

    data = {"csrf_token": _csrf(opener, base), "game": "custom", "players": "2",
            "name-0": "Ann", "name-1": "Ben"}  # fmt: skip
    with opener.open(base + "/tables", urlencode(data).encode()) as answer:
        return answer.geturl().replace(base, "")


def _post_score(opener, base: str, table: str) -> None:
    from urllib.parse import urlencode

    data = {"csrf_token": _csrf(opener, base), "points-0": "3", "version-0": "0"}
    with opener.open(base + table + "/round/1", urlencode(data).encode()) as answer:
        answer.read()


def _read_update(url: str, seen: list[str], opened: threading.Semaphore) -> None:
    request = urllib.request.Request(url + "/stream", headers={"Last-Event-ID": "999999999"})
    deadline = time.monotonic() + 60
    with urllib.request.urlopen(request, timeout=60) as stream:
        lines = iter(stream.readline, b"")
        assert next(lines).startswith(b"retry:")
        opened.release()  # the stream has read the table's version, listening already
        for raw in lines:
            if raw.startswith(b"event: update"):
                seen.append(url)
                return
            if time.monotonic() > deadline:
                return
