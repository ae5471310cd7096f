"""The application class: Flask, with what it works out again on every request kept."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

Func = Callable[..., object]


class CompanionApp(Flask):
    """Flask asks of every view and hook, on every request, whether it is a coroutine function
    (``ensure_sync``, about seven times per request here); the answer never changes for a
    given function, so it is kept, per app."""

    _synced: dict[Func, Func] | None = None

    def ensure_sync(self, func: Func) -> Func:
        synced = self._synced
        if synced is None:
            synced = self._synced = {}
        try:
            return synced[func]
        except KeyError:
            found = synced[func] = super().ensure_sync(func)
            return found
        except TypeError:  # a callable that cannot be a key: asked every time, as Flask does
            return super().ensure_sync(func)
