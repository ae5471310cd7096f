"""Joining a table by its link, and the host's controls over seats and the link."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from companion.errors import Conflict, Unreadable
from companion.extensions import db
from companion.games.protocol import Action
from companion.tables import circles, service, store
from companion.tables.models import Seat, Table
from companion.web.home import clean_name
from companion.web.live import publish, publish_moved
from companion.web.security import phone_id
from companion.web.tableview import TableView, load

bp = Blueprint("join", __name__)


def _view(table: Table) -> TableView:
    return TableView(table, table.game, phone_id())


@bp.get("/j/<token>")
def page(token: str) -> Any:
    v = _view(load("join_token", token))
    if v.my_seat is not None:
        return redirect(url_for("table.page", token=v.table.token), 303)
    offered = circles.offered(v.table, v.phone)  # a circle's table: this phone's member first
    return render_template("join.html", v=v, values={}, errors={}, offered=offered)


def _claim(v: TableView, position: int, name: str) -> None:
    if v.table.locked:
        raise Unreadable("The host has locked this table: ask them to open joining.", "seat")
    if v.my_seat is not None:
        raise Unreadable(f"This phone already sits at {v.names[v.my_seat.position]}.", "seat")
    if not 0 <= position < len(v.seats):
        raise Unreadable("There is no such seat at this table.", "seat")
    seat = v.seats[position]
    name = seat.name or name  # a name the host gave the seat stays
    if not name:
        raise Unreadable("Type your name to take an open seat.", "name")
    store.lock_game(v.game.id)  # the game's lock before the seat's row, as everywhere
    if not take_seat(seat, v.phone or "", name):
        raise Unreadable(f"{v.names[position]} is already taken by another phone.", "seat")
    store.append(v.game, "join", name, position, {"seat": position, "name": name})
    circles.seated(v.table, seat, v.phone or "")


def take_seat(seat: Seat, phone: str, name: str) -> bool:
    """Give the seat to ``phone`` only if it is still free, in one statement: of two phones
    claiming one seat at the same moment exactly one wins (SQLite and PostgreSQL alike)."""
    try:
        taken = db.session.execute(
            update(Seat)
            .where(Seat.id == seat.id, Seat.phone.is_(None))
            .values(phone=phone, name=name)
        )
    except IntegrityError:  # this phone took another seat of the table a moment ago
        db.session.rollback()
        raise Unreadable("This phone already sits at this table.", "seat") from None
    if taken.rowcount != 1:  # type: ignore[attr-defined]
        return False
    seat.phone, seat.name = phone, name
    return True


@bp.post("/j/<token>/seat")
def claim(token: str) -> Any:
    v = _view(load("join_token", token))
    values = {"name": request.form.get("name", "")[:100], "seat": request.form.get("seat", "")}
    try:
        position = int(request.form.get("seat", "-1"))
        _claim(v, position, clean_name(request.form.get("name", ""), "Your name"))
        db.session.commit()
    except (Unreadable, ValueError) as err:
        db.session.rollback()
        message = getattr(err, "message", "Pick a seat.")
        v = _view(load("join_token", token))
        return render_template("join.html", v=v, values=values, errors={"form": message}), 422
    publish(v.table)
    return redirect(url_for("table.page", token=v.table.token), 303)


def _host_view(token: str) -> TableView:
    v = _view(load("token", token))
    if not v.is_host:
        abort(403, "Only the phone that started this table can do that.")
    return v


def _host_done(v: TableView, kind: str, payload: dict[str, Any]) -> Any:
    store.append(v.game, kind, "Host", None, payload)
    db.session.commit()
    publish(v.table)
    return redirect(url_for("table.page", token=v.table.token) + "#host", 303)


@bp.post("/t/<token>/lock")
def lock(token: str) -> Any:
    v = _host_view(token)
    v.table.locked = request.form.get("locked") == "1"
    return _host_done(v, "lock" if v.table.locked else "unlock", {})


@bp.post("/t/<token>/free/<int:position>")
def free(token: str, position: int) -> Any:
    v = _host_view(token)
    if not 0 <= position < len(v.seats):
        abort(404, "There is no such seat at this table.")
    v.seats[position].phone = None
    return _host_done(v, "free-seat", {"seat": position})


def _seats_version(raw: str | None) -> int:
    """The version of the seats the host's form was drawn at (``seats`` slot)."""
    text = (raw or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 12):
        raise Unreadable("This form is out of date: reload the page and try again.", "version")
    return int(text)


def _seat_action(token: str, action: Action) -> Any:
    """A host's seat change, through the table protocol like every action (the game decides
    whether it may be done; a form drawn before another seat change is stale: 409)."""
    v = _host_view(token)
    if v.kind.key != "custom":
        abort(422, "Seats can be added or removed only at a custom scoresheet.")
    try:
        done = service.act(v.table, v.game, [action], v.who)
    except Conflict:
        raise Conflict(
            "The seats changed a moment ago (a seat was added or removed on another phone). "
            "Nothing was changed: look at the seats as they are now, then try again."
        ) from None
    publish(v.table, done.version)
    if request.headers.get("HX-Request") == "true":
        return Response(status=204)  # the live update redraws the sheet and this card
    return redirect(url_for("table.page", token=v.table.token) + "#host", 303)


@bp.post("/t/<token>/seats/add")
def add_seat(token: str) -> Any:
    version = _seats_version(request.form.get("version"))
    name = clean_name(request.form.get("name", ""), "The new seat's name")
    return _seat_action(token, Action("add-seat", {}, version, {"name": name}))


@bp.post("/t/<token>/seats/<int:position>/remove")
def remove_seat(token: str, position: int) -> Any:
    version = _seats_version(request.form.get("version"))
    return _seat_action(token, Action("remove-seat", {"seat": position}, version, {}))


@bp.post("/t/<token>/rotate")
def rotate(token: str) -> Any:
    v = _host_view(token)
    old = store.rotate(v.table)
    answer = _host_done(v, "rotate", {})
    publish_moved(old, v.table)
    return answer


def _seated_view(token: str) -> TableView:
    v = _view(load("token", token))
    if v.my_seat is None:
        abort(403, "This phone has no seat at this table.")
    return v


@bp.post("/t/<token>/me/name")
def rename(token: str) -> Any:
    """A player changes their own name (the history keeps the old one)."""
    v = _seated_view(token)
    seat = v.my_seat
    assert seat is not None
    name = clean_name(request.form.get("name", ""), "Your name")
    if not name:
        raise Unreadable("Type a name: a seat needs one.", "name")
    was = seat.name
    if name != was:
        seat.name = name
        store.append(v.game, "rename", name, seat.position,
                     {"seat": seat.position, "name": name, "was": was})  # fmt: skip
        db.session.commit()
        publish(v.table)
    if request.headers.get("HX-Request") == "true":
        return render_template("_you.html", v=_view(load("token", token)))
    return redirect(url_for("table.page", token=v.table.token), 303)


@bp.post("/t/<token>/me/leave")
def leave(token: str) -> Any:
    """A player gives up their seat; their scores stay, and the seat opens for another phone."""
    v = _seated_view(token)
    seat = v.my_seat
    assert seat is not None
    seat.phone = None
    store.append(v.game, "leave-seat", seat.name, seat.position, {"seat": seat.position})
    db.session.commit()
    publish(v.table)
    return redirect(url_for("table.page", token=v.table.token), 303)
