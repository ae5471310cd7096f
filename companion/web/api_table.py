"""The Table API (../shared/TABLE_API.md): every action a phone takes, as a JSON call with a
key instead of a cookie. It goes through the same ``service.act`` as the pages."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from flask import Blueprint, Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.games import seating
from companion.games.protocol import JSON, Action, Actor, Data, Entered, Who, check
from companion.games.scoresheet import Sheet
from companion.tables import driver, holders, service, snapshot, store, tokens
from companion.tables.models import ApiKey, Table
from companion.tables.registry import game_type
from companion.web import tablelimit
from companion.web.errors import status_for
from companion.web.home import clean_name
from companion.web.live import broker, publish, publish_moved
from companion.web.tableview import TableView

bp = Blueprint("table_api", __name__, url_prefix="/api/v1")


class NoKey(CompanionError):
    """No key, or one this server does not know (401)."""


def _answer(body: Mapping[str, object], status: int = 200) -> ResponseReturnValue:
    return jsonify(body), status


@bp.errorhandler(CompanionError)
def _refused(err: CompanionError) -> ResponseReturnValue:
    db.session.rollback()
    if isinstance(err, NoKey):
        return _answer({"error": err.message}, 401)
    body: dict[str, object] = {"error": err.message}
    if isinstance(err, service.StaleTarget):
        body.update(
            target=dict(err.action.target), target_version=err.target_version, current=err.current
        )
    elif err.field and isinstance(err, Forbidden):
        body["rule"] = err.field
    return _answer(body, status_for(err))


def _body() -> dict[str, Entered]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise Unreadable("The body must be a JSON object.", "body")
    return data


def _new_key(table: Table, phone: str) -> str:
    key = secrets.token_urlsafe(32)
    db.session.add(ApiKey(table_id=table.id, phone=phone, key_hash=tokens.key_hash(key)))
    return key


def _key_hash() -> str:
    auth = request.headers.get("Authorization", "")
    key = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
    if not key:
        raise NoKey("Send a table key as 'Authorization: Bearer <key>'.")
    return tokens.key_hash(key)


def _held(for_change: bool = False, raw: driver.Raw | None = None) -> holders.Holder:
    """The phone the request's key stands for, as plain values (one query), or 401.
    ``for_change``: its game locked for this request's change in the same query. ``raw``:
    read on that connection (``driver``), not the session's."""
    found = holders.holder(_key_hash(), for_change, raw)
    if found is None:
        raise NoKey("Send a table key as 'Authorization: Bearer <key>'.")
    if not found.is_host and found.my_seat is None:
        raise NoKey("This key's seat was freed: take a seat again for a new key.")
    return found


def _holder() -> TableView:
    """The table and the phone the request's key stands for, as rows (for changes to the
    table itself), or 401."""
    held = _held()
    table = db.session.get(Table, held.table_id)
    if table is None:
        raise NoKey("Send a table key as 'Authorization: Bearer <key>'.")
    return TableView(table, table.game, held.phone)


def _links(table: Table) -> dict[str, str]:
    return {
        "table": url_for("table.page", token=table.token),
        "join": url_for("join.page", token=table.join_token),
        "share": url_for("views.share", token=table.share_token),
    }


@bp.post("/tables")
def create() -> ResponseReturnValue:
    data = _body()
    if "circle_key" in data:  # a table of a circle (TABLE_API.md, "Circles")
        from companion.web import api_circle

        return api_circle.create_table(data, _new_key, _created)
    kind = game_type(str(data.get("game", "custom"))[:40])
    names = data.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise Unreadable(
            "'names' must be a list of names (an empty name is an open seat).", "names"
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise Unreadable("'options' must be a JSON object.", "options")
    parsed = kind.parse_options({**options, "players": len(names)})
    clean = [clean_name(n, f"Name {i + 1}") for i, n in enumerate(names)]
    try:
        tablelimit.check()
    except tablelimit.TooMany as err:
        return jsonify({"error": err.message}), 429, tablelimit.retry_after()
    phone = secrets.token_urlsafe(24)
    table = service.create_table(kind.key, parsed.to_dict(), clean, phone, commit=False)
    key = _new_key(table, phone)
    db.session.commit()
    return _created(table, key)


def _created(table: Table, key: str) -> ResponseReturnValue:
    body = {
        "token": table.token,
        "host_key": key,
        "join_code": table.join_code,
        "links": _links(table),
    }
    return _answer(body, 201)


def _seat_number(data: Data, seats: int) -> int:
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise Unreadable(f"'seat' must be a seat number from 0 to {seats - 1}.", "seat")
    return seat


def _version(data: Data) -> int | None:
    """The target's version a host or join call names (optional: without it, the target as
    it is now)."""
    version = data.get("version")
    if version is None:
        return None
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise Unreadable("'version' must be the target's version you saw (0: none yet).")
    return version


def _act_table(
    v: TableView | Table,
    action: Action,
    actor: Actor,
    version: int | None,
    phone: str | None = None,
) -> service.Done:
    table = v.table if isinstance(v, TableView) else v
    action = Action(action.kind, action.target, version or 0, action.data)
    return service.act_table(table, table.game, action, actor, phone, version is not None)


@bp.post("/join/<token>")
def join(token: str) -> ResponseReturnValue:
    table = store.table_by("join_token", token)
    if table is None:
        return _answer({"error": "There is no table at this join link."}, 404)
    data = _body()
    position = _seat_number(data, len(table.seats))
    version = _version(data)
    name = table.seats[position].name or clean_name(str(data.get("name", ""))[:100], "Your name")
    if not name and not table.locked:  # a locked table says so first (403)
        raise Unreadable("Send a 'name' to take an open seat.", "name")
    phone = secrets.token_urlsafe(24)
    key = _new_key(table, phone)  # stored with the seat, or not at all
    action = Action("take-seat", {"seat": position}, 0, {"name": name})
    done = _act_table(table, action, Actor("Someone"), version, phone)
    publish(table, done.version)
    return _answer({"seat": position, "seat_key": key, "target_version": done.target_versions[0]})


def _sheet(sheet: Sheet) -> dict[str, JSON]:
    rounds: list[JSON] = [
        {"round": i + 1, "points": {str(s): p for s, p in enumerate(row)}}
        for i, row in enumerate(sheet.rows[: sheet.complete_rounds])
    ]
    totals = {str(s): t for s, t in enumerate(sheet.totals)}
    return {
        "rounds": rounds,
        "totals": totals,
        "finished": sheet.finished,
        "winners": list(sheet.winners),
    }


@bp.get("/table")
def read() -> ResponseReturnValue:
    h = _held()
    mine = h.my_seat
    seat = mine.position if mine is not None else None
    snap = snapshot.load(h.game, len(h.seats))
    state = game_type(h.game.kind).table.view(snap.state, seat, snap.versions)
    names = h.names
    seats = [
        {
            "seat": s.position,
            "name": names[s.position],
            "taken": s.phone is not None,
            "version": snap.version(seating.seat_slot(s.position)),
        }
        for s in h.seats
    ]
    return _answer(
        {
            "game": h.game.kind,
            "game_number": h.game.number,
            "version": snap.table_version,
            "you": {"seat": seat, "host": h.is_host},
            "seats": seats,
            "sheet": _sheet(snap.sheet),
            "state": state,
        }
    )


def _action(data: Data) -> Action:
    kind, target, version = data.get("action"), data.get("target"), data.get("version")
    if not isinstance(kind, str) or not kind:
        raise Unreadable("'action' must name the action, e.g. \"score\".", "action")
    if not isinstance(target, dict):
        raise Unreadable("'target' must be a JSON object naming what the action is about.")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise Unreadable("'version' must be the target's version you saw (0: none yet).")
    payload = data.get("data", {})
    if not isinstance(payload, dict):
        raise Unreadable("'data' must be a JSON object.", "data")
    return Action(kind[:40], target, version, payload)


def _same_game(seen: Entered, current: int) -> None:
    """``game_number`` (optional): the game the client's action was made in, checked as a
    page's form is (``service.check_game``)."""
    if seen is None:
        return
    if isinstance(seen, bool) or not isinstance(seen, int):
        raise Unreadable("'game_number' must be the game's number (1, 2, ...).", "game_number")
    if seen != current:
        db.session.rollback()  # the key's query locked the game
        service.check_game(seen, current)


def _read_action() -> tuple[dict[str, Entered], Action]:
    """The body and its action; a call without a valid key is 401 before its body is read
    (the key is looked up here only when the body does not read: no extra query otherwise)."""
    try:
        body = _body()
        return body, _action(body)
    except Unreadable:
        db.session.rollback()
        _held()
        raise


def _conflict(action: Action, err: Conflict) -> service.StaleTarget:
    """A conflict the game found (a seal that is final, a question settled already) answered
    like every 409: the target, its version now and its value now."""
    db.session.rollback()
    h = _held()
    snap = snapshot.load(h.game, len(h.seats))
    table = game_type(h.game.kind).table
    slot = table.target_slot(snap.state, action)
    now = table.current(snap.state, action)
    return service.StaleTarget(err.message, action, snap.version(slot), now)


@bp.post("/table/actions")
def act() -> ResponseReturnValue:
    body, action = _read_action()
    try:
        found = _act_direct(body, action)
        if found is None:  # an action that moves seats: the session changes their rows
            h = _held(for_change=True)
            _same_game(body.get("game_number"), h.game.number)
            head = h.game.last_event
            found = h, service.act(h, h.game, [action], h.actor, if_head=True, head=head)
    except service.StaleTarget:
        raise
    except Conflict as err:
        raise _conflict(action, err) from None
    h, done = found
    broker().publish(h.token, done.version)  # this process's streams, then the others
    return _acted(done.version, done.target_versions[0])


def _acted(version: int, target_version: int) -> Response:
    """``{"version": ..., "target_version": ...}`` as ``jsonify`` writes it (keys sorted, no
    spaces), written directly: the answer to every action, two whole numbers."""
    body = f'{{"target_version":{target_version},"version":{version}}}\n'
    return Response(body, 200, mimetype="application/json")


Acted = tuple[holders.Holder, service.Done]


def _act_direct(body: Data, action: Action) -> Acted | None:
    """The action's statements on a connection of its own, sent to the driver directly
    (``driver``): on PostgreSQL first without the game's lock (``_act_unlocked``), then, or on
    SQLite at once, with it: the key's query locks the game and reads its newest event, so
    the snapshot kept at that event needs no read of the events. None, with nothing stored,
    for an action that moves seats: the caller acts on the session."""
    with driver.connection(autocommit=True) as raw:
        try:
            if raw.autocommit:
                found = _act_unlocked(raw, body, action)
                if found is not None:
                    return found
                raw.autocommit = False
            h = _held(for_change=True, raw=raw)
            _same_game(body.get("game_number"), h.game.number)
            head = h.game.last_event
            done = service.act(h, h.game, [action], h.actor, if_head=True, head=head, raw=raw)
            return h, done
        except service.NeedsLock:
            holders.kept().drop(_key_hash())
            return None


def _act_unlocked(raw: driver.Raw, body: Data, action: Action) -> Acted | None:
    """PostgreSQL: the action in one round trip when this process keeps the key's holder from
    its last action and nothing happened at the table since, else two (the key read again):
    ``service.act_unlocked``, on ``raw`` in autocommit. None, with nothing stored, after
    ``service.TRIES`` tries that other phones beat: the caller takes the game's lock.
    ``service.NeedsLock`` for an action that moves seats."""
    key = _key_hash()
    kept = holders.kept()
    h = kept.get(key)
    done = _try_kept(raw, body, action, h) if h is not None else None
    for _ in range(service.TRIES):
        if done is not None:
            break
        h = _held(raw=raw)
        _same_game(body.get("game_number"), h.game.number)
        done = service.act_unlocked(h, h.game, h.game.last_event, [action], h.actor, raw)
    if h is None or done is None:
        kept.drop(key)
        return None
    kept.put(key, h, done.snapshot.last_id)
    return h, done


def _try_kept(
    raw: driver.Raw, body: Data, action: Action, h: holders.Holder
) -> service.Done | None:
    """The action with a kept holder, which may be out of date: only a success counts;
    anything else (another game named, a refusal) is decided on a fresh read of the key."""
    try:
        _same_game(body.get("game_number"), h.game.number)
        return service.act_unlocked(h, h.game, h.game.last_event, [action], h.actor, raw)
    except CompanionError:  # decided again on a fresh read
        return None


def _actor(v: TableView) -> Actor:
    who = v.who
    if v.my_seat is None:
        return Actor("Host", None, True, who.phones, who.names)
    return who


@bp.post("/table/undo")
def undo() -> ResponseReturnValue:
    v = _holder()
    body = _body()
    seen = body.get("version")
    if isinstance(seen, bool) or not isinstance(seen, int):
        raise Unreadable("'version' must be the table version you saw.", "version")
    try:
        _same_game(body.get("game_number"), v.game.number)
        undone = service.undo(v.game, len(v.seats), _actor(v), seen, v.kind.undoable)
    except Conflict as err:  # like every 409: the target (the table), its version and value now
        db.session.rollback()
        now = store.table_version(v.table)
        body = {"error": err.message, "target": "table", "target_version": now, "current": now}
        return _answer(body, 409)
    version = store.table_version(v.table)
    publish(v.table, version)
    return _answer({"version": version, "undone": len(undone)})


@bp.post("/table/host")
def host() -> ResponseReturnValue:
    v = _holder()
    check(v.who, Who.HOST, refused="Only the host key can do that.")
    data = _body()
    what = data.get("action")
    if what in ("lock", "unlock", "rotate"):
        action = Action(str(what), {}, 0)
    elif what == "free":
        action = Action("free-seat", {"seat": _seat_number(data, len(v.seats))}, 0)
    else:
        raise Unreadable("'action' must be lock, unlock, free or rotate.", "action")
    done = _act_table(v, action, v.who, _version(data))
    table = v.table
    publish(table, done.version)
    body: dict[str, object] = {"version": done.version, "target_version": done.target_versions[0]}
    if done.moved is not None:
        publish_moved(done.moved, table)
        body = {"links": _links(table), "join_code": table.join_code, **body}
    return _answer(body)
