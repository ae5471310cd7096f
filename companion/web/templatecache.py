"""Compiled page templates kept on disk (Jinja's bytecode cache), so a new server worker
renders its first pages without compiling them again: all of them take about 1.7 s of CPU to
compile. Jinja keeps each template's checksum with its code and compiles it anew when the
source differs, so a changed template is never served from an old file; a folder that cannot
be written only costs the compiling."""

from __future__ import annotations

from flask import Flask
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket

from companion.cachedir import user_cache


class KeptTemplates(FileSystemBytecodeCache):
    """Jinja's file cache, except that a file it cannot write is simply not kept (Jinja's
    own would fail the page being rendered)."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def init_app(app: Flask) -> None:
    """Keep the app's compiled templates in the user's cache folder (unless the app already
    has a bytecode cache, as the test suite's in-memory one)."""
    if app.jinja_env.bytecode_cache is not None:
        return
    folder = user_cache("templates")
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    app.jinja_env.bytecode_cache = KeptTemplates(str(folder))
