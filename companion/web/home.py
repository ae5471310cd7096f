"""Start a table, or find one by its short code."""

from __future__ import annotations

import unicodedata
from datetime import timedelta

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from companion.errors import Unreadable
from companion.extensions import db
from companion.games.protocol import JSON, Action, Actor, Entered
from companion.games.seats import seat_name
from companion.tables import circles, service, store, tokens
from companion.tables.models import Table, now
from companion.tables.registry import GAMES, game_type
from companion.web import codelimit, tablelimit
from companion.web.kinds import web_games
from companion.web.security import phone_id

bp = Blueprint("home", __name__)
NAME_LIMIT = 40


def clean_name(raw: str, label: str) -> str:
    """A player's name: printable, trimmed, at most 40 characters (longer is refused)."""
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    if len(text) > NAME_LIMIT:
        raise Unreadable(f"{label} is too long: at most {NAME_LIMIT} characters.", label)
    return text


def your_tables() -> list[dict[str, str]]:
    """The tables this phone hosts or sits at (none for a phone the app has not met)."""
    phone = session.get("phone")
    if not phone:
        return []
    mine = []
    for table, seat in store.tables_of(str(phone)):
        kind = GAMES.get(table.game.kind)
        host = table.host_phone == phone
        role = "You host"
        if seat is not None:
            role = f"You are {seat.name or 'a player'}, seat {seat.position + 1}"
            role += " (and the host)" if host else ""
        mine.append(
            {
                "url": url_for("table.page", token=table.token),
                "role": role,
                "game": kind.name if kind else table.game.kind,
                "names": ", ".join(
                    seat_name(s.position, {s.position: s.name}) for s in table.seats
                ),
            }
        )
    return mine


def your_circles() -> list[dict[str, str]]:
    """The circles this phone has opened."""
    phone = session.get("phone")
    if not phone:
        return []
    return [
        {"url": url_for("circle.page", token=c.token), "name": c.name}
        for c in circles.circles_of(str(phone))
    ]


@bp.get("/")
def index() -> ResponseReturnValue:
    return render_template(
        "home.html", games=web_games(), errors={}, mine=your_tables(), circles=your_circles()
    )


@bp.get("/new/<key>")
def new(key: str) -> ResponseReturnValue:
    kind = web_games().get(key)
    if kind is None:
        abort(404, "There is no such game here.")
    values = {"players": str(min(max(4, kind.min_players), kind.max_players)), "game": key}
    return render_template("new.html", kind=kind, values=values, errors={})


def _read_new_table(form: Entered) -> tuple[str, dict[str, JSON], list[str]]:
    kind = game_type(form.get("game", "custom"))
    options = kind.parse_options(form)
    names = [clean_name(form.get(f"name-{i}", ""), f"Name {i + 1}") for i in range(options.players)]
    return kind.key, options.to_dict(), names


@bp.post("/tables")
def create() -> ResponseReturnValue:
    values = {k: v[:200] for k, v in request.form.items() if k != "csrf_token"}
    try:
        kind, options, names = _read_new_table(request.form)
    except Unreadable as err:
        errors = {err.field or "form": err.message}
        chosen = web_games().get(request.form.get("game", "custom"))
        if chosen is None:
            return render_template("home.html", games=web_games(), errors=errors), 422
        return render_template("new.html", kind=chosen, values=values, errors=errors), 422
    me = request.form.get("me") == "1"
    if me and not names[0]:
        errors = {"Name 1": 'Type your name in seat 1 to sit there (or untick "I am").'}
        chosen = web_games()[kind]
        return render_template("new.html", kind=chosen, values=values, errors=errors), 422
    try:  # counted only for a form that would start a table
        tablelimit.check()
    except tablelimit.TooMany as err:
        chosen = web_games()[kind]
        page = render_template("new.html", kind=chosen, values=values, errors={"form": err.message})
        return page, 429, tablelimit.retry_after()
    table = service.create_table(kind, options, names, phone_id(), commit=False)
    if me:  # the host plays in seat 1: seated now, as if they had taken it by the join link
        take = Action("take-seat", {"seat": 0}, 0, {"name": names[0]})
        service.act_table(table, table.games[0], take, Actor("Host", None, True), phone_id())
    db.session.commit()
    return redirect(url_for("table.page", token=table.token), 303)


@bp.route("/code", methods=["GET", "POST"])
def by_code() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("code.html", values={}, errors={})
    limit, window = current_app.config["JOIN_CODE_LIMIT"], current_app.config["JOIN_CODE_WINDOW"]
    if not codelimit.hit(request.remote_addr or "?", limit, window):
        abort(429, "Too many codes tried from this phone. Wait a minute, then try again.")
    raw = request.form.get("code", "")[:40]
    table = store.table_by("join_code", tokens.normalise_code(raw))
    if table is None:
        errors = {"code": "No table has that code. Check the six characters on the host's phone."}
        return render_template("code.html", values={"code": raw}, errors=errors), 422
    if expired(table):
        hours = current_app.config["CODE_IDLE_SECONDS"] / 3600
        span = f"{hours:g} hour" + ("" if hours == 1 else "s")
        errors = {
            "code": f"That code has expired: its table has had no change for over {span}. "
            "Ask the host for a new one (New links and code)."
        }
        return render_template("code.html", values={"code": raw}, errors=errors), 422
    return redirect(url_for("join.page", token=table.join_token), 303)


def expired(table: Table) -> bool:
    """Has the table been idle (no event) for longer than a code lives?"""
    idle = timedelta(seconds=current_app.config["CODE_IDLE_SECONDS"])
    return store.last_change(table) < now() - idle
