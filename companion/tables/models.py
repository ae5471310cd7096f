"""Typed SQLAlchemy 2.0 models. Events are appended, never updated or deleted.

Totals are never stored: every score is derived from the events of a game. (A game's row
keeps only what the database derives on every insert: its newest event and its count.)
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from companion.extensions import db
from companion.games.protocol import Payload


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Table(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    join_token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    join_code: Mapped[str] = mapped_column(String(6), unique=True, index=True)
    share_token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    host_phone: Mapped[str] = mapped_column(String(43))
    name: Mapped[str] = mapped_column(String(60), default="")
    locked: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # the circle the table was started for (``circles``); set at creation, never changed
    circle_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.position", cascade="all"
    )
    games: Mapped[list[Game]] = relationship(
        back_populates="table", order_by="Game.number", cascade="all"
    )

    @property
    def game(self) -> Game:
        return self.games[-1]


class Seat(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "seats"
    # a phone sits in at most one seat of a table (free seats have no phone: NULLs differ)
    __table_args__ = (
        UniqueConstraint("table_id", "position"),
        UniqueConstraint("table_id", "phone", name="uq_seats_table_phone"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40), default="")
    phone: Mapped[str | None] = mapped_column(String(43), nullable=True)
    # at a circle's table: the circle member this seat is (moves with the seat's row)
    member_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table: Mapped[Table] = relationship(back_populates="seats")


class Game(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))
    options: Mapped[Payload] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # the id of the game's newest event, kept by a database trigger on every insert into
    # events (migration e5f1a7c3d9b2); never written from Python
    last_event: Mapped[int] = mapped_column(BigInteger, server_default="0")
    # how many events the game holds, counted by the same trigger on every insert, in the
    # appending transaction (migration a3d8f2c6b1e9); never written from Python
    event_count: Mapped[int] = mapped_column(Integer, server_default="0")
    table: Mapped[Table] = relationship(back_populates="games")
    events: Mapped[list[Event]] = relationship(
        back_populates="game", order_by="Event.id", cascade="all"
    )


class Event(db.Model):  # type: ignore[name-defined,misc]
    """One appended change. ``(game_id, slot, slot_version)`` is unique, so two phones that
    change the same thing (a slot: one cell of the sheet, one hand) from the same version
    cannot both win, in any process."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "slot", "slot_version"),)
    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    actor: Mapped[str] = mapped_column(String(60), default="")
    actor_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    slot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    slot_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    payload: Mapped[Payload] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=now)
    game: Mapped[Game] = relationship(back_populates="events")


class ApiKey(db.Model):  # type: ignore[name-defined,misc]
    """A Table API key (TABLE_API.md): it acts as the phone ``phone`` of one table. Only a
    hash is kept; the key itself is shown once. Freeing the seat ends the key at once (the
    seat no longer names that phone)."""

    __tablename__ = "api_keys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    phone: Mapped[str] = mapped_column(String(43))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)


class OldLink(db.Model):  # type: ignore[name-defined,misc]
    """A table link retired by "new links": it still leads the table's seated phones and its
    host to the new link; for anyone else it is gone (404)."""

    __tablename__ = "old_links"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)


class CodeTry(db.Model):  # type: ignore[name-defined,misc]
    """One join code tried from one client address, kept for the limit's window, in the
    database so every worker shares the limit (``companion.web.codelimit``)."""

    __tablename__ = "code_tries"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(default=now, index=True)
