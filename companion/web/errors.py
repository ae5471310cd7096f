"""The one place where domain errors become HTTP responses.

JSON API (``/api/``): ``Unreadable`` -> 400 ``{"error": ...}``. Pages: 422 with a message.
Anything unexpected under ``/api/`` still answers JSON (500 is a bug, never a player's fault).
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.errors import CompanionError, Conflict, NotAllowed, Unreadable


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register(app: Flask) -> None:
    @app.errorhandler(CompanionError)
    def domain_error(err: CompanionError):  # type: ignore[no-untyped-def]
        status = status_for(err)
        if _wants_json():
            return jsonify({"error": err.message}), status
        return render_template("error.html", message=err.message, status=status), status

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):  # type: ignore[no-untyped-def]
        status = err.code or 500
        message = _plain_message(status, err)
        if _wants_json():
            return jsonify({"error": message}), status
        return render_template("error.html", message=message, status=status), status


def status_for(err: CompanionError) -> int:
    """409 stale, 400 unreadable, 403 not this phone's to do, 422 the rules refuse it now."""
    if isinstance(err, Conflict):
        return 409
    if isinstance(err, Unreadable):
        return 400
    return 403 if isinstance(err, NotAllowed) else 422


def _plain_message(status: int, err: HTTPException) -> str:
    words = {
        400: "That request could not be read.",
        403: "This phone may not do that here.",
        404: "There is nothing here. The link may be old or mistyped.",
        405: "That is not something this page can do.",
        413: "That was too much to send at once.",
        429: "Too many tries. Wait a minute and try again.",
    }
    if (
        err.description
        and status in (400, 403, 404, 409, 422, 429)
        and not str(err.description).startswith(("The ", "You ", "The browser"))
    ):
        return str(err.description)
    return words.get(status, "Something went wrong on the server.")
