"""Registers the page blueprints, the security hooks and the live-update broker."""

from __future__ import annotations

from flask import Flask

from companion.tables.live import InProcessBroker
from companion.web import chart, export, games, home, join, live, security, table, views


def register(app: Flask) -> None:
    security.init_app(app)
    app.extensions.setdefault("broker", InProcessBroker())
    for module in (home, table, join, live, views, export):
        app.register_blueprint(module.bp)
    games.register(app)
    app.jinja_env.globals["entry_key"] = table.entry_key
    app.jinja_env.globals["chart_for"] = lambda v: chart.build(v.sheet, v.names, v.colours)
