"""A circle's pages under ``/c/<token>``: the link is the way in, as a table's is. Whoever
holds it may add, rename and remove members, start a table of the circle and make a new link.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import IntegrityError

from companion.errors import CompanionError, Unreadable
from companion.extensions import db
from companion.games.protocol import Entered
from companion.tables import circleread, circles, circlesettle
from companion.tables.circlemodels import Circle, CircleMember
from companion.tables.registry import GAMES, game_type
from companion.web import api_circle, circleview, limits, tablelimit
from companion.web.kinds import WebGame, web_game, web_games
from companion.web.security import phone_id
from companion.web.views import public_url, qr_svg

bp = Blueprint("circle", __name__)


def load(token: str) -> Circle:
    found = circles.by("token", token)
    if found is None:
        abort(404, "There is no circle at this link (it may have been given a new one).")
    return found


@bp.post("/circles")
def create() -> ResponseReturnValue:
    name = request.form.get("name", "")[:200]
    lines = [n for n in request.form.get("members", "")[:8000].splitlines() if n.strip()]
    try:
        clean = api_circle.circle_name(name)
        names = api_circle.member_names(lines)
        api_circle.no_twins(names, [])
    except CompanionError as err:
        db.session.rollback()
        values = {"name": name, "members": request.form.get("members", "")[:8000]}
        return render_template(
            "circle_new.html", values=values, errors={err.field or "form": err.message}
        ), 422
    circle, key = circles.create(clean, names)
    circles.remember(circle.id, phone_id())
    db.session.commit()
    session["circle_key"] = {"circle": circle.id, "key": key}  # shown once, on its page
    return redirect(url_for("circle.page", token=circle.token), 303)


@bp.get("/circles/new")
def new() -> ResponseReturnValue:
    return render_template("circle_new.html", values={}, errors={})


@bp.get("/c/<token>")
def page(token: str) -> ResponseReturnValue:
    circle = load(token)
    circlesettle.sync(circle.id)
    circles.remember(circle.id, phone_id())
    try:
        db.session.commit()
    except IntegrityError:  # the same phone's first view twice at once: the other one listed it
        db.session.rollback()
    return _page(circle, {})


def _page(
    circle: Circle, errors: dict[str, str], values: dict[str, str] | None = None, status: int = 200
) -> ResponseReturnValue:
    kind = request.args.get("game", "")[:40]
    kind = kind if kind in GAMES else ""
    period = request.args.get("period", "all")
    period = period if period in circleview.PERIODS else "all"
    key = session.pop("circle_key", None)
    shown_key = key["key"] if isinstance(key, dict) and key.get("circle") == circle.id else None
    return render_template(
        "circle.html",
        circle=circle,
        f=circleview.figures(circle, kind, period),
        members=circles.members(circle),
        kind=kind,
        period=period,
        games=web_games(),
        periods=circleview.PERIODS,
        figures=circleview.FIGURES,
        game_name=circleview.game_name,
        key=shown_key,
        errors=errors,
        values=values or {},
        recent=circleread.games(circle, 8),
    ), status


def _refused(circle: Circle, err: CompanionError) -> ResponseReturnValue:
    db.session.rollback()
    values = {k: v[:200] for k, v in request.form.items() if k != "csrf_token"}
    return _page(circle, {err.field or "form": err.message}, values, 422)


def _back(circle: Circle) -> ResponseReturnValue:
    return redirect(url_for("circle.page", token=circle.token), 303)


@bp.post("/c/<token>/members")
def add(token: str) -> ResponseReturnValue:
    circle = load(token)
    try:
        now = circles.members(circle)
        name = api_circle.member_names([request.form.get("name", "")[:200]], len(now))[0]
        api_circle.no_twins([name], [m.name for m in now])
    except CompanionError as err:
        return _refused(circle, err)
    db.session.add(CircleMember(circle_id=circle.id, name=name))
    circles.changed(circle)
    db.session.commit()
    return _back(circle)


def _member(circle: Circle, member_id: int) -> CircleMember:
    found = circles.member(circle, member_id)
    if found is None:
        abort(404, "This circle has no such member (removed already?).")
    return found


@bp.post("/c/<token>/members/<int:member_id>")
def rename(token: str, member_id: int) -> ResponseReturnValue:
    circle = load(token)
    m = _member(circle, member_id)
    try:
        name = api_circle.member_names([request.form.get("name", "")[:200]])[0]
        api_circle.no_twins([name], [o.name for o in circles.members(circle) if o.id != m.id])
    except CompanionError as err:
        return _refused(circle, err)
    m.name = name
    circles.changed(circle)
    db.session.commit()
    return _back(circle)


@bp.post("/c/<token>/members/<int:member_id>/remove")
def remove(token: str, member_id: int) -> ResponseReturnValue:
    circle = load(token)
    _member(circle, member_id).removed = True
    circles.changed(circle)
    db.session.commit()
    return _back(circle)


@bp.post("/c/<token>/rotate")
def rotate(token: str) -> ResponseReturnValue:
    circle = load(token)
    circles.rotate(circle)
    db.session.commit()
    return _back(circle)


@bp.get("/c/<token>/qr.svg")
def qr(token: str) -> Response:
    circle = load(token)
    svg = qr_svg(public_url(url_for("circle.page", token=circle.token)))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def _seated(circle: Circle, form: Entered) -> list[CircleMember]:
    """The members present, by the seat number each was given (blank: not playing)."""
    placed = []
    for m in circles.members(circle):
        raw = form.get(f"seat-{m.id}", "").strip()
        if not raw:
            continue
        if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 100:
            raise Unreadable(
                f"{m.name}'s seat must be a number from 1 (or blank: not playing).", "seats"
            )
        placed.append((int(raw), m.name.casefold(), m))
    if not placed:
        raise Unreadable("Give each member at the table a seat number (1, 2, 3...).", "seats")
    return [m for _, _, m in sorted(placed, key=lambda p: p[:2])]


@bp.get("/c/<token>/new/<key>")
def new_table(token: str, key: str) -> ResponseReturnValue:
    circle = load(token)
    kind = web_games().get(key)
    if kind is None:
        abort(404, "There is no such game here.")
    return _table_form(circle, kind, {"game": key}, {})


def _table_form(
    circle: Circle, kind: WebGame, values: dict[str, str], errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "circle_table.html",
        circle=circle,
        kind=kind,
        values=values,
        errors=errors,
        members=circles.members(circle),
    ), status


@bp.post("/c/<token>/tables")
def start(token: str) -> ResponseReturnValue:
    circle = load(token)
    values = {k: v[:200] for k, v in request.form.items() if k != "csrf_token"}
    try:
        kind = game_type(request.form.get("game", "custom")[:40])
    except CompanionError as err:
        return _refused(circle, err)
    try:
        chosen = _seated(circle, request.form)
        options = kind.parse_options({**request.form, "players": str(len(chosen))})
    except CompanionError as err:
        db.session.rollback()
        errors = {err.field or "form": err.message}
        return _table_form(circle, web_game(kind.key), values, errors, 422)
    try:  # the same limit per address as any table
        tablelimit.check()
    except tablelimit.TooMany as err:
        errors = {"form": err.message}
        return (
            _table_form(circle, web_game(kind.key), values, errors, 429)[0],
            429,
            tablelimit.retry_after(),
        )
    table = circles.start_table(circle, kind.key, options.to_dict(), chosen, phone_id())
    db.session.commit()
    return redirect(url_for("table.page", token=table.token), 303)


@bp.get("/c/<token>/circle.csv")
def export_csv(token: str) -> Response:
    circle = load(token)
    circlesettle.sync(circle.id)
    return Response(
        circleview.as_csv(circle), mimetype="text/csv", headers=_download(circle, "csv")
    )


@bp.get("/c/<token>/circle.json")
def export_json(token: str) -> Response:
    circle = load(token)
    circlesettle.sync(circle.id)
    body = json.dumps(circleview.as_export(circle), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers=_download(circle, "json"))


def _download(circle: Circle, ext: str) -> dict[str, str]:
    safe = "".join(ch if ch.isalnum() else "-" for ch in circle.name).strip("-")[:40] or "circle"
    return {
        "Content-Disposition": f'attachment; filename="{safe}.{ext}"',
        "Cache-Control": "no-store",
    }


def _match_text(text: str) -> dict[str, str]:
    """``Annie=Ann, Bobby=Bob``: an exported name, then the member it is."""
    out = {}
    for part in text.replace("\n", ",").split(","):
        if "=" in part:
            name, member = part.split("=", 1)
            out[name.strip()] = member.strip()
    return out


@bp.post("/c/<token>/import")
def import_game(token: str) -> ResponseReturnValue:
    circle = load(token)
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise Unreadable("Choose the .json file a table exported.", "import")
        text = upload.read(2_000_001).decode("utf-8", errors="replace")
        if len(text) > 2_000_000 or limits.too_deep(text):
            raise Unreadable("That file is too big or too deeply nested to import.", "import")
        try:
            data = json.loads(text)
        except ValueError:
            raise Unreadable(
                "That file is not JSON: choose the .json file a table exported.", "import"
            ) from None
        given = _match_text(request.form.get("match", "")[:2000])
        table = api_circle.import_game(circle, data, given, phone_id())
    except CompanionError as err:
        err.field = "import"
        return _refused(circle, err)
    return redirect(url_for("table.page", token=table.token), 303)
