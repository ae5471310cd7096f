"""Who a phone is, CSRF and security headers (the join-code limit: ``codelimit``).

A phone is a random id in Flask's signed session cookie. Seats and host rights are bound to
that id in the database, so a phone keeps its seat across reloads, sleep and a server restart
(the signing key lives in the instance folder).

The cookie is HttpOnly and SameSite=Lax, lives 400 days (the most browsers keep) and is renewed
on every request, so a host idle for a month still has the table. It is Secure whenever the
request came over https, judged per request (``request.is_secure``, which behind
a trusted proxy follows the proxy's ``X-Forwarded-Proto``, see ``proxy``), not
from ``COMPANION_PUBLIC_URL``: the same server is often reached both as https://public-name and
as http://192.168.x.y at the table, and a Secure cookie sent over plain http would be dropped,
losing the phone its seat. ``SESSION_COOKIE_SECURE=True`` still forces it always.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Flask, Request, Response, abort, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin

from companion.web import limits

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def phone_id() -> str:
    if "phone" not in session:
        session["phone"] = secrets.token_urlsafe(24)
        session.permanent = True
    return str(session["phone"])


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
        session.permanent = True
    return str(session["csrf"])


def _check_csrf() -> None:
    if request.method in SAFE_METHODS or request.path.startswith("/api/"):
        return
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.host:
        abort(403, "This form came from another site, so it was refused.")
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token", "")
    expected = session.get("csrf")
    if not expected or not secrets.compare_digest(str(sent), str(expected)):
        abort(
            400,
            "This page was open too long or came from elsewhere. Reload it and try again "
            "(nothing was saved).",
        )


# the headers every answer carries unless its view set its own
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
_NO_STORE = ("Cache-Control", "no-store")
_LOWER = {name: name.lower() for name, _ in (*SECURITY_HEADERS, _NO_STORE)}


def _headers(response: Response) -> Response:
    """``SECURITY_HEADERS`` (and ``no-store`` for a table's pages) that the view did not set,
    in one look at the headers it did: ``Headers.setdefault`` looked them over once per header
    and raised and caught a ``KeyError`` for each one missing, a tenth of a Table API
    action's time."""
    path = request.path
    wanted: tuple[tuple[str, str], ...] = SECURITY_HEADERS
    if path.startswith("/t/") or path.startswith("/j/"):
        wanted = (*SECURITY_HEADERS, _NO_STORE)
    headers = response.headers
    have = {name.lower() for name in headers.keys()}
    headers.extend([(k, v) for k, v in wanted if _LOWER[k] not in have])
    return response


COOKIE_DEFAULTS = {
    "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_REFRESH_EACH_REQUEST": True,
}


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed cookie, Secure whenever this request came over https.

    An unchanged session is sent again (renewing its 400 days) only with a page the person
    opened, not with the requests a page makes by itself (htmx, the service worker, fetch).
    Sent with every answer, an answer to a background request that left before another one
    added the phone's id (the service worker fetching the offline page while the host starts a
    table) came back later and put the older cookie over the new one: the host, or a seated
    phone, became a stranger (seen in the browser tests, about one run in five)."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The JSON APIs answer to keys, never to the cookie: a cookie sent along is not read
        (nor signed again and sent back, which cost a Table API action about a fifth of its
        time)."""
        if request.path.startswith("/api/"):
            return self.make_null_session(app)
        return super().open_session(app, request)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if session.modified:
            return True
        opened = request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
        return opened and super().should_set_cookie(app, session)

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def init_app(app: Flask) -> None:
    app.session_interface = SessionCookie()
    limits.init_app(app)
    app.config.setdefault("JOIN_CODE_LIMIT", 10)  # codes tried per client address ...
    app.config.setdefault("JOIN_CODE_WINDOW", 60.0)  # ... per this many seconds
    app.before_request(_check_csrf)
    app.after_request(_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
