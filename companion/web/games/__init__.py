"""Each game's own pages and fragments, one module per game.

A module here registers its game's pages (a ``WebGame``) with ``companion.web.kinds.register``
and may define a Flask ``bp``; ``register(app)`` imports every module and registers the
blueprints. The games themselves are in ``companion.games.registry``, without these.
"""

from __future__ import annotations

from flask import Flask

from companion.web import register_modules


def register(app: Flask) -> None:
    register_modules(app, __name__, __path__)
