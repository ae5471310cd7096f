"""The circle API (TABLE_API.md, "Circles"): a circle is reached by its key, like a table.
``POST /api/v1/tables`` with a ``circle_key`` comes here too (``create_table``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from flask import Blueprint, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Forbidden, Unreadable
from companion.extensions import db
from companion.games.protocol import JSON, Data, Entered
from companion.games.seats import seat_name
from companion.tables import circles, circlesettle, tokens
from companion.tables.circlemodels import Circle, CircleMember
from companion.tables.models import Table
from companion.tables.registry import game_type
from companion.web import circleview, tablelimit
from companion.web.api_table import NoKey
from companion.web.errors import status_for
from companion.web.home import clean_name

bp = Blueprint("circle_api", __name__, url_prefix="/api/v1")
CIRCLE_NAME = 60


@bp.errorhandler(CompanionError)
def _refused(err: CompanionError) -> ResponseReturnValue:
    db.session.rollback()
    status = 401 if isinstance(err, NoKey) else status_for(err)
    return jsonify({"error": err.message}), status


def body() -> dict[str, Entered]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise Unreadable("The body must be a JSON object.", "body")
    return data


def held() -> Circle:
    """The circle the request's key opens, or 401 (checked before the body is read)."""
    auth = request.headers.get("Authorization", "")
    key = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
    found = circles.by("key_hash", tokens.key_hash(key)) if key and len(key) < 200 else None
    if found is None:
        raise NoKey("Send the circle's key as 'Authorization: Bearer <circle key>'.")
    return found


def circle_name(raw: Entered) -> str:
    if not isinstance(raw, str):
        raise Unreadable("'name' must be the circle's name, as text.", "name")
    text = " ".join(raw.split())
    if not text:
        raise Unreadable("Give the circle a name (e.g. Thursday Hearts).", "name")
    if len(text) > CIRCLE_NAME:
        raise Unreadable(
            f"The circle's name is too long: at most {CIRCLE_NAME} characters.", "name"
        )
    return text


def member_names(raw: Entered, have: int = 0) -> list[str]:
    """Members' names: text, not empty, not twice, and at most ``MEMBER_LIMIT`` in all."""
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise Unreadable("'members' must be a list of names.", "members")
    names = [clean_name(n, f"Member {i + 1}'s name") for i, n in enumerate(raw)]
    if any(not n for n in names):
        raise Unreadable("Every member needs a name.", "members")
    if have + len(names) > circles.MEMBER_LIMIT:
        raise Forbidden(
            f"A circle has at most {circles.MEMBER_LIMIT} members; this would make "
            f"{have + len(names)}.",
            "members",
        )
    return names


def no_twins(names: Sequence[str], taken: Sequence[str]) -> None:
    seen = {n.casefold() for n in taken}
    for n in names:
        if n.casefold() in seen:
            raise Forbidden(
                f"There is already a member called {n}: give them another name "
                "(a surname's letter, a nickname).",
                "members",
            )
        seen.add(n.casefold())


@bp.post("/circles")
def create() -> ResponseReturnValue:
    data = body()
    name = circle_name(data.get("name"))
    names = member_names(data.get("members", []))
    no_twins(names, [])
    circle, key = circles.create(name, names)
    db.session.commit()
    return jsonify(
        {
            "token": circle.token,
            "circle_key": key,
            "links": links(circle),
            "members": [_member(m) for m in circles.members(circle)],
        }
    ), 201


def links(circle: Circle) -> dict[str, str]:
    return {"circle": url_for("circle.page", token=circle.token)}


def _member(m: CircleMember) -> dict[str, JSON]:
    return {"id": m.id, "name": m.name}


@bp.get("/circle")
def read() -> ResponseReturnValue:
    circle = held()
    circlesettle.sync(circle.id)
    return jsonify(circleview.as_json(circle))


@bp.post("/circle/members")
def add_member() -> ResponseReturnValue:
    circle = held()
    data = body()
    now = circles.members(circle)
    name = member_names(
        [data.get("name")] if isinstance(data.get("name"), str) else None, len(now)
    )[0]
    no_twins([name], [m.name for m in now])
    m = CircleMember(circle_id=circle.id, name=name)
    db.session.add(m)
    circles.changed(circle)
    db.session.commit()
    return jsonify(_member(m)), 201


def _one(circle: Circle, data: Data) -> CircleMember:
    """The member the body's ``id`` names."""
    member_id = data.get("id")
    if isinstance(member_id, bool) or not isinstance(member_id, int):
        raise Unreadable("'id' must be a member's id (a whole number).", "id")
    found = circles.member(circle, member_id)
    if found is None:
        raise Forbidden(f"This circle has no member {member_id}.", "member")
    return found


@bp.post("/circle/rename")
def rename() -> ResponseReturnValue:
    """``{"id": 3, "name": "Annie"}``."""
    circle = held()
    data = body()
    m = _one(circle, data)
    name = member_names([data.get("name")] if isinstance(data.get("name"), str) else None)[0]
    no_twins([name], [o.name for o in circles.members(circle) if o.id != m.id])
    m.name = name
    circles.changed(circle)
    db.session.commit()
    return jsonify(_member(m))


@bp.post("/circle/remove")
def remove() -> ResponseReturnValue:
    """``{"id": 3}``: the member leaves; their past results stay, under their name."""
    circle = held()
    m = _one(circle, body())
    m.removed = True
    circles.changed(circle)
    db.session.commit()
    return jsonify({"removed": m.id})


@bp.post("/circle/rotate")
def rotate() -> ResponseReturnValue:
    """``{}``: a new link for the circle."""
    circle = held()
    body()
    circles.rotate(circle)
    db.session.commit()
    return jsonify({"token": circle.token, "links": links(circle)})


def chosen_members(circle: Circle, raw: Entered) -> list[CircleMember]:
    if not isinstance(raw, list) or not raw:
        raise Unreadable(
            "'members' must list the members at the table by id, in seat order.", "members"
        )
    found = []
    for value in raw:
        m = circles.member(circle, value)
        if m is None:
            raise Unreadable(f"This circle has no member {str(value)[:20]}.", "members")
        if m in found:
            raise Unreadable(f"{m.name} is listed twice: one seat each.", "members")
        found.append(m)
    return found


def create_table(
    data: Data,
    new_key: Callable[[Table, str], str],
    answer: Callable[[Table, str], ResponseReturnValue],
) -> ResponseReturnValue:
    """``POST /api/v1/tables`` for a circle: ``circle_key`` and ``members`` (ids in seat
    order) instead of ``names``. ``new_key``/``answer``: the Table API's own helpers."""
    key = data.get("circle_key")
    circle = circles.by("key_hash", tokens.key_hash(key)) if isinstance(key, str) else None
    if circle is None:
        raise NoKey("That circle key is not known here.")
    kind = game_type(str(data.get("game", "custom"))[:40])
    chosen = chosen_members(circle, data.get("members"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise Unreadable("'options' must be a JSON object.", "options")
    parsed = kind.parse_options({**options, "players": len(chosen)})
    try:  # the same limit per address as any table
        tablelimit.check()
    except tablelimit.TooMany as err:
        return jsonify({"error": err.message}), 429, tablelimit.retry_after()
    phone = secrets.token_urlsafe(24)
    table = circles.start_table(circle, kind.key, parsed.to_dict(), chosen, phone)
    host_key = new_key(table, phone)
    db.session.commit()
    return answer(table, host_key)


def matched(circle: Circle, seats: Sequence[str], given: Entered) -> list[CircleMember]:
    """The member for each seat of an exported game: named in ``given`` (the seat's name, or
    its number from 1, to a member's id or name), else the member of the same name."""
    if given is not None and not isinstance(given, dict):
        raise Unreadable("'match' must map each seat's name to a member.", "match")
    people = circles.members(circle)
    by_name = {m.name.casefold(): m for m in people}
    by_id = {m.id: m for m in people}
    out, missing = [], []
    for i, name in enumerate(seats):
        wanted = (given or {}).get(name, (given or {}).get(str(i + 1), name))
        if isinstance(wanted, int) and not isinstance(wanted, bool):
            m = by_id.get(wanted)
        else:
            m = by_name.get(str(wanted).strip().casefold())
        if m is None:
            missing.append(seat_name(i, {i: name}))
        elif m in out:
            raise Forbidden(f"{m.name} is matched to two seats: one seat each.", "match")
        else:
            out.append(m)
    if missing:
        raise Forbidden(
            "No member matches " + ", ".join(missing)[:200] + ": match each of these "
            "names to a member (or add them as members first).",
            "match",
        )
    return out


def import_game(circle: Circle, data: Entered, given: Entered, phone: str) -> Table:
    """A game exported as JSON, into a new table of the circle (checked as any import is)."""
    from companion.tables import importing

    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise Unreadable("This file cannot be imported: no seat names.", "file")
    chosen = matched(circle, seats, given)
    # the table and its place in the circle are one transaction: stored together or not at all
    table = importing.from_json(data, phone, lambda t: circlesettle.claim(circle, t, chosen))
    circlesettle.sync(circle.id)  # then its games are settled, each in its own commit
    return table


@bp.post("/circle/import")
def import_json() -> ResponseReturnValue:
    """``{"export": <a game's JSON export>, "match": {"Annie": 3}?}``."""
    circle = held()
    data = body()
    table = import_game(circle, data.get("export"), data.get("match"), secrets.token_urlsafe(24))
    return jsonify({"table": url_for("table.page", token=table.token)}), 201
