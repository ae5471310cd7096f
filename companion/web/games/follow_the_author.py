"""Follow the Author's pages: forms read into actions for ``service.act`` (the game itself is
``companion.games.follow_the_author.table``), the round in detail and the fingerprint check.

A refused form comes back with the phone's input kept: 409 (changed on another phone, with
the value now beside it) or 422 (the rules refuse it); "not this phone's to do" is 403 through
the one error handler. Only the seal's secret nonce is made here: the pure game makes none.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.cards.decktet import parse_card
from companion.errors import CompanionError, NotAllowed, Unreadable
from companion.extensions import db
from companion.games import follow_the_author as fta
from companion.games.follow_the_author import tablesheet
from companion.games.follow_the_author.events import HANDS, KINDS, UNDOABLE
from companion.games.follow_the_author.table import FtaTable
from companion.games.follow_the_author.tableoptions import dealer, load_options, parse_options
from companion.games.follow_the_author.tablestate import State
from companion.games.protocol import Action
from companion.tables import service
from companion.tables.registry import GameType, folded_sheet, register
from companion.web.games.fta_view import FtaView, fta_view
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

KEY = "follow-the-author"
ENTRY = "follow_the_author/_entry.html"
TABLE = FtaTable(nonce=lambda: secrets.token_hex(16))

bp = Blueprint("follow_the_author", __name__)
bp.add_app_template_global(fta_view, "fta")


GAME = GameType(
    key=KEY,
    name="Follow the Author",
    min_players=2,
    max_players=2,
    parse_options=parse_options,
    load_options=load_options,
    sheet=folded_sheet(TABLE),
    dealer=dealer,
    descriptions={},
    summary="Two players, an extended Decktet: sealed suits, plays checked, every category scored.",
    options_template="follow_the_author/_options.html",
    entry_template=ENTRY,
    rules_template="follow_the_author/_rules.html",
    entry_key=lambda v: fta_view(v).key(),
    replayed=KINDS | {"undo"},
    undoable=UNDOABLE,
    assets=("follow_the_author.css", "follow_the_author.js"),
    describe=TABLE.describe,
    exportable=tablesheet.exportable,
    cell_link=lambda v, round_, seat: None,  # rounds are changed through their own forms
    table=TABLE,
)
register(GAME)


def view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table does not play Follow the Author.")
    return v


def _version(name: str = "version") -> int:
    raw = request.form.get(name, "0").strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", name)
    return int(raw)


def _seat_field(v: TableView, what: str) -> int:
    """The seat the form names; a seated phone's own seat when the form names none."""
    raw = request.form.get("seat", "").strip()[:12]
    if not raw and v.my_seat is not None:
        return v.my_seat.position
    if raw not in ("0", "1"):
        raise Unreadable(f"Say whose {what} this is (seat 1 or 2).", "seat")
    return int(raw)


Reader = Callable[[TableView], Action]
Saying = Callable[[TableView, State, Action, set[str]], str]  # + the kinds just stored


def _act(token: str, read: Reader, said: Saying, values: dict[str, Any]) -> Any:
    """Read the form into an action, act, publish, answer; a refusal re-renders the form."""
    v = view(token)
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter.")
    try:
        action = read(v)
        before = v.snapshot.last_id
        done = service.act(v.table, v.game, [action], v.who)
    except NotAllowed:
        db.session.rollback()
        raise
    except CompanionError as err:
        db.session.rollback()
        return _again(token, values, err)
    publish(v.table)
    if htmx():
        kinds = {e.kind for e in done.snapshot.events if e.id > before}
        saved = said(v, done.snapshot.state, action, kinds)
        return fragment(ENTRY, v=view(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)


def _again(token: str, values: dict[str, Any], err: CompanionError) -> Any:
    fresh = view(token)
    errors = {"fta": err.message}
    status = 422
    if isinstance(err, service.StaleTarget):
        status = 409
        errors["now"] = fta_view(fresh).now_words(err.current)
    if htmx():
        return fragment(ENTRY, status, v=fresh, values=values, errors=errors)
    return render_template("table.html", v=fresh, values=values, errors=errors), status


def _hand_name(hand: str) -> str:
    if hand not in HANDS:
        abort(404, "A round has an alpha hand and an omega hand only.")
    return hand


@bp.post("/t/<token>/fta/<int:number>/<hand>/points")
def points(token: str, number: int, hand: str) -> Any:
    target = {"round": number, "hand": _hand_name(hand)}
    values = {k: request.form.get(k, "")[:12] for k in ("points-0", "points-1")}
    values["hand"] = hand

    def read(v: TableView) -> Action:
        given = [values["points-0"], values["points-1"]]
        return Action("points", target, _version(), {"points": given})

    return _act(token, read, _said_points, values)


def _said_points(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
    hand = action.target["hand"]
    saved = f"Saved the {hand} hand's in-play points."
    if "fta-reveal" in kinds:
        return f"{saved} Both players said the hand is over: the sealed suits are revealed."
    if hand != "omega" or v.my_seat is None or state.round(action.target["round"]).revealed:
        return saved
    return f"{saved} The sealed suits open when the other player says the hand is over too."


@bp.post("/t/<token>/fta/<int:number>/<hand>/play")
def play(token: str, number: int, hand: str) -> Any:
    target = {"round": number, "hand": _hand_name(hand)}

    def read(v: TableView) -> Action:
        if request.form.get("action") == "end":
            return Action("end", target, _version())
        data = {"seat": request.form.get("seat", "")[:12], "card": request.form.get("card", "")}
        return Action("play", target, _version(), data)

    def said(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
        if action.kind == "end":
            return "Sequence ended."
        card = parse_card(str(action.data["card"])[:40]).title
        return f"{v.names[int(action.data['seat'])]} played {card}."

    return _act(token, read, said, {})


@bp.post("/t/<token>/fta/<int:number>/seal")
def seal(token: str, number: int) -> Any:
    values = {k: request.form.get(k, "")[:20] for k in ("scoring", "danger", "seat")}

    def read(v: TableView) -> Action:
        seat = _seat_field(v, "choice")
        data = {"scoring": values["scoring"], "danger": values["danger"]}
        return Action("seal", {"round": number, "seat": seat}, _version(), data)

    def said(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
        sealed = state.round(number).seals[action.target["seat"]]
        return f"Sealed. Fingerprint {sealed.fingerprint if sealed else '?'}."

    return _act(token, read, said, values)


@bp.post("/t/<token>/fta/<int:number>/ready")
def ready(token: str, number: int) -> Any:
    def read(v: TableView) -> Action:
        seat = _seat_field(v, "word")
        return Action("ready", {"round": number, "seat": seat}, _version())

    def said(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
        if "fta-reveal" in kinds:
            return "Both players said the omega hand is over: the sealed suits are revealed."
        name = v.names[action.target["seat"]]
        return f"{name} says the omega hand is over; waiting for the other player."

    return _act(token, read, said, {})


@bp.post("/t/<token>/fta/<int:number>/store/<int:seat>")
def store_cards(token: str, number: int, seat: int) -> Any:
    if seat not in (0, 1):
        abort(404, "There are two seats: 0 and 1.")
    cards = request.form.getlist("cards")[:61]
    values = {"cards": cards[:60], "seat": seat}

    def read(v: TableView) -> Action:
        return Action("store", {"round": number, "seat": seat}, _version(), {"cards": cards})

    def said(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
        return f"Saved {v.names[seat]}'s store ({len(cards)} cards)."

    return _act(token, read, said, values)


@bp.post("/t/<token>/fta/<int:number>/aside")
def aside(token: str, number: int) -> Any:
    cards = request.form.getlist("cards")[:61]

    def read(v: TableView) -> Action:
        return Action("aside", {"round": number}, _version(), {"cards": cards})

    def said(v: TableView, state: State, action: Action, kinds: set[str]) -> str:
        return f"Saved the cards set aside ({len(cards)})."

    return _act(token, read, said, {"aside": cards[:60]})


# a round at a glance, and checking a fingerprint


@bp.get("/t/<token>/fta/round/<int:number>")
def round_page(token: str, number: int) -> Any:
    v = view(token)
    f = fta_view(v)
    r = f.round_number(number)
    if r is None:
        abort(404, "That round has not been played yet.")
    return render_template("follow_the_author/round.html", v=v, f=f, r=r)


@bp.get("/t/<token>/fta/verify")
def verify(token: str) -> Any:
    v = view(token)
    args = {k: request.args.get(k, "")[:100] for k in ("choice", "nonce", "fingerprint", "label")}
    result = None
    if all(args.values()):
        result = fta.verify_seal(args["choice"], args["nonce"], args["fingerprint"], args["label"])
    return render_template("follow_the_author/verify.html", v=v, args=args, result=result)


__all__ = ["FtaView", "bp"]
