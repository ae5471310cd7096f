"""Request reading shared by the trick games' pages (Hearts, Consonants): the seated phone's
view of a table playing one game, the version a form saw, the input kept when a form is shown
again, and the way of entering a hand this phone chose."""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, request, session, url_for

from companion.errors import CompanionError, Unreadable
from companion.web.errors import status_for
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView


def seated_view(token: str, key: str, name: str) -> TableView:
    """The table at ``token``, which must be playing game ``key``, seen by a seated phone
    or the host (404, 403 otherwise)."""
    v = view_for(token)
    if v.game.kind != key:
        abort(404, f"This table is not playing {name}.")
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter hands.")
    return v


def form_version(field: str = "version") -> int:
    """The version of its target the form saw."""
    raw = str(request.form.get(field, "0")).strip()
    if not raw.isdigit():
        raise Unreadable("The form's version is not a number: reload the page.", "form")
    return int(raw)


def kept_input() -> dict[str, str]:
    """The phone's input, to fill a form shown again."""
    return {k: str(val)[:300] for k, val in request.form.items() if k != "csrf_token"}


def again_status(err: CompanionError) -> int:
    """A refused form's status: an unreadable form is a form to fix (422)."""
    status = status_for(err)
    return 422 if status == 400 else status


def chosen_way(v: TableView, game: str) -> str | None:
    """The way of entering a hand this phone chose at this table (kept in its session)."""
    return session.get(f"{game}-way:{v.table.token}")


def choose_way(token: str, way: str, ways: Any, game: str, entry: str) -> Any:
    """Keep ``way`` as this phone's way of entering hands; answer with the entry box."""
    v = view_for(token)
    if way not in ways:
        abort(404, "There is no such way to enter a hand.")
    session[f"{game}-way:{v.table.token}"] = way
    return entry_box(token, entry)


def entry_box(token: str, entry: str, v: TableView | None = None, saved: str = "") -> Any:
    """The entry box as it is now (htmx), else the table's page."""
    if htmx():
        return fragment(entry, v=v or view_for(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)
