"""Follow the Author at a table: reading an action's data (pure): a seat, both seats' in-play
points, a list of cards."""

from __future__ import annotations

from collections.abc import Mapping

from companion.cards.decktet import DecktetCard, parse_card
from companion.errors import Unreadable

MAX_POINTS = 500
MAX_CARDS = 60


def seat_value(value: object, field: str = "seat") -> int:
    if isinstance(value, str) and value.strip() in ("0", "1"):
        return int(value)
    if isinstance(value, bool) or value not in (0, 1):
        raise Unreadable(f"'{field}' must be seat 0 or seat 1, not {str(value)[:12]!r}.", field)
    return 1 if value == 1 else 0


def points(value: object) -> tuple[int, int]:
    """Both seats' in-play points: ``[3, 1]`` or ``{"0": 3, "1": 1}``; text digits accepted."""
    if isinstance(value, Mapping):
        value = [value.get("0", value.get(0)), value.get("1", value.get(1))]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise Unreadable("'points' must give both seats' in-play points, like [3, 1].", "points")
    return (_one_points(value[0], 0), _one_points(value[1], 1))


def _one_points(raw: object, seat: int) -> int:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise Unreadable("Enter the in-play points of both players (0 if none).", f"points-{seat}")
    text = str(raw).strip()[:12]
    if isinstance(raw, bool) or not (text.isascii() and text.isdigit()) or int(text) > MAX_POINTS:
        raise Unreadable(f"'{text}' is not a number of points (0 to {MAX_POINTS}).", "points")
    return int(text)


def read_cards(value: object) -> tuple[DecktetCard, ...]:
    if not isinstance(value, list | tuple) or len(value) > MAX_CARDS:
        raise Unreadable(f"'cards' must be a list of card titles (at most {MAX_CARDS}).", "cards")
    cards = [parse_card(str(text)[:40]) for text in value]
    doubled = sorted({c.title for c in cards if cards.count(c) > 1})
    if doubled:
        raise Unreadable(f"{', '.join(doubled)} is listed twice.", "cards")
    return tuple(cards)


def read_others(value: object) -> int | None:
    """A store's number of cards of neither suit (None or "": every card is listed)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = str(value).strip()[:12]
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or int(text) > 45:
        raise Unreadable(f"'{text}' is not a number of cards (0 to 45).", "others")
    return int(text)
