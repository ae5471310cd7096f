#!/usr/bin/env bash
# Companion tests: lint, format check, types, then every test (unit, web on SQLite and
# PostgreSQL, browser tests in Chromium). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
PY=.venv/bin
# compiled modules and pytest's rewritten test modules are kept in __pycache__ (git ignores
# them): with PYTHONDONTWRITEBYTECODE every pytest worker and every server a test starts
# compiled them all again, on every run
unset PYTHONDONTWRITEBYTECODE
$PY/ruff check companion tests bench
$PY/ruff format --check companion tests bench
$PY/mypy companion
$PY/pytest -n 2 --dist worksteal -q "$@"
