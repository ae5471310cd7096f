"""Shared fixtures: a real SQLite file and a real PostgreSQL database, never a mock.

- ``api_client``: a test client on SQLite, for the stateless referee API.
- ``app`` / ``client``: parametrised over SQLite and PostgreSQL. The PostgreSQL run is skipped,
  with the reason printed, only where no server answers at ``COMPANION_TEST_PG``
  (default ``postgresql://postgres@127.0.0.1:5432/test``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text

from companion import create_app

PG_ADMIN = os.environ.get("COMPANION_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_url(db_name: str) -> str:
    base = PG_ADMIN.rsplit("/", 1)[0]
    return base.replace("postgresql://", "postgresql+psycopg://", 1) + "/" + db_name


@pytest.fixture(scope="session")
def pg_database(worker_id: str) -> Iterator[str | None]:
    """A fresh PostgreSQL database for this test session (and xdist worker)."""
    name = f"companion_test_{os.getpid()}_{worker_id}"
    try:
        admin = create_engine(_pg_url(PG_ADMIN.rsplit("/", 1)[1]), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # no server here: say so, skip only the PostgreSQL runs
        print(f"\nPostgreSQL not reachable at {PG_ADMIN}: {exc.__class__.__name__}: {exc}")
        yield None
        return
    yield _pg_url(name)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def worker_id(request: pytest.FixtureRequest) -> str:
    workerinput = getattr(request.config, "workerinput", None)
    return workerinput["workerid"] if workerinput else "main"


def _make_app(tmp: Path, uri: str) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": uri,
            "RATELIMIT_ENABLED": True,
        }
    )


def _clean(app: Flask) -> None:
    from companion.extensions import db

    with app.app_context():
        db.session.remove()
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, pg_database: str | None, monkeypatch
) -> Iterator[Flask]:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    if request.param == "postgresql":
        if pg_database is None:
            pytest.skip(f"PostgreSQL not reachable at {PG_ADMIN}")
        uri = pg_database
    else:
        uri = f"sqlite:///{tmp_path / 'companion.sqlite3'}"
    application = _make_app(tmp_path, uri)
    yield application
    _clean(application)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def api_client(tmp_path: Path, monkeypatch) -> FlaskClient:
    """The stateless referee API needs no second database run."""
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    return _make_app(tmp_path, f"sqlite:///{tmp_path / 'api.sqlite3'}").test_client()
