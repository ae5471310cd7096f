"""Companion: the card-table companion. ``create_app`` is the application factory."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Flask comes with the app, so the pure packages import without it
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance: Path) -> str:
    """A secret kept in the instance folder, so seat cookies survive a restart."""
    env = os.environ.get("COMPANION_SECRET_KEY")
    if env:
        return env
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _database_url(instance: Path) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://") :]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        return url
    return f"sqlite:///{instance / 'companion.sqlite3'}"


def _seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment, else ``default``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {value!r}") from None
    if not seconds > 0:
        raise ValueError(f"{name} must be above 0, not {value!r}")
    return seconds


def _whole(name: str, default: int) -> int:
    """A whole number, 0 or more, from the environment, else ``default``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"{name} must be a whole number, 0 or more, not {value!r}")
    return int(value)


def create_app(config: dict[str, object] | None = None) -> Flask:
    app = _configured_app(config)
    _init_extensions(app)
    _register_blueprints(app)
    _trust_proxies(app)
    return app


def prepare_database(config: dict[str, object] | None = None) -> None:
    """What ``create_app`` does to the instance folder and the database (the secret key, the
    migrations when ``AUTO_MIGRATE``, the build of the static files), without the pages:
    ``companion serve`` runs it once before its workers start, in a process that only does
    that (the pages' code and routes are about half the CPU of a ``create_app``)."""
    from companion.web import assets

    app = _configured_app(config)
    _init_extensions(app)
    assets.prepare(app)


def _configured_app(config: dict[str, object] | None) -> Flask:
    from companion.web.appclass import CompanionApp
    from companion.web.security import COOKIE_DEFAULTS

    app = CompanionApp(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=os.environ.get("COMPANION_INSTANCE", str(ROOT / "instance")),
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.update(
        SECRET_KEY=None,
        SQLALCHEMY_DATABASE_URI=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        PUBLIC_URL=os.environ.get("COMPANION_PUBLIC_URL"),
        DICTIONARY_DIRS=[d for d in os.environ.get("COMPANION_DICTIONARIES", "").split(":") if d],
        AUTO_MIGRATE=True,
        # live timings: how long one event stream stays open before the phone reconnects, and
        # how long a word judge's verdict stays on screen (tests set both short)
        STREAM_SECONDS=_seconds("COMPANION_STREAM_SECONDS", 55.0),
        JUDGE_VERDICT_SECONDS=_seconds("COMPANION_JUDGE_VERDICT_SECONDS", 10.0),
        # a join code stops working once its table has had no change for this long
        CODE_IDLE_SECONDS=_seconds("COMPANION_CODE_IDLE_HOURS", 12.0) * 3600,
        # a phone cut off from the server this long says when it last heard from it
        STALE_SECONDS=_seconds("COMPANION_STALE_SECONDS", 30.0),
        # a pooled PostgreSQL connection unused this long is checked before it is used
        DB_PING_AFTER_SECONDS=_seconds("COMPANION_DB_PING_AFTER_SECONDS", 5.0),
        # tables one client address may create a minute (0: no limit; companion.web.tablelimit)
        TABLES_PER_MINUTE=_whole("COMPANION_TABLES_PER_MINUTE", 30),
    )
    # Flask defines these keys already (SameSite unset, 31 days), so setdefault would not do
    app.config.update(COOKIE_DEFAULTS)
    app.config.update(config or {})
    app.config["SECRET_KEY"] = app.config["SECRET_KEY"] or _secret_key(instance)
    app.config["SQLALCHEMY_DATABASE_URI"] = app.config["SQLALCHEMY_DATABASE_URI"] or _database_url(
        instance
    )
    return app


def _trust_proxies(app: Flask) -> None:
    """Read X-Forwarded-* only from the configured proxies (``companion.web.proxy``)."""
    from companion.web import proxy

    trusted = app.config.get("TRUSTED_PROXIES") or os.environ.get("COMPANION_TRUSTED_PROXIES")
    if not trusted and (os.environ.get("COMPANION_BEHIND_PROXY") or app.config.get("BEHIND_PROXY")):
        trusted = proxy.LOOPBACK  # a proxy on this machine
    if trusted:
        app.wsgi_app = proxy.TrustedProxies(app.wsgi_app, proxy.networks(trusted))  # type: ignore[method-assign]


def _init_extensions(app: Flask) -> None:
    from companion.extensions import db, migrate
    from companion.tables import database
    from companion.words import registry

    database.engine_options(app)
    db.init_app(app)
    with app.app_context():
        database.ping_idle_connections(db.engine, app.config["DB_PING_AFTER_SECONDS"])
    registry.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    database.init_app(app)


def _register_blueprints(app: Flask) -> None:
    from companion.web import errors, pages, referee, templatecache

    errors.register(app)
    referee.register(app)
    pages.register(app)
    templatecache.init_app(app)
