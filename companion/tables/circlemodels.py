"""A circle's rows: the people who play together, its phones, and each finished game's
result per member (written as games finish, so a circle's page adds up stored rows and never
folds its tables again). Imported by ``companion.tables.models``' users through here."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from companion.extensions import db
from companion.games.protocol import Payload
from companion.tables.models import now


class Circle(db.Model):  # type: ignore[name-defined,misc]
    """``version`` grows whenever its members or results change (the page's cache key)."""

    __tablename__ = "circles"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(60))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=now)


def changed(circle: Circle) -> None:
    """The circle's members or results changed: its ``version`` (the page's cache key) grows."""
    circle.version = (circle.version or 0) + 1


class CircleMember(db.Model):  # type: ignore[name-defined,misc]
    """A member; a removed one keeps its row (its past results keep their names)."""

    __tablename__ = "circle_members"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    removed: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=now)


class CirclePhone(db.Model):  # type: ignore[name-defined,misc]
    """A phone that met the circle, and the member it was last at its tables. ``listed``:
    it opened the circle's page ("Your circles"); a phone that only sat at a table of the
    circle is not given its link."""

    __tablename__ = "circle_phones"
    __table_args__ = (UniqueConstraint("circle_id", "phone"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id"), index=True)
    phone: Mapped[str] = mapped_column(String(43), index=True)
    member_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    listed: Mapped[bool] = mapped_column(default=False)
    seen_at: Mapped[datetime] = mapped_column(default=now)


class CircleGame(db.Model):  # type: ignore[name-defined,misc]
    """A game of a circle's table as last settled: ``seen_event`` is the game's newest
    event then (``games.last_event``), so only games changed since are folded again."""

    __tablename__ = "circle_games"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id"), index=True)
    table_id: Mapped[int] = mapped_column(Integer)
    seen_event: Mapped[int] = mapped_column(BigInteger, default=0)
    kind: Mapped[str] = mapped_column(String(40))
    number: Mapped[int] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(default=False)
    finished_at: Mapped[datetime | None] = mapped_column(nullable=True)
    seats: Mapped[list[int | None]] = mapped_column(JSON, default=list)  # member id per seat
    totals: Mapped[list[int]] = mapped_column(JSON, default=list)  # total per seat
    winners: Mapped[list[int]] = mapped_column(JSON, default=list)  # seats


class CircleResult(db.Model):  # type: ignore[name-defined,misc]
    """One member's result in one finished game: total, place, won, and the game's own
    figures (``companion.games.circlefacts``)."""

    __tablename__ = "circle_results"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    member_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    team: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(default=False)
    facts: Mapped[Payload] = mapped_column(JSON, default=dict)  # circlefacts' figures
    finished_at: Mapped[datetime] = mapped_column(default=now)
