"""Web layer: blueprints for pages, htmx fragments and the referee JSON API."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from types import ModuleType

from flask import Flask


def register_modules(app: Flask, package: str, path: Iterable[str]) -> list[ModuleType]:
    """Import every public module of a package and register the ``bp`` each one defines;
    the modules, in name order."""
    modules = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        modules.append(module)
        bp = getattr(module, "bp", None)
        if bp is not None:
            app.register_blueprint(bp)
    return modules
