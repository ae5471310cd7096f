"""Live updates: a table's phones wait on its version and wake when it grows.

``InProcessBroker`` serves one process (the SQLite default, one worker). A broker that fans
out across processes (PostgreSQL LISTEN/NOTIFY) implements the same two methods.
"""

from __future__ import annotations

import _socket
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg


class InProcessBroker:
    """One condition per table, so an entry wakes only that table's streams."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conds: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}

    def _cond(self, table_token: str) -> threading.Condition:
        with self._lock:
            cond = self._conds.get(table_token)
            if cond is None:
                cond = self._conds[table_token] = threading.Condition(self._lock)
            return cond

    def prepare(self) -> None:
        """Called before a stream reads the table's version; nothing to do in one process."""

    def publish(self, table_token: str, version: int) -> None:
        cond = self._cond(table_token)
        with cond:
            if version > self._versions.get(table_token, 0):
                self._versions[table_token] = version
            cond.notify_all()

    def wait(self, table_token: str, seen: int, timeout: float) -> int | None:
        """Block until the table's version passes ``seen``; None on timeout."""
        deadline = time.monotonic() + timeout
        cond = self._cond(table_token)
        with cond:
            while self._versions.get(table_token, 0) <= seen:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                cond.wait(left)
            return self._versions[table_token]


def sse_stream(
    wait: Callable[[int, float], int | None],
    current: Callable[[], int],
    last_seen: int | None,
    duration: float,
    keepalive: float = 15.0,
    gone: Callable[[], bool] = lambda: False,
    check: float = 2.0,
) -> Iterator[str]:
    """Yield server-sent events: ``update`` with the new version as its id.

    On connect the phone is told at once if it missed a change (``Last-Event-ID`` older than
    the table). Every ``check`` seconds without news the stream asks ``gone()`` whether the
    phone hung up and ends if so; a comment goes out every ``keepalive`` seconds (proxies
    close silent connections). The stream ends after ``duration`` seconds; EventSource
    reconnects by itself after ``retry`` ms.
    """
    version = current()
    yield f"retry: 1000\nid: {version}\n\n"
    if last_seen is not None and last_seen < version:
        yield f"event: update\nid: {version}\ndata: {version}\n\n"
    now = time.monotonic()
    deadline, quiet_until = now + duration, now + keepalive
    while (left := deadline - time.monotonic()) > 0:
        newer = wait(version, min(check, left))
        if newer is not None:
            version = max(newer, version)
            quiet_until = time.monotonic() + keepalive
            yield f"event: update\nid: {version}\ndata: {version}\n\n"
        elif gone():
            return
        elif time.monotonic() >= quiet_until:
            quiet_until = time.monotonic() + keepalive
            yield ": keep-alive\n\n"


def hung_up(sock: socket.socket | None) -> bool:
    """True when the peer of ``sock`` has closed it (EOF waiting to be read).

    A phone sends nothing on an event stream after its request, so EOF means it hung up (stray
    bytes are left unread). One non-blocking peek on the bare file descriptor: no ``select``
    (it fails above descriptor 1023, and under gevent it would wait on the hub).
    """
    if sock is None:
        return False
    try:
        bare = _socket.socket(fileno=sock.fileno())
    except (OSError, ValueError):  # already closed
        return True
    try:
        return bare.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:  # nothing to read: still there
        return False
    except OSError:  # reset by the peer
        return True
    finally:
        bare.detach()  # the descriptor stays the server's


CHANNEL = "companion_tables"
# a worker's sender closes its connection and ends after this long with nothing to send
SENDER_IDLE_SECONDS = 1.0


class PostgresBroker(InProcessBroker):
    """Fan-out across processes through PostgreSQL LISTEN/NOTIFY (no other service to run).

    ``publish`` wakes this process's streams at once and hands ``'<token>:<version>'`` to a
    sender (a thread of the process, started at its first ``publish``, after the worker has
    forked) that sends ``NOTIFY companion_tables`` on a connection of its own after the change
    was committed, every version that waits in one statement (the newest of each table: what
    was published while the last statement was under way goes in the next):
    a ``NOTIFY`` inside the writing transaction makes PostgreSQL hold one database-wide lock
    from before its commit until the commit is on disk, so every action's commit waited on
    every other's (measured: 20 writers at once stored half as many actions a second, at
    nearly twice the server's CPU each). Every process that has a phone's stream open listens
    on one connection of its own (a thread started at the first ``wait``) and wakes its local
    waiters. A version that arrives twice, or late, changes nothing: streams only ever move
    forward; one that never arrives (the process died between the commit and the send, or
    the database went away) is caught up when the stream reconnects (``Last-Event-ID``).
    """

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self._dsn = dsn
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        self._pid = 0
        self._start_lock = threading.Lock()
        self._outgoing: dict[str, int] = {}  # token -> the newest version not yet sent
        self._out_lock = threading.Lock()
        self._to_send = threading.Event()
        self._sender_pid = 0

    def publish(self, table_token: str, version: int) -> None:
        super().publish(table_token, version)  # this process's phones at once
        with self._out_lock:
            if version > self._outgoing.get(table_token, 0):
                self._outgoing[table_token] = version
            if self._sender_pid != os.getpid():  # none in this process (or it has ended)
                self._sender_pid = os.getpid()
                threading.Thread(target=self._send, daemon=True, name="notify-send").start()
        self._to_send.set()

    def _send(self) -> None:
        """Send what waits, until nothing was published for ``SENDER_IDLE_SECONDS``: then the
        connection is closed and the thread ends (the next ``publish`` starts another)."""
        conn: psycopg.Connection[tuple[object, ...]] | None = None
        try:
            while True:
                woken = self._to_send.wait(SENDER_IDLE_SECONDS)
                with self._out_lock:
                    batch, self._outgoing = self._outgoing, {}
                    self._to_send.clear()
                    if not batch and not woken:
                        self._sender_pid = 0  # under the lock: a publish now starts another
                        return
                if batch:
                    conn = self._notify(conn, batch)
        finally:
            if conn is not None:
                conn.close()

    def _notify(
        self, conn: psycopg.Connection[tuple[object, ...]] | None, batch: dict[str, int]
    ) -> psycopg.Connection[tuple[object, ...]] | None:
        """One ``NOTIFY`` statement for the whole batch; the connection to keep using."""
        import psycopg

        payloads = [f"{token}:{version}" for token, version in batch.items()]
        try:
            if conn is None:
                conn = psycopg.connect(self._dsn, autocommit=True)
            conn.execute(
                "SELECT pg_notify(%s, p) FROM unnest(CAST(%s AS text[])) AS p",
                (CHANNEL, payloads),
            )
            return conn
        except Exception:  # the database went away: these are caught up on reconnect
            if conn is not None:
                conn.close()
            time.sleep(1.0)
            return None

    def prepare(self) -> None:
        """Listen before the stream reads the table's version, so no change falls between."""
        self._ensure_listener()
        self._listening.wait(5.0)

    def wait(self, table_token: str, seen: int, timeout: float) -> int | None:
        self._ensure_listener()
        return super().wait(table_token, seen, timeout)

    def _ensure_listener(self) -> None:
        with self._start_lock:
            if self._listener is not None and self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._listening.clear()
            self._listener = threading.Thread(target=self._listen, daemon=True, name="notify")
            self._listener.start()

    def _listen(self) -> None:
        import psycopg

        while True:
            try:
                with psycopg.connect(self._dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    for note in conn.notifies():
                        self._deliver(note.payload)
            except Exception:  # the database went away: try again shortly
                time.sleep(1.0)

    def _deliver(self, payload: str) -> None:
        token, _, version = payload.rpartition(":")
        if token and version.isdigit():
            InProcessBroker.publish(self, token, int(version))
