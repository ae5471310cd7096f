"""Consonants at the table: the game type and its pages (cards taken, words, challenges,
Flying by Night, tricks).

Engine and table protocol: ``companion.games.consonants`` (``table``: every action names its
hand, and its seat or trick). What the pages show and say is worked out by the pure
``table_display`` and ``table_words``; this module only reads the request. Each form names
its action in ``FORMS``: the hand from the URL, the seat or trick and the version from the
form. A page calls ``service.act``, publishes and renders the entry box again; on 409/422 it
renders the same form with the input kept and the value now beside it. The word judge
(``companion.web.judge``) collects a challenge's confirmations; its verdict appends
``cons-challenge`` (``_consequence``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from companion.cards.alpha import DEFAULT_DECK
from companion.errors import CompanionError, Conflict, Unreadable
from companion.extensions import db
from companion.games.consonants import table_options, table_words
from companion.games.consonants.table import ALL_KINDS, ConsonantsTable
from companion.games.consonants.table_display import WAYS, Display
from companion.games.hearts.table_words import named
from companion.games.protocol import Action, Event
from companion.tables import service, store
from companion.tables.registry import GameType, register
from companion.web import judge as judge_flow
from companion.web.errors import status_for
from companion.web.games.deck import describe as deck_describe
from companion.web.games.deck import table_deck
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView
from companion.words.registry import get_lexicon, lexicons

KEY = "consonants"
ENTRY = "consonants/_entry.html"
TABLE = ConsonantsTable(get_lexicon)
# a form -> (its action, the field naming the seat or trick it is for, the data it sends)
FORMS: dict[str, tuple[str, str | None, tuple[str, ...]]] = {
    "taken": ("taken", "seat", ("cards", "rest")),
    "words": ("words", "seat", ("words",)),
    "fly": ("fly", None, ("choice",)),
    "trick": ("trick", "trick", ("leader", "cards")),
    "close": ("done", None, ()),
    "challenge": ("challenge", "seat", ("word", "challenger")),
}
FLAGS = frozenset({"rest"})
MISSING = {"seat": "This form does not say whose entry it is: reload and send again.",
           "trick": "The form does not say which trick it is: reload."}  # fmt: skip

bp = Blueprint("consonants", __name__)


def _way_key(v: TableView) -> str:
    return f"cons-way:{v.table.token}"


@bp.app_template_global("cons_view")
def cons_view(v: TableView) -> Display:
    """The entry box's pure view of ``v`` (``table_display``), made once per view."""
    if "_cons" not in v.__dict__:
        way, asked = session.get(_way_key(v)), request.args.get("cons-seat")
        v.__dict__["_cons"] = Display(v.state, v.names, v.who, v.snapshot.versions,
                                      v.is_current, way, asked)  # fmt: skip
    return v.__dict__["_cons"]  # type: ignore[no-any-return]


@bp.app_template_global("cons_form")
def cons_form() -> dict[str, Any]:
    return {**table_options.form(), "lexicons": lexicons()}


def entry_key(v: TableView) -> str:
    """Changes with any stored change, and when a verdict appears or clears."""
    newest = max((e.id for e in v.rows), default=0)
    c = judge_flow.current(v.rows)
    showing = int(c is not None and (c.open or c.showing()))
    return f"{newest}:{showing}:{v.my_seat.position if v.my_seat else '-'}"


def describe(event: Event, names: list[str]) -> str | None:
    """History lines: the judge's, the deck's and the game's own (``table_words``)."""
    return judge_flow.describe(event, names) or deck_describe(event) or TABLE.describe(event, names)


GAME = GameType(
    key=KEY,
    name="Consonants",
    min_players=3,
    max_players=6,
    dealer=table_options.dealer,
    descriptions={"players": "3 to 6 players."},
    summary="Hearts with Alpha letter cards, 3 to 6 players: the app passes, counts the "
    "consonants, checks words and challenges, and can referee every trick.",
    options_template="consonants/_options.html",
    entry_template=ENTRY,
    rules_template="consonants/_rules.html",
    entry_key=entry_key,
    replayed=ALL_KINDS | judge_flow.KINDS | {"alpha-deck", "undo"},
    undoable=ALL_KINDS - {"cons-challenge"},
    assets=("words.css", "words.js", "consonants.css", "consonants.js"),
    describe=describe,
    cell_link=lambda v, r, s: None,
    status_template="consonants/_status.html",
    table=TABLE,
)
register(GAME)


# reading the request


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table is not playing Consonants.")
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter hands.")
    return v


def _number(field: str) -> int | str:
    """A whole number the form names (a seat, a trick), never a default (rule 1)."""
    raw = str(request.form.get(field, "")).strip()[:10]
    if not raw:
        raise Unreadable(MISSING[field], field)
    return int(raw) if raw.isdigit() else raw  # anything else: the target check says why


def _version(seat: Any) -> int:
    """The version the form saw (the cards-taken form names it per seat)."""
    field = f"version-{seat}" if f"version-{seat}" in request.form else "version"
    raw = str(request.form.get(field, "0")).strip()
    if not raw.isdigit():
        raise Unreadable("The form's version is not a number: reload the page.", "form")
    return int(raw)


def _action(form: str, number: int) -> Action:
    """The form read into the one action it names, for hand ``number``."""
    kind, field, fields = FORMS[form]
    target: dict[str, Any] = {"hand": number}
    if field is not None:
        target[field] = _number(field)
    got = request.form
    data = {f: bool(got.get(f)) if f in FLAGS else got.get(f, "") for f in fields}
    return Action(kind, target, _version(target.get("seat")), data)


def _carry_deck(v: TableView) -> None:
    """A new game keeps the table's corrected deck: copy it into this game's events once."""
    if any(e.kind == "alpha-deck" for e in v.rows):
        return
    deck = table_deck(v)
    if deck is DEFAULT_DECK:
        return
    actor, seat = v.actor
    store.append(v.game, "alpha-deck", actor, seat, deck.to_dict(), None, ("deck", 1))
    store.commit_change("The deck")


def _again(token: str, err: CompanionError) -> Any:
    """The same form again, the phone's input kept, the value now beside it."""
    db.session.rollback()
    v = view_for(token)
    status = 422 if status_for(err) == 400 else status_for(err)
    values = {k: str(val)[:300] for k, val in request.form.items() if k != "csrf_token"}
    ctx = {"v": v, "values": values, "errors": {"form": named(err.message, v.names)},
           "conflict": isinstance(err, Conflict)}  # fmt: skip
    if htmx():
        return fragment(ENTRY, status, **ctx)
    return render_template("table.html", **ctx), status


def _entry_box(token: str, v: TableView | None = None, saved: str = "") -> Any:
    """The entry box as it is now (htmx), else the table's page."""
    if htmx():
        return fragment(ENTRY, v=v or view_for(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)


# the pages


@bp.post("/t/<token>/cons/<int:number>/<any(taken, words, fly, trick, close, challenge):form>")
def act(token: str, number: int, form: str) -> Any:
    """Read the form into one action, act, answer with the entry box (or the form again)."""
    v = _view(token)
    try:
        _carry_deck(v)
        action = _action(form, number)
        done = service.act(v.table, v.game, [action], v.who)
    except CompanionError as err:
        return _again(token, err)
    publish(v.table)
    after = v.fresh(done.snapshot)
    return _entry_box(token, after, saved=table_words.saved(action, after.state, after.names))


@bp.get("/t/<token>/cons/way/<way>")
def choose_way(token: str, way: str) -> Any:
    v = view_for(token)
    if way not in WAYS:
        abort(404, "There is no such way to enter a hand.")
    session[_way_key(v)] = way
    return _entry_box(token)


@bp.get("/t/<token>/cons/<int:number>/seat/<int:seat>")
def pick_seat(token: str, number: int, seat: int) -> Any:
    """The cards-taken form for another seat this phone may enter (the host, a free seat)."""
    v = _view(token)
    if not cons_view(v).may_act_for(seat):
        abort(403, f"This phone cannot enter the cards of seat {seat + 1}.")
    if htmx():
        return fragment(ENTRY, v=v, values={"seat": str(seat)}, errors={})
    return render_template("table.html", v=v, values={"seat": str(seat)}, errors={})
