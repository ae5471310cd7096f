"""Live updates: a table's phones wait on its version and wake when it grows.

``InProcessBroker`` serves one process (the SQLite default, one worker). A broker that fans
out across processes (PostgreSQL LISTEN/NOTIFY) implements the same two methods.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class InProcessBroker:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._versions: dict[str, int] = {}

    def publish(self, table_token: str, version: int) -> None:
        with self._cond:
            if version > self._versions.get(table_token, 0):
                self._versions[table_token] = version
            self._cond.notify_all()

    def wait(self, table_token: str, seen: int, timeout: float) -> int | None:
        """Block until the table's version passes ``seen``; None on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._versions.get(table_token, 0) <= seen:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)
            return self._versions[table_token]


def sse_stream(
    wait: Callable[[int, float], int | None],
    current: Callable[[], int],
    last_seen: int | None,
    duration: float,
    keepalive: float = 15.0,
):
    """Yield server-sent events: ``update`` with the new version as its id.

    On connect the phone is told at once if it missed a change (``Last-Event-ID`` older than
    the table). The stream ends after ``duration`` seconds; EventSource reconnects by itself
    after ``retry`` ms, so no worker is held for ever.
    """
    version = current()
    yield f"retry: 1000\nid: {version}\n\n"
    if last_seen is not None and last_seen < version:
        yield f"event: update\nid: {version}\ndata: {version}\n\n"
    deadline = time.monotonic() + duration
    while (left := deadline - time.monotonic()) > 0:
        newer = wait(version, min(keepalive, left))
        if newer is None:
            yield ": keep-alive\n\n"
            continue
        version = max(newer, version)
        yield f"event: update\nid: {version}\ndata: {version}\n\n"
