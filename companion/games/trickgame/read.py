"""Reading an action's data for a trick-taking game: seats and cards, from JSON (lists,
numbers) or a form (text), each refusal naming the field in plain words."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from companion.errors import Forbidden, Unreadable

C = TypeVar("C")


def seat_value(value: object, players: int, name: str = "seat") -> int:
    """A seat number 0..players-1 from JSON (a number) or a form (digits)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        shown = str(value)[:20]
        raise Unreadable(f"'{shown}' is not a seat at this table (0 to {players - 1}).", name)
    return value


def optional_seat(value: object, players: int, name: str) -> int | None:
    if value is None or value == "":
        return None
    return seat_value(value, players, name)


def card_words(value: object, name: str = "cards") -> list[str]:
    """A list of card texts from JSON (a list of strings) or a form (``QS 2H, th``)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [w for w in re.split(r"[\s,;]+", value.strip())[:60] if w]
    if isinstance(value, list | tuple) and all(isinstance(w, str) for w in value):
        return list(value)[:60]
    raise Unreadable(f'\'{name}\' must be a list of cards like ["QS", "2H"].', name)


def read_cards(
    value: object,
    who: str,
    parse: Callable[[str], C],
    allowed: Sequence[C] | None = None,
    rule: str = "",
) -> list[C]:
    """Cards from ``value``; ``allowed`` limits them (e.g. the penalty cards)."""
    found = []
    for word in card_words(value):
        try:
            card = parse(word)
        except Unreadable as err:
            raise Unreadable(f"{who}: {err.message}", "cards") from None
        if allowed is not None and card not in allowed:
            raise Forbidden(
                f"{who}: the {card} scores nothing here; enter only the cards that score.",
                rule or "cards",
            )
        found.append(card)
    return found


def twice(cards: Sequence[C]) -> C | None:
    """The first card listed twice, if any."""
    seen: set[C] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None
