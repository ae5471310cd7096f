"""Reading a game's options from the new-table form (text) or JSON (numbers, true/false)
alike: a missing value takes its default; a bad one is ``Unreadable`` naming the option."""

from __future__ import annotations

from typing import Any

from companion.errors import Unreadable
from companion.games.protocol import Data, Entered

YES = ("1", "yes", "true", "on")
NO = ("0", "no", "false", "off")


def flag(data: Data, key: str, default: bool) -> bool:
    """true/false, or the form's yes/no words; missing or blank: ``default``."""
    value = data.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()[:10]
    if word in YES or word in NO:
        return word in YES
    raise Unreadable(f"Option '{key}' is yes or no.", key)


def whole(data: Data, key: str, default: int | None, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high``; missing or blank: ``default``."""
    value = data.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return default
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Unreadable(f"Option '{key}' is a whole number from {low} to {high}.", key)
    return value


def choice(data: Data, key: str, default: str, allowed: tuple[str, ...]) -> str:
    value = str(data.get(key) or default).strip().lower()[:40]
    if value not in allowed:
        raise Unreadable(f"Option '{key}' is one of: {', '.join(allowed)}.", key)
    return value


def typed_value(value: Entered, expected: type | None, where: str, field: str) -> Any:
    """An engine option's JSON value when it has the default's type (true/false or a whole
    number); ``Unreadable`` says ``where`` otherwise (the referee's and the stored form)."""
    if expected is bool and not isinstance(value, bool):
        raise Unreadable(f"{where} must be true or false, not {value!r:.40}", field)
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise Unreadable(f"{where} must be a whole number, not {value!r:.40}", field)
    return value
