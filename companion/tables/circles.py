"""Circles: the people who play together, their tables, and each finished game's result per
member, kept up to date as games change (``after_change``, called by the service after a
commit) and checked again when a circle is read (``sync``: only the games whose newest event
moved since they were settled are folded again)."""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cachetools import LRUCache
from sqlalchemy import delete, func, or_, select
from sqlalchemy.exc import IntegrityError

from companion.extensions import db, kept_in_app
from companion.games import circlefacts
from companion.games.circlestats import Result
from companion.tables import snapshot, store, tokens
from companion.tables.circlemodels import (
    Circle,
    CircleGame,
    CircleMember,
    CirclePhone,
    CircleResult,
)
from companion.tables.models import Game, Seat, Table, now
from companion.tables.registry import game_type

log = logging.getLogger(__name__)
MEMBER_LIMIT = 100
GAMES = Game.__table__


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create(name: str, names: Sequence[str]) -> tuple[Circle, str]:
    """A new circle with its members; answers it and its key (shown once)."""
    key = secrets.token_urlsafe(32)
    circle = Circle(token=tokens.link_token(), key_hash=key_hash(key), name=name, version=1)
    db.session.add(circle)
    db.session.flush()
    for n in names:
        db.session.add(CircleMember(circle_id=circle.id, name=n))
    db.session.flush()
    return circle, key


def by(column: str, value: str) -> Circle | None:
    if not value or len(value) > 64 or "\x00" in value:
        return None
    return db.session.scalar(select(Circle).where(getattr(Circle, column) == value))


def members(circle: Circle, with_removed: bool = False) -> list[CircleMember]:
    stmt = select(CircleMember).where(CircleMember.circle_id == circle.id)
    if not with_removed:
        stmt = stmt.where(CircleMember.removed.is_(False))
    return list(db.session.scalars(stmt.order_by(CircleMember.id)))


def member(circle: Circle, member_id: Any) -> CircleMember | None:
    if isinstance(member_id, bool) or not isinstance(member_id, int):
        return None
    found = db.session.get(CircleMember, member_id)
    if found is None or found.circle_id != circle.id or found.removed:
        return None
    return found


def changed(circle: Circle) -> None:
    circle.version = (circle.version or 0) + 1


def rotate(circle: Circle) -> None:
    """A new link: the old one leads nowhere; the key and the phones' list stay."""
    circle.token = tokens.link_token()
    changed(circle)


def start_table(circle: Circle, kind: str, options: dict[str, Any],
                chosen: Sequence[CircleMember], phone: str) -> Table:  # fmt: skip
    """A table of the circle: each seat is a member, in the order given."""
    table = store.create_table(kind, options, [m.name for m in chosen], phone, commit=False)
    table.circle_id = circle.id
    for seat, m in zip(table.seats, chosen, strict=True):
        seat.member_id = m.id
    return table


def remember(circle_id: int, phone: str, member_id: int | None = None) -> None:
    """This phone opened the circle's page (no ``member_id``: listed in "Your circles"), or
    sat at its table as ``member_id``."""
    found = db.session.scalar(
        select(CirclePhone).where(CirclePhone.circle_id == circle_id, CirclePhone.phone == phone)
    )
    if found is not None and found.listed and member_id in (None, found.member_id):
        return  # nothing new: a page view writes nothing
    if found is None:
        found = CirclePhone(circle_id=circle_id, phone=phone, listed=False)
        db.session.add(found)
    found.seen_at = now()
    if member_id is None:
        found.listed = True
    else:
        found.member_id = member_id


def circles_of(phone: str, limit: int = 12) -> list[Circle]:
    seen = select(CirclePhone.circle_id).where(CirclePhone.phone == phone, CirclePhone.listed)
    stmt = select(Circle).where(Circle.id.in_(seen)).order_by(Circle.id.desc()).limit(limit)
    return list(db.session.scalars(stmt))


def last_member(circle_id: int, phone: str) -> int | None:
    return db.session.scalar(
        select(CirclePhone.member_id).where(
            CirclePhone.circle_id == circle_id, CirclePhone.phone == phone
        )
    )


# settling games


class CircleOf:
    """game id -> its table's circle id (0: none), per process: a table's circle never
    changes, so the service's hook costs one query per game and process, then nothing."""

    def __init__(self) -> None:
        self._items: LRUCache[int, int] = LRUCache(maxsize=4096)
        self._lock = threading.Lock()

    def get(self, game_id: int) -> int:
        with self._lock:
            found = self._items.get(game_id)
        if found is None:
            stmt = select(Table.circle_id).join(Game, Game.table_id == Table.id)
            found = db.session.scalar(stmt.where(Game.id == game_id)) or 0
            with self._lock:
                self._items[game_id] = found
        return found


def after_change(game: Any) -> None:
    """The service's hook, after an action or undo was committed: a game of a circle's table
    is settled at once. A failure here is logged, never the caller's: the action is stored,
    and the circle's next read settles the game again."""
    circle_id = kept_in_app("circle_of", CircleOf).get(game.id)
    if not circle_id:
        return
    try:
        db.session.commit()  # end what the action left (an autocommit connection included)
        sync(circle_id, game.id)
    except Exception:  # noqa: BLE001 - the action itself is stored; the next read retries
        db.session.rollback()
        log.exception("settling game %s of circle %s", game.id, circle_id)


_CHANGED = (
    select(GAMES.c.id, GAMES.c.kind, GAMES.c.options, GAMES.c.last_event, GAMES.c.number,
           GAMES.c.table_id)
    .join(Table, Table.id == GAMES.c.table_id)
    .outerjoin(CircleGame, CircleGame.game_id == GAMES.c.id)
    .where(or_(CircleGame.game_id.is_(None), CircleGame.seen_event != GAMES.c.last_event))
)  # fmt: skip


def sync(circle_id: int, game_id: int | None = None) -> int:
    """Settle the circle's games that changed since they were last settled (or just
    ``game_id``); each in its own commit. Answers how many were settled."""
    stmt = _CHANGED.where(Table.circle_id == circle_id)
    if game_id is not None:
        stmt = stmt.where(GAMES.c.id == game_id)
    rows = db.session.execute(stmt).all()
    for row in rows:
        try:
            settle(circle_id, row)
            db.session.commit()
        except IntegrityError:  # another process settled it at the same moment
            db.session.rollback()
    if not rows:
        db.session.commit()
    return len(rows)


def settle(circle_id: int, row: Any) -> None:
    """One game of the circle as it stands: its summary row and, once finished, a result
    per member seated (replacing the ones before: a correction may change them)."""
    game_id, kind, _, last_event, number, table_id = row
    seats = list(db.session.scalars(select(Seat).where(Seat.table_id == table_id)
                                    .order_by(Seat.position)))  # fmt: skip
    ref = snapshot_ref(game_id, kind, row[2])
    players = len(seats)  # as the service folds it
    snap = snapshot.load(ref, players)
    sheet = snap.sheet
    found = db.session.get(CircleGame, game_id)
    was_finished = found is not None and found.finished
    if found is None:
        found = CircleGame(game_id=game_id, circle_id=circle_id, table_id=table_id, kind=kind,
                           number=number)  # fmt: skip
        db.session.add(found)
    ids = [s.member_id for s in seats][:players]
    ended = _ended(kind, snap)
    found.seen_event, found.seats = last_event, ids
    found.totals, found.winners = list(sheet.totals), list(sheet.winners)
    found.finished, found.finished_at = bool(sheet.finished), ended if sheet.finished else None
    db.session.execute(delete(CircleResult).where(CircleResult.game_id == game_id))
    if sheet.finished:
        _results(circle_id, game_id, kind, snap, ids, seats, ended or now())
    if sheet.finished or was_finished:
        circle = db.session.get(Circle, circle_id)
        if circle is not None:
            changed(circle)


def _ended(kind: str, snap: Any) -> Any:
    """When the game was played: its last action's time (an imported game keeps its own;
    a join, a rename or the import itself afterwards does not move it)."""
    played = game_type(kind).replayed - {"undo"}
    return next((e.created_at for e in reversed(snap.effective) if e.kind in played),
                snap.events[-1].created_at if snap.events else None)  # fmt: skip


def _results(circle_id: int, game_id: int, kind: str, snap: Any, ids: list[int | None],
             seats: list[Seat], ended: Any) -> None:  # fmt: skip
    sheet = snap.sheet
    facts = circlefacts.facts(kind, snap.state, sheet, snap.effective)
    high = circlefacts.high_wins(kind, snap.state)
    places = circlefacts.places(sheet.totals, sheet.winners, high)
    team_of = {s: t for t, side in enumerate(circlefacts.teams(kind, sheet.players)) for s in side}
    names = {m.id: m.name for m in db.session.scalars(
        select(CircleMember).where(CircleMember.id.in_([i for i in ids if i])))}  # fmt: skip
    for seat, member_id in enumerate(ids):
        if not member_id or seat >= sheet.players:
            continue
        name = names.get(member_id) or (seats[seat].name if seat < len(seats) else "")
        db.session.add(CircleResult(
            circle_id=circle_id, game_id=game_id, member_id=member_id, name=name[:40],
            kind=kind, seat=seat, team=team_of.get(seat, seat), total=int(sheet.totals[seat]),
            place=places[seat], won=seat in sheet.winners, facts=facts[seat],
            finished_at=ended))  # fmt: skip


class _Ref:
    def __init__(self, id: int, kind: str, options: dict[str, Any]) -> None:  # noqa: A002
        self.id, self.kind, self.options = id, kind, options


def snapshot_ref(game_id: int, kind: str, options: Any) -> snapshot.GameRef:
    return _Ref(game_id, kind, dict(options or {}))


# reading


_RESULTS = (
    select(CircleResult.id, CircleResult.game_id, CircleResult.member_id, CircleResult.name,
           CircleResult.kind, CircleResult.total, CircleResult.place, CircleResult.won,
           CircleResult.team, CircleResult.finished_at, CircleResult.facts, Game.table_id,
           Game.number)
    .join(Game, Game.id == CircleResult.game_id)
)  # fmt: skip


@dataclass(frozen=True)
class Kept:
    count: int
    last: int  # the newest result row read
    rows: tuple[Result, ...]


class ResultCache:
    """Each circle's results as last read, per process. A finished game only adds rows (with
    higher ids), so a read fetches only the rows newer than the last one it kept; when a row
    went (a game settled again, an undo), it reads them all again."""

    def __init__(self) -> None:
        self._items: LRUCache[int, Kept] = LRUCache(maxsize=64)
        self._lock = threading.Lock()

    def get(self, circle_id: int) -> Kept | None:
        with self._lock:
            return self._items.get(circle_id)

    def put(self, circle_id: int, kept: Kept) -> None:
        with self._lock:
            self._items[circle_id] = kept


def results(circle: Circle) -> list[Result]:
    """Every stored result of the circle, each with its table's id and game number."""
    mine = CircleResult.circle_id == circle.id
    count, last = db.session.execute(
        select(func.count(CircleResult.id), func.max(CircleResult.id)).where(mine)
    ).one()
    cache = kept_in_app("circle_results", ResultCache)
    kept = cache.get(circle.id)
    if kept is not None and (kept.count, kept.last) == (count or 0, last or 0):
        return list(kept.rows)
    after = kept.last if kept is not None else 0
    new = [
        _result(row) for row in db.session.execute(_RESULTS.where(mine, CircleResult.id > after))
    ]
    if kept is None or kept.count + len(new) != count:
        new = [_result(row) for row in db.session.execute(_RESULTS.where(mine))]
        kept = Kept(0, 0, ())
    rows = kept.rows + tuple(new)
    cache.put(circle.id, Kept(len(rows), last or 0, rows))
    return list(rows)


def _result(row: Any) -> Result:
    _, g, m, n, k, t, p, w, team, at, facts, table_id, number = row
    return Result(
        game_id=g,
        member_id=m,
        name=n,
        kind=k,
        total=t,
        place=p,
        won=w,
        team=team,
        finished_at=at,
        facts=facts or {},
        table=table_id,
        number=number,
    )


def tokens_of(table_ids: Any) -> dict[int, str]:
    """The link token of each table named."""
    wanted = sorted(set(table_ids))
    if not wanted:
        return {}
    rows = db.session.execute(select(Table.id, Table.token).where(Table.id.in_(wanted)))
    return {i: token for i, token in rows}


def games(circle: Circle, limit: int = 5000) -> list[tuple[CircleGame, str]]:
    """The circle's games (finished or not) with their table's link token, newest first."""
    stmt = (
        select(CircleGame, Table.token)
        .join(Table, Table.id == CircleGame.table_id)
        .where(CircleGame.circle_id == circle.id)
        .order_by(CircleGame.game_id.desc())
        .limit(limit)
    )
    return [(g, token) for g, token in db.session.execute(stmt)]


def offered(table: Table, phone: str | None) -> int | None:
    """At a circle's table: the free seat of the member this phone was last time."""
    if not table.circle_id or not phone:
        return None
    last = last_member(table.circle_id, phone)
    free = (s.position for s in table.seats if last and s.member_id == last and s.phone is None)
    return next(free, None)


def seated(table: Table, seat: Seat, phone: str) -> None:
    """A phone took a member's seat: it is offered that member first next time."""
    if table.circle_id and seat.member_id:
        remember(table.circle_id, phone, seat.member_id)


def adopt(circle: Circle, table: Table, chosen: Sequence[CircleMember]) -> None:
    """An imported table becomes the circle's (each seat the member matched to it), and its
    games are settled at once: a finished one counts, at the time it was played."""
    table.circle_id = circle.id
    for seat, m in zip(table.seats, chosen, strict=True):
        seat.member_id = m.id
    db.session.commit()
    sync(circle.id)
