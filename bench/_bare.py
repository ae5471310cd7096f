"""The baseline: a bare Flask app that answers a small HTML page, nothing else.

It is served by ``companion.server.run`` itself (see ``_common.BARE_RUN``), so gunicorn runs it
with exactly the same settings as Companion; only the application differs.
"""

from __future__ import annotations

from flask import Flask, request

app = Flask(__name__)
PAGE = "<!doctype html><title>bare</title><p>Hello from a bare Flask app.</p>"


@app.route("/", methods=["GET", "POST"])
def index() -> str:
    if request.method == "POST":
        return PAGE + f"<p>{len(request.form)} fields</p>"
    return PAGE
