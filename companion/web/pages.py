"""Registers the page blueprints, the security hooks and the live-update broker."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from companion.games import agreements
from companion.tables.live import InProcessBroker, PostgresBroker
from companion.web import (
    api_circle,
    api_table,
    assets,
    chart,
    circle,
    export,
    games,
    home,
    join,
    judge_pages,
    live,
    livesheet,
    openapi,
    pwa,
    security,
    suits,
    table,
    views,
)


def register(app: Flask) -> None:
    security.init_app(app)
    assets.init_app(app)
    suits.init_app(app)
    app.extensions.setdefault("broker", make_broker(app))
    for module in (home, table, join, judge_pages, live, views, export, openapi, api_table, pwa):
        app.register_blueprint(module.bp)
    games.register(app)
    for module in (circle, api_circle):  # circles: the people who play together
        app.register_blueprint(module.bp)
    app.jinja_env.globals["entry_key"] = table.entry_key
    app.jinja_env.globals["cell_link"] = table.cell_link
    app.jinja_env.globals["can_classes"] = table.can_classes
    app.jinja_env.globals["live_sheet"] = lambda v, readonly, tv=False: Markup(
        livesheet.whole(v, readonly, tv)
    )
    app.jinja_env.globals["agreement_settled"] = lambda v: agreements.settled(
        v.snapshot.effective, v.names
    )
    app.jinja_env.globals["row_marks"] = livesheet.marks_of
    app.jinja_env.globals["chart_for"] = lambda v: chart.build(v.sheet, v.names, v.colours)


def make_broker(app: Flask) -> InProcessBroker:
    """In-process for SQLite (one worker); LISTEN/NOTIFY when the database is PostgreSQL."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if not uri.startswith("postgresql"):
        return InProcessBroker()
    return PostgresBroker(uri.replace("postgresql+psycopg://", "postgresql://", 1))
