"""Joining a table by its link, and the host's controls over seats and the link."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict, Unreadable
from companion.extensions import db
from companion.games import seating
from companion.games.protocol import Action, Who, check
from companion.tables import circles, service
from companion.tables.models import Table
from companion.web.home import clean_name
from companion.web.live import publish, publish_moved
from companion.web.security import phone_id
from companion.web.tableview import TableView, load

bp = Blueprint("join", __name__)


def _view(table: Table) -> TableView:
    return TableView(table, table.game, phone_id())


@bp.get("/j/<token>")
def page(token: str) -> ResponseReturnValue:
    v = _view(load("join_token", token))
    if v.my_seat is not None:
        return redirect(url_for("table.page", token=v.table.token), 303)
    offered = circles.offered(v.table, v.phone)  # a circle's table: this phone's member first
    return render_template("join.html", v=v, values={}, errors={}, offered=offered)


def form_version(name: str) -> int | None:
    """The version of its target a form was drawn at (``name``); None when the form names
    none (a page drawn before forms sent it: the target as it is now)."""
    raw = request.form.get(name)
    if raw is None:
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 12):
        raise Unreadable("This form is out of date: reload the page and try again.", "version")
    return int(text)


class Stale(Conflict):
    """A table action's target changed since the form was drawn (409), said in words."""


def act_table(
    v: TableView, action: Action, version: int | None, phone: str | None = None
) -> service.Done:
    """One of the table's own actions (``seating``) for this phone: stored, or refused with
    nothing stored (a stale version: 409 with the target as it is now, in words)."""
    action = replace(action, version=version or 0)
    try:
        return service.act_table(v.table, v.game, action, v.who, phone, version is not None)
    except service.StaleTarget as err:
        raise Stale(seating.stale_words(err.action, err.current)) from None


@bp.app_template_global()
def seat_version(v: TableView, position: int) -> int:
    """The version of a seat a form is drawn at (``seating.seat_slot``)."""
    return v.snapshot.version(seating.seat_slot(position))


def _claim(v: TableView, position: int, name: str) -> service.Done:
    if not 0 <= position < len(v.seats):
        raise Unreadable(seating.NO_SEAT, "seat")
    version = form_version(f"version-{position}")
    action = Action("take-seat", {"seat": position}, 0, {"name": name})
    done = act_table(v, action, version, v.phone or "")
    circles.seated(v.table, v.seats[position], v.phone or "")
    return done


@bp.post("/j/<token>/seat")
def claim(token: str) -> ResponseReturnValue:
    v = _view(load("join_token", token))
    values = {"name": request.form.get("name", "")[:100], "seat": request.form.get("seat", "")}
    try:
        position = int(request.form.get("seat", "-1"))
        done = _claim(v, position, clean_name(request.form.get("name", ""), "Your name"))
        db.session.commit()
    except (CompanionError, ValueError) as err:
        db.session.rollback()
        message = getattr(err, "message", "Pick a seat.")
        status = 409 if isinstance(err, Stale) else 422
        v = _view(load("join_token", token))
        return render_template("join.html", v=v, values=values, errors={"form": message}), status
    publish(v.table, done.version)
    return redirect(url_for("table.page", token=v.table.token), 303)


def _host_view(token: str) -> TableView:
    v = _view(load("token", token))
    check(v.who, Who.HOST, refused=seating.ONLY_HOST)
    return v


def _host_done(v: TableView, action: Action, version_field: str = "version") -> ResponseReturnValue:
    done = act_table(v, action, form_version(version_field))
    publish(v.table, done.version)
    if done.moved is not None:
        publish_moved(done.moved, v.table)
    return redirect(url_for("table.page", token=v.table.token) + "#host", 303)


@bp.post("/t/<token>/lock")
def lock(token: str) -> ResponseReturnValue:
    v = _host_view(token)
    kind = "lock" if request.form.get("locked") == "1" else "unlock"
    return _host_done(v, Action(kind, {}, 0))


@bp.post("/t/<token>/free/<int:position>")
def free(token: str, position: int) -> ResponseReturnValue:
    v = _host_view(token)
    if not 0 <= position < len(v.seats):
        abort(404, "There is no such seat at this table.")
    return _host_done(v, Action("free-seat", {"seat": position}, 0))


def _seats_version(raw: str | None) -> int:
    """The version of the seats the host's form was drawn at (``seats`` slot)."""
    text = (raw or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 12):
        raise Unreadable("This form is out of date: reload the page and try again.", "version")
    return int(text)


def _seat_action(token: str, action: Action) -> ResponseReturnValue:
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
def add_seat(token: str) -> ResponseReturnValue:
    version = _seats_version(request.form.get("version"))
    name = clean_name(request.form.get("name", ""), "The new seat's name")
    return _seat_action(token, Action("add-seat", {}, version, {"name": name}))


@bp.post("/t/<token>/seats/<int:position>/remove")
def remove_seat(token: str, position: int) -> ResponseReturnValue:
    version = _seats_version(request.form.get("version"))
    return _seat_action(token, Action("remove-seat", {"seat": position}, version, {}))


@bp.post("/t/<token>/rotate")
def rotate(token: str) -> ResponseReturnValue:
    return _host_done(_host_view(token), Action("rotate", {}, 0))


def _seated_view(token: str) -> TableView:
    v = _view(load("token", token))
    if v.my_seat is None:
        abort(403, "This phone has no seat at this table.")
    return v


@bp.post("/t/<token>/me/name")
def rename(token: str) -> ResponseReturnValue:
    """A player changes their own name (the history keeps the old one)."""
    v = _seated_view(token)
    seat = v.my_seat
    assert seat is not None
    name = clean_name(request.form.get("name", ""), "Your name")
    action = Action("rename", {"seat": seat.position}, 0, {"name": name})
    done = act_table(v, action, form_version("version"))
    if done.stored:
        publish(v.table, done.version)
    if request.headers.get("HX-Request") == "true":
        return render_template("_you.html", v=_view(load("token", token)))
    return redirect(url_for("table.page", token=v.table.token), 303)


@bp.post("/t/<token>/me/leave")
def leave(token: str) -> ResponseReturnValue:
    """A player gives up their seat; their scores stay, and the seat opens for another phone."""
    v = _seated_view(token)
    seat = v.my_seat
    assert seat is not None
    done = act_table(v, Action("leave-seat", {"seat": seat.position}, 0), form_version("version"))
    publish(v.table, done.version)
    return redirect(url_for("table.page", token=v.table.token), 303)
