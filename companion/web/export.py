"""Take it with you: CSV and JSON exports of a game, and JSON import into a new table."""

from __future__ import annotations

import json

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import Unreadable
from companion.tables import importing, transfer
from companion.web import limits
from companion.web.kinds import web_games
from companion.web.live import publish
from companion.web.security import phone_id
from companion.web.table import view_for

bp = Blueprint("export", __name__)


def _download(body: str, mimetype: str, name: str) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(body, mimetype=mimetype, headers=headers)


@bp.get("/t/<token>/games/<int:number>/export.csv")
def csv_export(token: str, number: int) -> Response:
    v = view_for(token, number)
    dealers = [v.dealer(r) for r in range(1, len(v.sheet.rows) + 1)]
    # a BOM first, so Excel reads the names as UTF-8 (not as Latin-1 mojibake)
    body = "\ufeff" + transfer.to_csv(v.sheet, v.names, dealers)
    return _download(body, "text/csv", f"game-{number}.csv")


@bp.get("/t/<token>/games/<int:number>/export.json")
def json_export(token: str, number: int) -> Response:
    v = view_for(token, number)
    # compact, so a game at its most events (``store.MAX_EVENTS``) is well within ``IMPORT_BYTES``
    body = json.dumps(transfer.to_json(v.table, v.game, v.rows), separators=(",", ":"))
    return _download(body, "application/json", f"game-{number}.json")


@bp.post("/import")
def json_import() -> ResponseReturnValue:
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise Unreadable("Choose the .json file you exported.", "file")
        not_json = Unreadable("That file is not JSON: choose the .json file you exported.")
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise not_json from None
        if limits.too_deep(text):
            raise Unreadable(limits.TOO_DEEP, "file")
        try:
            data = json.loads(text)
        except ValueError:  # not JSON, or a number too long to read
            raise not_json from None
        table = importing.from_json(data, phone_id())
    except Unreadable as err:
        errors = {"import": err.message}
        return render_template("home.html", games=web_games(), values={}, errors=errors), 422
    publish(table)
    return redirect(url_for("table.page", token=table.token), 303)
