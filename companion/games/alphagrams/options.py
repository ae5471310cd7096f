"""AlphaGrams options: data with documented defaults; presets are named option sets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from companion.errors import Unreadable
from companion.games.protocol import Data, Entered


@dataclass(frozen=True)
class AlphaGramsOptions:
    """``players``: 2-5. ``min_length``: shortest word (3). ``hand_size``: cards per hand (3).
    ``refuse_inflections``: the inflection ruling (on). ``min_zipf``: the "common words only"
    house rule, a Zipf threshold (None = off). ``extra_discard``: one extra card from hand to the
    pool after a word (allowed)."""

    players: int = 2
    min_length: int = 3
    hand_size: int = 3
    refuse_inflections: bool = True
    min_zipf: float | None = None
    extra_discard: bool = True


DEFAULT_OPTIONS = AlphaGramsOptions()
PRESETS: dict[str, AlphaGramsOptions] = {
    "standard": DEFAULT_OPTIONS,
    "common-words": AlphaGramsOptions(min_zipf=2.5),
}
DEFAULT_PRESET = "standard"
_LIMITS = {"players": (2, 5), "min_length": (2, 10), "hand_size": (1, 10)}


def options_from(data: Data | None) -> AlphaGramsOptions:
    """Read ``{"preset": NAME, ...overrides}``; an unknown preset or option is ``Unreadable``."""
    data = dict(data or {})
    preset = data.pop("preset", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise Unreadable(
            f"options: unknown preset {preset!r:.40} ({', '.join(PRESETS)})", "options"
        )
    known = {f.name for f in fields(AlphaGramsOptions)}
    for name, value in data.items():
        if name not in known:
            raise Unreadable(f"options: unknown option {name!r:.40}", "options")
        _check(name, value)
    return replace(PRESETS[preset], **data)


def _check(name: str, value: Entered) -> None:
    """One option value: whole numbers in range, booleans, a Zipf number or null."""
    if name in _LIMITS:
        low, high = _LIMITS[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Unreadable(f"options: {name} must be a whole number {low} to {high}", "options")
    elif name == "min_zipf":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise Unreadable("options: min_zipf must be a number or null", "options")
        if value is not None and not 0 <= value <= 8:
            raise Unreadable("options: min_zipf must be 0 to 8", "options")
    elif not isinstance(value, bool):
        raise Unreadable(f"options: {name} must be true or false", "options")
