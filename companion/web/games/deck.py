"""The Alpha deck at a table: "check this against your deck", edited by the host.

The letter counts and values of Alpha Playing Cards are a reconstruction (RULES.md), so every
table starts from ``DEFAULT_DECK``, marked unverified, and its host can correct it. An edit is
an appended ``alpha-deck`` event (slot ``deck``, versioned) holding ``Deck.to_dict()``; the
newest one in this game or an earlier game of the table is the table's deck. Games that use
Alpha cards call ``table_deck(v)``.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy import select

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, Deck
from companion.errors import CompanionError, Unreadable
from companion.extensions import db
from companion.games.protocol import Action, Entered
from companion.games.protocol import Event as PlainEvent
from companion.tables import service, store
from companion.tables.models import Event, Game
from companion.web.errors import status_for
from companion.web.live import publish
from companion.web.table import view_for
from companion.web.tableview import TableView

bp = Blueprint("alpha_deck", __name__)
KIND = "alpha-deck"
SLOT = "deck"
ALPHA_KINDS = frozenset({"alphagrams", "consonants"})
MAX_COPIES = 20
MAX_VALUE = 20
EVERY_CARD = tuple(DEFAULT_DECK.copies)


def table_deck(v: TableView) -> Deck:
    """The deck this table plays with (the host's latest correction, else the default)."""
    cached = v.__dict__.get("_alpha_deck")
    if cached is None:
        cached = v.__dict__["_alpha_deck"] = _stored_deck(v) or DEFAULT_DECK
    return cached


def _stored_deck(v: TableView) -> Deck | None:
    stmt = (
        select(Event)
        .join(Game, Game.id == Event.game_id)
        .where(Game.table_id == v.table.id, Game.number <= v.game.number, Event.kind == KIND)
        .order_by(Event.id.desc())
        .limit(1)
    )
    event = db.session.scalar(stmt)
    if event is None:
        return None
    try:
        return Deck.from_dict(event.payload)
    except CompanionError:
        return None


def field_key(card: AlphaCard) -> str:
    """A card in a form field's name: ``T``, ``AE``, ``WILD``."""
    return card.letters or "WILD"


def _version(v: TableView) -> int:
    return store.slot_version(v.game, SLOT)


def again_status(err: CompanionError) -> int:
    """A refused form's status: an unreadable form is a form to fix (422)."""
    status = status_for(err)
    return 422 if status == 400 else status


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind not in ALPHA_KINDS:
        abort(404, "This table does not play with Alpha cards.")
    return v


def _page(
    v: TableView, values: dict[str, str], errors: dict[str, str], status: int = 200
) -> ResponseReturnValue:
    deck = table_deck(v)
    cards = [(c, field_key(c), deck.copies.get(c, 0), deck.value(c)) for c in EVERY_CARD]
    ctx = dict(v=v, deck=deck, cards=cards, values=values, errors=errors, version=_version(v))
    return render_template("words/deck.html", **ctx), status


@bp.get("/t/<token>/deck")
def deck_page(token: str) -> ResponseReturnValue:
    return _page(_view(token), {}, {})


def _number(form: Entered, name: str, label: str, top: int) -> int:
    raw = str(form.get(name, "")).strip()[:10]
    if not (raw.isascii() and raw.isdigit()) or int(raw) > top:
        raise Unreadable(f"{label}: '{raw}' is not a whole number from 0 to {top}.", name)
    return int(raw)


def read_deck(form: Entered) -> Deck:
    """The deck form: copies and value for every card; at least one card in all."""
    cards: dict[str, object] = {}
    for card in EVERY_CARD:
        key = field_key(card)
        copies = _number(form, f"copies-{key}", f"Copies of {card}", MAX_COPIES)
        value = _number(form, f"value-{key}", f"Value of {card}", MAX_VALUE)
        cards[str(card)] = [copies, value]
    deck = Deck.from_dict({"cards": cards, "verified": bool(form.get("verified"))})
    if deck.size == 0:
        raise Unreadable("A deck needs at least one card.", "form")
    note = "Checked by the host against the table's own deck." if deck.verified else ""
    return Deck(deck.copies, deck.values, deck.verified, note or "Edited by the host, unchecked.")


@bp.post("/t/<token>/deck")
def deck_edit(token: str) -> ResponseReturnValue:
    """The host's deck, a table action like any (``seating``: target the deck, at the
    version the form was drawn at)."""
    v = _view(token)
    values = {k: str(val)[:10] for k, val in request.form.items() if k != "csrf_token"}
    try:
        deck = read_deck(request.form)
        given = str(request.form.get("version", "")).strip()[:10]
        if not (given.isascii() and given.isdigit()):
            raise Unreadable("The deck was changed on another phone: check it and save again.")
        action = Action("deck", {}, int(given), deck.to_dict())
        done = service.act_table(v.table, v.game, action, v.who)
    except CompanionError as err:
        db.session.rollback()
        status = 409 if isinstance(err, service.StaleTarget) else again_status(err)
        return _page(_view(token), values, {err.field or "form": err.message}, status)
    publish(v.table, done.version)
    return redirect(url_for("alpha_deck.deck_page", token=token, saved=1), 303)


def carry(v: TableView) -> None:
    """A new game keeps the table's corrected deck: copied into this game's events once (a
    table action at the deck's version 0; another phone that copied it first is as good)."""
    if v.snapshot.version(SLOT):  # this game has its deck already
        return
    deck = table_deck(v)
    if deck is DEFAULT_DECK:
        return
    try:
        service.act_table(v.table, v.game, Action("carry-deck", {}, 0, deck.to_dict()), v.who)
    except service.StaleTarget:
        db.session.rollback()  # copied a moment ago by another phone


def describe(event: PlainEvent) -> str | None:
    """The history line for a deck change (None for other kinds)."""
    if event.kind != KIND:
        return None
    when = f"{event.created_at:%H:%M:%S}"
    cards = event.payload.get("cards") or {}
    size = sum(int(pair[0]) for pair in cards.values() if isinstance(pair, list) and pair)
    checked = "checked against the real deck" if event.payload.get("verified") else "unverified"
    return f"{when} {event.actor or 'Someone'}: changed the deck ({size} cards, {checked})"
