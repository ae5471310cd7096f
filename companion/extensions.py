"""Flask extensions, created unbound and attached in ``create_app`` (init_app pattern)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import current_app
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


# Rows stay readable after a commit without a reload: a request that stores an entry and
# then renders the answer reads its table, seats and game once (a request is short-lived;
# every request starts with a fresh session).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate(render_as_batch=True)


T = TypeVar("T")


def kept_in_app(name: str, make: Callable[[], T]) -> T:
    """What this process keeps for the current app under ``name`` (a cache), made on first
    use; two threads that make it at once both get the one kept."""
    found = current_app.extensions.get(name)
    if found is None:
        found = current_app.extensions.setdefault(name, make())
    return found  # type: ignore[no-any-return]
