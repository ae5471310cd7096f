"""Property-based fuzzing of every form URL the app serves (every POST route, found in the
URL map, so a new game's forms are covered too): no 5xx, and a refused request stores nothing.

Cheap per example, same checks: the app is made at import without migrating (its database is
a copy of the session's migrated SQLite file, put in place before the first request) and with
the run's shared static build; "nothing stored" is read with one SQL statement on a connection
of the test's own, not four ORM queries in a fresh app context, before and after each
request."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.tables.models import Event, Game, Seat, Table

# the run's hashed static copies (the path ``tests/conftest.py`` gives every test app)
STATIC_BUILD = os.path.join(tempfile.gettempdir(), f"companion-test-static-{os.getuid()}")

_instance = tempfile.mkdtemp(prefix="companion-forms-")
os.environ.setdefault("COMPANION_INSTANCE", _instance)
DATABASE = Path(_instance) / "forms.sqlite3"  # copied from the migrated template by ``setup``
APP = create_app(
    {"TESTING": True, "SECRET_KEY": "fuzz", "JOIN_CODE_LIMIT": 10**9, "AUTO_MIGRATE": False,
     "STATIC_BUILD_DIR": STATIC_BUILD, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{DATABASE}"}
)  # fmt: skip
EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "50"))
POST_RULES = sorted(
    r.rule
    for r in APP.url_map.iter_rules()
    if "POST" in (r.methods or ()) and not r.rule.startswith("/api/")
)
FIELD_NAMES = ["game", "players", "name-0", "name-1", "target", "rounds", "high_wins", "code",
               "seat", "name", "locked", "edit", "points-0", "version-0", "points-1", "version-1",
               "points-9", "version-9", "preset", "cards", "card", "choice", "leader", "hand",
               "mode", "suit", "word", "words", "file"]  # fmt: skip
TEXT = st.one_of(
    st.text(max_size=30),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(
        ["", "0", "1", "-1", "QS", "1H", "A/E=E", "?", "Moons", "<script>", "x" * 5000]
    ),
)
FORMS = st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=8), TEXT, max_size=8)


COUNT = "SELECT " + ", ".join(
    f"(SELECT count(*) FROM {m.__table__.name})"  # type: ignore[attr-defined]
    for m in (Table, Seat, Game, Event)
)


def _counts(reader: sqlite3.Connection) -> tuple[int, int, int, int]:
    """Tables, seats, games, events stored: one statement, each a fresh read (autocommit)."""
    return reader.execute(COUNT).fetchone()


def _tables(client) -> dict[str, dict[str, str]]:
    """One table per registered game, with its three tokens."""
    from companion.tables.registry import GAMES

    found = {}
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/code").text)[1]
    for key, kind in GAMES.items():
        data = {"csrf_token": token, "game": key, "players": str(kind.min_players)}
        answer = client.post("/tables", data=data)
        if answer.status_code != 303:
            continue
        page = client.get(answer.headers["Location"]).text
        found[key] = {
            "token": answer.headers["Location"].rsplit("/", 1)[1],
            "join": re.search(r'href="/j/([\w-]+)"', page)[1],
            "share": re.search(r'href="/s/([\w-]+)"', page)[1],
        }
    return found


@pytest.fixture(scope="module")
def setup(sqlite_template):
    shutil.copyfile(sqlite_template, DATABASE)
    reader = sqlite3.connect(DATABASE, isolation_level=None)  # autocommit: sees every commit
    client = APP.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/code").text)[1]
    yield client, token, _tables(client), reader
    reader.close()


PART = re.compile(r"<(?:(\w+)(?:\(([^)]*)\))?:)?(\w+)>")  # <name>, <int:n>, <any(a, b):n>


def _url(rule: str, tokens: dict[str, str], number: int, pick: int = 0) -> str:
    """The rule with its tokens, ``number`` for each number, and one of an ``any`` part's
    words (the ``pick``-th), so a game's forms are reached, not refused as unknown URLs."""
    url = rule.replace("<token>", tokens["join"] if rule.startswith("/j/") else tokens["token"])

    def part(found: re.Match[str]) -> str:
        if found.group(1) == "any":
            words = [w.strip() for w in found.group(2).split(",")]
            return words[pick % len(words)]
        return str(number)

    return PART.sub(part, url)


@pytest.mark.parametrize("rule", POST_RULES)
def test_form_fuzz_no_server_error_and_nothing_stored_when_refused(setup, rule):
    client, token, tables, reader = setup

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(form=FORMS, number=st.integers(-2, 12), game=st.sampled_from(sorted(tables)),
           pick=st.integers(0, 9))  # fmt: skip
    def run(form, number, game, pick):
        url = _url(rule, tables[game], number, pick)
        before = _counts(reader)
        answer = client.post(url, data={**form, "csrf_token": token})
        assert answer.status_code < 500, (url, form, answer.text[:300])
        assert "<script>" not in answer.text, (url, form)  # typed text is always escaped
        if answer.status_code >= 400:
            assert _counts(reader) == before, (url, form, answer.status_code)

    run()
    if rule.endswith("/rotate"):  # the links changed: the later rules fuzz fresh tables
        tables.update(_tables(client))


def test_the_fuzz_covers_the_shell_forms():
    assert {"/tables", "/code", "/t/<token>/round/<int:number>", "/j/<token>/seat"} <= set(
        POST_RULES
    )


def test_the_fuzz_reaches_every_form_of_every_game():
    """Every part of every rule is filled in: a game's form is fuzzed, not its 404."""
    tokens = {"token": "t", "join": "j"}
    for rule in POST_RULES:
        for pick in range(3):
            assert "<" not in _url(rule, tokens, 1, pick), rule
    fta = "/t/<token>/fta/<int:number>/<any(alpha, omega):hand>/points"
    assert {_url(fta, tokens, 2, pick) for pick in (0, 1)} == {
        "/t/t/fta/2/alpha/points", "/t/t/fta/2/omega/points"}  # fmt: skip
