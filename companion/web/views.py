"""Look instead of read: QR code, read-only share link, TV view."""

from __future__ import annotations

import io
from functools import lru_cache

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.web.security import phone_id
from companion.web.tableview import TableView, load

bp = Blueprint("views", __name__)


@bp.app_template_global()
def public_url(path: str) -> str:
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


# the longest join link drawn as a QR code: the address is the server's own (its public
# address, or the Host a phone sent), plus a 22-character token
MAX_QR_TEXT = 160


@lru_cache(maxsize=256)
def qr_svg(text: str) -> str:
    """The QR code of ``text`` as SVG: about 10 ms of pure Python for a join link, so each
    link is drawn once per worker (a phone opening a table asks for it every time)."""
    if len(text) > MAX_QR_TEXT:
        abort(
            400,
            f"That address is {len(text)} characters long; a QR code here is drawn for "
            f"at most {MAX_QR_TEXT}. Open the table by its join code instead.",
        )
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=12, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue().decode()


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    table = load("token", token)
    svg = qr_svg(public_url(url_for("join.page", token=table.join_token)))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def _shared(token: str) -> TableView:
    table = load("share_token", token)
    return TableView(table, table.game, None)


@bp.get("/s/<token>")
def share(token: str) -> ResponseReturnValue:
    return render_template("share.html", v=_shared(token), tv=False)


@bp.get("/s/<token>/live")
def share_live(token: str) -> ResponseReturnValue:
    from companion.web.table import live_answer

    v = _shared(token)
    tv = request.args.get("tv") == "1"
    html, headers = live_answer(v, readonly=True, tv=tv)
    shown = request.args.get("join")
    if tv and shown is not None and shown != tv_join_key(v):
        html += render_template("_tv_join.html", v=v, oob=True)
    return html, 200, headers


@bp.get("/tv/<token>")
def tv(token: str) -> ResponseReturnValue:
    phone_id()
    return render_template("share.html", v=_shared(token), tv=True)


@bp.app_template_global()
def tv_join(v: TableView) -> bool:
    """The TV shows how to join while joining is open and a seat has no phone (the TV is in
    the room: its screen is how the others join)."""
    return not v.table.locked and any(s.phone is None for s in v.seats)


@bp.app_template_global()
def tv_join_key(v: TableView) -> str:
    """What the TV's join box shows, as the TV sends it back with each live request: the
    box again when it changed (``share_live``)."""
    return f"{int(tv_join(v))}{v.table.join_code}"


@bp.get("/tv/<token>/qr.svg")
def tv_qr(token: str) -> Response:
    v = _shared(token)
    if not tv_join(v):
        return Response(status=404)
    svg = qr_svg(public_url(url_for("join.page", token=v.table.join_token)))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})
