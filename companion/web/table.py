"""The table page: the live sheet, score entry, corrections, undo, a new game."""

from __future__ import annotations

import zlib

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from sqlalchemy import bindparam, func, select

from companion.errors import Unreadable
from companion.extensions import db
from companion.games.protocol import Who, may
from companion.games.trickgame.words import named
from companion.tables import service
from companion.tables.models import Game, Table
from companion.web import livesheet
from companion.web.live import publish
from companion.web.security import phone_id
from companion.web.tableview import TableView, load

bp = Blueprint("table", __name__)


@bp.app_template_filter("seat_names")
def seat_names(text: str, names: list[str]) -> str:
    """The games' ``Seat 2`` in a sheet's words as the player's name at this table."""
    return named(text, names)


def view_for(token: str, number: int | None = None) -> TableView:
    table = load("token", token)
    game = table.game
    if number is not None:
        game = next((g for g in table.games if g.number == number), None)  # type: ignore[assignment]
        if game is None:
            abort(404, "This table has no game with that number.")
    return TableView(table, game, phone_id())


@bp.app_template_global()
def game_field(v: TableView) -> Markup:
    """The game a form was drawn for, sent with it: a form left open from a finished game
    must never change the next one, whose hands and versions start again from 1."""
    return Markup(f'<input type="hidden" name="game" value="{int(v.game.number)}">')


_NEWEST_GAME = (
    select(func.max(Game.number))
    .join(Table, Table.id == Game.table_id)
    .where(Table.token == bindparam("token"))
)


# reads that open a correction of one game's cell or hand: their links name the game
_CORRECTIONS = frozenset({"table.edit_cell", "hearts.edit"})


@bp.before_app_request
def _same_game() -> ResponseReturnValue | None:
    """A change sent from a form of another game than the table's current one is refused
    (409), nothing stored; the phone's page has moved on to the current game by then. The
    same for a correction opened from an older sheet (its link names its game), and "Play
    again" tapped when another phone already did takes this phone to that game."""
    if request.path.startswith("/api/"):
        return None  # the Table API's body names its game itself (``game_number``)
    if request.method == "POST":
        sent = request.form.get("game")
    elif request.endpoint in _CORRECTIONS:
        sent = request.args.get("game")
    else:
        return None
    token = (request.view_args or {}).get("token")
    if sent is None or not isinstance(token, str):
        return None
    current = db.session.execute(_NEWEST_GAME, {"token": token}).scalar()
    if current is None:
        return None
    return same_game(sent.strip(), int(current), token)


def same_game(sent: str, current: int, token: str) -> ResponseReturnValue | None:
    """``sent``, the game a form or link names, against the table's ``current`` game
    (``service.check_game``); "Play again" from a phone that missed it goes to that game."""
    if not (sent.isascii() and sent.isdigit() and len(sent) < 7):
        raise Unreadable("This form does not say which game it is for: reload the page.", "game")
    if int(sent) != current and request.endpoint == "table.new_game":
        return redirect(url_for("table.page", token=token), 303)  # someone else started it
    service.check_game(int(sent), current)
    return None


def htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def fragment(template: str, status: int = 200, **ctx: object) -> tuple[str, int, dict[str, str]]:
    return render_template(template, **ctx), status, {"Vary": "HX-Request"}


@bp.get("/t/<token>")
def page(token: str) -> ResponseReturnValue:
    v = view_for(token)
    return render_template("table.html", v=v, values={}, errors={}), 200, {"Vary": "HX-Request"}


@bp.get("/t/<token>/games/<int:number>")
def old_game(token: str, number: int) -> ResponseReturnValue:
    v = view_for(token, number)
    return render_template("table.html", v=v, values={}, errors={})


@bp.get("/t/<token>/live")
def live(token: str) -> ResponseReturnValue:
    """The live sheet: only what changed since the version the phone shows (``seen``) when
    this process can tell, else the whole sheet; with ``key`` (the entry box's state) it also
    sends, out of band, a new entry box when that changed, so one request per phone follows
    each update."""
    v = view_for(token)
    html, headers = live_answer(v, readonly=False)
    key = request.args.get("key")
    if key is not None and v.is_current and key != entry_key(v):
        html += render_template("_entry_oob.html", v=v, values={}, errors={})
    seats = request.args.get("seats")
    if seats is not None and v.is_current and seats != seats_key(v):
        html += render_template("_seats_oob.html", v=v)
    return html, 200, headers


@bp.app_template_global()
def join_on_top(v: TableView) -> bool:
    """The join panel leads the page of a new table: joining is open, a seat still has no
    phone and play has not begun. Once every seat has a phone or the first move is made it
    folds away below the sheet (a table with a phoneless player would keep it for good)."""
    return (
        v.is_current
        and not v.table.locked
        and any(s.phone is None for s in v.seats)
        and not v.played
    )


@bp.app_template_global()
def seats_key(v: TableView) -> str:
    """What the join panel and the host's card show of the seats; a live update sends them
    again when it changed."""
    seats = ",".join(f"{int(s.phone is not None)}{s.name}" for s in v.seats)
    scored = ""  # a custom sheet's host card offers to remove the seats with no score yet
    if v.kind.key == "custom":
        scored = "".join(str(int(v.state.has_scores(i))) for i in range(len(v.seats)))
    flags = f"{int(join_on_top(v))}{int(v.table.locked)}{int(v.played)}"
    return f"{flags}{int(v.sheet.finished)}{scored}:{seats}"


@bp.app_template_global()
def no_phone_note(v: TableView) -> str | None:
    """For the host: the seats with no phone, and that this phone enters for them."""
    if not v.is_host or not v.is_current:
        return None
    names = [v.names[s.position] for s in v.seats if s.phone is None and s is not v.my_seat]
    if not names:
        return None
    if len(names) == 1:
        return f"{names[0]} has no phone here: you can enter for {names[0]} from this phone."
    them = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"{them} have no phone here: you can enter for them from this phone."


def live_answer(v: TableView, readonly: bool, tv: bool = False) -> tuple[str, dict[str, str]]:
    """The answer to a live redraw and its headers: a delta leaves ``#live`` as it is and
    swaps only its out-of-band parts."""
    headers = {"Vary": "HX-Request", "Cache-Control": "no-store"}
    raw = request.args.get("seen", "")
    if raw.isascii() and raw.isdigit() and len(raw) <= 18:
        html = livesheet.delta(v, int(raw), readonly, tv)
        if html is not None:
            return html, {**headers, "HX-Reswap": "none"}
    return livesheet.whole(v, readonly, tv, status=True), headers


@bp.get("/t/<token>/entry")
def entry(token: str) -> ResponseReturnValue:
    v = view_for(token)
    if request.args.get("key") == entry_key(v):
        return Response(status=204)
    return fragment(v.kind.entry_template, v=v, values={}, errors={})


@bp.get("/t/<token>/rules")
def rules(token: str) -> ResponseReturnValue:
    v = view_for(token)
    if not v.kind.rules_template:
        abort(404, "This game has no rules page.")
    return render_template("rules.html", v=v)


def entry_key(v: TableView) -> str:
    """Names what this phone's entry box shows, so a live update sends the box again only
    when it would look different: the game's own key, and for every game the players' names
    (a phone joining or a player renamed redraws it)."""
    names = zlib.crc32("\x1f".join(v.names).encode())
    if v.kind.entry_key is not None:
        own = v.kind.entry_key(v)
        return f"{v.game.number}:{int(v.can_enter)}:{names:x}:{v.undo_key}:{own}"
    r = v.current_round
    versions = ",".join(f"{s}.{v.version(r, s)}" for s in v.entry_seats())
    seats = v.snapshot.version("seats")  # a seat added or removed redraws the boxes
    done, can = int(v.sheet.finished), int(v.can_enter)
    return f"{v.game.number}:{r}:{versions}:{done}:{can}:{seats}:{names:x}:{v.undo_key}"


@bp.get("/t/<token>/cell/<int:number>/<int:seat>")
def edit_cell(token: str, number: int, seat: int) -> ResponseReturnValue:
    v = view_for(token)
    if not (1 <= number <= len(v.sheet.rows) and 0 <= seat < len(v.seats)):
        abort(404, "That round or seat is not on the sheet.")
    if not v.may_change(seat):
        abort(403, f"Only {v.names[seat]}'s phone or the host can change this score.")
    ctx: dict[str, object] = dict(v=v, values={}, errors={}, round_number=number, seat=seat)
    if htmx():
        return fragment("_edit.html", 200, **ctx)
    return render_template("table.html", cell_editor=True, **ctx)


@bp.post("/t/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    v = view_for(token)
    if not may(v.who, Who.AT_TABLE):
        abort(403, "Only players at the table can undo.")
    # "seen": the table version the phone saw ("Take it back" sends it, so it takes back
    # that entry only); a refusal goes to the phone's notice area through the one handler
    raw = str(request.form.get("seen", "")).strip()
    seen = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None
    undone = service.undo(v.game, len(v.seats), v.who, seen, v.kind.undoable)
    publish(v.table)
    if len(undone) == 1:
        message = "The last change was undone."
    else:
        message = f"The last {len(undone)} entries, saved together, were undone."
    if htmx():
        return fragment("_notice.html", message=message)
    return redirect(url_for("table.page", token=token), 303)


def cell_link(v: TableView, round_number: int, seat: int) -> str | None:
    """Where tapping a sheet cell leads: the game's own correction page, or the number editor.

    The same for every phone, so one rendered sheet serves them all: which cells this phone
    may change is marked once on the page (``can-<seat>`` classes, see ``can_classes``) and
    the editor itself refuses the others."""
    if v.kind.cell_link is not None:
        return v.kind.cell_link(v, round_number, seat)
    return f"{_cell_base(v)}{round_number}/{seat}?game={v.game.number}"


def can_classes(v: TableView) -> str:
    return " ".join(f"can-{seat}" for seat in range(len(v.seats)) if v.may_change(seat))


def _cell_base(v: TableView) -> str:
    """The cell editor's URL up to the round, built once per page (not once per cell)."""
    if "cell_base" not in v.__dict__:
        v.__dict__["cell_base"] = url_for("table.page", token=v.table.token) + "/cell/"
    return str(v.__dict__["cell_base"])


@bp.post("/t/<token>/new-game")
def new_game(token: str) -> ResponseReturnValue:
    v = view_for(token)
    if not may(v.who, Who.AT_TABLE):
        abort(403, "Only players at the table can start a new game.")
    if not v.sheet.finished:
        abort(422, "This game is not over yet.")
    actor, actor_seat = v.actor
    game: Game = service.new_game(v.table, actor, actor_seat)
    publish(v.table)
    del game
    return redirect(url_for("table.page", token=token), 303)
