"""Each game's own pages and fragments, one module per game.

A module here names its game's pages ``PAGES`` (a ``WebGame``) and may define a Flask ``bp``;
``register(app)``, as the app is created, imports every module, registers the blueprints and
installs the pages (``companion.web.kinds.install``). The games themselves are in
``companion.games.registry``, without these.
"""

from __future__ import annotations

from flask import Flask

from companion.web import kinds, register_modules


def register(app: Flask) -> None:
    modules = register_modules(app, __name__, __path__)
    kinds.install(module.PAGES for module in modules if hasattr(module, "PAGES"))
