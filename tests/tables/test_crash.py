"""Kill the server with SIGKILL in the middle of a stream of entries, restart it, and check
that every entry answered with success is there and the database passes its integrity check,
on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.env = env
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                   "--port", str(self.port), "--no-qr"]  # fmt: skip
        self.proc = subprocess.Popen(
            command,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 180  # a loaded machine starts slowly (77 s seen)
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/code", timeout=2) as answer:
                    answer.read()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)  # master and workers, no goodbye
        self.proc.wait(10)


def _opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


def _get(
    opener, url: str, data: bytes | None = None, timeout: float = 10
) -> tuple[int, str, bytes]:
    """Status, final address and body of one request, its connection closed before returning:
    gunicorn lingers up to 2 s on a connection the client leaves open (RFC 9112 close)."""
    with opener.open(url, data, timeout=timeout) as answer:
        return answer.status, answer.geturl(), answer.read()


def _csrf(opener, base: str) -> str:
    page = _get(opener, base + "/code")[2].decode()
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _run(env: dict[str, str]) -> tuple[set[int], dict]:
    server = Server(env)
    server.start()
    opener = _opener()
    token = _csrf(opener, server.base)
    data = {"csrf_token": token, "game": "custom", "players": "2", "name-0": "A", "name-1": "B"}
    table = _get(opener, server.base + "/tables", urlencode(data).encode())[1]
    acknowledged: set[int] = set()
    enough = threading.Event()  # 25 entries acknowledged: time to kill the server
    stop = threading.Event()

    def writer() -> None:
        for r in range(1, 10_000):
            if stop.is_set():
                return
            body = {"csrf_token": token, "points-0": str(r), "version-0": "0",
                    "points-1": "1", "version-1": "0"}  # fmt: skip
            try:
                status = _get(opener, f"{table}/round/{r}", urlencode(body).encode(), 5)[0]
            except (OSError, urllib.error.URLError):
                enough.set()  # the server is gone, or the writer failed early (checked below)
                return
            if status == 200:  # 303 followed to the table page
                acknowledged.add(r)
                if len(acknowledged) >= 25:
                    enough.set()

    thread = threading.Thread(target=writer)
    thread.start()
    assert enough.wait(120), "no answer in 120 s"
    assert len(acknowledged) >= 25, f"the writer stopped early, at {len(acknowledged)} entries"
    server.kill()  # while the writer is still sending
    stop.set()
    thread.join(10)
    server.start()
    exported = json.loads(_get(opener, f"{table}/games/1/export.json")[2])
    server.kill()
    return acknowledged, exported


def _rounds(exported: dict) -> set[int]:
    return {
        e["round"] for e in exported["events"] if e["kind"] == "score" and e["payload"]["seat"] == 0
    }


def test_sigkill_loses_no_acknowledged_entry_sqlite(tmp_path: Path):
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    acknowledged, exported = _run(env)
    assert acknowledged and acknowledged <= _rounds(exported)
    with sqlite3.connect(tmp_path / "companion.sqlite3") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_sigkill_loses_no_acknowledged_entry_postgresql(tmp_path: Path, pg_emptied):
    if pg_emptied is None:
        pytest.skip("PostgreSQL not reachable")
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path), "DATABASE_URL": pg_emptied}
    acknowledged, exported = _run(env)
    assert acknowledged and acknowledged <= _rounds(exported)
    import psycopg

    dsn = pg_emptied.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
        indexes = conn.execute(
            "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"
        ).fetchall()
        assert indexes
        for (name,) in indexes:
            conn.execute("SELECT bt_index_check(%s::regclass, true)", (name,))
        orphans = conn.execute(
            "SELECT count(*) FROM events e LEFT JOIN games g ON g.id = e.game_id WHERE g.id IS NULL"
        ).fetchone()
        assert orphans == (0,)
