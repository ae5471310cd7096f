"""The join-code limit, shared by every worker: each code tried is a row in ``code_tries``
(client address, time), so two workers, or two servers on one database, count the same tries.

A try is refused once ``limit`` tries from that address fall within the last ``window``
seconds. The check counts, adds the try, commits and counts again, so tries racing in from
several workers can be refused together but never all let through past the limit. Rows older
than the window are deleted as tries come in.

The same rows count other limits per client address (the tables a client creates,
``companion.web.tablelimit``): each is a ``bucket``, a word and a space before the address
(an address never holds a space), and each limit deletes only its own old rows.

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


def hit(client: str, limit: int, window: float, bucket: str = "") -> bool:
    """Count one try from ``client``; False when it is over the limit. ``bucket``: another
    limit's word (``"tables"``), counted apart from the join codes."""
    client = f"{bucket} {client}"[:64] if bucket else client[:64]
    at = now()
    since = at - timedelta(seconds=window)
    mine = CodeTry.client.startswith(f"{bucket} ") if bucket else ~CodeTry.client.contains(" ")
    db.session.execute(delete(CodeTry).where(CodeTry.at <= since, mine))
    if _count(client, since) >= limit:
        db.session.commit()
        return False
    db.session.add(CodeTry(client=client, at=at))
    db.session.commit()
    return _count(client, since) <= limit
