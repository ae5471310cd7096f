"""Small and cached: compressed responses, static files under content-hashed names.

- Pages, fragments and JSON leave compressed (Flask-Compress: brotli or gzip, whichever the
  phone accepts). Event streams are not compressed: their type is not in the list, and no
  streamed response is compressed, so an update is never held back in a compressor's buffer.
- Every file under static/ is also served as ``name.<12 hex of its SHA-256>.ext`` with a
  year-long ``immutable`` cache, and ``url_for('static', ...)`` hands out that name. A changed
  file gets a new name, so a phone never runs an old script, and a repeat visit asks for no
  static file at all. WhiteNoise serves them (in front of Flask) from a build folder made once
  per static content (``instance/static-build/<digest>``, or ``COMPANION_STATIC_BUILD``), with
  brotli and gzip copies made ahead; the plain names still work through Flask's own static
  route.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from flask import Flask
from flask_compress import Compress
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

HASHED = re.compile(r"\.[0-9a-f]{12}(\.[A-Za-z0-9]+)$")
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/plain",
    "text/csv",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]


def hashed_name(name: str, data: bytes) -> str:
    """``vendor/htmx.min.js`` -> ``vendor/htmx.min.<12 hex>.js``."""
    digest = hashlib.sha256(data).hexdigest()[:12]
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot and "/" not in ext else f"{name}.{digest}"


def manifest(static: Path) -> dict[str, str]:
    """Each static file's name (``/`` separated, relative to ``static``) -> its hashed name."""
    names: dict[str, str] = {}
    for path in sorted(static.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            name = path.relative_to(static).as_posix()
            names[name] = hashed_name(name, path.read_bytes())
    return names


def build(static: Path, names: dict[str, str], root: Path) -> Path:
    """The folder of hashed copies (with .br/.gz beside them) for this static content; made
    once under ``root`` and reused by every process and restart that has the same files."""
    digest = hashlib.sha256("\n".join(sorted(names.values())).encode()).hexdigest()[:16]
    folder = root / digest
    if folder.is_dir():
        return folder
    root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    compressor = Compressor(quiet=True)
    for name, hashed in names.items():
        target = work / hashed
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(static / name, target)
        if compressor.should_compress(str(target)):
            compressor.compress(str(target))
    try:
        work.rename(folder)
    except OSError:  # another process made it first: same content, keep theirs
        shutil.rmtree(work, ignore_errors=True)
    _prune(root, keep=folder)
    return folder


def _prune(root: Path, keep: Path, age: float = 24 * 3600) -> None:
    """Drop builds of older static content a day after they were made (a server still
    running the old version over a restart keeps its files that long)."""
    now = time.time()
    for old in root.iterdir():
        if old.is_dir() and old != keep and now - old.stat().st_mtime > age:
            shutil.rmtree(old, ignore_errors=True)


def _static_headers(headers, path: str, url: str) -> None:  # type: ignore[no-untyped-def]
    headers["X-Content-Type-Options"] = "nosniff"


def prepare(app: Flask) -> tuple[dict[str, str], Path]:
    """The app's static files' hashed names and their build folder (made when missing)."""
    static = Path(app.static_folder or "static")
    names = manifest(static)
    configured = app.config.get("STATIC_BUILD_DIR") or os.environ.get("COMPANION_STATIC_BUILD")
    root = Path(configured or Path(app.instance_path) / "static-build")
    return names, build(static, names, root)


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", False)
    Compress(app)
    names, folder = prepare(app)
    app.extensions["static_names"] = names
    app.wsgi_app = WhiteNoise(  # type: ignore[method-assign]
        app.wsgi_app,
        root=str(folder),
        prefix=app.static_url_path or "/static",
        immutable_file_test=lambda path, url: bool(HASHED.search(url)),
        add_headers_function=_static_headers,
        allow_all_origins=False,
    )

    @app.url_defaults
    def _hashed(endpoint: str, values: dict[str, str]) -> None:
        if endpoint == "static" and "filename" in values:
            values["filename"] = names.get(values["filename"], values["filename"])
