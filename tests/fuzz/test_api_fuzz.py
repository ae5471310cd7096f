"""Property-based fuzzing of the JSON referee API from its OpenAPI description: generated
bodies (valid and not) never get a 5xx; every answer is JSON.

The app and its schema are made by fixtures, when the first test here runs (Schemathesis'
lazy schema): an xdist worker that runs none of these tests neither makes the app nor builds
the ~1,300 boundary cases of the schema while it collects. Every operation is still fuzzed
with ``EXAMPLES`` generated cases (a subtest each), boundary cases included."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings

from companion import create_app
from companion.extensions import db

# the run's hashed static copies (the path ``tests/conftest.py`` gives every test app)
STATIC_BUILD = os.path.join(tempfile.gettempdir(), f"companion-test-static-{os.getuid()}")

EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "50"))


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path) -> Iterator[Flask]:
    """The app the fuzz calls: a copy of the session's migrated SQLite file (not migrated
    again), the run's shared static build."""
    folder = tmp_path_factory.mktemp("api-fuzz")
    shutil.copyfile(sqlite_template, folder / "fuzz.sqlite3")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_INSTANCE", str(folder / "instance"))
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "fuzz", "AUTO_MIGRATE": False,
             "STATIC_BUILD_DIR": STATIC_BUILD,
             "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'fuzz.sqlite3'}"}
        )  # fmt: skip
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="module")
def loaded_schema(fuzz_app: Flask):  # type: ignore[no-untyped-def]
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", fuzz_app)


@pytest.fixture
def api_schema(request: pytest.FixtureRequest, loaded_schema):  # type: ignore[no-untyped-def]
    # Schemathesis 4.32's lazy runner reads and renames ``node._nodeid`` (to report each
    # operation), an attribute pytest 9 no longer has: give it the test's own id
    request.node._nodeid = request.node.nodeid
    return loaded_schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_body_gets_a_server_error(case):
    response = case.call(headers={"Accept-Encoding": "identity"})  # JSON as sent, not packed
    assert response.status_code < 500, (case.path, case.body, response.text[:300])
    if case.method.upper() in ("OPTIONS", "HEAD"):
        return  # Flask answers these itself, with no body
    answer = response.json()  # every answer is JSON, errors included
    if response.status_code >= 400:
        assert isinstance(answer["error"], str) and answer["error"]


def test_every_api_url_is_described(fuzz_app):
    from companion.web.openapi import all_paths

    with fuzz_app.app_context():
        described = set(all_paths())
    served = {
        rule.rule.replace("<", "{").replace(">", "}")
        for rule in fuzz_app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/") and rule.rule != "/api/v1/openapi.json"
    }
    assert served <= described, served - described
    assert len(served) >= 6
