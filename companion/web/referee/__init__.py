"""The stateless JSON referee API (../shared/REFEREE_API.md), one module per game.

Every submodule of this package that defines a Flask ``bp`` Blueprint is registered by
``register(app)``; add a game's API by adding ``companion/web/referee/<game>.py``, and its
limits to ``companion.web.bounds.ROUTES`` (a body over them is refused before it is read).
"""

from __future__ import annotations

from flask import Flask

from companion.web import bounds, register_modules


def register(app: Flask) -> None:
    register_modules(app, __name__, __path__)
    bounds.init_app(app)
