"""A circle's games settled: each finished game's result per member, kept up to date as games
change (``after_change``, called by the service after a commit) and checked again when a
circle is read (``sync``: only the games whose newest event moved since they were settled are
folded again). An unfinished game has no results; an undo that reopens a game takes them back.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Row, delete, or_, select
from sqlalchemy.exc import IntegrityError

from companion.extensions import db, kept_in_app
from companion.games import circlefacts
from companion.games.protocol import Payload
from companion.tables import snapshot
from companion.tables.cache import Kept
from companion.tables.circlemodels import Circle, CircleGame, CircleMember, CircleResult, changed
from companion.tables.models import Game, Seat, Table, now
from companion.tables.registry import game_type

log = logging.getLogger(__name__)
GAMES = Game.__table__


class CircleOf:
    """game id -> its table's circle id (0: none), per process: a table's circle never
    changes, so the service's hook costs at most one query per game and process, then
    nothing; none when the caller read the table's row anyway and said so (``know``: the
    Table API's key query, ``holders.holder``)."""

    def __init__(self) -> None:
        self._items: Kept[int, int] = Kept(4096)

    def know(self, game_id: int, circle_id: int | None) -> None:
        self._items.put(game_id, circle_id or 0)

    def get(self, game_id: int) -> int:
        found = self._items.get(game_id)
        if found is None:
            stmt = select(Table.circle_id).join(Game, Game.table_id == Table.id)
            found = db.session.scalar(stmt.where(Game.id == game_id)) or 0
            self._items.put(game_id, found)
        return found


def circle_of() -> CircleOf:
    return kept_in_app("circle_of", CircleOf)


def after_change(
    game: snapshot.GameRef, before: snapshot.Snapshot, after: snapshot.Snapshot | None = None
) -> None:
    """The service's hook, after an action or undo was committed (``before`` and ``after``:
    the game's snapshots either side, ``after`` None for an undo): a game of a circle's table
    that finishes, or was finished (a correction, an undo), is settled at once. Any other
    change costs nothing here: the circle's next read settles the rest. The game's circle
    is asked first (kept per process: one query per game), so a table outside any circle
    never works out its sheet here. A failure here is logged, never the caller's: the action
    is stored, and the circle's next read settles the game again."""
    circle_id = circle_of().get(game.id)
    if not circle_id:
        return
    if not (before.sheet.finished or (after is not None and after.sheet.finished)):
        return
    try:
        db.session.commit()  # end what the action left (an autocommit connection included)
        sync(circle_id, game.id)
    except Exception:  # noqa: BLE001 - the action itself is stored; the next read retries
        db.session.rollback()
        log.exception("settling game %s of circle %s", game.id, circle_id)


_CHANGED = (
    select(
        GAMES.c.id,
        GAMES.c.kind,
        GAMES.c.options,
        GAMES.c.last_event,
        GAMES.c.number,
        GAMES.c.table_id,
    )
    .join(Table, Table.id == GAMES.c.table_id)
    .outerjoin(CircleGame, CircleGame.game_id == GAMES.c.id)
    .where(or_(CircleGame.game_id.is_(None), CircleGame.seen_event != GAMES.c.last_event))
)


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


def settle(circle_id: int, row: Row[int, str, Payload | None, int, int, int]) -> None:
    """One game of the circle as it stands: its summary row and, once finished, a result
    per member seated (replacing the ones before: a correction may change them)."""
    game_id, kind, _, last_event, number, table_id = row
    seats = list(
        db.session.scalars(select(Seat).where(Seat.table_id == table_id).order_by(Seat.position))
    )
    ref = snapshot_ref(game_id, kind, row[2])
    players = len(seats)  # as the service folds it
    snap = snapshot.load(ref, players)
    sheet = snap.sheet
    found = db.session.get(CircleGame, game_id)
    was_finished = found is not None and found.finished
    if found is None:
        found = CircleGame(
            game_id=game_id, circle_id=circle_id, table_id=table_id, kind=kind, number=number
        )
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


def _ended(kind: str, snap: snapshot.Snapshot) -> datetime | None:
    """When the game was played: its last action's time (an imported game keeps its own;
    a join, a rename or the import itself afterwards does not move it)."""
    played = game_type(kind).replayed - {"undo"}
    return next(
        (e.created_at for e in reversed(snap.effective) if e.kind in played),
        snap.events[-1].created_at if snap.events else None,
    )


def _results(
    circle_id: int,
    game_id: int,
    kind: str,
    snap: snapshot.Snapshot,
    ids: list[int | None],
    seats: list[Seat],
    ended: datetime,
) -> None:
    sheet = snap.sheet
    facts = circlefacts.facts(kind, snap.state, sheet, snap.effective)
    high = circlefacts.high_wins(kind, snap.state)
    places = circlefacts.places(sheet.totals, sheet.winners, high)
    team_of = {
        s: t
        for t, side in enumerate(circlefacts.teams(kind, sheet.players, snap.state))
        for s in side
    }
    names = {
        m.id: m.name
        for m in db.session.scalars(
            select(CircleMember).where(CircleMember.id.in_([i for i in ids if i]))
        )
    }
    for seat, member_id in enumerate(ids):
        if not member_id or seat >= sheet.players:
            continue
        name = names.get(member_id) or (seats[seat].name if seat < len(seats) else "")
        db.session.add(
            CircleResult(
                circle_id=circle_id,
                game_id=game_id,
                member_id=member_id,
                name=name[:40],
                kind=kind,
                seat=seat,
                team=team_of.get(seat, seat),
                total=int(sheet.totals[seat]),
                place=places[seat],
                won=seat in sheet.winners,
                facts=facts[seat],
                finished_at=ended,
            )
        )


class _Ref:
    def __init__(self, id: int, kind: str, options: Payload) -> None:  # noqa: A002
        self.id, self.kind, self.options = id, kind, options


def snapshot_ref(game_id: int, kind: str, options: Payload | None) -> snapshot.GameRef:
    return _Ref(game_id, kind, dict(options or {}))


def claim(circle: Circle, table: Table, chosen: Sequence[CircleMember]) -> None:
    """An imported table becomes the circle's, each seat the member matched to it, in the
    import's own transaction (``importing.from_json``'s ``claim``): the table is stored in
    the circle or not at all. Nothing is committed here; once it is, ``sync`` settles its
    games (a finished one counts, at the time it was played)."""
    table.circle_id = circle.id
    for seat, m in zip(table.seats, chosen, strict=True):
        seat.member_id = m.id
