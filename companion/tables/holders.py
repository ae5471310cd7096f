"""Who a Table API key stands for, read in one joined Core query (no ORM objects): the key's
phone, its table, the table's current game and the seats. The Table API's hot routes (an
action, a read) need nothing more, so they skip the ORM's object loading."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

from sqlalchemy import and_, bindparam, func, select

from companion.extensions import db, kept_in_app
from companion.games.protocol import Actor, Payload
from companion.games.seats import seat_name
from companion.tables import cache, circlesettle, driver, store
from companion.tables.models import ApiKey, Game, Seat, Table


@dataclass(frozen=True)
class PlainSeat:
    position: int
    name: str
    phone: str | None


@dataclass(frozen=True)
class PlainGame:
    id: int
    kind: str
    options: Payload  # as stored
    number: int = 1  # the table's first game is 1, "play again" adds one
    last_event: int = 0  # the id of its newest event when read


@dataclass(frozen=True)
class Holder:
    """A key's phone at its table, as plain values."""

    phone: str
    table_id: int
    token: str
    host_phone: str
    game: PlainGame
    seats: tuple[PlainSeat, ...]

    @property
    def is_host(self) -> bool:
        return self.host_phone == self.phone

    @property
    def my_seat(self) -> PlainSeat | None:
        return next((s for s in self.seats if s.phone == self.phone), None)

    @property
    def names(self) -> list[str]:
        return [seat_name(s.position, {s.position: s.name}) for s in self.seats]

    @property
    def actor(self) -> Actor:
        """This key as the table protocol sees it (a seat's name, else the host)."""
        phones = frozenset(s.position for s in self.seats if s.phone)
        seat = self.my_seat
        names = tuple(self.names)
        if seat is None:
            return Actor("Host", None, True, phones, names)
        return Actor(self.names[seat.position], seat.position, self.is_host, phones, names)


_K, _T, _G, _S = (m.__table__.c for m in (ApiKey, Table, Game, Seat))
_OTHER = Game.__table__.alias("newest").c
_NEWEST = (
    select(func.max(_OTHER.number))
    .where(_OTHER.table_id == _T.id)
    .correlate(Table.__table__)
    .scalar_subquery()
)
_HOLDER = (
    select(
        _K.phone,
        _T.id,
        _T.token,
        _T.host_phone,
        _G.id,
        _G.kind,
        _G.options,
        _S.position,
        _S.name,
        _S.phone,
        _G.number,
        _G.last_event,
        _T.circle_id,
    )
    .select_from(ApiKey.__table__)
    .join(Table.__table__, _T.id == _K.table_id)
    .join(Game.__table__, and_(_G.table_id == _T.id, _G.number == _NEWEST))
    .join(Seat.__table__, _S.table_id == _T.id)
    .where(_K.key_hash == bindparam("key_hash"))
    .order_by(_S.position)
)


_LOCKED = _HOLDER.with_for_update(of=Game.__table__)
# phone, table id, token, host phone, game id, kind, options, seat position, name, phone,
# game number, newest event, circle id
_Row = tuple[str, int, str, str, int, str, Payload, int, str, "str | None", int, int, "int | None"]


class Kept:
    """The holders this process read lately, by key hash, each as it was when its game's
    newest event was ``game.last_event``. A kept holder is used only with the snapshot at that
    same event, and what it stores is stored only if that event is still the game's newest
    (``store.insert_after``): every change to a table's seats, links or games appends an
    event to its game or starts a new game, so a holder kept is never acted on once stale."""

    def __init__(self, size: int = 1024) -> None:
        self._items: cache.Kept[str, Holder] = cache.Kept(size)

    def get(self, key_hash: str) -> Holder | None:
        return self._items.get(key_hash)

    def put(self, key_hash: str, holder: Holder, head: int) -> None:
        """``holder`` as it is after its own action stored ``head`` (no seat moved)."""
        self._items.put(key_hash, replace(holder, game=replace(holder.game, last_event=head)))

    def drop(self, key_hash: str) -> None:
        self._items.drop(key_hash)


def kept() -> Kept:
    return kept_in_app("holders", Kept)


def holder(key_hash: str, for_change: bool = False, raw: driver.Raw | None = None) -> Holder | None:
    """The key whose hash is ``key_hash``, or None. ``for_change``: also lock its game for
    this transaction (``store.lock_game``) in the same query. ``raw``: on that connection
    (``driver``), not the session's."""
    found: Sequence[Sequence[object]]
    if raw is not None:
        if for_change and raw.sqlite:
            raw.begin_immediate()
        stmt = _LOCKED if for_change and not raw.sqlite else _HOLDER
        found = raw.rows(driver.prepared(stmt, raw.dialect), {"key_hash": key_hash})
    else:
        conn = db.session.connection()
        locked = for_change and not store.begin_immediate(conn)
        found = conn.execute(_LOCKED if locked else _HOLDER, {"key_hash": key_hash}).all()
    rows = cast(Sequence[_Row], found)  # the columns of ``_HOLDER``, as its types read them
    if not rows:
        return None
    phone, table_id, token, host_phone, game_id, kind, options = rows[0][:7]
    if for_change and raw is not None:
        raw.locked.add(game_id)
    elif for_change:
        store.held(game_id)
    circlesettle.circle_of().know(game_id, rows[0][12])  # the service's hook asks nothing more
    seats = tuple(PlainSeat(r[7], r[8], r[9]) for r in rows)
    game = PlainGame(game_id, kind, options, rows[0][10], rows[0][11])
    return Holder(phone, table_id, token, host_phone, game, seats)
