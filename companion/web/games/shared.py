"""The way of entering a hand a phone chose, shared by the trick games' pages (Hearts,
Consonants): kept in the phone's session, per table."""

from __future__ import annotations

from collections.abc import Container

from flask import abort, redirect, session, url_for
from flask.typing import ResponseReturnValue

from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView


def chosen_way(v: TableView, game: str) -> str | None:
    """The way of entering a hand this phone chose at this table (kept in its session)."""
    return session.get(f"{game}-way:{v.table.token}")


def choose_way(
    token: str, way: str, ways: Container[str], game: str, entry: str
) -> ResponseReturnValue:
    """Keep ``way`` as this phone's way of entering hands; answer with the entry box."""
    v = view_for(token)
    if way not in ways:
        abort(404, "There is no such way to enter a hand.")
    session[f"{game}-way:{v.table.token}"] = way
    if htmx():
        return fragment(entry, v=v, values={}, errors={}, saved="")
    return redirect(url_for("table.page", token=token), 303)
