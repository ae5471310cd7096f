"""Each game's own pages and fragments, one module per game.

A module here registers its ``GameType`` with ``companion.tables.registry.register`` and may
define a Flask ``bp``; ``register(app)`` imports every module and registers the blueprints.
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
