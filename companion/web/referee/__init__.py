"""The stateless JSON referee API (../shared/REFEREE_API.md), one module per game.

Every submodule of this package that defines a Flask ``bp`` Blueprint is registered by
``register(app)``; add a game's API by adding ``companion/web/referee/<game>.py``.
"""

from __future__ import annotations

import importlib
import pkgutil

from flask import Flask


def register(app: Flask) -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        bp = getattr(module, "bp", None)
        if bp is not None:
            app.register_blueprint(bp)
