"""Follow the Author's pages, Flask glue only: forms read into actions for ``service.act``
(the game: ``companion.games.follow_the_author.table``; what its panels show: ``tablepanels``,
in words: ``tablewords``), the round in detail and the fingerprint check.

A refused form comes back with the phone's input kept: 409 (with the value now beside it) or
422; "not this phone's to do" is 403 through the one error handler. A seal arrives as a
commitment made by the phone's script (static/follow_the_author.js): no suit reaches the
server before the choice is opened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.errors import CompanionError, NotAllowed, Unreadable
from companion.extensions import db
from companion.games import follow_the_author as fta
from companion.games.follow_the_author import tablesheet, tablewords
from companion.games.follow_the_author.events import HANDS, KINDS, UNDOABLE
from companion.games.follow_the_author.table import FtaTable
from companion.games.follow_the_author.tableoptions import dealer
from companion.games.follow_the_author.tablepanels import Panels
from companion.games.protocol import Action
from companion.tables import service
from companion.tables.registry import GameType, register
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

KEY = "follow-the-author"
ENTRY = "follow_the_author/_entry.html"
TABLE = FtaTable()

bp = Blueprint("follow_the_author", __name__)


@bp.app_template_global("fta")
def panels(v: TableView) -> Panels:
    """One ``Panels`` per table view (templates call ``fta(v)``)."""
    if "_fta" not in v.__dict__:
        versions = v.snapshot.versions
        v.__dict__["_fta"] = Panels(v.state, versions, tuple(v.names), v.who, v.is_current)
    return v.__dict__["_fta"]  # type: ignore[no-any-return]


GAME = GameType(
    key=KEY,
    name="Follow the Author",
    min_players=2,
    max_players=2,
    dealer=dealer,
    descriptions={},
    summary="Two players, an extended Decktet: sealed suits, plays checked, every category scored.",
    options_template="follow_the_author/_options.html",
    entry_template=ENTRY,
    rules_template="follow_the_author/_rules.html",
    entry_key=lambda v: panels(v).key(),
    replayed=KINDS | {"undo"},
    undoable=UNDOABLE,
    assets=("follow_the_author.css", "follow_the_author.js", "follow_the_author_seal.js"),
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


def _version() -> int:
    raw = request.form.get("version", "0").strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", "version")
    return int(raw)


def _form(*keys: str, size: int = 12) -> dict[str, Any]:
    return {k: request.form.get(k, "")[:size] for k in keys}


def _seat_target(v: TableView, number: int, what: str) -> dict[str, int]:
    """The round and the seat the form names (a seated phone's own seat when it names none)."""
    raw = request.form.get("seat", "").strip()[:12]
    if not raw and v.my_seat is not None:
        return {"round": number, "seat": v.my_seat.position}
    if raw not in ("0", "1"):
        raise Unreadable(f"Say whose {what} this is (seat 1 or 2).", "seat")
    return {"round": number, "seat": int(raw)}


def _act(token: str, read: Callable[[TableView], Action], values: dict[str, Any]) -> Any:
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
    if not htmx():
        return redirect(url_for("table.page", token=token), 303)
    kinds = {e.kind for e in done.snapshot.events if e.id > before}
    seat = v.my_seat.position if v.my_seat is not None else None
    saved = tablewords.saved(action, done.snapshot.state, kinds, v.names, seat)
    return fragment(ENTRY, v=view(token), values={}, errors={}, saved=saved)


def _again(token: str, values: dict[str, Any], err: CompanionError) -> Any:
    fresh = view(token)
    errors = {"fta": err.message}
    status = 422
    if isinstance(err, service.StaleTarget):
        status = 409
        errors["now"] = tablewords.now_words(err.current, fresh.names)
    if htmx():
        return fragment(ENTRY, status, v=fresh, values=values, errors=errors)
    return render_template("table.html", v=fresh, values=values, errors=errors), status


def _hand_target(number: int, hand: str) -> dict[str, Any]:
    if hand not in HANDS:
        abort(404, "A round has an alpha hand and an omega hand only.")
    return {"round": number, "hand": hand}


@bp.post("/t/<token>/fta/<int:number>/<hand>/points")
def points(token: str, number: int, hand: str) -> Any:
    target = _hand_target(number, hand)
    values = {**_form("points-0", "points-1"), "hand": hand}
    data = {"points": [values["points-0"], values["points-1"]]}
    return _act(token, lambda v: Action("points", target, _version(), data), values)


@bp.post("/t/<token>/fta/<int:number>/<hand>/play")
def play(token: str, number: int, hand: str) -> Any:
    target = _hand_target(number, hand)
    if request.form.get("action") == "end":
        return _act(token, lambda v: Action("end", target, _version()), {})
    data = {**_form("seat"), "card": request.form.get("card", "")}
    return _act(token, lambda v: Action("play", target, _version(), data), {})


@bp.post("/t/<token>/fta/<int:number>/seal")
def seal(token: str, number: int) -> Any:
    """The phone's script sends the commitment it made (the suits never leave the phone)."""
    data = _form("commitment", "lock", "unlock", size=128)

    def read(v: TableView) -> Action:
        return Action("seal", _seat_target(v, number, "choice"), _version(), data)

    return _act(token, read, {})


@bp.post("/t/<token>/fta/<int:number>/open")
def open_seal(token: str, number: int) -> Any:
    """Open a sealed choice after the reveal: the phone's script, or the player typing the
    choice and the recovery code (or, with no code, the other player entering their word)."""
    values = _form("scoring", "danger", "code", "seat", size=40)
    data = {k: values[k] for k in ("scoring", "danger", "code")}

    def read(v: TableView) -> Action:
        return Action("open", _seat_target(v, number, "choice"), _version(), data)

    return _act(token, read, values)


@bp.post("/t/<token>/fta/<int:number>/ready")
def ready(token: str, number: int) -> Any:
    return _act(token, lambda v: Action("ready", _seat_target(v, number, "word"), _version()), {})


@bp.post("/t/<token>/fta/<int:number>/store/<int:seat>")
def store_cards(token: str, number: int, seat: int) -> Any:
    if seat not in (0, 1):
        abort(404, "There are two seats: 0 and 1.")
    cards = request.form.getlist("cards")[:61]
    target = {"round": number, "seat": seat}
    values = {"cards": cards[:60], "seat": seat}
    return _act(token, lambda v: Action("store", target, _version(), {"cards": cards}), values)


@bp.post("/t/<token>/fta/<int:number>/aside")
def aside(token: str, number: int) -> Any:
    cards = request.form.getlist("cards")[:61]
    target, data = {"round": number}, {"cards": cards}
    return _act(token, lambda v: Action("aside", target, _version(), data), {"aside": cards[:60]})


# a round at a glance, and checking a fingerprint


@bp.get("/t/<token>/fta/round/<int:number>")
def round_page(token: str, number: int) -> Any:
    """A round in detail; ``of``: the game it belongs to (a link names it, so a finished
    game's rounds stay readable after "Play again"), else the current game."""
    of = request.args.get("of")
    if of is not None and not (of.isascii() and of.isdigit() and len(of) < 6):
        abort(404, "This table has no game with that number.")
    v = view_for(token, int(of)) if of is not None else view(token)
    if v.game.kind != KEY:
        abort(404, "That game is not Follow the Author.")
    f = panels(v)
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
