"""The join-code limit, shared by every worker: each code tried is a row in ``code_tries``
(client address, time), so two workers, or two servers on one database, count the same tries.

A try is refused once ``limit`` tries from that address fall within the last ``window``
seconds. The check counts, adds the try, commits and counts again, so tries racing in from
several workers can be refused together but never all let through past the limit. Rows older
than the window are deleted as tries come in.

The client address is ``request.remote_addr``: the peer itself, or, only when that peer is
a configured trusted proxy, the address it forwarded (``companion.web.proxy``).
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, func, select

from companion.extensions import db
from companion.tables.models import CodeTry, now


def _count(client: str, since: object) -> int:
    stmt = select(func.count()).where(CodeTry.client == client, CodeTry.at > since)
    return int(db.session.scalar(stmt) or 0)


def hit(client: str, limit: int, window: float) -> bool:
    """Count one try from ``client``; False when it is over the limit."""
    client = client[:64]
    at = now()
    since = at - timedelta(seconds=window)
    db.session.execute(delete(CodeTry).where(CodeTry.at <= since))
    if _count(client, since) >= limit:
        db.session.commit()
        return False
    db.session.add(CodeTry(client=client, at=at))
    db.session.commit()
    return _count(client, since) <= limit
