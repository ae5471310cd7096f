"""Server-sent event streams for a table, and the publish call after every change."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from companion.tables import store
from companion.tables.live import InProcessBroker, hung_up, sse_stream
from companion.tables.models import Table
from companion.web.tableview import load

bp = Blueprint("live", __name__)
# the versions a stream sends are event ids: a short run of ASCII digits; anything else (a
# 5,000-digit number, "²", "-1") is ignored and the stream starts afresh
LAST_EVENT_ID = re.compile(r"[0-9]{1,18}")


class _OpenStreams:
    """How many event streams this worker process is serving right now; ``wait_for`` lets a
    caller wait until the count is a given number (a test, an operator's script)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.count = 0

    def serve(self, events: Iterator[str]) -> Iterator[str]:
        self._add(1)
        try:
            yield from events
        finally:  # the stream ended, or the server closed it (phone gone, write failed)
            self._add(-1)

    def _add(self, step: int) -> None:
        with self._changed:
            self.count += step
            self._changed.notify_all()

    def wait_for(self, count: int, seconds: float) -> int:
        """The count once it is ``count``, or as it is after ``seconds``."""
        with self._changed:
            self._changed.wait_for(lambda: self.count == count, seconds)
            return self.count


OPEN = _OpenStreams()


def broker() -> InProcessBroker:
    """The process's broker (``InProcessBroker``, or ``PostgresBroker`` which is one)."""
    found: InProcessBroker = current_app.extensions["broker"]
    return found


def publish(table: Table, version: int | None = None) -> None:
    """Wake the table's streams; ``version`` when the caller knows it (saves a query)."""
    broker().publish(table.token, version if version is not None else store.table_version(table))


def publish_moved(old_token: str, table: Table) -> None:
    """Wake the streams still open on a rotated table link: their next update finds the
    link gone (watchers: 404; the table's own phones: sent to the new link)."""
    broker().publish(old_token, store.table_version(table))


def _stream(table: Table) -> Response:
    token, table_id = table.token, table.id
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    b = broker()

    def current() -> int:
        with app.app_context():
            from companion.extensions import db

            row = db.session.get(Table, table_id)
            version = store.table_version(row) if row is not None else 0
            db.session.remove()
            return version

    sock = request.environ.get("gunicorn.socket")  # None under the test client
    b.prepare()
    last = request.headers.get("Last-Event-ID", "").strip()
    events = sse_stream(
        lambda seen, timeout: b.wait(token, seen, timeout),
        current,
        int(last) if LAST_EVENT_ID.fullmatch(last) else None,
        duration=current_app.config.get("STREAM_SECONDS", 55.0),
        gone=lambda: hung_up(sock),
    )
    from companion.extensions import db

    db.session.remove()  # do not hold a connection while the stream is open
    response = Response(stream_with_context(OPEN.serve(events)), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("/t/<token>/stream")
def table_stream(token: str) -> Response:
    return _stream(load("token", token))


@bp.get("/s/<token>/stream")
def share_stream(token: str) -> Response:
    return _stream(load("share_token", token))


@bp.get("/live/streams")
def open_streams() -> Response:
    """The event streams open in the worker that answers (operators and tests watch it).
    ``?until=N`` waits, up to 30 s, until that many are open, then answers."""
    until = request.args.get("until", "")
    count = OPEN.count
    if until.isascii() and until.isdigit() and len(until) <= 9:
        count = OPEN.wait_for(int(until), 30.0)
    response = jsonify(open=count, pid=os.getpid())
    response.headers["Cache-Control"] = "no-store"
    return response
