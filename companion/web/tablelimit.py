"""How many tables one client address may create a minute (the page and the Table API),
so a stranger cannot fill the disk: ``TABLES_PER_MINUTE`` (``COMPANION_TABLES_PER_MINUTE``;
0 turns the limit off).

The tries are counted in the database like join codes (``codelimit``, bucket ``tables``), so
every worker and every server on one database shares the count. Flask-Limiter would be the
maintained choice, but it keeps its counts in memory, Redis or Memcached, none of which a
one-file SQLite server has; one count in the database we already run keeps the promise.
"""

from __future__ import annotations

from flask import current_app, request

from companion.errors import CompanionError
from companion.web import codelimit

WINDOW = 60.0
DEFAULT = 30
TOO_MANY = (
    "Too many tables were started from here in the last minute. Nothing was made: "
    "wait a minute, then start the table again."
)


class TooMany(CompanionError):
    """Over the limit (429, with ``Retry-After``)."""


def check() -> None:
    """Count one table created from this client address; ``TooMany`` when over the limit."""
    limit = int(current_app.config.get("TABLES_PER_MINUTE", DEFAULT))
    if limit <= 0:
        return
    if not codelimit.hit(request.remote_addr or "?", limit, WINDOW, bucket="tables"):
        raise TooMany(TOO_MANY, "form")


def retry_after() -> dict[str, str]:
    return {"Retry-After": str(int(WINDOW))}
