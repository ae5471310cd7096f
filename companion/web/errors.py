"""The one place where refusals and errors become HTTP responses.

- JSON API (``/api/``): ``{"error": ...}``; ``Unreadable`` -> 400; ``TooMuch`` -> 413 with
  ``field``, ``limit`` and ``got`` added. Anything unexpected under
  ``/api/`` still answers JSON (500 is a bug, never a player's fault).
- htmx requests (``HX-Request: true``): a small refusal notice (``_refusal.html``), sent with
  ``HX-Retarget: #refusal`` and ``HX-Reswap: innerHTML`` so it lands in the notice area every
  page has (``base.html``), whatever the tapped control targeted. Routes that re-render their
  own form with the input kept (409/422) answer themselves and never come here.
- Anything else: a full page (``error.html``).

Every message a player should read comes through in its own words; generic words stand in
only when there is no description, or it is werkzeug's default one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from flask import Flask, jsonify, make_response, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from companion.errors import CompanionError, Conflict, NotAllowed, Unreadable
from companion.web.bounds import TooMuch

REFUSAL_TARGET = "#refusal"
GENERIC = {
    400: "That request could not be read.",
    403: "This phone may not do that here.",
    404: "There is nothing here. The link may be old or mistyped.",
    405: "That is not something this page can do.",
    413: "That was too much to send at once.",
    429: "Too many tries. Wait a minute and try again.",
}
TITLES = {
    403: "Not allowed",
    404: "Not found",
    409: "Changed meanwhile",
    429: "Slow down",
}
SERVER_TROUBLE = "Something went wrong on the server. Try again in a moment."
TABLE_PATH = re.compile(r"^/t/[A-Za-z0-9_-]+")


def register(app: Flask) -> None:
    @app.errorhandler(CompanionError)
    def domain_error(err: CompanionError):  # type: ignore[no-untyped-def]
        status = status_for(err)
        if status == 400 and not request.path.startswith("/api/"):
            status = 422  # a page's form that cannot be read: said in words, input kept
        extra = err.extra() if isinstance(err, TooMuch) else None
        return answer(err.message, status, extra)

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):  # type: ignore[no-untyped-def]
        status = err.code or 500
        response = make_response(answer(plain_message(status, err), status))
        if isinstance(err, MethodNotAllowed) and err.valid_methods:  # 405 names what works
            response.headers["Allow"] = ", ".join(sorted(err.valid_methods))
        return response


def status_for(err: CompanionError) -> int:
    """409 stale, 400 unreadable, 403 not this phone's to do, 422 the rules refuse it now,
    413 more than the route reads (``companion.web.bounds``)."""
    if isinstance(err, TooMuch):
        return 413
    if isinstance(err, Conflict):
        return 409
    if isinstance(err, Unreadable):
        return 400
    return 403 if isinstance(err, NotAllowed) else 422


def answer(
    message: str, status: int, extra: Mapping[str, object] | None = None
) -> ResponseReturnValue:
    """The refusal in the form the asker can show: JSON (``extra`` fields added to the
    error), an htmx notice, or a page."""
    if request.path.startswith("/api/"):
        return jsonify({"error": message, **(extra or {})}), status
    title = TITLES.get(status, "That did not work")
    if _htmx():
        html = render_template("_refusal.html", message=message, status=status, title=title)
        headers = {
            "HX-Retarget": REFUSAL_TARGET,
            "HX-Reswap": "innerHTML",
            "Vary": "HX-Request",
        }
        return html, status, headers
    back = TABLE_PATH.match(request.path)
    page = render_template(
        "error.html",
        message=message,
        status=status,
        title=title,
        back=back.group(0) if back else None,
    )
    return page, status, {"Vary": "HX-Request"}


def _htmx() -> bool:
    """An htmx swap (not a history restore, which needs the whole page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def plain_message(status: int, err: HTTPException) -> str:
    """The exception's own words, unless it has none beyond werkzeug's default text."""
    said = str(err.description or "").strip()
    if said and said != str(type(err).description or "").strip():
        return said
    return GENERIC.get(status, SERVER_TROUBLE)
