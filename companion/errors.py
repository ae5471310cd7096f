"""Domain errors, kept apart as python-chess does: unreadable input, forbidden plays, bugs.

Pure: imports nothing but the standard library. The web layer maps these to responses in
one place (``companion.web.errors``).
"""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error a player can cause."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Unreadable(CompanionError, ValueError):
    """Input that cannot be read at all: a card like ``1H``, a seat out of range, bad JSON.

    Maps to HTTP 400 (JSON API) or 422 (forms, shown again with the input kept).
    """


class Forbidden(CompanionError):
    """A play or entry the rules (or the table's state) forbid. Maps to HTTP 422."""


class Conflict(CompanionError):
    """The thing changed since the client read it (a stale version). Maps to HTTP 409."""


class NotAllowed(Forbidden):
    """This phone or key may not do that (another seat's cards, a host action from a seat).
    Maps to HTTP 403."""
