"""Circles: the people who play together (members, the phones that met them) and their
tables. A finished game's results are settled by ``circlesettle`` and read by ``circleread``."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from sqlalchemy import select

from companion.extensions import db
from companion.games.protocol import JSON
from companion.tables import service, tokens
from companion.tables.circlemodels import Circle, CircleMember, CirclePhone
from companion.tables.circlemodels import changed as changed  # the pages call it from here
from companion.tables.models import Seat, Table, now

MEMBER_LIMIT = 100


def create(name: str, names: Sequence[str]) -> tuple[Circle, str]:
    """A new circle with its members; answers it and its key (shown once)."""
    key = secrets.token_urlsafe(32)
    circle = Circle(token=tokens.link_token(), key_hash=tokens.key_hash(key), name=name, version=1)
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


def member(circle: Circle, member_id: object) -> CircleMember | None:
    if isinstance(member_id, bool) or not isinstance(member_id, int):
        return None
    if not 0 < member_id < 2**31:  # no such id; and the database's integer could not hold it
        return None
    found = db.session.get(CircleMember, member_id)
    if found is None or found.circle_id != circle.id or found.removed:
        return None
    return found


def rotate(circle: Circle) -> None:
    """A new link: the old one leads nowhere; the key and the phones' list stay."""
    circle.token = tokens.link_token()
    changed(circle)


def start_table(
    circle: Circle, kind: str, options: dict[str, JSON], chosen: Sequence[CircleMember], phone: str
) -> Table:
    """A table of the circle: each seat is a member, in the order given."""
    table = service.create_table(kind, options, [m.name for m in chosen], phone, commit=False)
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
