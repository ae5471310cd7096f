"""Hearts at the table: the game type and its pages (cards taken, claims, moon, tricks).

Engine: ``companion.games.hearts`` (rule texts seeds 001 and 002, RULES.md "Hearts").
Views read the request, ask the engine, store one event in a versioned slot, publish,
and render the entry box again.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, g, redirect, render_template, request, session, url_for

from companion.errors import CompanionError, Conflict
from companion.tables.registry import GameType, register
from companion.web.games import hearts_entry as entry
from companion.web.games import hearts_options as opts
from companion.web.games import hearts_state as state
from companion.web.games.hearts_options import load_options, parse_options
from companion.web.games.hearts_view import WAYS, HeartsView, entry_key, way_key
from companion.web.games.hearts_words import describe
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

bp = Blueprint("hearts", __name__)

DESCRIPTIONS = {
    "players": "3 to 6 players.",
    "preset": "standard, pagat or omnibus; every option below can change it.",
}

HEARTS = GameType(
    key="hearts",
    name="Hearts",
    min_players=3,
    max_players=6,
    parse_options=parse_options,
    load_options=load_options,
    sheet=state.sheet,
    dealer=lambda options, hand: state.dealer(options, hand),
    descriptions=DESCRIPTIONS,
    summary="3 to 6 players. Tap the cards each player took, or enter every trick; "
    "the app passes, scores moons and checks the rules.",
    options_template="hearts/_options.html",
    entry_template="hearts/_entry.html",
    rules_template="hearts/_rules.html",
    entry_key=entry_key,
    replayed=state.KINDS | {"undo"},
    undoable=state.KINDS,
    assets=("hearts.css", "hearts.js"),
    describe=describe,
    cell_link=lambda v, hand, seat: url_for("hearts.edit", token=v.table.token, number=hand),
    status_template="hearts/_status.html",
)
register(HEARTS)


@bp.app_template_global("hearts_view")
def hearts_view(v: TableView) -> HeartsView:
    cache = g.setdefault("hearts_views", {})
    if id(v) not in cache:
        cache[id(v)] = HeartsView(v)
    return cache[id(v)]  # type: ignore[no-any-return]


@bp.app_template_global("hearts_form")
def hearts_form() -> dict[str, Any]:
    return {
        "fields": opts.form_fields(),
        "help": opts.HELP,
        "presets": opts.PRESET_WORDS,
        "entry": opts.ENTRY_WAYS,
        "shown": opts.shown,
    }


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != HEARTS.key:
        abort(404, "This table is not playing Hearts.")
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter hands.")
    return v


def _hand(v: TableView, number: int, earlier_ok: bool = False) -> state.Hand:
    game = hearts_view(v).game
    if earlier_ok and 1 <= number <= len(game.done):
        return game.hands[number - 1]
    if game.finished:
        abort(422, "This game is over. Start a new game to keep playing.")
    if number != game.current.number:
        abort(422, f"Hand {number} cannot be entered now: hand {game.current.number} is open.")
    return game.current


def _answer(token: str, message: str) -> Any:
    v = view_for(token)
    publish(v.table)
    if htmx() and request.form.get("edit"):
        return fragment("_notice.html", message=message)
    if htmx():
        return fragment(HEARTS.entry_template, v=v, values={}, errors={}, saved=message)
    return redirect(url_for("table.page", token=token), 303)


def _again(token: str, err: CompanionError, number: int | None = None) -> Any:
    v = view_for(token)
    status = 409 if isinstance(err, Conflict) else 422
    values = {k: str(val)[:300] for k, val in request.form.items() if k != "csrf_token"}
    errors = {"form": err.message}
    if request.form.get("edit") and number is not None:
        ctx: dict[str, Any] = dict(v=v, values=values, errors=errors, number=number)
        if htmx():
            return fragment("hearts/_edit.html", status, **ctx)
        return render_template("hearts/edit.html", **ctx), status
    if htmx():
        return fragment(HEARTS.entry_template, status, v=v, values=values, errors=errors)
    return render_template("table.html", v=v, values=values, errors=errors), status


@bp.get("/t/<token>/hearts/way/<way>")
def choose_way(token: str, way: str) -> Any:
    v = view_for(token)
    if way not in WAYS:
        abort(404, "There is no such way to enter a hand.")
    session[way_key(v)] = way
    if htmx():
        return fragment(HEARTS.entry_template, v=view_for(token), values={}, errors={})
    return redirect(url_for("table.page", token=token), 303)


@bp.post("/t/<token>/hearts/<int:number>/taken")
def taken(token: str, number: int) -> Any:
    v = _view(token)
    hand = _hand(v, number, earlier_ok=True)
    try:
        payload = entry.read_taken(v, hand, request.form)
        version = entry.read_version(request.form)
        entry.save(v, "hearts-taken", number, f"h{number}", version, payload, f"Hand {number}")
    except CompanionError as err:
        return _again(token, err, number)
    return _answer(token, f"Hand {number} saved; totals updated.")


@bp.get("/t/<token>/hearts/<int:number>/edit")
def edit(token: str, number: int) -> Any:
    v = _view(token)
    _hand(v, number, earlier_ok=True)
    ctx: dict[str, Any] = dict(v=v, values={}, errors={}, number=number)
    if htmx():
        return fragment("hearts/_edit.html", **ctx)
    return render_template("hearts/edit.html", **ctx)


@bp.post("/t/<token>/hearts/<int:number>/claim")
def claim(token: str, number: int) -> Any:
    v = _view(token)
    if v.my_seat is None:
        abort(403, "Only a seated phone can claim its own cards: use 'Score for all'.")
    hand = _hand(v, number)
    seat = v.my_seat.position
    try:
        payload = entry.read_claim(v, hand, seat, request.form)
        version = entry.read_version(request.form)
        slot = f"h{number}s{seat}"
        entry.save(v, "hearts-claim", number, slot, version, payload, f"{v.names[seat]}'s cards")
    except CompanionError as err:
        return _again(token, err)
    return _answer(token, "Your cards are in.")


@bp.post("/t/<token>/hearts/<int:number>/moon")
def moon(token: str, number: int) -> Any:
    v = _view(token)
    hand = _hand(v, number)
    if not hand.choice_required:
        abort(422, f"Hand {number} has no moon waiting for a choice.")
    if not hearts_view(v).may_choose(hand):
        abort(403, "Only the shooter's phone (or the scorer's) may make this choice.")
    choice = request.form.get("choice", "")
    if choice not in ("add", "subtract"):
        abort(422, "Choose 'add' (26 to everyone else) or 'subtract' (26 off the shooter).")
    try:
        version = entry.read_version(request.form)
        payload = {"choice": choice}
        entry.save(v, "hearts-moon", number, f"h{number}moon", version, payload, "The choice")
    except CompanionError as err:
        return _again(token, err)
    return _answer(token, "The choice is in.")


@bp.post("/t/<token>/hearts/<int:number>/trick")
def trick(token: str, number: int) -> Any:
    v = _view(token)
    hand = _hand(v, number)
    try:
        payload = entry.read_trick(v, hand, request.form)
        slot = f"h{number}t{payload['trick']}"
        version = entry.read_version(request.form)
        entry.save(
            v, "hearts-trick", number, slot, version, payload, f"Trick {payload['trick'] + 1}"
        )
    except CompanionError as err:
        return _again(token, err)
    return _answer(token, f"Trick {payload['trick'] + 1} is in.")


@bp.post("/t/<token>/hearts/<int:number>/revoke")
def revoke(token: str, number: int) -> Any:
    v = _view(token)
    hand = _hand(v, number)
    try:
        payload = entry.read_revoke(v, hand, request.form)
        version = entry.read_version(request.form)
        entry.save(v, "hearts-revoke", number, f"h{number}rev", version, payload, "The revoke")
    except CompanionError as err:
        return _again(token, err)
    return _answer(token, "The revoke is recorded.")
