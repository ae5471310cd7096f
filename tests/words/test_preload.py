"""Word lists load as a worker starts (issue 20), not in the first request that judges a word:
that request held every phone of the worker for about two seconds. The served app (what
``companion serve``'s workers load) has every list, its commonness and its anagram index in
memory before any request; an app built for tests loads nothing until asked, so tests start
fast. Each check runs in a fresh Python, so no list loaded by another test can count."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT = (
    "from companion.words import loader; "
    "print(json.dumps([[lex.id, sorted(lex._cache)] for lex in loader.loaded()]))"
)
SERVED = (
    "import json; from companion.server import _Gunicorn, options; "
    "app = _Gunicorn(options('127.0.0.1', 8610, 1, 1, 'gevent', 10)).load(); " + REPORT
)
TESTING = (
    "import json, os; from companion import create_app; "
    "app = create_app({'TESTING': True, 'SQLALCHEMY_DATABASE_URI': "
    "'sqlite:///' + os.environ['COMPANION_INSTANCE'] + '/t.sqlite3'}); " + REPORT
)


def run(code: str, tmp_path: Path) -> list[list[object]]:
    env = dict(os.environ, COMPANION_INSTANCE=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=True)  # fmt: skip
    result: list[list[object]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_served_app_has_every_list_loaded_before_its_first_request(tmp_path):
    loaded = run(SERVED, tmp_path)
    assert loaded == [["en", ["anagram-index", "zipf"]]]


def test_an_app_built_for_tests_loads_no_list_until_asked(tmp_path):
    assert run(TESTING, tmp_path) == []
