"""Installable and never silently stale: the web app manifest, the service worker, the page it
shows when there is no network, and the table version a phone checks when it wakes.

The service worker keeps the app shell only (static files and the offline page), never table
data: a table page always comes from the server, and when the server cannot be reached the
phone shows the offline page in the app's own words instead of the browser's error.
"""

from __future__ import annotations

import hashlib
import json
import re

from flask import Blueprint, Response, current_app, render_template, url_for
from flask.typing import ResponseReturnValue

from companion.tables import store
from companion.web.tableview import load

bp = Blueprint("pwa", __name__)
NO_CACHE = {"Cache-Control": "no-cache"}


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icon = url_for("static", filename="icon.svg")
    body = {
        "name": "Companion",
        "short_name": "Companion",
        "description": "Scores, rules and a referee for card games played with real decks.",
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#1f6feb",
        "icons": [
            {
                "src": url_for("static", filename="icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
            },
            {"src": icon, "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return Response(json.dumps(body), mimetype="application/manifest+json", headers=NO_CACHE)


def shell_urls() -> list[str]:
    """What the service worker keeps ahead: the offline page and the static files it uses
    (the ones every page loads, so the phone has them in its cache already). Other static
    files are kept as pages ask for them."""
    page = render_template("offline.html")
    prefix = re.escape(current_app.static_url_path or "/static")
    used = re.findall(rf'(?:src|href)="({prefix}/[^"]+)"', page)
    return [url_for("pwa.offline"), *dict.fromkeys(used)]


@bp.get("/sw.js")
def service_worker() -> Response:
    urls = shell_urls()
    # a new static file or offline page gives a new cache name, so the old shell is dropped
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    script = render_template("sw.js", shell=json.dumps(urls), version=version)
    headers = dict(NO_CACHE, **{"Service-Worker-Allowed": "/"})
    return Response(script, mimetype="text/javascript", headers=headers)


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    return render_template("offline.html"), 200, NO_CACHE


def _version(column: str, token: str) -> Response:
    version = store.table_version(load(column, token))
    return Response(
        json.dumps({"version": version}),
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )


@bp.get("/t/<token>/version")
def table_version(token: str) -> Response:
    return _version("token", token)


@bp.get("/s/<token>/version")
def share_version(token: str) -> Response:
    return _version("share_token", token)
