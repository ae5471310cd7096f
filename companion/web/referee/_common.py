"""Shared reading helpers for the referee API: every unreadable body becomes a 400.

Use ``body()`` to get the JSON object, then the ``get_*`` helpers, which raise
``Unreadable`` naming the field and the value. The app's error handler turns
``Unreadable`` into ``400 {"error": ...}`` for ``/api/`` URLs; ``body()`` first refuses more
than the route's limits (``companion.web.bounds``) with a ``413``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.errors import Unreadable
from companion.games.protocol import Entered
from companion.web import bounds


def body() -> dict[str, Entered]:
    """The JSON object sent, checked against the route's limits before anything reads it."""
    try:
        data = request.get_json(silent=True, force=True)
    except RequestEntityTooLarge:  # sent without a length, and longer than the route reads
        limit = request.max_content_length or 0
        raise bounds.too_big(limit, limit + 1) from None
    if not isinstance(data, dict):
        raise Unreadable("the body must be a JSON object")
    bounds.check_counts(data)
    return data


def need(data: dict[str, Entered], *names: str) -> None:
    """Each of ``names`` (the fields the route's schema requires) is in the body; checked once
    the other fields were read, so a wrong value elsewhere is named first."""
    for name in names:
        if data.get(name) is None:
            raise Unreadable(f"field '{name}' is required", name)


def get_list(
    data: dict[str, Entered], name: str, default: list[Entered] | None = None
) -> list[Entered]:
    value = data.get(name, default)
    if value is None and default is not None:
        return default
    if not isinstance(value, list):
        raise Unreadable(f"field '{name}' must be a list, not {value!r:.80}", name)
    return value


def get_object(
    data: dict[str, Entered], name: str, default: dict[str, Entered] | None = None
) -> dict[str, Entered]:
    value = data.get(name, default)
    if value is None and default is not None:
        return default
    if not isinstance(value, dict):
        raise Unreadable(f"field '{name}' must be an object, not {value!r:.80}", name)
    return value


def get_str(data: dict[str, Entered], name: str, default: str | None = None) -> str | None:
    value = data.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise Unreadable(f"field '{name}' must be a string, not {value!r:.80}", name)
    return value


def get_int(data: dict[str, Entered], name: str, default: int | None = None) -> int | None:
    value = data.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(f"field '{name}' must be a whole number, not {value!r:.80}", name)
    return value


def seat_key(key: Entered, players: int, field: str) -> int:
    """A seat given as an object key ("0") or number; must be in 0..players-1."""
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise Unreadable(f"field '{field}': seat {key!r:.40} is not a seat number", field) from None
    if str(seat) != str(key).strip() and not isinstance(key, int):
        raise Unreadable(f"field '{field}': seat {key!r:.40} is not a seat number", field)
    if not 0 <= seat < players:
        raise Unreadable(
            f"field '{field}': seat {seat} is out of range (0 to {players - 1})", field
        )
    return seat


def choice(data: dict[str, Entered], name: str) -> str | None:
    """A shooter's or flyer's choice: ``"add"``, ``"subtract"`` or absent."""
    value = get_str(data, name)
    if value not in (None, "add", "subtract"):
        raise Unreadable(f"field '{name}' is {value!r:.40}; use add or subtract", name)
    return value


def dealer(data: dict[str, Entered], players: int) -> int | None:
    value = get_int(data, "dealer")
    return None if value is None else seat_key(value, players, "dealer")


def names(data: dict[str, Entered], players: int) -> dict[int, str]:
    """Optional seat -> player name, used in the messages."""
    found = {}
    for key, value in get_object(data, "names", {}).items():
        if not isinstance(value, str):
            raise Unreadable(f"field 'names': seat {key} needs a name, not {value!r:.40}", "names")
        found[seat_key(key, players, "names")] = value[:40]
    return found


C = TypeVar("C")  # a game's card
CardReader = Callable[[Entered, str], list[C]]
"""Reads a JSON list of cards for a field: ``(value, field) -> cards``, or ``Unreadable``."""


def tricks(
    data: dict[str, Entered], players: int, read: CardReader[C]
) -> list[tuple[int, list[C]]]:
    """``tricks``: a list of ``{"leader": seat, "cards": [...]}`` in play order."""
    found: list[tuple[int, list[C]]] = []
    for i, item in enumerate(get_list(data, "tricks", [])):
        field = f"tricks[{i}]"
        if not isinstance(item, dict):
            raise Unreadable(f"field '{field}' must be an object with leader and cards", field)
        leader = get_int(item, "leader")
        if leader is None:
            raise Unreadable(f"field '{field}.leader' is missing", field)
        seat = seat_key(leader, players, f"{field}.leader")
        found.append((seat, read(item.get("cards", []), f"{field}.cards")))
    return found


def kitty(data: dict[str, Entered], size: int, read: CardReader[C]) -> list[C]:
    """``kitty``: optional; when given it must have the table's kitty size."""
    cards = read(get_list(data, "kitty", []), "kitty")
    if cards and len(cards) != size:
        raise Unreadable(
            f"field 'kitty' has {len(cards)} cards; this table's kitty has {size}", "kitty"
        )
    return cards
