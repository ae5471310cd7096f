"""Shared fixtures: a real SQLite file and a real PostgreSQL database, never a mock.

- ``api_client``: a fresh test client on one SQLite app per session, for the stateless
  referee API (``api_app``).
- ``app`` / ``client``: parametrised over SQLite and PostgreSQL. The PostgreSQL run is skipped,
  with the reason printed, only where no server answers at ``COMPANION_TEST_PG``
  (default ``postgresql://postgres@127.0.0.1:5432/test``).
- ``empty_database``: the URI of a database with nothing in it yet (SQLite and PostgreSQL), for
  the tests that run the real migrations from empty (``tests/test_migrations.py``).

Every app of the run shares Jinja's compiled templates (``_share_compiled_templates``): a
template is compiled once per worker, not once per test.

The Alembic migrations run once per test session per database, not once per test: SQLite tests
each get a copy of one migrated template file, and PostgreSQL tests share the session's
database (migrated when it is made), whose rows ``_clean`` deletes after every test.

Tests marked ``@pytest.mark.one_database`` (they check only what a page shows, nothing the
storage decides) get ``app`` on SQLite alone: ``pytest_generate_tests`` parametrises it with
``["sqlite"]`` instead of both databases (the PostgreSQL case is not made, never skipped).

Test apps keep a live event stream open for ``STREAM_SECONDS`` = 0.2 s (not 55 s), so a test
that reads a stream to its end waits on no wall-clock lifetime.
"""

from __future__ import annotations

import gc
import os
import shutil
import sqlite3
import tempfile
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy import create_engine, text

from companion import ROOT, create_app

# the suite starts many tables from one address: no limit on it here (its own tests set one);
# set in the environment, so the servers the e2e tests start inherit it too
os.environ.setdefault("COMPANION_TABLES_PER_MINUTE", "0")
PG_ADMIN = os.environ.get("COMPANION_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
STATIC_BUILD = os.path.join(tempfile.gettempdir(), f"companion-test-static-{os.getuid()}")
# every server a test starts reuses one build of the static files (brotli copies: 1.6 s of
# CPU for each new instance folder otherwise); it is made per static content, so never stale
os.environ.setdefault("COMPANION_STATIC_BUILD", STATIC_BUILD)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "one_database: what a page shows only; the app runs on SQLite alone"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``one_database`` tests: ``app`` on SQLite only, as if the test itself said
    ``@pytest.mark.parametrize("app", ["sqlite"], indirect=True)`` (pytest then leaves the
    fixture's own two parameters out)."""
    if metafunc.definition.get_closest_marker("one_database") and "app" in metafunc.fixturenames:
        metafunc.definition.add_marker(pytest.mark.parametrize("app", ["sqlite"], indirect=True))


def _reuse_url_builders() -> None:
    """Every test makes a fresh app, and Werkzeug compiles two URL-builder functions for each
    of its ~90 routes (through ``ast`` and ``compile``: about 45 ms an app, most of a web test's
    set-up). A builder depends only on the rule's parsed parts, so the tests compile each one
    once and bind it to every later rule alike; what a rule builds is unchanged."""
    from werkzeug.routing.rules import Rule

    compile_builder = Rule._compile_builder
    made: dict[tuple, object] = {}

    def cached(self: Rule, append_unknown: bool = True):  # type: ignore[no-untyped-def]
        if self.defaults:
            return compile_builder(self, append_unknown)
        key = (tuple(self._trace), append_unknown)
        if key not in made:
            made[key] = compile_builder(self, append_unknown)
        return made[key]

    Rule._compile_builder = cached  # type: ignore[method-assign]


def _reuse_parsed_rules() -> None:
    """Binding each of an app's ~130 rules also parses its text into regular-expression parts
    (``Rule.compile``: about half of what making an app still cost). The parts depend only on
    the rule's text, its slash and domain settings and the map's converter classes, so the tests
    parse each one once and give every later rule alike copies of the same parts; the builders
    are still made (through ``_reuse_url_builders``) for each rule, and what a rule matches and
    builds is unchanged. A converter keeps the map it was first made for, which it never reads
    (``BaseConverter.map``)."""
    from werkzeug.routing.rules import Rule

    compile_rule = Rule.compile
    parsed: dict[tuple[object, ...], tuple[list, list, dict]] = {}  # type: ignore[type-arg]

    def compile(self: Rule) -> None:
        rules = self.map
        assert rules is not None, "rule not bound"
        domain = self.host if rules.host_matching else self.subdomain
        key = (self.rule, self.merge_slashes, rules.host_matching, domain,
               tuple(sorted(rules.converters.items())))  # fmt: skip
        if key not in parsed:
            compile_rule(self)
            parsed[key] = (list(self._parts), list(self._trace), dict(self._converters))
            return
        parts, trace, converters = parsed[key]
        self._parts, self._trace, self._converters = list(parts), list(trace), dict(converters)
        self.arguments.update(converters)
        self._build = self._compile_builder(False).__get__(self, None)
        self._build_unknown = self._compile_builder(True).__get__(self, None)

    Rule.compile = compile  # type: ignore[method-assign]


def _reuse_static_files() -> None:
    """Every test app also listed its static build with WhiteNoise (a stat and a set of headers
    for each of ~70 files) and hashed every file of the app's static folder for its names
    (``assets.manifest``): the same folder and files for the whole run. The tests list a
    folder once per set of WhiteNoise settings and hash the app's own static folder (which no
    test changes) once; a test's own folder is hashed at every call, as before. Each app still
    gets its own dictionary of files and of names."""
    from whitenoise import WhiteNoise

    from companion.web import assets

    update = WhiteNoise.update_files_dictionary
    listed: dict[tuple[object, ...], dict[str, object]] = {}

    def update_files_dictionary(self: WhiteNoise, root: str, prefix: str) -> None:
        key = (root, prefix, self.max_age, self.allow_all_origins, self.charset, self.index_file)
        if key not in listed:
            before = dict(self.files)
            update(self, root, prefix)
            listed[key] = {url: f for url, f in self.files.items() if before.get(url) is not f}
        self.files.update(listed[key])

    WhiteNoise.update_files_dictionary = update_files_dictionary  # type: ignore[method-assign]

    manifest = assets.manifest
    hashed: dict[Path, dict[str, str]] = {}

    def cached_manifest(static: Path) -> dict[str, str]:
        if static != ROOT / "static":
            return manifest(static)
        if static not in hashed:
            hashed[static] = manifest(static)
        return dict(hashed[static])

    assets.manifest = cached_manifest


def _share_compiled_statements() -> None:
    """SQLAlchemy keeps each statement's compiled SQL per engine (``Engine._compiled_cache``,
    keyed by the engine's dialect object), and every test's fresh app makes a fresh engine: a
    web test compiled again every statement it sent (about a tenth of its CPU). The tests
    give every engine one shared cache, and a dialect, once its first connection has told it
    the server's version and features, stands in its keys for the first dialect alike: same
    class, same driver, same settings, same server (``settings``). SQLite and PostgreSQL, or
    two settings of one, never share an entry; what a statement compiles to is unchanged, and
    a dialect is still made per engine."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from sqlalchemy.engine.default import DefaultDialect
    from sqlalchemy.util import LRUCache

    shared = LRUCache(20_000)
    first: dict[tuple[object, ...], DefaultDialect] = {}
    plain = (bool, int, float, str, bytes, tuple, type(None))
    named = (types.FunctionType, types.BuiltinFunctionType, types.ModuleType, type)

    def setting(value: object) -> object:
        if isinstance(value, plain):
            return value
        if isinstance(value, named):  # a module, class or function given: that one
            return ("is", id(value))
        return ("a", type(value))  # the dialect's own helper (its preparer, its memos)

    def settings(dialect: DefaultDialect) -> tuple[object, ...]:
        return (type(dialect), *sorted((k, setting(v)) for k, v in vars(dialect).items()))

    def alike(dialect: object) -> object:
        return dialect.__dict__.get("_alike", dialect)

    def equal(self: DefaultDialect, other: object) -> bool:
        if not isinstance(other, DefaultDialect):
            return NotImplemented
        return alike(self) is alike(other)

    DefaultDialect.__eq__ = equal  # type: ignore[assignment,method-assign]
    DefaultDialect.__hash__ = lambda self: id(alike(self))  # type: ignore[method-assign]

    created = DefaultDialect.engine_created.__func__  # type: ignore[attr-defined]

    def engine_created(cls: type[DefaultDialect], engine: Engine) -> None:
        created(cls, engine)
        if engine._compiled_cache is None:  # query_cache_size=0: no cache, as asked
            return
        engine._compiled_cache = shared
        dialect = engine.dialect

        def connected(*_: object) -> None:  # after SQLAlchemy's own first-connect listener
            dialect._alike = first.setdefault(settings(dialect), dialect)  # type: ignore[attr-defined]

        event.listen(engine.pool, "connect", connected, once=True)

    DefaultDialect.engine_created = classmethod(engine_created)  # type: ignore[assignment,method-assign]


_reuse_url_builders()
_reuse_parsed_rules()
_reuse_static_files()
_share_compiled_statements()


class _CompiledTemplates(BytecodeCache):
    """Jinja's compiled code for each template, kept in memory for the whole run."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # used only if the source's checksum matches

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


def _share_compiled_templates() -> None:
    """Every test's fresh app has a Jinja environment of its own, which compiled each template
    it rendered again from its source (about 0.1 s for a page, most of a page test's own
    work). Every app of the run is made alike, so they share the compiled code, as Jinja's own
    bytecode cache does between processes: a template whose source differs (a changed file,
    another folder) is compiled anew, and what a page renders is unchanged."""
    make = Flask.create_jinja_environment
    shared = _CompiledTemplates()

    def create_jinja_environment(self: Flask):  # type: ignore[no-untyped-def]
        env = make(self)
        env.bytecode_cache = shared
        return env

    Flask.create_jinja_environment = create_jinja_environment  # type: ignore[method-assign]


_share_compiled_templates()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything imported so far (the app, the games, the test modules) lives to the end: move
    it out of the garbage collector's sight, so its full collections, which every test's
    apps make frequent, scan only what the tests make."""
    gc.collect()
    gc.freeze()


def _pg_url(db_name: str) -> str:
    base = PG_ADMIN.rsplit("/", 1)[0]
    return base.replace("postgresql://", "postgresql+psycopg://", 1) + "/" + db_name


@pytest.fixture(scope="session")
def pg_database(worker_id: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str | None]:
    """A fresh PostgreSQL database for this test session (and xdist worker), migrated once."""
    name = f"companion_test_{os.getpid()}_{worker_id}"
    try:
        admin = create_engine(_pg_url(PG_ADMIN.rsplit("/", 1)[1]), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
            # a commit does not wait for its WAL to reach the disk (4-6 ms a commit here, and
            # a web test commits dozens of times); what other sessions see is unchanged, and
            # only a crash of PostgreSQL itself (which no test causes) could lose a commit
            conn.execute(text(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
    except Exception as exc:  # no server here: say so, skip only the PostgreSQL runs
        print(f"\nPostgreSQL not reachable at {PG_ADMIN}: {exc.__class__.__name__}: {exc}")
        yield None
        return
    url = _pg_url(name)
    _migrate(url, tmp_path_factory.mktemp("pg-migrate"))
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def worker_id(request: pytest.FixtureRequest) -> str:
    workerinput = getattr(request.config, "workerinput", None)
    return workerinput["workerid"] if workerinput else "main"


def _make_app(uri: str, migrate: bool = False) -> Flask:
    """A test app on ``uri``; its schema is already there unless ``migrate`` asks for Alembic."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": uri,
            "RATELIMIT_ENABLED": True,
            "AUTO_MIGRATE": migrate,
            "STREAM_SECONDS": 0.2,
            # hashed static copies made once for the whole run, not in every test's instance
            "STATIC_BUILD_DIR": STATIC_BUILD,
        }
    )


def _dispose(app: Flask) -> None:
    from companion.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _migrate(uri: str, instance: Path) -> None:
    """Run the real Alembic migrations on ``uri`` (as ``companion serve`` does at start)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_INSTANCE", str(instance))
        _dispose(_make_app(uri, migrate=True))


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One SQLite file migrated by Alembic, copied for every SQLite test."""
    folder = tmp_path_factory.mktemp("sqlite-template")
    path = folder / "companion.sqlite3"
    _migrate(f"sqlite:///{path}", folder / "instance")
    conn = sqlite3.connect(path)
    try:  # everything into the main file, so one copy of it is the whole database
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    return path


def _sqlite_copy(template: Path, folder: Path, name: str) -> str:
    path = folder / name
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def pg_emptied(pg_database: str | None) -> Iterator[str | None]:
    """``pg_database`` for a test that writes to it outside the ``app`` fixture (an app or a
    server of its own): emptied afterwards, as ``app`` leaves it, so the next test of this
    worker does not find its rows (a test counting events found four instead of three)."""
    yield pg_database
    if pg_database is None:
        return
    engine = create_engine(pg_database)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(_empty_all())
    finally:
        engine.dispose()


@pytest.fixture
def make_pg_app(pg_emptied, tmp_path, monkeypatch) -> Iterator[Callable[..., Flask]]:
    """Apps on the test's PostgreSQL database, each standing for a server process of its own
    (its own pool and caches); extra config as keywords."""
    if pg_emptied is None:
        pytest.skip(f"PostgreSQL not reachable at {PG_ADMIN}")
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    made: list[Flask] = []

    def make(**config: Any) -> Flask:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "STATIC_BUILD_DIR": STATIC_BUILD,
                          "SQLALCHEMY_DATABASE_URI": pg_emptied, "AUTO_MIGRATE": False,
                          **config})  # fmt: skip
        made.append(app)
        return app

    yield make
    for app in made:
        _dispose(app)


def _empty_all() -> str:
    """One text that deletes every row of every table (children first): sent as one
    statement list, one round trip, not one ORM statement per table."""
    from companion.extensions import db
    from companion.tables import models  # noqa: F401  (the tables to empty)

    return "; ".join(f'DELETE FROM "{t.name}"' for t in reversed(db.metadata.sorted_tables))


def _clean(app: Flask) -> None:
    from companion.extensions import db

    with app.app_context():
        db.session.remove()
        with db.engine.begin() as conn:
            conn.exec_driver_sql(_empty_all())
        db.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def app(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    pg_database: str | None,
    sqlite_template: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Flask]:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    if request.param == "postgresql":
        if pg_database is None:
            pytest.skip(f"PostgreSQL not reachable at {PG_ADMIN}")
        application = _make_app(pg_database)
        yield application
        _clean(application)  # the session's database: leave it empty for the next test
    else:
        application = _make_app(_sqlite_copy(sqlite_template, tmp_path, "companion.sqlite3"))
        yield application
        _dispose(application)  # this test's own file: nothing to clean


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def api_app(tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path) -> Iterator[Flask]:
    """One app per session (and xdist worker) for the referee API: it is stateless (it stores
    nothing and reads no table), so its tests need neither a fresh app nor a second database."""
    folder = tmp_path_factory.mktemp("api")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_INSTANCE", str(folder / "instance"))
        application = _make_app(_sqlite_copy(sqlite_template, folder, "api.sqlite3"))
    yield application
    _dispose(application)


@pytest.fixture
def api_client(api_app: Flask) -> FlaskClient:
    """A fresh client (no cookies) on the shared referee API app."""
    return api_app.test_client()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    pg_database: str | None,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[str]:
    """The URI of a database with no tables yet: a new SQLite file, or a new PostgreSQL
    database (dropped afterwards)."""
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    if pg_database is None:
        pytest.skip(f"PostgreSQL not reachable at {PG_ADMIN}")
    name = pg_database.rsplit("/", 1)[1] + "_empty"
    admin = create_engine(_pg_url(PG_ADMIN.rsplit("/", 1)[1]), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield _pg_url(name)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
