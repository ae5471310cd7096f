"""Consonants at the table: the game type and its pages (cards taken, words, challenges,
Flying by Night, tricks).

Engine and table protocol: ``companion.games.consonants`` (``table``: every action names its
hand, and its seat or trick). A page reads the form into one ``Action`` (the hand from the
URL, the seat or trick and the version from the form), calls ``service.act``, publishes and
renders the entry box again; on 409/422 it renders the same form with the input kept and
the value now beside it. The word judge (``companion.web.judge``) collects a challenge's
confirmations; its verdict appends ``cons-challenge`` (``_consequence``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from companion.cards.alpha import DEFAULT_DECK
from companion.errors import CompanionError, Conflict, Unreadable
from companion.extensions import db
from companion.games import consonants as engine
from companion.games.consonants import table_options as opts
from companion.games.consonants.table import ALL_KINDS, ConsonantsTable
from companion.games.hearts.table_form import cycle_choices
from companion.games.hearts.table_words import named
from companion.games.protocol import Action
from companion.tables import service, store
from companion.tables.registry import GameType, folded_sheet, register
from companion.web import judge as judge_flow
from companion.web.errors import status_for
from companion.web.games.consonants_view import cons_view, describe, entry_key
from companion.web.games.deck import table_deck
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView
from companion.words.registry import get_lexicon, lexicons

KEY = "consonants"
ENTRY = "consonants/_entry.html"
WAYS = {"cards": "Cards taken", "tricks": "Trick by trick"}
TABLE = ConsonantsTable(get_lexicon)

bp = Blueprint("consonants", __name__)
bp.add_app_template_global(cons_view, "cons_view")

GAME = GameType(
    key=KEY,
    name="Consonants",
    min_players=3,
    max_players=6,
    parse_options=TABLE.parse_options,
    load_options=TABLE.load_options,
    sheet=folded_sheet(TABLE),
    dealer=opts.dealer,
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


@bp.app_template_global("cons_form")
def cons_form() -> dict[str, Any]:
    return {
        "help": opts.HELP,
        "entry": opts.ENTRY_WAYS,
        "leads": opts.FIRST_LEADS,
        "cycles": cycle_choices(),
        "lexicons": lexicons(),
    }


def _consequence(v: TableView, c: judge_flow.Challenge, valid: bool) -> str:
    """The verdict moves the word's points: the winner -points, the loser +points."""
    ref = c.ref
    try:
        hand, seat, word = int(ref["hand"]), int(ref["seat"]), str(ref["word"])
    except (KeyError, TypeError, ValueError):
        return ""
    points = engine.word_points(word, v.state.deck)
    winner, loser = (seat, c.challenger) if valid else (c.challenger, seat)
    payload = {"n": c.n, "hand": hand, "seat": seat, "word": word,
               "challenger": c.challenger, "valid": valid}  # fmt: skip
    actor, actor_seat = v.actor
    store.append(v.game, "cons-challenge", actor, actor_seat, payload, hand, (f"c{hand}ch{c.n}", 1))
    names = v.names
    stands = "stands" if valid else "is not a word: it was never laid"
    return f"{word} {stands}. {names[winner]} −{points}, {names[loser]} +{points}."


judge_flow.on_verdict(KEY, _consequence)


# reading the request


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table is not playing Consonants.")
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter hands.")
    return v


def _number(field: str, missing: str) -> int | str:
    """A whole number the form names (a seat, a trick), never a default (rule 1)."""
    raw = str(request.form.get(field, "")).strip()[:10]
    if not raw:
        raise Unreadable(missing, field)
    return int(raw) if raw.isdigit() else raw  # anything else: the target check says why


def _version(field: str = "version") -> int:
    raw = str(request.form.get(field, "0")).strip()
    if not raw.isdigit():
        raise Unreadable("The form's version is not a number: reload the page.", "form")
    return int(raw)


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


Read = Callable[[TableView, dict[str, Any]], tuple[int, dict[str, Any]]]


def _act(token: str, kind: str, number: int, read: Read, saved: Callable[[TableView], str]) -> Any:
    """Read the form into one action for hand ``number``, act, answer (or the form again)."""
    v = _view(token)
    target: dict[str, Any] = {"hand": number}
    try:
        _carry_deck(v)
        version, data = read(v, target)  # adds the seat or the trick to the target
        done = service.act(v.table, v.game, [Action(kind, target, version, data)], v.who)
    except CompanionError as err:
        return _again(token, err)
    publish(v.table)
    if htmx():
        after = v.fresh(done.snapshot)
        return fragment(ENTRY, v=after, values={}, errors={}, saved=saved(after))
    return redirect(url_for("table.page", token=token), 303)


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


@bp.get("/t/<token>/cons/way/<way>")
def choose_way(token: str, way: str) -> Any:
    v = view_for(token)
    if way not in WAYS:
        abort(404, "There is no such way to enter a hand.")
    session[f"cons-way:{v.table.token}"] = way
    if htmx():
        return fragment(ENTRY, v=view_for(token), values={}, errors={})
    return redirect(url_for("table.page", token=token), 303)


@bp.get("/t/<token>/cons/<int:number>/seat/<int:seat>")
def pick_seat(token: str, number: int, seat: int) -> Any:
    """The cards-taken form for another seat this phone may enter (the host, a free seat)."""
    v = _view(token)
    if not cons_view(v).may_act_for(seat):
        abort(403, f"This phone cannot enter the cards of seat {seat + 1}.")
    if htmx():
        return fragment(ENTRY, v=v, values={"seat": str(seat)}, errors={})
    return render_template("table.html", v=v, values={"seat": str(seat)}, errors={})


@bp.app_template_global("cons_taken_seat")
def taken_seat(v: TableView, values: dict[str, str]) -> int | None:
    """Whose cards the cards-taken form is for: the seat this phone asked for (picked, sent
    back after a refusal, or shown before a live redraw: ``cons-seat``), else its own seat,
    else the first seat it may enter."""
    cv = cons_view(v)
    seats = cv.entry_seats()
    for raw in (values.get("seat"), request.args.get("cons-seat")):
        if raw and raw.isdigit() and int(raw) in seats:
            return int(raw)
    if cv.seat in seats:
        return cv.seat
    return seats[0] if seats else None


@bp.app_template_global("cons_way")
def cons_way(v: TableView) -> str:
    hand = cons_view(v).hand
    if hand.tricks:
        return "tricks"
    if hand.source == "cards":
        return "cards"
    chosen = session.get(f"cons-way:{v.table.token}")
    return str(chosen) if chosen in WAYS else str(v.options.entry)


NO_SEAT = "This form does not say whose entry it is: reload and send again."


def _seat_target(target: dict[str, Any]) -> int | str:
    target["seat"] = seat = _number("seat", NO_SEAT)
    return seat


def _taken(v: TableView, target: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    seat = _seat_target(target)
    form = request.form
    version = _version(f"version-{seat}" if f"version-{seat}" in form else "version")
    return version, {"cards": form.get("cards", ""), "rest": bool(form.get("rest"))}


def _seat_name(v: TableView) -> str:
    raw = request.form.get("seat", "")
    return v.names[int(raw)] if raw.isdigit() and int(raw) < len(v.names) else "The seat"


@bp.post("/t/<token>/cons/<int:number>/taken")
def taken(token: str, number: int) -> Any:
    return _act(token, "taken", number, _taken, lambda v: f"{_seat_name(v)}'s cards are in.")


def _words(v: TableView, target: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    _seat_target(target)
    return _version(), {"words": request.form.get("words", "")}


def _laid(v: TableView) -> str:
    seat = request.form.get("seat", "")
    laid = v.state.current.words.get(int(seat), []) if seat.isdigit() else []
    return f"{_seat_name(v)} lays {', '.join(laid) or 'no words'}."


@bp.post("/t/<token>/cons/<int:number>/words")
def words(token: str, number: int) -> Any:
    return _act(token, "words", number, _words, _laid)


@bp.post("/t/<token>/cons/<int:number>/fly")
def fly(token: str, number: int) -> Any:
    read: Read = lambda v, target: (_version(), {"choice": request.form.get("choice", "")})  # noqa: E731
    return _act(token, "fly", number, read, lambda v: "The choice is in.")


def _trick(v: TableView, target: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    target["trick"] = _number("trick", "The form does not say which trick it is: reload.")
    form = request.form
    return _version(), {"leader": form.get("leader", ""), "cards": form.get("cards", "")}


@bp.post("/t/<token>/cons/<int:number>/trick")
def trick(token: str, number: int) -> Any:
    raw = str(request.form.get("trick", ""))
    saved = f"Trick {int(raw) + 1 if raw.isdigit() else '?'} is in."
    return _act(token, "trick", number, _trick, lambda v: saved)


@bp.post("/t/<token>/cons/<int:number>/close")
def close(token: str, number: int) -> Any:
    read: Read = lambda v, target: (_version(), {})  # noqa: E731
    return _act(token, "done", number, read, lambda v: f"Hand {number} is scored.")


def _challenge(v: TableView, target: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    _seat_target(target)
    form = request.form
    return _version(), {"word": form.get("word", "")[:40], "challenger": form.get("challenger")}


@bp.post("/t/<token>/cons/<int:number>/challenge")
def challenge(token: str, number: int) -> Any:
    saved = "Challenge opened: both sides confirm on their phones."
    return _act(token, "challenge", number, _challenge, lambda v: saved)
