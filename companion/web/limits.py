"""Limits on what a request may send: JSON no deeper than ``MAX_JSON_DEPTH`` levels.

The size of a body is capped by ``MAX_CONTENT_LENGTH`` (413). Depth is checked here, before
parsing, by counting brackets outside strings (a loop, no recursion), because Python's parser
recurses once per level: a body nested a thousand deep would otherwise end in a
``RecursionError`` and a 500. ``init_app`` swaps in a request class whose ``get_json`` (used by
the Table API and the referee API) refuses such a body with a 400 in words; ``/import`` calls
``too_deep`` itself before ``json.loads``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

import functools
import re
from itertools import accumulate

from flask import Flask
from flask.wrappers import Request
from werkzeug.exceptions import BadRequest

from companion.games.protocol import Entered

MAX_JSON_DEPTH = 64
TOO_DEEP = f"That JSON is nested too deeply: at most {MAX_JSON_DEPTH} levels of lists and objects."

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = b"[]{}"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _BRACKETS)
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def too_deep(data: bytes | str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether the JSON text ``data`` opens more than ``limit`` lists/objects inside each other.

    Brackets inside strings do not count. Cheap for ordinary bodies: unless the text has more
    than ``limit`` opening brackets at all, it cannot be too deep."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(_STEP[b] for b in brackets), default=0) > limit


# the largest file ``/import`` reads (other bodies: ``MAX_CONTENT_LENGTH``): a game at its most
# events (``store.MAX_EVENTS``) fits, each event well above the largest an export writes (a
# deck edit, about 1 KB)
IMPORT_BYTES = 8 * 1024 * 1024


class LimitedRequest(Request):
    """``get_json`` refuses JSON nested deeper than ``MAX_JSON_DEPTH`` (400, even if silent);
    ``/import`` reads up to ``IMPORT_BYTES``."""

    @property
    def max_content_length(self) -> int | None:
        if self.path == "/import":
            return IMPORT_BYTES
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Entered:
        if (force or self.is_json) and too_deep(self.get_data(cache=True)):
            raise BadRequest(TOO_DEEP)
        return super().get_json(force=force, silent=silent, cache=cache)


BAD_HOST = b"That address cannot be read: check the link you opened (the Host header).\n"


class ReadableHost:
    """WSGI: a request whose ``Host`` no URL can be built for (a name part over 63 letters,
    characters a host name cannot hold) is answered ``400`` in words at once; without this
    even the error page fails, since every page builds its links from the host."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if readable_host(environ.get("HTTP_HOST", "")):
            return self.app(environ, start_response)
        start_response(
            "400 Bad Request",
            [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(BAD_HOST)))],
        )
        return [BAD_HOST]


@functools.lru_cache(maxsize=256)
def readable_host(host: str) -> bool:
    """Whether a URL can be built for ``host`` (kept per host: a phone sends the same one with
    every request, and the IDNA check is a tenth of a bare request's time)."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    if len(host) > 255 or name.startswith("["):
        return len(host) <= 255
    try:
        name.encode("idna")
    except UnicodeError:
        return False
    return True


def init_app(app: Flask) -> None:
    app.request_class = LimitedRequest
    app.wsgi_app = ReadableHost(app.wsgi_app)  # type: ignore[method-assign]
