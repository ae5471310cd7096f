"""Compiled templates kept on disk (``companion.web.templatecache``): a changed template is
compiled anew, and a cache folder that cannot be written never fails a page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask import Flask, render_template

from companion.web import templatecache


def app_with(folder: Path) -> Flask:
    app = Flask("kept", template_folder=str(folder))
    app.jinja_env.bytecode_cache = None  # not the suite's in-memory one (tests/conftest.py)
    templatecache.init_app(app)
    return app


def render(app: Flask) -> str:
    with app.app_context():
        return render_template("page.html", who="Ann")


def test_a_kept_template_is_used_and_a_changed_one_compiled_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "page.html").write_text("Hello {{ who }}")
    assert render(app_with(pages)) == "Hello Ann"
    kept = tmp_path / "cache" / "companion" / "templates"
    assert len(list(kept.iterdir())) == 1
    assert render(app_with(pages)) == "Hello Ann"  # read back from the kept file
    (pages / "page.html").write_text("Bye {{ who }}!")
    assert render(app_with(pages)) == "Bye Ann!"


def test_a_cache_folder_that_cannot_be_written_never_fails_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "page.html").write_text("Hello {{ who }}")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert render(app_with(pages)) == "Hello Ann"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    app = app_with(pages)
    shutil.rmtree(tmp_path / "cache")  # gone after the start: the page is still rendered
    assert render(app) == "Hello Ann"
