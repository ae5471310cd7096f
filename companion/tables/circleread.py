"""A circle's stored results and games, read for its page and its API."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Row, func, select

from companion.extensions import db, kept_in_app
from companion.games.circlestats import Result
from companion.games.protocol import Payload
from companion.tables import cache
from companion.tables.circlemodels import Circle, CircleGame, CircleResult
from companion.tables.models import Game, Table

# a result as read: id, game, member, name, kind, total, place, won, team, at, facts, table, number
ResultRow = Row[int, int, int, str, str, int, int, bool, int, datetime, Payload, int, int]
# a game as read: kind, number, finished, finished_at, seats, totals, winners, table token
GameRow = Row[str, int, bool, datetime | None, list[int | None], list[int], list[int], str]
_RESULTS = select(
    CircleResult.id,
    CircleResult.game_id,
    CircleResult.member_id,
    CircleResult.name,
    CircleResult.kind,
    CircleResult.total,
    CircleResult.place,
    CircleResult.won,
    CircleResult.team,
    CircleResult.finished_at,
    CircleResult.facts,
    Game.table_id,
    Game.number,
).join(Game, Game.id == CircleResult.game_id)


@dataclass(frozen=True)
class Kept:
    count: int
    last: int  # the newest result row read
    rows: tuple[Result, ...]


def _results_kept() -> cache.Kept[int, Kept]:
    """Each circle's results as last read, per process. A finished game only adds rows (with
    higher ids), so a read fetches only the rows newer than the last one it kept; when a row
    went (a game settled again, an undo), it reads them all again."""
    return cache.Kept(64)


def results(circle: Circle) -> list[Result]:
    """Every stored result of the circle, each with its table's id and game number."""
    mine = CircleResult.circle_id == circle.id
    count, last = db.session.execute(
        select(func.count(CircleResult.id), func.max(CircleResult.id)).where(mine)
    ).one()
    cache = kept_in_app("circle_results", _results_kept)
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


def _result(row: ResultRow) -> Result:
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


def tokens_of(table_ids: Iterable[int]) -> dict[int, str]:
    """The link token of each table named."""
    wanted = sorted(set(table_ids))
    if not wanted:
        return {}
    rows = db.session.execute(select(Table.id, Table.token).where(Table.id.in_(wanted)))
    return {i: token for i, token in rows}


_GAME = CircleGame.__table__.c


def games(circle: Circle, limit: int = 5000) -> list[tuple[GameRow, str]]:
    """The circle's games (finished or not) as plain rows (``kind``, ``number``, ``finished``,
    ``finished_at``, ``seats``, ``totals``, ``winners``) with their table's link token,
    newest first."""
    stmt = (
        select(
            CircleGame.kind,
            CircleGame.number,
            CircleGame.finished,
            CircleGame.finished_at,
            CircleGame.seats,
            CircleGame.totals,
            CircleGame.winners,
            Table.token,
        )
        .join(Table, Table.id == CircleGame.table_id)
        .where(CircleGame.circle_id == circle.id)
        .order_by(CircleGame.game_id.desc())
        .limit(limit)
    )
    return [(row, row.token) for row in db.session.execute(stmt)]
