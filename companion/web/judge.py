"""The word judge at a table, as the pages draw it. The judge itself is pure
(``companion.games.challenges``): each game that has words folds its events into the state
and takes its steps (open, confirm, withdraw; the verdict with the last confirmation) as
table protocol actions, stored by the service like a score (``companion.web.judge_pages``
sends them). Here: what a table's phones show of it now, read from the folded state, with
the server's time for how long a verdict stays on screen. Nothing here stores anything.
"""

from __future__ import annotations

from datetime import datetime

from flask import current_app

from companion.games import challenges as rules
from companion.games.challenges import ROLES as ROLES
from companion.games.challenges import Challenge
from companion.tables.models import now
from companion.web.tableview import TableView

KINDS = rules.JUDGE_KINDS
VERDICT_SECONDS = rules.VERDICT_SECONDS


def clock() -> datetime:
    """The server's time, naive UTC like the stored events (tests replace it)."""
    return now()


def verdict_seconds() -> float:
    return float(current_app.config.get("JUDGE_VERDICT_SECONDS", VERDICT_SECONDS))


def shown(v: TableView) -> Challenge | None:
    """The challenge a table page shows: the one being judged, or a verdict still on screen."""
    return rules.shown(v.state, clock(), verdict_seconds())


def judging(v: TableView) -> bool:
    """Is a challenge being judged at this table now?"""
    return getattr(v.state, "judging", None) is not None


def may_confirm(v: TableView, c: Challenge, role: str) -> bool:
    """The side's own phone; for a seat no phone holds, the host or any seated phone."""
    return rules.may_confirm(v.who, c.seat(role))


def seconds_left(c: Challenge) -> int:
    """How long the verdict still shows (the page's timer counts it down)."""
    return rules.seconds_left(c, clock(), verdict_seconds())
