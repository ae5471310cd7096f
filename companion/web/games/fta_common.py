"""Shared pieces of Follow the Author's routes: reading forms, versions, answering a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from companion.cards.decktet import DecktetCard, parse_card
from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.tables import store
from companion.web.games.fta_state import RoundState
from companion.web.games.fta_view import FtaView
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

KEY = "follow-the-author"
ENTRY = "follow_the_author/_entry.html"


def fta_view(v: TableView) -> FtaView:
    """One ``FtaView`` per table view (templates call ``fta(v)``)."""
    cached = v.__dict__.get("_fta")
    if cached is None:
        cached = v.__dict__["_fta"] = FtaView(v)
    return cached  # type: ignore[no-any-return]


def view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table does not play Follow the Author.")
    return v


def read_version(name: str = "version") -> int:
    raw = request.form.get(name, "0").strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", name)
    return int(raw)


def read_cards(raw: list[str]) -> tuple[DecktetCard, ...]:
    cards = [parse_card(text[:40]) for text in raw[:60]]
    doubled = sorted({c.title for c in cards if cards.count(c) > 1})
    if doubled:
        raise Unreadable(f"{', '.join(doubled)} is listed twice.", "cards")
    return tuple(cards)


def current_round(v: TableView, number: int) -> RoundState:
    """The round being played; entries go to it only."""
    f = fta_view(v)
    if not (v.is_host or v.my_seat is not None):
        abort(403, "Take a seat first: only players at the table can enter.")
    if not v.is_current or v.sheet.finished:
        raise Forbidden("This game is over. Start a new game to keep playing.")
    if number != f.round.number:
        raise Forbidden(f"Round {number} is not being played: this is round {f.round.number}.")
    return f.round


def check_version(given: int, current: int, what: str) -> None:
    if given != current:
        raise Conflict(
            f"{what} was changed on another phone since you opened this page. Nothing of "
            "yours was saved: check the latest state and send again."
        )


def respond(token: str, action: Callable[[TableView], str], values: dict[str, Any]) -> Any:
    """Run ``action`` (it appends events and returns a saved message); answer the phone."""
    v = view(token)
    try:
        saved = action(v)
        store.commit_change("This round")
    except CompanionError as err:
        db.session.rollback()
        status = 409 if isinstance(err, Conflict) else 422
        fresh = view(token)
        errors = {"fta": err.message}
        if htmx():
            return fragment(ENTRY, status, v=fresh, values=values, errors=errors)
        return render_template("table.html", v=fresh, values=values, errors=errors), status
    publish(v.table)
    if htmx():
        return fragment(ENTRY, v=view(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)
