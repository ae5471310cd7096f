"""Flask extensions, created unbound and attached in ``create_app`` (init_app pattern)."""

from __future__ import annotations

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
